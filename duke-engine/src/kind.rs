//! [`ErrorKind`]: the few families every engine error falls in, so that
//! each binding maps errors to its own types in one exhaustive match.

/// What kind of failure an error is. Every engine error has a `kind()`
/// beside its `code()`; the bindings map kinds to their exception classes
/// (Python), status codes (C) and error names (JavaScript) with no
/// wildcard, so a new kind is a compile error in each.
///
/// ```
/// use duke_engine::{ErrorKind, Game};
/// let mut game = Game::standard(1);
/// assert_eq!(game.play_text("C1-C2").unwrap_err().kind(), ErrorKind::Illegal);
/// assert_eq!(game.play_text("C1~C2").unwrap_err().kind(), ErrorKind::Parse);
/// assert_eq!(game.place("C2".parse().unwrap()).unwrap_err().kind(), ErrorKind::Phase);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Text that cannot be read: DPN, action text, a square, a name.
    Parse,
    /// An action or decision that breaks a rule where it was asked.
    Illegal,
    /// A request that does not fit the game's phase (setup, a drawn
    /// troop waiting, the game over).
    Phase,
    /// A record that does not replay.
    Record,
    /// A number outside its documented range or limit (a level, a batch
    /// size, a buffer's length), or more than the heap can hold.
    Range,
}

impl ErrorKind {
    /// The lowercase word: `parse`, `illegal`, `phase`, `record`, `range`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::Illegal => "illegal",
            ErrorKind::Phase => "phase",
            ErrorKind::Record => "record",
            ErrorKind::Range => "range",
        }
    }
}
