//! The charts of the fifteen troops: the one hand-written table.
//!
//! Transcribed from the spec's `charts.md` (the 2013 core set as the game
//! site's troop table draws it). Offsets are `(dx, dy)` in the owner's view:
//! `dy > 0` is forward, `dx > 0` the owner's right. Slide and Jump Slide give
//! unit directions. Everything else (masks, rays) is computed from this
//! table by `masks`, and a test checks this table against
//! `tests/data/charts.txt`.

use core::fmt;

use core::str::FromStr;

use crate::names::{find, NameKind, ParseNameError};
use crate::{Face, Troop};

/// The six kinds of mark a chart can carry (SPEC §3).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Mark {
    /// ● to the marked square; two away needs the square in between empty.
    Move = 0,
    /// ○ to the marked square whatever stands in between.
    Jump,
    /// ▲ any distance in a direction through empty squares.
    Slide,
    /// △ a Slide that begins on the second square of its direction.
    JumpSlide,
    /// ✦ captures an enemy on the marked square without moving.
    Strike,
    /// ⌘ part of the command area.
    Command,
}

impl Mark {
    /// All marks.
    pub const ALL: [Mark; 6] = [
        Mark::Move,
        Mark::Jump,
        Mark::Slide,
        Mark::JumpSlide,
        Mark::Strike,
        Mark::Command,
    ];

    /// The symbol the spec draws.
    pub const fn symbol(self) -> char {
        match self {
            Mark::Move => '●',
            Mark::Jump => '○',
            Mark::Slide => '▲',
            Mark::JumpSlide => '△',
            Mark::Strike => '✦',
            Mark::Command => '⌘',
        }
    }

    /// The name as the spec writes it (`"Jump Slide"`).
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Move => "Move",
            Mark::Jump => "Jump",
            Mark::Slide => "Slide",
            Mark::JumpSlide => "Jump Slide",
            Mark::Strike => "Strike",
            Mark::Command => "Command",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One mark of a chart at an owner-view offset (a unit direction for
/// Slide and Jump Slide).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChartMark {
    /// The mark.
    pub mark: Mark,
    /// Toward the owner's right.
    pub dx: i8,
    /// Forward, toward the opponent.
    pub dy: i8,
}

const fn m(mark: Mark, dx: i8, dy: i8) -> ChartMark {
    ChartMark { mark, dx, dy }
}

use Mark::{Command as C, Jump as J, JumpSlide as JS, Move as M, Slide as S, Strike as X};

/// `CHARTS[troop][face]`: the marks of every face, from charts.md.
#[rustfmt::skip]
pub(crate) static CHARTS: [[&[ChartMark]; 2]; 15] = [
    // Duke
    [&[m(S,-1,0), m(S,1,0)],
     &[m(S,0,1), m(S,0,-1)]],
    // Footman
    [&[m(M,0,1), m(M,0,-1), m(M,-1,0), m(M,1,0)],
     &[m(M,0,2), m(M,-1,1), m(M,1,1), m(M,-1,-1), m(M,1,-1)]],
    // Pikeman
    [&[m(M,-1,1), m(M,1,1), m(M,-2,2), m(M,2,2)],
     &[m(X,-1,2), m(X,1,2), m(M,0,1), m(M,0,-1), m(M,0,-2)]],
    // Knight
    [&[m(J,-1,2), m(J,1,2), m(M,-1,0), m(M,1,0), m(M,0,-1), m(M,0,-2)],
     &[m(S,0,1), m(M,-1,-1), m(M,1,-1), m(M,-2,-2), m(M,2,-2)]],
    // Wizard
    [&[m(M,-1,1), m(M,0,1), m(M,1,1), m(M,-1,0), m(M,1,0), m(M,-1,-1), m(M,0,-1), m(M,1,-1)],
     &[m(J,-2,2), m(J,0,2), m(J,2,2), m(J,-2,0), m(J,2,0), m(J,-2,-2), m(J,0,-2), m(J,2,-2)]],
    // Ranger
    [&[m(J,-1,2), m(J,1,2), m(J,-2,1), m(J,2,1), m(S,0,1), m(S,0,-1)],
     &[m(S,-1,1), m(S,1,1), m(J,-1,-2), m(J,1,-2)]],
    // Seer
    [&[m(J,0,2), m(J,0,-2), m(J,-2,0), m(J,2,0), m(M,-1,1), m(M,1,1), m(M,-1,-1), m(M,1,-1)],
     &[m(J,-2,2), m(J,2,2), m(J,-2,-2), m(J,2,-2), m(M,0,1), m(M,0,-1), m(M,-1,0), m(M,1,0)]],
    // General
    [&[m(J,-1,2), m(J,1,2), m(M,0,1), m(M,0,-1), m(M,-2,0), m(M,2,0)],
     &[m(J,-1,2), m(J,1,2), m(M,0,1), m(M,-1,0), m(M,1,0), m(M,-2,0), m(M,2,0),
       m(C,-1,0), m(C,1,0), m(C,-1,-1), m(C,0,-1), m(C,1,-1)]],
    // Priest
    [&[m(S,-1,1), m(S,1,1), m(S,-1,-1), m(S,1,-1)],
     &[m(J,-2,2), m(J,2,2), m(J,-2,-2), m(J,2,-2), m(M,-1,1), m(M,1,1), m(M,-1,-1), m(M,1,-1)]],
    // Champion
    [&[m(J,0,2), m(J,0,-2), m(J,-2,0), m(J,2,0), m(M,0,1), m(M,0,-1), m(M,-1,0), m(M,1,0)],
     &[m(J,0,2), m(J,0,-2), m(J,-2,0), m(J,2,0), m(X,0,1), m(X,0,-1), m(X,-1,0), m(X,1,0)]],
    // Marshall
    [&[m(J,-2,2), m(J,2,2), m(J,0,-2), m(S,-1,0), m(S,1,0)],
     &[m(M,0,1), m(M,-1,1), m(M,1,1), m(M,-1,0), m(M,1,0), m(M,-2,0), m(M,2,0), m(M,-1,-1), m(M,1,-1),
       m(C,-1,1), m(C,0,1), m(C,1,1)]],
    // Bowman
    [&[m(M,0,1), m(M,-1,0), m(M,1,0), m(J,-2,0), m(J,2,0), m(J,0,-2)],
     &[m(X,0,2), m(X,-1,1), m(X,1,1), m(M,0,1), m(M,-1,-1), m(M,1,-1)]],
    // Dragoon
    [&[m(X,0,2), m(X,-2,2), m(X,2,2), m(M,-1,0), m(M,1,0)],
     &[m(J,-1,2), m(J,1,2), m(M,0,1), m(M,0,2), m(S,-1,-1), m(S,1,-1)]],
    // Assassin
    [&[m(JS,0,1), m(JS,-1,-1), m(JS,1,-1)],
     &[m(JS,-1,1), m(JS,1,1), m(JS,0,-1)]],
    // Longbowman
    [&[m(M,0,1), m(M,0,-1), m(M,-1,0), m(M,1,0)],
     &[m(X,0,1), m(X,0,2), m(M,-1,-1), m(M,1,-1)]],
];

/// The marks of one face of a troop, in the owner's view.
///
/// ```
/// use duke_engine::{chart, Face, Mark, Troop};
/// let duke = chart(Troop::Duke, Face::Starting);
/// assert!(duke.iter().all(|m| m.mark == Mark::Slide && m.dy == 0));
/// let general = chart(Troop::General, Face::Flipped);
/// assert_eq!(general.iter().filter(|m| m.mark == Mark::Command).count(), 5);
/// ```
pub fn chart(troop: Troop, face: Face) -> &'static [ChartMark] {
    CHARTS[troop as usize][face as usize]
}

bitflags::bitflags! {
    /// A set of marks: the kinds of marks a face has ([`marks`]).
    ///
    /// ```
    /// use duke_engine::{marks, Face, Mark, MarkSet, Troop};
    /// assert_eq!(marks(Troop::Duke, Face::Starting), MarkSet::SLIDE);
    /// let general = marks(Troop::General, Face::Flipped);
    /// assert!(general.contains(MarkSet::from(Mark::Command)));
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct MarkSet: u8 {
        /// [`Mark::Move`].
        const MOVE = 1;
        /// [`Mark::Jump`].
        const JUMP = 1 << 1;
        /// [`Mark::Slide`].
        const SLIDE = 1 << 2;
        /// [`Mark::JumpSlide`].
        const JUMP_SLIDE = 1 << 3;
        /// [`Mark::Strike`].
        const STRIKE = 1 << 4;
        /// [`Mark::Command`].
        const COMMAND = 1 << 5;
    }
}

impl From<Mark> for MarkSet {
    fn from(m: Mark) -> MarkSet {
        MarkSet::from_bits_truncate(1 << m as u8)
    }
}

/// The kinds of marks one face of a troop has.
pub fn marks(troop: Troop, face: Face) -> MarkSet {
    chart(troop, face)
        .iter()
        .fold(MarkSet::empty(), |set, m| set | MarkSet::from(m.mark))
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    #[test]
    fn mark_sets_have_one_bit_a_mark_named_as_the_mark() {
        for (i, m) in Mark::ALL.into_iter().enumerate() {
            let set = MarkSet::from(m);
            assert_eq!(set.bits(), 1 << i);
            let (name, _) = set.iter_names().next().unwrap();
            assert_eq!(name.to_ascii_lowercase(), m.as_str());
        }
        for t in Troop::ALL {
            for f in Face::ALL {
                let set = marks(t, f);
                for m in Mark::ALL {
                    let has = chart(t, f).iter().any(|c| c.mark == m);
                    assert_eq!(set.contains(MarkSet::from(m)), has, "{t} {f:?} {m}");
                }
            }
        }
    }
    use alloc::vec::Vec;

    /// Reads `tests/data/charts.txt` (committed, transcribed from charts.md).
    pub(crate) fn charts_from_data() -> Vec<(Troop, Face, Vec<ChartMark>)> {
        let text = include_str!("../../tests/data/charts.txt");
        let mut out = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (head, body) = line.split_once(':').unwrap();
            let mut words = head.split_whitespace();
            let name = words.next().unwrap();
            let troop = Troop::ALL.into_iter().find(|t| t.name() == name).unwrap();
            let face = match words.next().unwrap() {
                "starting" => Face::Starting,
                "other" => Face::Flipped,
                f => panic!("face {f}"),
            };
            let mut marks = Vec::new();
            for group in body.split(';') {
                let group = group.trim();
                let open = group.find('(').unwrap();
                let mark = match group[..open].trim() {
                    "Move" => Mark::Move,
                    "Jump" => Mark::Jump,
                    "Slide" => Mark::Slide,
                    "Jump Slide" => Mark::JumpSlide,
                    "Strike" => Mark::Strike,
                    "Command" => Mark::Command,
                    other => panic!("mark {other}"),
                };
                for pair in group[open..].split_whitespace() {
                    let inner: String = pair.chars().filter(|c| *c != '(' && *c != ')').collect();
                    let (dx, dy) = inner.split_once(',').unwrap();
                    marks.push(m(mark, dx.parse().unwrap(), dy.parse().unwrap()));
                }
            }
            out.push((troop, face, marks));
        }
        out
    }

    #[test]
    fn table_matches_transcribed_charts() {
        let data = charts_from_data();
        assert_eq!(data.len(), 30);
        for (troop, face, marks) in data {
            let mut want = marks.clone();
            let mut got: Vec<ChartMark> = chart(troop, face).to_vec();
            let key = |c: &ChartMark| (c.mark, c.dx, c.dy);
            want.sort_by_key(key);
            got.sort_by_key(key);
            assert_eq!(got, want, "{troop} {face:?}");
        }
    }

    #[test]
    fn charts_are_symmetric_and_well_formed() {
        for troop in Troop::ALL {
            for face in Face::ALL {
                let marks = chart(troop, face);
                for cm in marks {
                    // Left-right symmetry (SPEC §1 relies on it).
                    assert!(
                        marks
                            .iter()
                            .any(|o| o.mark == cm.mark && o.dx == -cm.dx && o.dy == cm.dy),
                        "{troop} {face:?} {cm:?}"
                    );
                    assert!((cm.dx, cm.dy) != (0, 0));
                    assert!(cm.dx.abs() <= 2 && cm.dy.abs() <= 2);
                    match cm.mark {
                        Mark::Slide | Mark::JumpSlide => {
                            assert!(cm.dx.abs() <= 1 && cm.dy.abs() <= 1)
                        }
                        // A Move two away is on a straight line (SPEC §3).
                        Mark::Move if cm.dx.abs() == 2 || cm.dy.abs() == 2 => {
                            assert!(cm.dx == 0 || cm.dy == 0 || cm.dx.abs() == cm.dy.abs())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}
