//! The vocabulary as text: one lowercase word for each side, troop, face,
//! mark and perspective, read back by `FromStr`. Every binding writes and
//! reads these words through the engine, so the faces cannot drift apart.
//!
//! | type | words |
//! |---|---|
//! | [`Side`] | `light`, `dark` (also `l`, `d`) |
//! | [`Troop`] | `duke`, `footman`, ..., `longbowman` (also the DPN letter) |
//! | [`Face`] | `starting`, `flipped` |
//! | [`Mark`] | `move`, `jump`, `slide`, `jump_slide`, `strike`, `command` |
//! | [`Perspective`] | `absolute`, `mover`, `light`, `dark` |
//!
//! Reading ignores case; `Display` writes the spec's words (`Light`,
//! `Jump Slide`), `as_str` the lowercase ones.
//!
//! ```
//! use duke_engine::{encode::Perspective, Face, Mark, Side, Troop};
//! assert_eq!("Dark".parse::<Side>(), Ok(Side::Dark));
//! assert_eq!(Side::Dark.as_str(), "dark");
//! assert_eq!("P".parse::<Troop>(), Ok(Troop::Pikeman));
//! assert_eq!("longbowman".parse::<Troop>(), Ok(Troop::Longbowman));
//! assert_eq!(Mark::JumpSlide.as_str(), "jump_slide");
//! assert_eq!("flipped".parse::<Face>(), Ok(Face::Flipped));
//! assert_eq!("mover".parse::<Perspective>(), Ok(Perspective::Mover));
//! let err = "purple".parse::<Side>().unwrap_err();
//! assert_eq!(err.code(), "name.side");
//! assert_eq!(err.to_string(), r#""purple" is not a side ("light" or "dark")"#);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::encode::Perspective;
use crate::square::TextSnippet;
use crate::{Face, Mark, Side, Troop};

/// A word that names no side, troop, face, mark or perspective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    what: NameKind,
    text: TextSnippet,
}

/// What a word was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// A [`Side`].
    Side,
    /// A [`Troop`].
    Troop,
    /// A [`Face`].
    Face,
    /// A [`Mark`].
    Mark,
    /// A [`Perspective`].
    Perspective,
    /// An outcome's [`Reason`](crate::Reason).
    Reason,
    /// An [`ActionKind`](crate::ActionKind).
    ActionKind,
}

impl NameKind {
    /// The lowercase word for the kind.
    pub const fn as_str(self) -> &'static str {
        match self {
            NameKind::Side => "side",
            NameKind::Troop => "troop",
            NameKind::Face => "face",
            NameKind::Mark => "mark",
            NameKind::Perspective => "perspective",
            NameKind::Reason => "reason",
            NameKind::ActionKind => "action kind",
        }
    }

    const fn expected(self) -> &'static str {
        match self {
            NameKind::Side => "\"light\" or \"dark\"",
            NameKind::Troop => "a troop letter or name, like \"P\" or \"pikeman\"",
            NameKind::Face => "\"starting\" or \"flipped\"",
            NameKind::Mark => {
                "\"move\", \"jump\", \"slide\", \"jump_slide\", \"strike\" or \"command\""
            }
            NameKind::Perspective => "\"absolute\", \"mover\", \"light\" or \"dark\"",
            NameKind::Reason => {
                "\"duke-captured\", \"no-action\", \"repetition\" or \"quiet-turns\""
            }
            NameKind::ActionKind => "\"relocate\", \"strike\", \"command\" or \"place\"",
        }
    }
}

impl ParseNameError {
    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    pub(crate) fn new(what: NameKind, text: &str) -> ParseNameError {
        ParseNameError {
            what,
            text: TextSnippet::new(text.as_bytes()),
        }
    }

    /// What the word was read as.
    pub fn what(&self) -> NameKind {
        self.what
    }

    /// The stable code: `name.side`, `name.troop`, `name.face`,
    /// `name.mark`, `name.perspective`, `name.reason` or `name.action_kind`.
    pub const fn code(&self) -> &'static str {
        match self.what {
            NameKind::Side => "name.side",
            NameKind::Troop => "name.troop",
            NameKind::Face => "name.face",
            NameKind::Mark => "name.mark",
            NameKind::Perspective => "name.perspective",
            NameKind::Reason => "name.reason",
            NameKind::ActionKind => "name.action_kind",
        }
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a {} ({})",
            self.text,
            self.what.as_str(),
            self.what.expected()
        )
    }
}

impl core::error::Error for ParseNameError {}

/// The item of `all` whose word is `s`, in any case.
pub(crate) fn find<T: Copy>(all: &[T], word: impl Fn(T) -> &'static str, s: &str) -> Option<T> {
    all.iter()
        .copied()
        .find(|&t| word(t).eq_ignore_ascii_case(s))
}

impl Side {
    /// The lowercase word: `light` or `dark`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
}

impl FromStr for Side {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Side, ParseNameError> {
        match s {
            _ if s.eq_ignore_ascii_case("l") => Ok(Side::Light),
            _ if s.eq_ignore_ascii_case("d") => Ok(Side::Dark),
            _ => find(&Side::ALL, Side::as_str, s)
                .ok_or_else(|| ParseNameError::new(NameKind::Side, s)),
        }
    }
}

impl Troop {
    /// The lowercase name: `duke`, `footman`, ... `longbowman`.
    pub const fn as_str(self) -> &'static str {
        [
            "duke",
            "footman",
            "pikeman",
            "knight",
            "wizard",
            "ranger",
            "seer",
            "general",
            "priest",
            "champion",
            "marshall",
            "bowman",
            "dragoon",
            "assassin",
            "longbowman",
        ][self as usize]
    }
}

impl FromStr for Troop {
    type Err = ParseNameError;

    /// The DPN letter (either case) or the name (any case).
    fn from_str(s: &str) -> Result<Troop, ParseNameError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(t) = Troop::from_char(c.to_ascii_uppercase()) {
                return Ok(t);
            }
        }
        find(&Troop::ALL, Troop::as_str, s).ok_or_else(|| ParseNameError::new(NameKind::Troop, s))
    }
}

impl Face {
    /// The lowercase word: `starting` or `flipped`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Face::Starting => "starting",
            Face::Flipped => "flipped",
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Face::Starting => "Starting",
            Face::Flipped => "Flipped",
        })
    }
}

impl FromStr for Face {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Face, ParseNameError> {
        find(&Face::ALL, Face::as_str, s).ok_or_else(|| ParseNameError::new(NameKind::Face, s))
    }
}

impl Mark {
    /// The lowercase word: `move`, `jump`, `slide`, `jump_slide`,
    /// `strike` or `command`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Mark::Move => "move",
            Mark::Jump => "jump",
            Mark::Slide => "slide",
            Mark::JumpSlide => "jump_slide",
            Mark::Strike => "strike",
            Mark::Command => "command",
        }
    }
}

impl FromStr for Mark {
    type Err = ParseNameError;

    /// The lowercase word or the spec's name (`Jump Slide`), any case.
    fn from_str(s: &str) -> Result<Mark, ParseNameError> {
        find(&Mark::ALL, Mark::as_str, s)
            .or_else(|| find(&Mark::ALL, Mark::name, s))
            .ok_or_else(|| ParseNameError::new(NameKind::Mark, s))
    }
}

impl Perspective {
    /// The lowercase word: `absolute`, `mover`, `light` or `dark`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Perspective::Absolute => "absolute",
            Perspective::Mover => "mover",
            Perspective::Of(side) => side.as_str(),
        }
    }
}

impl fmt::Display for Perspective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Perspective {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Perspective, ParseNameError> {
        let all = [
            Perspective::Absolute,
            Perspective::Mover,
            Perspective::Of(Side::Light),
            Perspective::Of(Side::Dark),
        ];
        find(&all, Perspective::as_str, s)
            .ok_or_else(|| ParseNameError::new(NameKind::Perspective, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back() {
        for s in Side::ALL {
            assert_eq!(s.as_str().parse(), Ok(s));
            assert_eq!(s.name().parse(), Ok(s));
        }
        for t in Troop::ALL {
            assert_eq!(t.as_str().parse(), Ok(t));
            assert_eq!(t.name().parse(), Ok(t));
            assert_eq!(t.char().encode_utf8(&mut [0; 4]).parse::<Troop>(), Ok(t));
        }
        for f in Face::ALL {
            assert_eq!(f.as_str().parse(), Ok(f));
        }
        for m in Mark::ALL {
            assert_eq!(m.as_str().parse(), Ok(m));
            assert_eq!(m.name().parse(), Ok(m));
        }
        assert_eq!("x".parse::<Troop>().unwrap_err().code(), "name.troop");
        assert_eq!("".parse::<Mark>().unwrap_err().code(), "name.mark");
    }
}
