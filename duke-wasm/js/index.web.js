// The package in a browser (or a Web Worker): the web build fetches its
// .wasm beside this file; top-level await means importers need no init call.
import init, * as wasm from "./web/duke_wasm.js";
import { DukeError } from "./duke_error.js";

await init({ module_or_path: new URL("./web/duke_wasm_bg.wasm", import.meta.url) });
wasm.__setErrorClass(DukeError);

export * from "./web/duke_wasm.js";
export { DukeError };
