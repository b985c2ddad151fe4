//! The vocabulary as text: one lowercase word for each side, troop, face,
//! mark and perspective, read back by `FromStr`. Every binding writes and
//! reads these words through the engine, so the faces cannot drift apart.
//! Each type's words live beside the type; this module holds the one
//! error for a word that names nothing ([`ParseNameError`]).
//!
//! | type | words |
//! |---|---|
//! | [`Side`](crate::Side) | `light`, `dark` (also `l`, `d`) |
//! | [`Troop`](crate::Troop) | `duke`, `footman`, ..., `longbowman` (also the DPN letter) |
//! | [`Face`](crate::Face) | `starting`, `flipped` |
//! | [`Mark`](crate::Mark) | `move`, `jump`, `slide`, `jump_slide`, `strike`, `command` |
//! | [`Perspective`](crate::Perspective) | `absolute`, `mover`, `light`, `dark` |
//!
//! Reading ignores case; `Display` writes the spec's words (`Light`,
//! `Jump Slide`), `as_str` the lowercase ones.
//!
//! ```
//! use duke_engine::{Face, Mark, Perspective, Side, Troop};
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

use core::fmt::{self, Write as _};

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
    /// A [`Side`](crate::Side).
    Side,
    /// A [`Troop`](crate::Troop).
    Troop,
    /// A [`Face`](crate::Face).
    Face,
    /// A [`Mark`](crate::Mark).
    Mark,
    /// A [`Perspective`](crate::Perspective).
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

/// A short copy of some input text, kept in an error without allocating.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct TextSnippet {
    bytes: [u8; 24],
    len: u8,
    cut: bool,
}

impl TextSnippet {
    pub(crate) fn new(text: &[u8]) -> TextSnippet {
        let mut bytes = [0u8; 24];
        // Cut at a char boundary so the copy stays valid UTF-8 (when the text was).
        let mut len = text.len().min(24);
        while len > 0 && len < text.len() && (text[len] & 0xC0) == 0x80 {
            len -= 1;
        }
        bytes[..len].copy_from_slice(&text[..len]);
        TextSnippet {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }
}

impl fmt::Display for TextSnippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.bytes[..self.len as usize].utf8_chunks() {
            // Control characters written as escapes (`\n`, `\u{1b}`), so
            // a message never moves a terminal's cursor or hides its end.
            for c in chunk.valid().chars() {
                if c.is_control() {
                    write!(f, "{}", c.escape_default())?;
                } else {
                    f.write_char(c)?;
                }
            }
            if !chunk.invalid().is_empty() {
                f.write_str("\u{FFFD}")?;
            }
        }
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for TextSnippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

#[cfg(test)]
mod tests {
    use crate::{Face, Mark, Side, Troop};

    #[test]
    fn snippets_are_short_and_escape_control_characters() {
        use super::TextSnippet;
        use alloc::format;
        use alloc::string::ToString;
        let s = TextSnippet::new(b"\x1b[31mred\x00\n").to_string();
        assert_eq!(s, "\\u{1b}[31mred\\u{0}\\n");
        let long = "x".repeat(10_000_000);
        assert_eq!(
            TextSnippet::new(long.as_bytes()).to_string(),
            format!("{}…", "x".repeat(24))
        );
        assert_eq!(
            "\x1b[2J".parse::<crate::Side>().unwrap_err().to_string(),
            r#""\u{1b}[2J" is not a side ("light" or "dark")"#
        );
    }

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
