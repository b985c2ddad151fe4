//! One exception hierarchy, built from one match over the engine's errors.

use duke_engine::batch::StepError;
use duke_engine::record::RecordError as EngineRecordError;
use duke_engine::{
    ActionError, GameError, IllegalActionError as EngineIllegal, ParseActionError, ParseDpnError,
    ParseSquareError, PositionBytesError,
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
            Error::Step(StepError::Length { .. }) => "step.length",
            Error::Step(StepError::Illegal { .. }) => "step.illegal",
            Error::Bytes(_) => "bytes",
            Error::Value(_) => "value",
        }
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let code = e.code();
        let err = match e {
            Error::Dpn(e) => ParseError::new_err(e.to_string()),
            Error::Square(e) => ParseError::new_err(e.to_string()),
            Error::ParseAction(e) => ParseError::new_err(e.to_string()),
            Error::Illegal(e) => IllegalActionError::new_err(e.to_string()),
            Error::Game(e) => match e {
                GameError::Parse(_) => ParseError::new_err(e.to_string()),
                GameError::Phase { .. } | GameError::Setup { .. } => {
                    PhaseError::new_err(e.to_string())
                }
                _ => IllegalActionError::new_err(e.to_string()),
            },
            Error::Record(e) => RecordError::new_err(e.to_string()),
            Error::Step(e) => DukeError::new_err(e.to_string()),
            Error::Bytes(e) => DukeError::new_err(e.to_string()),
            Error::Value(e) => DukeError::new_err(e),
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
    Bytes(PositionBytesError)
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
