"use strict";
// The one error class of the duke-engine package (CommonJS twin of duke_error.js).
class DukeError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "DukeError";
    this.code = code;
  }
}
module.exports = { DukeError };
