//! [`Error`]: the one value every engine error converts into, so that a
//! binding maps the engine's failures with one match on [`ErrorKind`].
//!
//! Each failure domain keeps its own type ([`ParseDpnError`],
//! [`IllegalActionError`], [`GameError`], ...), which a Rust caller can
//! match on. A face that hands failures on (an exception in Python, a
//! status in C, a `DukeError` in JavaScript, a line of the engine protocol)
//! converts any of them into an [`Error`] with `?` or `.into()` and reads
//! three things: its [`kind`](Error::kind), its stable
//! [`code`](Error::code) and its message (`Display`).
//!
//! ```
//! use duke_engine::{Error, ErrorKind, Game, Position};
//!
//! fn first_action(dpn: &str, text: &str) -> Result<String, Error> {
//!     let pos: Position = dpn.parse()?;
//!     let mut game = Game::from_position(pos, 1);
//!     game.play_text(text)?;
//!     Ok(game.position().to_string())
//! }
//!
//! let err = first_action("2fdf1/6/6/6/6/1FDF2 l -/- 0 0", "C1-C2").unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Illegal);
//! assert_eq!(err.code(), "illegal.no-mark");
//! assert_eq!(err.to_string(), "C1-C2: the Duke on C1 has no mark that reaches C2");
//! let err = first_action("2fdf1/6/6/6/6/1FDF2 l -/- 0", "B1-B2").unwrap_err();
//! assert_eq!((err.kind(), err.code()), (ErrorKind::Parse, "dpn.text"));
//! ```

use core::fmt;

use crate::{
    ActionError, ErrorKind, IllegalActionError, ParseActionError, ParseDpnError, ParseNameError,
    ParseRulesError, ParseSquareError, PositionBytesError, RangeError,
};

/// Any failure of the engine: its [`kind`](Error::kind), its stable
/// [`code`](Error::code) (the same in Rust, Python, C and JavaScript) and
/// its message (`Display`, lowercase, naming the problem). Every error
/// type of the engine converts into it with `From`; the original is its
/// [`source`](core::error::Error::source).
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    inner: Inner,
}

#[derive(Clone, Debug, PartialEq)]
enum Inner {
    Square(ParseSquareError),
    Dpn(ParseDpnError),
    Action(ParseActionError),
    Illegal(IllegalActionError),
    Name(ParseNameError),
    Rules(ParseRulesError),
    Range(RangeError),
    Bytes(PositionBytesError),
    #[cfg(feature = "alloc")]
    Game(crate::GameError),
    #[cfg(feature = "alloc")]
    Record(crate::record::RecordError),
    #[cfg(feature = "alloc")]
    Step(crate::batch::StepError),
    #[cfg(feature = "alloc")]
    Batch(crate::batch::BatchSizeError),
    #[cfg(feature = "search")]
    Player(crate::search::ParsePlayerError),
    #[cfg(feature = "search")]
    Network(crate::search::nnue::NetworkError),
}

/// Calls `$f` on the error inside, whatever its type.
macro_rules! each {
    ($inner:expr, $e:ident => $f:expr) => {
        match $inner {
            Inner::Square($e) => $f,
            Inner::Dpn($e) => $f,
            Inner::Action($e) => $f,
            Inner::Illegal($e) => $f,
            Inner::Name($e) => $f,
            Inner::Rules($e) => $f,
            Inner::Range($e) => $f,
            Inner::Bytes($e) => $f,
            #[cfg(feature = "alloc")]
            Inner::Game($e) => $f,
            #[cfg(feature = "alloc")]
            Inner::Record($e) => $f,
            #[cfg(feature = "alloc")]
            Inner::Step($e) => $f,
            #[cfg(feature = "alloc")]
            Inner::Batch($e) => $f,
            #[cfg(feature = "search")]
            Inner::Player($e) => $f,
            #[cfg(feature = "search")]
            Inner::Network($e) => $f,
        }
    };
}

impl Error {
    /// The kind of failure, for a binding's one match.
    pub fn kind(&self) -> ErrorKind {
        each!(&self.inner, e => e.kind())
    }

    /// The stable code, e.g. `dpn.board`, `illegal.no-mark`, `phase`,
    /// `level.range` (the book's error chapter lists them all).
    pub fn code(&self) -> &'static str {
        each!(&self.inner, e => e.code())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(&self.inner, e => fmt::Display::fmt(e, f))
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(each!(&self.inner, e => e as &(dyn core::error::Error + 'static)))
    }
}

macro_rules! from {
    ($($(#[$m:meta])* $variant:ident($t:ty)),* $(,)?) => {$(
        $(#[$m])*
        impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error { inner: Inner::$variant(e) }
            }
        }
    )*};
}

from!(
    Square(ParseSquareError),
    Dpn(ParseDpnError),
    Action(ParseActionError),
    Illegal(IllegalActionError),
    Name(ParseNameError),
    Rules(ParseRulesError),
    Range(RangeError),
    Bytes(PositionBytesError),
    #[cfg(feature = "alloc")]
    Game(crate::GameError),
    #[cfg(feature = "alloc")]
    Record(crate::record::RecordError),
    #[cfg(feature = "alloc")]
    Step(crate::batch::StepError),
    #[cfg(feature = "alloc")]
    Batch(crate::batch::BatchSizeError),
    #[cfg(feature = "search")]
    Player(crate::search::ParsePlayerError),
    #[cfg(feature = "search")]
    Network(crate::search::nnue::NetworkError),
);

impl From<ActionError> for Error {
    fn from(e: ActionError) -> Error {
        match e {
            ActionError::Parse(e) => e.into(),
            ActionError::Illegal(e) => e.into(),
        }
    }
}
