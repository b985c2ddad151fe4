// A typed example of the duke-engine package. CI checks it with
// `tsc --noEmit --strict` (web/e2e/run.sh): the package's declarations must
// type every call below.
import { Action, DukeError, Game, Position, type AiDecision, type Target } from "duke-engine";

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

console.log(texts.length, leaves, marks[0], game.record());
