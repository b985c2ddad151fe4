//! One exception hierarchy, built from one match over the kind of the
//! engine's one error.

use duke_engine::ErrorKind;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::types::PyAnyMethods;
use pyo3::{PyErr, Python};

create_exception!(
    duke,
    DukeError,
    PyValueError,
    "Base of every error duke-engine raises (a ValueError).\n\nThe message names the problem; `code` is the engine's stable error code\n(e.g. \"dpn.board\", \"illegal.no-mark\"), the same in Rust, Python and C."
);
create_exception!(
    duke,
    ParseError,
    DukeError,
    "Text that could not be read: DPN, action text or a square name."
);
create_exception!(
    duke,
    IllegalActionError,
    DukeError,
    "An action that is not legal in the position; the message says why."
);
create_exception!(
    duke,
    PhaseError,
    DukeError,
    "A request that does not fit the game's phase (setup, a drawn troop waiting, game over)."
);
create_exception!(
    duke,
    RecordError,
    DukeError,
    "A game record that could not be read; the message names the line and the turn."
);

/// An error on its way to Python: any engine error (converted into the
/// engine's one `duke_engine::Error`), or an argument this binding cannot
/// convert (a NumPy buffer of the wrong shape, say), raised as DukeError
/// with code "value".
pub enum Error {
    Engine(duke_engine::Error),
    Value(String),
    /// An engine error with the binding's own message: the engine's kind
    /// and code for input that the binding refuses on the engine's behalf
    /// (a weights file that is no regular file, a list of games past the
    /// engine's batch limit), the message naming the path or the call.
    Worded(duke_engine::Error, String),
}

impl<E: Into<duke_engine::Error>> From<E> for Error {
    fn from(e: E) -> Error {
        Error::Engine(e.into())
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let (err, code) = match e {
            Error::Engine(e) => {
                let message = e.to_string();
                return Error::Worded(e, message).into();
            }
            Error::Worded(e, message) => {
                // One exhaustive match over the engine's kinds: a new kind
                // is a compile error here, not a different exception.
                let err = match e.kind() {
                    ErrorKind::Parse => ParseError::new_err(message),
                    ErrorKind::Illegal => IllegalActionError::new_err(message),
                    ErrorKind::Phase => PhaseError::new_err(message),
                    ErrorKind::Record => RecordError::new_err(message),
                    ErrorKind::Range => DukeError::new_err(message),
                };
                (err, e.code())
            }
            Error::Value(message) => (DukeError::new_err(message), "value"),
        };
        Python::attach(|py| {
            // Setting an attribute on a fresh exception object cannot fail
            // in practice; if it did, the error still carries its message.
            let _ = err.value(py).setattr("code", code);
        });
        err
    }
}

pub type Result<T> = std::result::Result<T, Error>;
