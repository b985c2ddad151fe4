// The package through CommonJS require().
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { Position, DukeError } = require("duke-engine");

test("require() gives the same package", () => {
  assert.equal(new Position().perft(2), 324);
  assert.throws(() => new Position("x"), (e) => e instanceof DukeError && e.code === "dpn.text");
});
