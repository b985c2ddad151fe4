// The JavaScript guide's example (docs/src/javascript.md): positions, a game
// with the levy, the AI, errors and records, and Expanded Play through the
// duke-engine package.
// CI runs it with Node against the built package (web/e2e/run.sh).
import assert from "node:assert/strict";
import { DukeError, Game, Position, actionSpace, parseSquare, squareName } from "duke-engine"; // no init call

// ANCHOR: position
const position = new Position(); // the standard start; or new Position("<DPN>")
const texts = position.legalActions().map(String); // "B1-B2", ..., "P@C2"
assert.equal(texts.length, 18);
assert.equal(position.perft(3), 4694);
for (const t of position.targets("B1")) {
  console.log(`${t.action} by ${t.mark}`); // the Footman's targets and their marks
}
// ANCHOR_END: position

// ANCHOR: game
const game = new Game(42); // the seed drives the bag's draws
game.play("B1-B2");
const troop = game.draw(); // Dark levies: the bag chooses the troop...
game.place("D5"); // ...and Dark the square next to its Duke
console.log(`Dark drew ${troop}; ${game.phase}, ${game.sideToDecide} to decide`);
assert.ok(game.undo()); // the whole levy is taken back; a new draw gives the same troop
// ANCHOR_END: game

// ANCHOR: errors
const before = game.record();
try {
  game.play("A1-A6");
  assert.fail("an illegal action was accepted");
} catch (e) {
  assert.ok(e instanceof DukeError);
  console.log(`${e.code}: ${e.message}`); // a stable code and the engine's message
}
assert.equal(game.record(), before); // a refused action changes nothing
// ANCHOR_END: errors

// ANCHOR: ai
const ai = new Game(7);
while (ai.outcome === undefined && ai.turns().length < 40) {
  // An action, "levy" (the bag draws; the AI is then asked for the square),
  // or the square for the drawn troop.
  ai.play(ai.bestAction({ level: 2, seed: 1 }));
}
const replay = Game.fromRecord(ai.record()); // a record replays without the seed
assert.equal(replay.position.dpn(), ai.position.dpn());
console.log(ai.record());
// ANCHOR_END: ai

// ANCHOR: setup
// A game set up by hand: `new Game(seed, true)` starts in setup. Each side
// places its Duke on its first rank, then two Footmen next to it; the
// decisions list where each may go.
const setup = new Game(3, true);
console.log(setup.phase, setup.legalActions().map(String)); // setup [ 'D@C1', 'D@D1' ]
for (const placement of ["D@D1", "F@C1", "F@D2", "D@C6", "F@B6", "F@D6"]) {
  setup.play(placement);
}
assert.equal(setup.phase, "play");
console.log(setup.position.dpn());
// ANCHOR_END: setup

// ANCHOR: expanded
// Expanded Play: a game under rules, its start (setups, the Mountain drawn,
// the Flags) played by the engine's suggestions, ready for its first turn.
const coup = new Game({ rules: "coup+mountain", seed: 5 });
const here = coup.position;
console.log(coup.rules, coup.phase, here.dpn()); // coup+mountain play ... coup+mountain,mountain=..,flags=../..,score=0/0
console.log(`Mountain on ${squareName(here.mountain)}, Light's Flag on ${squareName(here.flag("light"))}`);
while (coup.phase !== "over") coup.play(coup.bestAction({ level: 1, seed: coup.turns().length }));
console.log(coup.outcome.text, here.score("light"), coup.position.score("light")); // points count in Counting Coup
assert.equal(coup.legalMask().length, actionSpace("coup+mountain")); // 5704 under any rules but standard

// At its setup, decision by decision: the draft's picks ("pick:W"), the
// placements, the Flags ("flag@A4"); the terrain is chance, and given
// squares can replace it.
const draft = new Game({ rules: "flag+fort+draft", fort: "C4", setup: true });
while (draft.phase !== "play") {
  console.log(draft.phase, draft.sideToDecide, String(draft.setupSuggestion()));
  draft.play(draft.setupSuggestion());
}
assert.equal(draft.position.fort, parseSquare("C4"));
try {
  new Game({ rules: "coup+rain" });
} catch (e) {
  console.log(e.code, e.message); // rules.text: "rain" is not a word of the rules ...
}
// ANCHOR_END: expanded
