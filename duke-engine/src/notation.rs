//! Action text (SPEC §8): `B1-B2`, `C3xC5`, `C3*B5`, `E4:D5-E5`, `P@C2`;
//! and for Expanded Play `B3^B4` (a Flag passed), `flag@A4` (a Flag placed
//! or relocated), `mountain@C3` and `fort@D4` (terrain placed) and `pick:W`
//! (a draft pick).
//!
//! Readers accept lowercase squares and letters, and `-` where `x` is
//! written. [`Position::parse_action`] reads an action and checks it
//! against a position, saying why it is illegal.

use core::fmt;
use core::str::FromStr;

use crate::names::TextSnippet;
use crate::{Action, IllegalActionError, Position, Square, Terrain, Troop};

/// Action text that could not be read.
///
/// ```
/// use duke_engine::Action;
/// let err = "B1~B2".parse::<Action>().unwrap_err();
/// assert_eq!(err.to_string(), "action \"B1~B2\": expected '-', 'x', '*', ':' or '^' after B1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseActionError {
    text: TextSnippet,
    kind: ParseActionErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParseActionErrorKind {
    Empty,
    BadSquare(usize),
    BadTroop(char),
    BadSeparator(Square),
    Trailing,
    SameSquare,
    Incomplete,
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "action \"{}\": ", self.text)?;
        match self.kind {
            ParseActionErrorKind::Empty => f.write_str("empty text"),
            ParseActionErrorKind::BadSquare(at) => {
                write!(f, "expected a square (A1 to F6) at position {}", at + 1)
            }
            ParseActionErrorKind::BadTroop(c) => write!(f, "'{c}' is not a troop letter"),
            ParseActionErrorKind::BadSeparator(sq) => {
                write!(f, "expected '-', 'x', '*', ':' or '^' after {sq}")
            }
            ParseActionErrorKind::Trailing => f.write_str("unexpected text after the action"),
            ParseActionErrorKind::SameSquare => f.write_str("the action goes nowhere"),
            ParseActionErrorKind::Incomplete => f.write_str("the action is incomplete"),
        }
    }
}

impl core::error::Error for ParseActionError {}

impl ParseActionError {
    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    /// The stable code of every action text that cannot be read:
    /// `"action.syntax"` (the same in Python and C).
    pub fn code(&self) -> &'static str {
        "action.syntax"
    }
}

impl ActionError {
    /// The kind of failure: `Parse` or `Illegal`.
    pub fn kind(&self) -> crate::ErrorKind {
        match self {
            ActionError::Parse(e) => e.kind(),
            ActionError::Illegal(e) => e.kind(),
        }
    }

    /// The stable code: `"action.syntax"` or the illegal reason's code.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Parse(e) => e.code(),
            ActionError::Illegal(e) => e.code(),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let bytes = s.as_bytes();
        let err = |kind| ParseActionError {
            text: TextSnippet::new(bytes),
            kind,
        };
        let square_at = |i: usize| -> Result<Square, ParseActionError> {
            bytes
                .get(i..i + 2)
                .and_then(|b| Square::from_ascii(b).ok())
                .ok_or_else(|| err(ParseActionErrorKind::BadSquare(i)))
        };
        let end = |i: usize, a: Action| -> Result<Action, ParseActionError> {
            if bytes.len() > i {
                Err(err(ParseActionErrorKind::Trailing))
            } else {
                Ok(a)
            }
        };
        // Expanded Play's words: a pick, a Flag, terrain.
        let word =
            |w: &str| bytes.len() >= w.len() && bytes[..w.len()].eq_ignore_ascii_case(w.as_bytes());
        if word("pick:") {
            let &letter = bytes.get(5).ok_or(err(ParseActionErrorKind::Incomplete))?;
            let troop = Troop::from_char(letter.to_ascii_uppercase() as char)
                .ok_or(err(ParseActionErrorKind::BadTroop(letter as char)))?;
            return end(6, Action::pick(troop));
        }
        for (w, terrain) in [
            ("flag@", None),
            ("mountain@", Some(Terrain::Mountain)),
            ("fort@", Some(Terrain::Fort)),
        ] {
            if word(w) {
                let to = square_at(w.len())?;
                let a = terrain.map_or(Action::flag(to), |t| Action::terrain(t, to));
                return end(w.len() + 2, a);
            }
        }
        match bytes {
            [] => Err(err(ParseActionErrorKind::Empty)),
            [letter, b'@', ..] => {
                let troop = Troop::from_char(*letter as char)
                    .ok_or(err(ParseActionErrorKind::BadTroop(*letter as char)))?;
                let to = square_at(2)?;
                end(4, Action::place(troop, to))
            }
            [c, ..] if !c.is_ascii_alphabetic() => Err(err(ParseActionErrorKind::BadSquare(0))),
            _ => {
                let first = square_at(0)?;
                let capture_sep = |b: u8| match b {
                    b'-' => Some(false),
                    b'x' | b'X' => Some(true),
                    _ => None,
                };
                match bytes.get(2) {
                    None => Err(err(ParseActionErrorKind::Incomplete)),
                    Some(b'*') => {
                        let target = square_at(3)?;
                        if target == first {
                            return Err(err(ParseActionErrorKind::SameSquare));
                        }
                        end(5, Action::strike(first, target))
                    }
                    Some(b'^') => {
                        let to = square_at(3)?;
                        if to == first {
                            return Err(err(ParseActionErrorKind::SameSquare));
                        }
                        end(5, Action::pass(first, to))
                    }
                    Some(b':') => {
                        let from = square_at(3)?;
                        let capture = bytes
                            .get(5)
                            .and_then(|&b| capture_sep(b))
                            .ok_or(err(ParseActionErrorKind::BadSeparator(from)))?;
                        let to = square_at(6)?;
                        if to == from || from == first || to == first {
                            return Err(err(ParseActionErrorKind::SameSquare));
                        }
                        end(8, Action::command(first, from, to).with_capture(capture))
                    }
                    Some(&b) => match capture_sep(b) {
                        Some(capture) => {
                            let to = square_at(3)?;
                            if to == first {
                                return Err(err(ParseActionErrorKind::SameSquare));
                            }
                            end(5, Action::relocate(first, to).with_capture(capture))
                        }
                        None => Err(err(ParseActionErrorKind::BadSeparator(first))),
                    },
                }
            }
        }
    }
}

/// Why action text was not played: it could not be read, or it is not
/// legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The text is not an action.
    Parse(ParseActionError),
    /// The action is not legal here.
    Illegal(IllegalActionError),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Parse(e) => e.fmt(f),
            ActionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ActionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ActionError::Parse(e) => Some(e),
            ActionError::Illegal(e) => Some(e),
        }
    }
}

impl From<ParseActionError> for ActionError {
    fn from(e: ParseActionError) -> ActionError {
        ActionError::Parse(e)
    }
}

impl From<IllegalActionError> for ActionError {
    fn from(e: IllegalActionError) -> ActionError {
        ActionError::Illegal(e)
    }
}

impl Position {
    /// Reads action text and checks it against this position: the legal
    /// action (with its capture flag set from the board), or why not.
    ///
    /// ```
    /// use duke_engine::Position;
    /// let pos = Position::standard();
    /// assert_eq!(pos.parse_action("b1-b2").unwrap().to_string(), "B1-B2");
    /// let err = pos.parse_action("C1-C2").unwrap_err();
    /// assert_eq!(err.to_string(), "C1-C2: the Duke on C1 has no mark that reaches C2");
    /// let err = pos.parse_action("D6-D5").unwrap_err();
    /// assert_eq!(err.to_string(), "D6-D5: the Duke on D6 is Dark's, and Light is to move");
    /// ```
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let action: Action = text.parse()?;
        Ok(self.resolve(action)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn round_trips() {
        for text in [
            "B1-B2",
            "C3xC5",
            "C3*B5",
            "E4:D5-E5",
            "E4:D5xE5",
            "P@C2",
            "D@C1",
            "B3^B4",
            "flag@A4",
            "mountain@C3",
            "fort@D4",
            "pick:W",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(Action::from_bits(a.to_bits()), Some(a));
        }
        let a: Action = "c3Xc5".parse().unwrap();
        assert_eq!(a.to_string(), "C3xC5");
    }

    #[test]
    fn rejects_with_reasons() {
        for (text, msg) in [
            ("", "empty text"),
            ("B1", "the action is incomplete"),
            ("B1-B7", "expected a square (A1 to F6) at position 4"),
            ("B1-B2x", "unexpected text after the action"),
            ("Q@C2", "'Q' is not a troop letter"),
            ("B1-B1", "the action goes nowhere"),
            ("B3^B3", "the action goes nowhere"),
            ("flag@G1", "expected a square (A1 to F6) at position 6"),
            ("mountain@C3x", "unexpected text after the action"),
            ("pick:Q", "'Q' is not a troop letter"),
            ("pick:", "the action is incomplete"),
            ("flag@", "expected a square (A1 to F6) at position 6"),
            ("mountain@", "expected a square (A1 to F6) at position 10"),
            ("E4:D5+E5", "expected '-', 'x', '*', ':' or '^' after D5"),
            ("1B-B2", "expected a square (A1 to F6) at position 1"),
            ("P@", "expected a square (A1 to F6) at position 3"),
        ] {
            let err = text.parse::<Action>().unwrap_err().to_string();
            assert!(err.ends_with(msg), "{text}: {err}");
        }
    }
}
