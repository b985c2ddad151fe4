"use strict";
// The package in Node (CommonJS `require`).
const { DukeError } = require("./duke_error.cjs");
const wasm = require("./node/duke_wasm.js");

wasm.__setErrorClass(DukeError);

module.exports = { ...wasm, DukeError };
delete module.exports.__setErrorClass;
