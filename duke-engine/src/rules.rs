//! [`Rules`]: the game a position belongs to, the standard game or the
//! 2013 rulebook's Expanded Play (terrain, the Flags' objectives, Dark
//! Rider, the draft), as one value with one text.
//!
//! | word | option |
//! |---|---|
//! | `coup` | Counting Coup: three points next to the opponent's Flag |
//! | `flag` | Other Objective: carry the opponent's Flag home |
//! | `rider` | Dark Rider: five Pikemen against one Knight |
//! | `mountain` | the Mountain on the board |
//! | `fort` | the Fort on the board |
//! | `draft` | Logistical Nightmare: the bags drafted before setup |
//!
//! The text is the words present joined by `+`, the objective first, then
//! `mountain`, `fort`, `draft`; `standard` alone is the standard game.
//! Readers take the words in any order and `duke` for the standard
//! objective, and name the word they refuse.
//!
//! ```
//! use duke_engine::{Objective, Rules};
//! let rules: Rules = "fort+coup+mountain".parse()?;
//! assert_eq!(rules.to_string(), "coup+mountain+fort");
//! assert_eq!(rules.objective(), Objective::Coup);
//! assert!(rules.mountain() && rules.fort() && !rules.draft());
//! assert_eq!("standard".parse::<Rules>()?, Rules::STANDARD);
//! let err = "coup+rain".parse::<Rules>().unwrap_err();
//! assert_eq!(err.code(), "rules.text");
//! assert_eq!(err.to_string(), r#"rules "coup+rain": "rain" is not a word of the rules (coup, flag, rider, mountain, fort, draft, or standard alone)"#);
//! # Ok::<(), duke_engine::ParseRulesError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::names::TextSnippet;

/// What wins the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Objective {
    /// Capture the opposing Duke (the standard game).
    Duke = 0,
    /// Counting Coup: three points scored next to the opponent's Flag.
    Coup = 1,
    /// Other Objective: the opponent's Flag carried to one's home row.
    Flag = 2,
    /// Dark Rider: five Light Pikemen against one Dark Knight.
    Rider = 3,
}

impl Objective {
    /// Every objective, in order.
    pub const ALL: [Objective; 4] = [
        Objective::Duke,
        Objective::Coup,
        Objective::Flag,
        Objective::Rider,
    ];

    /// The word: `duke`, `coup`, `flag` or `rider`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Objective::Duke => "duke",
            Objective::Coup => "coup",
            Objective::Flag => "flag",
            Objective::Rider => "rider",
        }
    }

    /// Whether the game uses the two Flags (`coup` and `flag`).
    pub const fn has_flags(self) -> bool {
        matches!(self, Objective::Coup | Objective::Flag)
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rules of a game: an [`Objective`], the Mountain and the Fort, and
/// the draft. `Copy`, one byte; [`Rules::STANDARD`] is the standard game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rules(u8);

const MOUNTAIN: u8 = 1 << 2;
const FORT: u8 = 1 << 3;
const DRAFT: u8 = 1 << 4;

impl Rules {
    /// The standard game: capture the Duke, no terrain, no draft.
    pub const STANDARD: Rules = Rules(0);

    /// The rules with `objective`, no terrain and no draft.
    pub const fn new(objective: Objective) -> Rules {
        Rules(objective as u8)
    }

    /// The same rules with the Mountain (or without it).
    #[must_use]
    pub const fn with_mountain(self, on: bool) -> Rules {
        Rules(if on {
            self.0 | MOUNTAIN
        } else {
            self.0 & !MOUNTAIN
        })
    }

    /// The same rules with the Fort (or without it).
    #[must_use]
    pub const fn with_fort(self, on: bool) -> Rules {
        Rules(if on { self.0 | FORT } else { self.0 & !FORT })
    }

    /// The same rules with the draft (or without it). Dark Rider has no
    /// bags: see [`Rules::check`].
    #[must_use]
    pub const fn with_draft(self, on: bool) -> Rules {
        Rules(if on { self.0 | DRAFT } else { self.0 & !DRAFT })
    }

    /// The objective.
    #[inline]
    pub const fn objective(self) -> Objective {
        match self.0 & 3 {
            0 => Objective::Duke,
            1 => Objective::Coup,
            2 => Objective::Flag,
            _ => Objective::Rider,
        }
    }

    /// Whether the Mountain is on the board.
    #[inline]
    pub const fn mountain(self) -> bool {
        self.0 & MOUNTAIN != 0
    }

    /// Whether the Fort is on the board.
    #[inline]
    pub const fn fort(self) -> bool {
        self.0 & FORT != 0
    }

    /// Whether the bags are drafted before setup.
    #[inline]
    pub const fn draft(self) -> bool {
        self.0 & DRAFT != 0
    }

    /// Whether the objective uses the two Flags (`coup` or `flag`): a test
    /// of two bits, for the fast path of play.
    #[inline(always)]
    pub const fn has_flags(self) -> bool {
        (self.0 & 3).wrapping_sub(1) < 2
    }

    /// Whether play follows the standard game's rules (the draft changes
    /// only the bags): the move generator's fast path.
    #[inline(always)]
    pub const fn plays_standard(self) -> bool {
        self.0 & !DRAFT == 0
    }

    /// Whether these are the standard rules.
    #[inline]
    pub const fn is_standard(self) -> bool {
        self.0 == 0
    }

    /// The rules as a number below 32 (for tables and keys).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every valid combination, the standard game first: 4 objectives,
    /// with and without each terrain and the draft, less Dark Rider with
    /// the draft (28 in all).
    pub fn all() -> impl Iterator<Item = Rules> {
        (0..32u8).map(Rules).filter(|r| r.check().is_ok())
    }

    /// The rules when they are a valid combination: Dark Rider has no
    /// bags, so it takes no draft.
    pub const fn check(self) -> Result<Rules, RulesProblem> {
        if matches!(self.objective(), Objective::Rider) && self.draft() {
            Err(RulesProblem::RiderDraft)
        } else {
            Ok(self)
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_standard() {
            return f.write_str("standard");
        }
        let mut sep = "";
        let mut word = |f: &mut fmt::Formatter<'_>, w: &str| {
            let r = write!(f, "{sep}{w}");
            sep = "+";
            r
        };
        if self.objective() != Objective::Duke {
            word(f, self.objective().as_str())?;
        }
        for (on, w) in [
            (self.mountain(), "mountain"),
            (self.fort(), "fort"),
            (self.draft(), "draft"),
        ] {
            if on {
                word(f, w)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

/// What is wrong with a rules text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesProblem {
    /// Nothing between two `+`, or an empty text.
    Empty,
    /// A word that names no option.
    Unknown,
    /// A word given twice.
    Repeated,
    /// A second objective.
    TwoObjectives,
    /// `standard` with other words.
    StandardWithOthers,
    /// Dark Rider with the draft (Dark Rider has no bags).
    RiderDraft,
}

/// A rules text that could not be read: names the word and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError {
    text: TextSnippet,
    word: TextSnippet,
    problem: RulesProblem,
}

impl ParseRulesError {
    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    /// The stable code: `rules.text`.
    pub const fn code(&self) -> &'static str {
        "rules.text"
    }

    /// What is wrong.
    pub const fn problem(&self) -> RulesProblem {
        self.problem
    }
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules \"{}\": ", self.text)?;
        let w = &self.word;
        match self.problem {
            RulesProblem::Empty => f.write_str(
                "an empty word (the words are joined by single '+', like \"coup+mountain\")",
            ),
            RulesProblem::Unknown => write!(
                f,
                "\"{w}\" is not a word of the rules (coup, flag, rider, mountain, fort, draft, or standard alone)"
            ),
            RulesProblem::Repeated => write!(f, "\"{w}\" is given twice"),
            RulesProblem::TwoObjectives => write!(
                f,
                "\"{w}\" is a second objective (one of duke, coup, flag, rider)"
            ),
            RulesProblem::StandardWithOthers => {
                write!(f, "\"{w}\" goes alone: it names the standard game")
            }
            RulesProblem::RiderDraft => {
                write!(f, "\"{w}\" does not go with rider (Dark Rider has no bags)")
            }
        }
    }
}

impl core::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// The words in any order, lower case, joined by `+`; `duke` for the
    /// standard objective; `standard` alone.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let err = |word: &str, problem| ParseRulesError {
            text: TextSnippet::new(s.as_bytes()),
            word: TextSnippet::new(word.as_bytes()),
            problem,
        };
        if s == "standard" {
            return Ok(Rules::STANDARD);
        }
        let mut bits = 0u8;
        let mut objective: Option<&str> = None;
        let mut seen = 0u8;
        for word in s.split('+') {
            let (flag, obj) = match word {
                "" => return Err(err(word, RulesProblem::Empty)),
                "duke" => (1 << 5, Some(Objective::Duke)),
                "coup" => (1 << 6, Some(Objective::Coup)),
                "flag" => (1 << 7, Some(Objective::Flag)),
                "rider" => (1 << 0, Some(Objective::Rider)),
                "mountain" => (MOUNTAIN, None),
                "fort" => (FORT, None),
                "draft" => (DRAFT, None),
                "standard" => return Err(err(word, RulesProblem::StandardWithOthers)),
                _ => return Err(err(word, RulesProblem::Unknown)),
            };
            if seen & flag != 0 {
                return Err(err(word, RulesProblem::Repeated));
            }
            seen |= flag;
            match obj {
                Some(o) => {
                    if objective.is_some() {
                        return Err(err(word, RulesProblem::TwoObjectives));
                    }
                    objective = Some(word);
                    bits |= o as u8;
                }
                None => bits |= flag,
            }
        }
        let rules = Rules(bits);
        rules.check().map_err(|problem| {
            let word = if objective == Some("rider") && s.find("draft") < s.find("rider") {
                "rider"
            } else {
                "draft"
            };
            err(word, problem)
        })
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn has_flags_is_the_objectives() {
        for r in Rules::all() {
            assert_eq!(r.has_flags(), r.objective().has_flags(), "{r}");
        }
    }

    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_combination_reads_back_from_its_text() {
        let all: alloc::vec::Vec<Rules> = Rules::all().collect();
        assert_eq!(all.len(), 28);
        assert_eq!(all[0], Rules::STANDARD);
        for r in all {
            assert_eq!(r.to_string().parse::<Rules>(), Ok(r), "{r}");
        }
        assert_eq!("duke".parse::<Rules>(), Ok(Rules::STANDARD));
        assert_eq!("duke+fort".parse::<Rules>().unwrap().to_string(), "fort");
        assert_eq!(
            "draft+fort+flag".parse::<Rules>().unwrap().to_string(),
            "flag+fort+draft"
        );
    }

    #[test]
    fn bad_texts_name_the_word() {
        for (text, problem, word) in [
            ("", RulesProblem::Empty, ""),
            ("coup++fort", RulesProblem::Empty, ""),
            ("coup+", RulesProblem::Empty, ""),
            ("Coup", RulesProblem::Unknown, "Coup"),
            ("coup+coup", RulesProblem::Repeated, "coup"),
            ("fort+mountain+fort", RulesProblem::Repeated, "fort"),
            ("coup+flag", RulesProblem::TwoObjectives, "flag"),
            ("duke+rider", RulesProblem::TwoObjectives, "rider"),
            (
                "standard+fort",
                RulesProblem::StandardWithOthers,
                "standard",
            ),
            ("rider+draft", RulesProblem::RiderDraft, "draft"),
            ("draft+rider", RulesProblem::RiderDraft, "rider"),
        ] {
            let e = text.parse::<Rules>().unwrap_err();
            assert_eq!(e.problem(), problem, "{text}");
            assert_eq!(e.word.to_string(), word, "{text}");
            assert_eq!(e.code(), "rules.text");
        }
    }
}
