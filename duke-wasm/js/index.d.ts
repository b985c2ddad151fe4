// The package's types: wasm-bindgen's declarations of the module, and the error class.
export * from "./node/duke_wasm.js";
export { DukeError } from "./duke_error.js";
