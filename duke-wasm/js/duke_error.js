// The one error class of the duke-engine package. The engine's message is
// the error's message; `code` is the engine's stable code, the same in Rust,
// Python and C (for example "dpn.bags", "illegal.exposes-duke", "record.action").
export class DukeError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "DukeError";
    this.code = code;
  }
}
