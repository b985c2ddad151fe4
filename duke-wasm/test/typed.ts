// A typed example of the duke-engine package. CI checks it with
// `tsc --noEmit --strict` (web/e2e/run.sh): the package's declarations must
// type every call below.
import { Action, DukeError, Game, Position, actionSpace, allRules, type ActionKind, type AiDecision, type GameOptions, type Outcome, type Phase, type Reason, type Target } from "duke-engine";

const position: Position = new Position("2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
const actions: Action[] = position.legalActions();
const texts: string[] = actions.map((a) => a.toString());
const leaves: number = position.perft(2);

const targets: Target[] = position.targets("C1");
const marks: string[] = targets.map((t) => `${t.action} by ${t.mark}`);

const game = new Game(42);
game.play("D1-D2");
const reply: AiDecision = game.bestDecision({ level: 2, seed: 1 });
if (reply.levy) {
  const troop: string = game.draw();
  console.log(`levy draws ${troop}`);
} else if (reply.action !== undefined) {
  game.play(reply.action);
}

try {
  game.play("A1-A6");
} catch (e) {
  if (e instanceof DukeError) {
    const code: string = e.code;
    console.log(code, e.message);
  }
}

// Expanded Play: a game under rules, ready to play, and one at its setup.
const options: GameOptions = { rules: "coup+mountain", seed: 7n };
const coup = new Game(options);
const rules: string = coup.rules;
const phase: Phase = coup.phase;
const mask: Uint8Array = coup.legalMask();
const size: number = coup.actionSpace === actionSpace(rules) ? mask.length : 0;
const here: Position = coup.position;
const flags: (number | undefined)[] = [here.flag("light"), here.flag("dark"), here.mountain, here.fort];
const points: number = here.score("light") + here.score("dark");
const relocate: boolean = here.relocationPending;
const kinds: (ActionKind | "levy")[] = coup.legalActions().map((a) => a.kind);
const setup = new Game({ rules: "mountain+fort", mountain: "C3", fort: 22, setup: true });
const suggestion: Action | undefined = setup.setupSuggestion();
const terrain: "mountain" | "fort" | undefined = new Action("mountain@C3").terrain;
const ended: Outcome | undefined = coup.outcome;
const reason: Reason | undefined = ended?.reason;
const every: string[] = allRules();

console.log(texts.length, leaves, marks[0], game.record());
console.log(rules, phase, size, flags, points, relocate, kinds, suggestion, terrain, reason, every.length, new Game(), new Game(1, true));
