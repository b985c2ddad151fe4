// The package in Node (ES modules): the nodejs build loads its .wasm
// synchronously, so there is no init call.
import { DukeError } from "./duke_error.js";
import wasm from "./node/duke_wasm.js";

wasm.__setErrorClass(DukeError);

export * from "./node/duke_wasm.js";
export { DukeError };
