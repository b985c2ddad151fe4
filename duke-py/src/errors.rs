//! One exception hierarchy, built from one match over the engine's errors.

use duke_engine::batch::{BatchSizeError, StepError};
use duke_engine::record::RecordError as EngineRecordError;
use duke_engine::{
    ActionError, ErrorKind, GameError, IllegalActionError as EngineIllegal, ParseActionError,
    ParseDpnError, ParseNameError, ParseSquareError, PositionBytesError, RangeError,
};
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

/// The engine's errors, as Python exceptions carrying the engine's message.
pub enum Error {
    Dpn(ParseDpnError),
    Square(ParseSquareError),
    ParseAction(ParseActionError),
    Illegal(EngineIllegal),
    Game(GameError),
    Record(EngineRecordError),
    Step(StepError),
    Bytes(PositionBytesError),
    Range(RangeError),
    Name(ParseNameError),
    Batch(BatchSizeError),
    Network(duke_engine::search::nnue::NetworkError),
    Value(String),
}

impl Error {
    /// The engine's stable code for the error (`e.code` in Python).
    fn code(&self) -> &'static str {
        match self {
            Error::Dpn(e) => e.code(),
            Error::Square(e) => e.code(),
            Error::ParseAction(e) => e.code(),
            Error::Illegal(e) => e.code(),
            Error::Game(e) => e.code(),
            Error::Record(e) => e.code(),
            Error::Step(e) => e.code(),
            Error::Batch(e) => e.code(),
            Error::Bytes(e) => e.code(),
            Error::Range(e) => e.code(),
            Error::Name(e) => e.code(),
            Error::Network(e) => e.code(),
            Error::Value(_) => "value",
        }
    }

    /// The engine's kind of failure; None for the binding's own argument
    /// errors.
    fn kind(&self) -> Option<ErrorKind> {
        Some(match self {
            Error::Dpn(e) => e.kind(),
            Error::Square(e) => e.kind(),
            Error::ParseAction(e) => e.kind(),
            Error::Illegal(e) => e.kind(),
            Error::Game(e) => e.kind(),
            Error::Record(e) => e.kind(),
            Error::Step(e) => e.kind(),
            Error::Batch(e) => e.kind(),
            Error::Bytes(e) => e.kind(),
            Error::Range(e) => e.kind(),
            Error::Name(e) => e.kind(),
            Error::Network(e) => e.kind(),
            Error::Value(_) => return None,
        })
    }

    fn message(self) -> String {
        match self {
            Error::Dpn(e) => e.to_string(),
            Error::Square(e) => e.to_string(),
            Error::ParseAction(e) => e.to_string(),
            Error::Illegal(e) => e.to_string(),
            Error::Game(e) => e.to_string(),
            Error::Record(e) => e.to_string(),
            Error::Step(e) => e.to_string(),
            Error::Batch(e) => e.to_string(),
            Error::Bytes(e) => e.to_string(),
            Error::Range(e) => e.to_string(),
            Error::Name(e) => e.to_string(),
            Error::Network(e) => e.to_string(),
            Error::Value(e) => e,
        }
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let code = e.code();
        let kind = e.kind();
        let message = e.message();
        // One exhaustive match over the engine's kinds: a new kind is a
        // compile error here, not a different exception.
        let err = match kind {
            Some(ErrorKind::Parse) => ParseError::new_err(message),
            Some(ErrorKind::Illegal) => IllegalActionError::new_err(message),
            Some(ErrorKind::Phase) => PhaseError::new_err(message),
            Some(ErrorKind::Record) => RecordError::new_err(message),
            Some(ErrorKind::Range) | None => DukeError::new_err(message),
        };
        Python::attach(|py| {
            // Setting an attribute on a fresh exception object cannot fail
            // in practice; if it did, the error still carries its message.
            let _ = err.value(py).setattr("code", code);
        });
        err
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
    Illegal(EngineIllegal),
    Game(GameError),
    Record(EngineRecordError),
    Step(StepError),
    Bytes(PositionBytesError),
    Range(RangeError),
    Name(ParseNameError),
    Batch(BatchSizeError),
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

pub type Result<T> = std::result::Result<T, Error>;
