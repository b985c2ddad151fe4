/**
 * The one error class of the duke-engine package: every error the engine
 * reports is thrown as a DukeError with the engine's message and its stable
 * `code`, the same in Rust, Python and C ("dpn.bags", "square.syntax",
 * "illegal.exposes-duke", "record.action", ...).
 */
export declare class DukeError extends Error {
  constructor(message: string, code: string);
  readonly name: "DukeError";
  /** The engine's stable code for the problem. */
  readonly code: string;
}
