//! One error class for the engine's one error.
//!
//! Every error is thrown as a `DukeError` (a JavaScript `Error` subclass
//! defined in `js/duke_error.js` and handed to the module when the package
//! loads) with the engine's message and its stable `code`.

use std::cell::RefCell;

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::prelude::*;

thread_local! {
    static ERROR_CLASS: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Hands the module the `DukeError` class its errors are made of (the
/// package's entry files do this once, when they load).
#[wasm_bindgen(js_name = "__setErrorClass", skip_typescript)]
pub fn set_error_class(class: Function) {
    ERROR_CLASS.with(|c| *c.borrow_mut() = Some(class));
}

/// An error on its way to JavaScript: any engine error (converted into
/// the engine's one `duke_engine::Error`), or a value this binding cannot
/// convert (a JavaScript value of the wrong type), thrown with code
/// "value".
pub enum Error {
    Engine(duke_engine::Error),
    /// A value the binding cannot convert.
    Value(String),
}

impl<E: Into<duke_engine::Error>> From<E> for Error {
    fn from(e: E) -> Error {
        Error::Engine(e.into())
    }
}

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let (message, code) = match e {
            Error::Engine(e) => (e.to_string(), e.code()),
            Error::Value(message) => (message, "value"),
        };
        let class = ERROR_CLASS.with(|c| c.borrow().clone());
        if let Some(class) = class {
            let args = Array::of2(&JsValue::from_str(&message), &JsValue::from_str(code));
            if let Ok(err) = Reflect::construct(&class, &args) {
                return err;
            }
        }
        // Loaded without the package's entry file: a plain Error that
        // still carries the name and the code.
        let err = js_sys::Error::new(&message);
        err.set_name("DukeError");
        // Setting a property on a fresh Error object cannot fail.
        let _ = Reflect::set(&err, &"code".into(), &code.into());
        err.into()
    }
}

/// A result whose error becomes a thrown `DukeError`.
pub type Result<T> = std::result::Result<T, Error>;
