//! One error class, built from one match over the engine's errors.
//!
//! Every error is thrown as a `DukeError` (a JavaScript `Error` subclass
//! defined in `js/duke_error.js` and handed to the module when the package
//! loads) with the engine's message and its stable `code`.

use std::cell::RefCell;

use duke_engine::record::RecordError;
use duke_engine::RangeError;
use duke_engine::{
    ActionError, GameError, IllegalActionError, ParseActionError, ParseDpnError, ParseNameError,
    ParseSquareError, PositionBytesError,
};
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

/// The engine's errors, and the binding's own (a bad argument).
pub enum Error {
    Dpn(ParseDpnError),
    Square(ParseSquareError),
    ParseAction(ParseActionError),
    Illegal(IllegalActionError),
    Game(GameError),
    Record(RecordError),
    Bytes(PositionBytesError),
    Range(RangeError),
    Name(ParseNameError),
    Network(duke_engine::search::nnue::NetworkError),
    /// A value the binding cannot convert (a square index out of range, a
    /// side that is not "light" or "dark", ...).
    Value(String),
}

impl Error {
    /// The engine's stable code (as in Rust, Python and C).
    fn code(&self) -> &'static str {
        match self {
            Error::Dpn(e) => e.code(),
            Error::Square(e) => e.code(),
            Error::ParseAction(e) => e.code(),
            Error::Illegal(e) => e.code(),
            Error::Game(e) => e.code(),
            Error::Record(e) => e.code(),
            Error::Bytes(e) => e.code(),
            Error::Range(e) => e.code(),
            Error::Name(e) => e.code(),
            Error::Network(e) => e.code(),
            Error::Value(_) => "value",
        }
    }

    fn message(&self) -> String {
        match self {
            Error::Dpn(e) => e.to_string(),
            Error::Square(e) => e.to_string(),
            Error::ParseAction(e) => e.to_string(),
            Error::Illegal(e) => e.to_string(),
            Error::Game(e) => e.to_string(),
            Error::Record(e) => e.to_string(),
            Error::Bytes(e) => e.to_string(),
            Error::Range(e) => e.to_string(),
            Error::Name(e) => e.to_string(),
            Error::Network(e) => e.to_string(),
            Error::Value(e) => e.clone(),
        }
    }
}

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let (message, code) = (e.message(), e.code());
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

macro_rules! from_engine {
    ($($variant:ident($t:ty)),*) => {$(
        impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$variant(e)
            }
        }
    )*};
}

from_engine!(
    Dpn(ParseDpnError),
    Square(ParseSquareError),
    ParseAction(ParseActionError),
    Illegal(IllegalActionError),
    Game(GameError),
    Record(RecordError),
    Bytes(PositionBytesError),
    Range(RangeError),
    Name(ParseNameError),
    Network(duke_engine::search::nnue::NetworkError)
);

impl From<ActionError> for Error {
    fn from(e: ActionError) -> Error {
        match e {
            ActionError::Parse(e) => Error::ParseAction(e),
            ActionError::Illegal(e) => Error::Illegal(e),
        }
    }
}

/// A result whose error becomes a thrown `DukeError`.
pub type Result<T> = std::result::Result<T, Error>;
