//! DPN, the position text of SPEC §8: five space-separated fields,
//! `<board> <side> <bags> <quiet> <turn>`.
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
use crate::{Bag, Face, Position, Side, Square, Tile, Troop};

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
    /// `dpn.quiet` or `dpn.turn`.
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
                write!(f, "expected 5 space-separated fields, found {n}")
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
        let mut fields = [""; 5];
        let mut n = 0;
        for field in text.split_ascii_whitespace() {
            if n < 5 {
                fields[n] = field;
            }
            n += 1;
        }
        if n != 5 {
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

        for side in Side::ALL {
            let dukes = pos.troops(side, Troop::Duke).count();
            for troop in Troop::ALL {
                let count =
                    pos.troops(side, troop).count() + u32::from(bags[side.index()].count(troop));
                if count > u32::from(troop.army_count()) && !(troop == Troop::Duke && dukes > 1) {
                    return Err(ParseDpnError::new(
                        DpnField::Bags,
                        Problem::TooMany { side, troop, count },
                    ));
                }
            }
            if dukes != 1 {
                return Err(ParseDpnError::new(
                    DpnField::Board,
                    Problem::Dukes { side, count: dukes },
                ));
            }
        }
        // Tiles of a kind beyond the army on the board alone.
        pos.set_bag(Side::Light, bags[0]);
        pos.set_bag(Side::Dark, bags[1]);
        pos.set_side(side);
        pos.quiet = quiet as u8;
        pos.turn = turn;
        Ok(pos)
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
        write!(f, " {} {}", self.quiet, self.turn)
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
            ("2fdf1/6/6/6/6/1FDF2 l -/- 0", "dpn: expected 5 space-separated fields, found 4"),
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
