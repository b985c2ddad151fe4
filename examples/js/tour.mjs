// The JavaScript guide's example (docs/src/javascript.md): positions, a game
// with the levy, the AI, errors and records through the duke-engine package.
// CI runs it with Node against the built package (web/e2e/run.sh).
import assert from "node:assert/strict";
import { DukeError, Game, Position } from "duke-engine"; // no init call

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
