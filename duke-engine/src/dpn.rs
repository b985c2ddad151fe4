//! DPN, the position text of SPEC §8: five space-separated fields,
//! `<board> <side> <bags> <quiet> <turn>`, and under Expanded Play a
//! sixth, the state: the rules, then the items that apply, joined by `,`
//! (`mountain=C3`, `fort=D4`, `flags=A4/F3`, `score=1/0`, `relocate`).
//!
//! ```
//! use duke_engine::{Position, Rules, Side, Square};
//! let text = "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0 coup+mountain,mountain=C3,flags=A4/F3,score=0/0";
//! let pos: Position = text.parse()?;
//! assert_eq!(pos.rules(), "coup+mountain".parse::<Rules>()?);
//! assert_eq!((pos.mountain(), pos.flag(Side::Dark)), (Some(Square::C3), Some(Square::F3)));
//! assert_eq!(pos.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use duke_engine::Position;
//! let text = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40";
//! let pos: Position = text.parse().unwrap();
//! assert_eq!(pos.to_string(), text);
//! let err = "2fdf1/6/6/6/6/1FDF2 x -/- 0 0".parse::<Position>().unwrap_err();
//! assert_eq!(err.to_string(), "dpn field \"side\": expected 'l' or 'd', found \"x\"");
//! ```

use core::fmt;
use core::str::FromStr;

use crate::names::TextSnippet;
use crate::{
    Bag, Face, Objective, ParseRulesError, Position, Rules, Side, Square, Terrain, Tile, Troop,
};

/// The fields of DPN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DpnField {
    /// The text as a whole (its field count).
    Text,
    /// The board.
    Board,
    /// The side to move.
    Side,
    /// Both bags.
    Bags,
    /// The quiet counter.
    Quiet,
    /// The turn counter.
    Turn,
    /// Expanded Play's sixth field: the rules, terrain, Flags, points and
    /// relocation.
    State,
}

impl DpnField {
    /// The field's name as SPEC §8 writes it.
    pub fn name(self) -> &'static str {
        match self {
            DpnField::Text => "text",
            DpnField::Board => "board",
            DpnField::Side => "side",
            DpnField::Bags => "bags",
            DpnField::Quiet => "quiet",
            DpnField::Turn => "turn",
            DpnField::State => "state",
        }
    }
}

/// DPN that could not be read: names the field and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDpnError {
    field: DpnField,
    problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Problem {
    FieldCount(usize),
    TooLong(usize),
    RankCount(usize),
    RankWidth {
        rank: u8,
        squares: usize,
    },
    TwoDigits {
        rank: u8,
    },
    BadDigit {
        rank: u8,
        digit: char,
    },
    LonePlus {
        rank: u8,
    },
    BadLetter {
        rank: Option<u8>,
        letter: char,
    },
    Dukes {
        side: Side,
        count: u32,
    },
    TooMany {
        side: Side,
        troop: Troop,
        count: u32,
    },
    Side(TextSnippet),
    BagSeparator,
    BagCase {
        side: Side,
        letter: char,
    },
    EmptyBag {
        side: Side,
    },
    DashWithLetters {
        side: Side,
    },
    Number(TextSnippet, u32),
    /// Expanded Play's state.
    Rules(ParseRulesError),
    StandardState,
    StateItem(TextSnippet),
    StateRepeated(&'static str),
    StateMissing(&'static str),
    StateUnused(&'static str),
    StateSquare(&'static str, TextSnippet),
    StateScore(TextSnippet),
    /// A square that holds what it cannot: the item and the square.
    Holds(&'static str, Square),
    /// A rules-specific army problem.
    Army(&'static str),
    AtMostOneDuke {
        side: Side,
        count: u32,
    },
    DukeInBag {
        side: Side,
    },
    BothHold {
        troop: Troop,
    },
}

impl ParseDpnError {
    fn new(field: DpnField, problem: Problem) -> ParseDpnError {
        ParseDpnError { field, problem }
    }

    /// The field at fault.
    pub fn field(&self) -> DpnField {
        self.field
    }

    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    /// A stable code naming the field at fault, the same in Rust, Python
    /// (`.code`) and C (`duke_last_error_code`): `dpn.text` (the whole
    /// string: field count, spaces), `dpn.board`, `dpn.side`, `dpn.bags`,
    /// `dpn.quiet`, `dpn.turn` or `dpn.state` (Expanded Play's sixth
    /// field).
    ///
    /// ```
    /// use duke_engine::Position;
    /// let err = "2fdf1/6/6/6/6/1FDF3 l -/- 0 1".parse::<Position>().unwrap_err();
    /// assert_eq!(err.code(), "dpn.board");
    /// ```
    pub fn code(&self) -> &'static str {
        match self.field {
            DpnField::Text => "dpn.text",
            DpnField::Board => "dpn.board",
            DpnField::Side => "dpn.side",
            DpnField::Bags => "dpn.bags",
            DpnField::Quiet => "dpn.quiet",
            DpnField::Turn => "dpn.turn",
            DpnField::State => "dpn.state",
        }
    }
}

impl fmt::Display for ParseDpnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field == DpnField::Text {
            f.write_str("dpn: ")?;
        } else {
            write!(f, "dpn field \"{}\": ", self.field.name())?;
        }
        let rank = |r: u8| r + 1;
        match &self.problem {
            Problem::FieldCount(n) => {
                write!(
                    f,
                    "expected 5 space-separated fields (6 under Expanded Play), found {n}"
                )
            }
            Problem::TooLong(n) => write!(
                f,
                "{n} bytes: DPN is at most {MAX_DPN_LEN} bytes (a position takes under 100)"
            ),
            Problem::RankCount(n) => write!(f, "expected 6 ranks separated by '/', found {n}"),
            Problem::RankWidth { rank: r, squares } => {
                write!(f, "rank {} has {squares} squares, not 6", rank(*r))
            }
            Problem::TwoDigits { rank: r } => {
                write!(f, "rank {} has two digits in a row", rank(*r))
            }
            Problem::BadDigit { rank: r, digit } => write!(
                f,
                "rank {}: '{digit}' is not a run of 1 to 6 empty squares",
                rank(*r)
            ),
            Problem::LonePlus { rank: r } => {
                write!(
                    f,
                    "rank {}: '+' must be followed by a tile letter",
                    rank(*r)
                )
            }
            Problem::BadLetter {
                rank: Some(r),
                letter,
            } => write!(f, "rank {}: '{letter}' is not a troop letter", rank(*r)),
            Problem::BadLetter { rank: None, letter } => {
                write!(f, "'{letter}' is not a troop letter")
            }
            Problem::Dukes { side, count } => {
                write!(f, "{side} has {count} Dukes on the board, not exactly one")
            }
            Problem::TooMany { side, troop, count } => write!(
                f,
                "{side} has {count} of {troop} on the board and in the bag, and an army has {}",
                troop.army_count()
            ),
            Problem::Side(text) => write!(f, "expected 'l' or 'd', found \"{text}\""),
            Problem::BagSeparator => {
                f.write_str("expected Light's bag and Dark's bag separated by one '/'")
            }
            Problem::BagCase { side, letter } => write!(
                f,
                "'{letter}' in {side}'s bag has the wrong case ({side} is written in {})",
                if *side == Side::Light {
                    "uppercase"
                } else {
                    "lowercase"
                }
            ),
            Problem::EmptyBag { side } => write!(f, "{side}'s bag is empty; write it '-'"),
            Problem::DashWithLetters { side } => {
                write!(f, "{side}'s bag mixes '-' with letters")
            }
            Problem::Number(text, max) => {
                write!(f, "\"{text}\" is not a whole number from 0 to {max}")
            }
            Problem::Rules(e) => e.fmt(f),
            Problem::StandardState => f.write_str(
                "the standard game has five fields: a sixth field names other rules",
            ),
            Problem::StateItem(text) => write!(
                f,
                "\"{text}\" is not an item of the state (mountain=, fort=, flags=, score=, relocate)"
            ),
            Problem::StateRepeated(item) => write!(f, "the item {item} is given twice"),
            Problem::StateMissing(item) => {
                write!(f, "the rules need the item {item}, which is missing")
            }
            Problem::StateUnused(item) => {
                write!(f, "the item {item} is not one these rules use")
            }
            Problem::StateSquare(item, text) => {
                write!(f, "{item}: \"{text}\" is not a square (A1 to F6)")
            }
            Problem::StateScore(text) => write!(
                f,
                "score: \"{text}\" is not two points from 0 to 2 (Light's/Dark's)"
            ),
            Problem::Holds(what, sq) => write!(f, "{what}: {sq}"),
            Problem::Army(what) => f.write_str(what),
            Problem::AtMostOneDuke { side, count } => {
                write!(f, "{side} has {count} Dukes on the board, and at most one")
            }
            Problem::DukeInBag { side } => write!(f, "{side}'s bag holds a Duke"),
            Problem::BothHold { troop } => write!(
                f,
                "both sides hold {troop}s, and the draft gives each kind to one side"
            ),
        }
    }
}

impl core::error::Error for ParseDpnError {}

fn parse_board(text: &str, pos: &mut Position) -> Result<(), ParseDpnError> {
    let err = |p| ParseDpnError::new(DpnField::Board, p);
    let ranks = text.split('/').count();
    if ranks != 6 {
        return Err(err(Problem::RankCount(ranks)));
    }
    for (i, rank_text) in text.split('/').enumerate() {
        let rank = 5 - i as u8;
        let mut file = 0usize;
        let mut last_digit = false;
        let mut chars = rank_text.chars();
        let mut tiles: [(usize, Option<Tile>); 6] = [(0, None); 6];
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                if last_digit {
                    return Err(err(Problem::TwoDigits { rank }));
                }
                let n = c as usize - '0' as usize;
                if !(1..=6).contains(&n) {
                    return Err(err(Problem::BadDigit { rank, digit: c }));
                }
                file += n;
                last_digit = true;
                continue;
            }
            last_digit = false;
            let (face, letter) = if c == '+' {
                match chars.next() {
                    Some(l) if l.is_ascii_alphabetic() => (Face::Flipped, l),
                    Some(l) if l.is_alphabetic() => {
                        return Err(err(Problem::BadLetter {
                            rank: Some(rank),
                            letter: l,
                        }))
                    }
                    _ => return Err(err(Problem::LonePlus { rank })),
                }
            } else {
                (Face::Starting, c)
            };
            let troop = Troop::from_char(letter).ok_or(err(Problem::BadLetter {
                rank: Some(rank),
                letter,
            }))?;
            let side = if letter.is_ascii_uppercase() {
                Side::Light
            } else {
                Side::Dark
            };
            if file < 6 {
                tiles[file] = (file, Some(Tile::new(troop, side, face)));
            }
            file += 1;
        }
        if file != 6 {
            return Err(err(Problem::RankWidth {
                rank,
                squares: file,
            }));
        }
        for (f, tile) in tiles {
            if let Some(tile) = tile {
                let sq = Square::from_coords(f as u8, rank).unwrap_or(Square::A1);
                pos.put(sq, tile);
            }
        }
    }
    Ok(())
}

fn parse_bag(text: &str, side: Side) -> Result<Bag, ParseDpnError> {
    let err = |p| ParseDpnError::new(DpnField::Bags, p);
    if text.is_empty() {
        return Err(err(Problem::EmptyBag { side }));
    }
    if text == "-" {
        return Ok(Bag::EMPTY);
    }
    let mut bag = Bag::EMPTY;
    for c in text.chars() {
        if c == '-' {
            return Err(err(Problem::DashWithLetters { side }));
        }
        let troop = Troop::from_char(c).ok_or(err(Problem::BadLetter {
            rank: None,
            letter: c,
        }))?;
        let upper = c.is_ascii_uppercase();
        if upper != (side == Side::Light) {
            return Err(err(Problem::BagCase { side, letter: c }));
        }
        bag = bag.with(troop);
    }
    Ok(bag)
}

fn parse_number(text: &str, field: DpnField, max: u32) -> Result<u32, ParseDpnError> {
    let bad = || {
        ParseDpnError::new(
            field,
            Problem::Number(TextSnippet::new(text.as_bytes()), max),
        )
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(bad()),
    }
}

/// The longest DPN text read (longer text is refused with `dpn.text`
/// without being read): every position's DPN is far shorter.
pub const MAX_DPN_LEN: usize = 256;

impl FromStr for Position {
    type Err = ParseDpnError;

    /// Reads DPN, rejecting everything SPEC §8 lists with a message that
    /// names the field and the problem.
    fn from_str(text: &str) -> Result<Position, ParseDpnError> {
        if text.len() > MAX_DPN_LEN {
            return Err(ParseDpnError::new(
                DpnField::Text,
                Problem::TooLong(text.len()),
            ));
        }
        let mut fields = [""; 6];
        let mut n = 0;
        for field in text.split_ascii_whitespace() {
            if n < 6 {
                fields[n] = field;
            }
            n += 1;
        }
        if n != 5 && n != 6 {
            return Err(ParseDpnError::new(DpnField::Text, Problem::FieldCount(n)));
        }
        let mut pos = Position::blank();
        parse_board(fields[0], &mut pos)?;
        let side = match fields[1] {
            "l" => Side::Light,
            "d" => Side::Dark,
            other => {
                return Err(ParseDpnError::new(
                    DpnField::Side,
                    Problem::Side(TextSnippet::new(other.as_bytes())),
                ))
            }
        };
        let (light, dark) = match fields[2].split_once('/') {
            Some((l, d)) if !d.contains('/') => (l, d),
            _ => return Err(ParseDpnError::new(DpnField::Bags, Problem::BagSeparator)),
        };
        let bags = [parse_bag(light, Side::Light)?, parse_bag(dark, Side::Dark)?];
        let quiet = parse_number(fields[3], DpnField::Quiet, crate::QUIET_LIMIT)?;
        let turn = parse_number(fields[4], DpnField::Turn, u32::MAX)?;
        if n == 6 {
            parse_state(fields[5], &mut pos)?;
        }
        pos.set_bag(Side::Light, bags[0]);
        pos.set_bag(Side::Dark, bags[1]);
        pos.set_side(side);
        pos.quiet = quiet as u8;
        pos.turn = turn;
        pos.key = pos.key_from_scratch();
        pos.check(false)?;
        Ok(pos)
    }
}

/// Reads the sixth field into `pos` (its rules and state; the checks of
/// what the squares hold come with the army's, in [`Position::check`]).
fn parse_state(text: &str, pos: &mut Position) -> Result<(), ParseDpnError> {
    let err = |p| ParseDpnError::new(DpnField::State, p);
    let mut items = text.split(',');
    let rules_text = items.next().unwrap_or("");
    let rules: Rules = rules_text.parse().map_err(|e| err(Problem::Rules(e)))?;
    if rules.is_standard() {
        return Err(err(Problem::StandardState));
    }
    pos.rules = rules;
    let square = |item: &'static str, t: &str| {
        t.parse::<Square>()
            .map_err(|_| err(Problem::StateSquare(item, TextSnippet::new(t.as_bytes()))))
    };
    let mut seen = [false; 5];
    for item in items {
        let (name, value) = item.split_once('=').unwrap_or((item, ""));
        let (i, name): (usize, &'static str) = match (name, item.contains('=')) {
            ("mountain", true) => (0, "mountain="),
            ("fort", true) => (1, "fort="),
            ("flags", true) => (2, "flags="),
            ("score", true) => (3, "score="),
            ("relocate", false) => (4, "relocate"),
            _ => return Err(err(Problem::StateItem(TextSnippet::new(item.as_bytes())))),
        };
        if core::mem::replace(&mut seen[i], true) {
            return Err(err(Problem::StateRepeated(name)));
        }
        let used = match i {
            0 => rules.mountain(),
            1 => rules.fort(),
            2 => rules.objective().has_flags(),
            _ => rules.objective() == Objective::Coup,
        };
        if !used {
            return Err(err(Problem::StateUnused(name)));
        }
        match i {
            0 | 1 => pos.terrain[i] = square(name, value)? as u8,
            2 => {
                let (l, d) = value.split_once('/').ok_or_else(|| {
                    err(Problem::StateSquare(
                        name,
                        TextSnippet::new(value.as_bytes()),
                    ))
                })?;
                pos.flags = [square(name, l)? as u8, square(name, d)? as u8];
            }
            3 => {
                let bad = || err(Problem::StateScore(TextSnippet::new(value.as_bytes())));
                let (l, d) = value.split_once('/').ok_or_else(bad)?;
                let point = |t: &str| match t {
                    "0" => Ok(0),
                    "1" => Ok(1),
                    "2" => Ok(2),
                    _ => Err(bad()),
                };
                pos.score = [point(l)?, point(d)?];
            }
            _ => pos.relocate = true,
        }
    }
    for (i, name, needed) in [
        (0, "mountain=", rules.mountain()),
        (1, "fort=", rules.fort()),
        (2, "flags=", rules.objective().has_flags()),
        (3, "score=", rules.objective() == Objective::Coup),
    ] {
        if needed && !seen[i] {
            return Err(err(Problem::StateMissing(name)));
        }
    }
    Ok(())
}

impl Position {
    /// Whether the position is one the rules allow between turns (SPEC §8
    /// and Expanded Play's state): the armies for the rules, and what each
    /// square of terrain and each Flag may hold. `captured_duke` allows
    /// the standard game's positions without a Duke (a game's end, which
    /// DPN does not write).
    pub(crate) fn check(&self, captured_duke: bool) -> Result<(), ParseDpnError> {
        let rules = self.rules;
        let board = |p| ParseDpnError::new(DpnField::Board, p);
        let bags = |p| ParseDpnError::new(DpnField::Bags, p);
        let state = |p| ParseDpnError::new(DpnField::State, p);
        let objective = rules.objective();
        for side in Side::ALL {
            let bag = self.bag(side);
            let dukes = self.troops(side, Troop::Duke).count();
            // Dark Rider's armies are checked below.
            let armies = if objective == Objective::Rider {
                &[][..]
            } else {
                &Troop::ALL[..]
            };
            for &troop in armies {
                let count = self.troops(side, troop).count() + u32::from(bag.count(troop));
                if count > u32::from(troop.army_count()) && !(troop == Troop::Duke && dukes > 1) {
                    return Err(bags(Problem::TooMany { side, troop, count }));
                }
            }
            match objective {
                Objective::Duke if dukes != 1 && !(captured_duke && dukes == 0) => {
                    return Err(board(Problem::Dukes { side, count: dukes }))
                }
                Objective::Coup | Objective::Flag if dukes > 1 => {
                    return Err(board(Problem::AtMostOneDuke { side, count: dukes }))
                }
                _ => {}
            }
            if bag.count(Troop::Duke) > 0 {
                return Err(bags(Problem::DukeInBag { side }));
            }
        }
        if objective == Objective::Rider {
            let light = self.tiles_of(Side::Light);
            let dark = self.tiles_of(Side::Dark);
            if light != self.troops(Side::Light, Troop::Pikeman) {
                return Err(board(Problem::Army("under rider Light has only Pikemen")));
            }
            if dark != self.troops(Side::Dark, Troop::Knight) {
                return Err(board(Problem::Army("under rider Dark has only the Knight")));
            }
            if light.count() > 5 || dark.count() > 1 {
                return Err(board(Problem::Army(
                    "under rider Light has at most five Pikemen and Dark one Knight",
                )));
            }
            if !self.bag(Side::Light).is_empty() || !self.bag(Side::Dark).is_empty() {
                return Err(bags(Problem::Army("under rider both bags are empty ('-')")));
            }
        }
        if rules.draft() {
            for troop in Troop::ALL {
                if matches!(troop, Troop::Duke | Troop::Footman) {
                    continue;
                }
                let holds = |side: Side| {
                    !self.troops(side, troop).is_empty() || self.bag(side).count(troop) > 0
                };
                if holds(Side::Light) && holds(Side::Dark) {
                    return Err(bags(Problem::BothHold { troop }));
                }
            }
        }
        // What the squares of terrain and the Flags hold.
        let (m, fo) = (self.mountain(), self.fort());
        if let (Some(m), Some(fo)) = (m, fo) {
            if m == fo {
                return Err(state(Problem::Holds(
                    "the Mountain and the Fort on one square",
                    m,
                )));
            }
        }
        if let Some(m) = m {
            if self.tile_at(m).is_some() {
                return Err(state(Problem::Holds("a tile on the Mountain", m)));
            }
        }
        if objective.has_flags() {
            let (fl, fd) = (self.flags[0], self.flags[1]);
            if fl == fd {
                return Err(state(Problem::Holds(
                    "two Flags on one square",
                    Square::ALL[fl as usize % 36],
                )));
            }
            for side in Side::ALL {
                let Some(sq) = self.flag(side) else { continue };
                if Some(sq) == m {
                    return Err(state(Problem::Holds("a Flag on the Mountain", sq)));
                }
                let tile = self.tile_at(sq);
                match objective {
                    Objective::Coup if tile.is_some_and(|t| t.side != side) => {
                        return Err(state(Problem::Holds(
                            if side == Side::Light {
                                "a Dark tile on Light's Flag, which Counting Coup closes to Dark"
                            } else {
                                "a Light tile on Dark's Flag, which Counting Coup closes to Light"
                            },
                            sq,
                        )))
                    }
                    Objective::Flag if tile.is_some_and(|t| t.side == side) => {
                        return Err(state(Problem::Holds(
                            if side == Side::Light {
                                "a Light tile on its own Flag, which Other Objective forbids"
                            } else {
                                "a Dark tile on its own Flag, which Other Objective forbids"
                            },
                            sq,
                        )))
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// Writes DPN (SPEC §8), bags sorted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..6).rev() {
            let mut empty = 0;
            for file in 0..6 {
                let sq = Square::ALL[rank * 6 + file];
                match self.tile_at(sq) {
                    None => empty += 1,
                    Some(tile) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{tile}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.side.char())?;
        self.bag(Side::Light).write(Side::Light, f)?;
        f.write_str("/")?;
        self.bag(Side::Dark).write(Side::Dark, f)?;
        write!(f, " {} {}", self.quiet, self.turn)?;
        if self.rules.is_standard() {
            return Ok(());
        }
        write!(f, " {}", self.rules)?;
        for t in Terrain::ALL {
            if let Some(sq) = self.terrain_square(t) {
                write!(f, ",{}={sq}", t.as_str())?;
            }
        }
        if let (Some(l), Some(d)) = (self.flag(Side::Light), self.flag(Side::Dark)) {
            write!(f, ",flags={l}/{d}")?;
        }
        if self.rules.objective() == Objective::Coup {
            write!(f, ",score={}/{}", self.score[0], self.score[1])?;
        }
        if self.relocate {
            f.write_str(",relocate")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    const START: &str = "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0";

    #[test]
    fn standard_round_trip() {
        let pos: Position = START.parse().unwrap();
        assert_eq!(pos, Position::standard());
        assert_eq!(pos.key(), Position::standard().key());
        assert_eq!(pos.to_string(), START);
    }

    #[test]
    fn readers_accept_any_bag_order() {
        let pos: Position = "2fdf1/6/6/6/6/1FDF2 l PPPABCFGIKLMNRSW/abcfgiklmnppprsw 0 0"
            .parse()
            .unwrap();
        assert_eq!(pos.to_string(), START);
    }

    #[test]
    fn every_rejection_of_spec_8() {
        let cases = [
            ("2fdf1/6/6/6/6/1FDF2 l -/- 0", "dpn: expected 5 space-separated fields (6 under Expanded Play), found 4"),
            ("2fdf1/6/6/6/1FDF2 l -/- 0 0", "dpn field \"board\": expected 6 ranks separated by '/', found 5"),
            ("2fdf1/6/6/6/6/1FDF3 l -/- 0 0", "dpn field \"board\": rank 1 has 7 squares, not 6"),
            ("2fdf1/6/6/6/6/1FDF l -/- 0 0", "dpn field \"board\": rank 1 has 4 squares, not 6"),
            ("2fdf1/6/6/6/6/1FDF11 l -/- 0 0", "dpn field \"board\": rank 1 has two digits in a row"),
            ("2fdf1/6/6/6/06/1FDF2 l -/- 0 0", "dpn field \"board\": rank 2: '0' is not a run of 1 to 6 empty squares"),
            ("2fdf1/6/6/6/7/1FDF2 l -/- 0 0", "dpn field \"board\": rank 2: '7' is not a run of 1 to 6 empty squares"),
            ("2fdf1/6/6/6/6/1FDF+ l -/- 0 0", "dpn field \"board\": rank 1: '+' must be followed by a tile letter"),
            ("2fdf1/6/6/6/6/1FDF+1 l -/- 0 0", "dpn field \"board\": rank 1: '+' must be followed by a tile letter"),
            ("2fdf1/6/6/6/6/1FDQ2 l -/- 0 0", "dpn field \"board\": rank 1: 'Q' is not a troop letter"),
            ("2fdf1/6/6/6/6/1FFF2 l -/- 0 0", "dpn field \"board\": Light has 0 Dukes on the board, not exactly one"),
            ("2fdf1/6/6/6/D5/1FDF2 l -/- 0 0", "dpn field \"board\": Light has 2 Dukes on the board, not exactly one"),
            ("2fdf1/6/6/6/FF4/1FDF2 l -/- 0 0", "dpn field \"bags\": Light has 4 of Footman on the board and in the bag, and an army has 3"),
            ("2fdf1/6/6/6/6/1FDF2 l FF/- 0 0", "dpn field \"bags\": Light has 4 of Footman on the board and in the bag, and an army has 3"),
            ("2fdf1/6/6/6/6/1FDF2 l p/- 0 0", "dpn field \"bags\": 'p' in Light's bag has the wrong case (Light is written in uppercase)"),
            ("2fdf1/6/6/6/6/1FDF2 l -/P 0 0", "dpn field \"bags\": 'P' in Dark's bag has the wrong case (Dark is written in lowercase)"),
            ("2fdf1/6/6/6/6/1FDF2 l /- 0 0", "dpn field \"bags\": Light's bag is empty; write it '-'"),
            ("2fdf1/6/6/6/6/1FDF2 l -- 0 0", "dpn field \"bags\": expected Light's bag and Dark's bag separated by one '/'"),
            ("2fdf1/6/6/6/6/1FDF2 l -/Q 0 0", "dpn field \"bags\": 'Q' is not a troop letter"),
            ("2fdf1/6/6/6/6/1FDF2 x -/- 0 0", "dpn field \"side\": expected 'l' or 'd', found \"x\""),
            ("2fdf1/6/6/6/6/1FDF2 l -/- 201 0", "dpn field \"quiet\": \"201\" is not a whole number from 0 to 200"),
            ("2fdf1/6/6/6/6/1FDF2 l -/- -1 0", "dpn field \"quiet\": \"-1\" is not a whole number from 0 to 200"),
            ("2fdf1/6/6/6/6/1FDF2 l -/- 0 x", "dpn field \"turn\": \"x\" is not a whole number from 0 to 4294967295"),
            ("2fdf1/6/6/6/6/1FDF2 l -/- 0 99999999999", "dpn field \"turn\": \"99999999999\" is not a whole number from 0 to 4294967295"),
        ];
        for (text, want) in cases {
            let err = text.parse::<Position>().unwrap_err();
            assert_eq!(err.to_string(), want, "{text}");
        }
    }
}
