//! Squares of the 6×6 board.

use core::fmt;
use core::str::FromStr;

use crate::names::TextSnippet;

/// A square of the board, `A1` to `F6`.
///
/// Files `A`–`F` run from Light's left, ranks `1`–`6` from Light's back row.
/// The index is `(rank - 1) * 6 + file` (SPEC §1): `A1 = 0`, `F1 = 5`, `F6 = 35`.
///
/// ```
/// use duke_engine::Square;
/// let sq: Square = "c2".parse().unwrap();
/// assert_eq!(sq, Square::C2);
/// assert_eq!(sq.index(), 8);
/// assert_eq!(sq.to_string(), "C2");
/// assert_eq!(sq.offset(1, 1), Some(Square::D3));
/// assert_eq!(Square::A1.offset(-1, 0), None);
/// ```
#[rustfmt::skip]
#[allow(missing_docs)]
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Square {
    A1, B1, C1, D1, E1, F1,
    A2, B2, C2, D2, E2, F2,
    A3, B3, C3, D3, E3, F3,
    A4, B4, C4, D4, E4, F4,
    A5, B5, C5, D5, E5, F5,
    A6, B6, C6, D6, E6, F6,
}

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 36;

    /// Every square in index order.
    #[rustfmt::skip]
    pub const ALL: [Square; 36] = {
        use Square::*;
        [A1, B1, C1, D1, E1, F1, A2, B2, C2, D2, E2, F2, A3, B3, C3, D3, E3, F3,
         A4, B4, C4, D4, E4, F4, A5, B5, C5, D5, E5, F5, A6, B6, C6, D6, E6, F6]
    };

    /// The square with this index, if it is below 36.
    ///
    /// ```
    /// use duke_engine::Square;
    /// assert_eq!(Square::from_index(35), Some(Square::F6));
    /// assert_eq!(Square::from_index(36), None);
    /// ```
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 36 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square at `file` (0 = A) and `rank` (0 = rank 1), if both are below 6.
    ///
    /// ```
    /// use duke_engine::Square;
    /// assert_eq!(Square::from_coords(2, 0), Some(Square::C1));
    /// ```
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 6 && rank < 6 {
            Some(Square::ALL[(rank * 6 + file) as usize])
        } else {
            None
        }
    }

    /// The index, 0 to 35.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file, 0 (A) to 5 (F).
    #[inline]
    pub const fn file(self) -> u8 {
        self as u8 % 6
    }

    /// The rank, 0 (rank 1) to 5 (rank 6).
    #[inline]
    pub const fn rank(self) -> u8 {
        self as u8 / 6
    }

    /// The square `dx` files to the right and `dy` ranks up (board view), if on the board.
    #[inline]
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        if f >= 0 && f < 6 && r >= 0 && r < 6 {
            Some(Square::ALL[(r * 6 + f) as usize])
        } else {
            None
        }
    }

    /// The square seen from the other side of the board (turned 180°).
    ///
    /// ```
    /// use duke_engine::Square;
    /// assert_eq!(Square::C1.rotate(), Square::D6);
    /// ```
    #[inline]
    pub const fn rotate(self) -> Square {
        Square::ALL[35 - self as usize]
    }

    /// The square mirrored left–right (file A ↔ F).
    ///
    /// ```
    /// use duke_engine::Square;
    /// assert_eq!(Square::B2.mirror(), Square::E2);
    /// ```
    #[inline]
    pub const fn mirror(self) -> Square {
        Square::ALL[(self.rank() * 6 + 5 - self.file()) as usize]
    }

    /// The file letter, `'A'` to `'F'`.
    pub const fn file_char(self) -> char {
        (b'A' + self.file()) as char
    }

    /// The rank digit, `'1'` to `'6'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that could not be read.
///
/// ```
/// use duke_engine::Square;
/// let err = "G7".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "\"G7\" is not a square (A1 to F6)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: TextSnippet,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a square (A1 to F6)", self.text)
    }
}

impl core::error::Error for ParseSquareError {}

impl ParseSquareError {
    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    /// The stable code: `"square.syntax"` (the same in Python and C).
    pub fn code(&self) -> &'static str {
        "square.syntax"
    }
}

impl Square {
    /// Reads a square from its name, in either case.
    pub fn from_ascii(text: &[u8]) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError {
            text: TextSnippet::new(text),
        };
        match text {
            [f, r] => {
                let file = f.to_ascii_uppercase().wrapping_sub(b'A');
                let rank = r.wrapping_sub(b'1');
                Square::from_coords(file, rank).ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            let name = alloc::format!("{sq}");
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(name.to_lowercase().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn index_layout_follows_spec() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::F1.index(), 5);
        assert_eq!(Square::A2.index(), 6);
        assert_eq!(Square::F6.index(), 35);
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
            assert_eq!(sq.rotate().rotate(), sq);
            assert_eq!(sq.mirror().mirror(), sq);
        }
    }

    #[test]
    fn rejects_bad_names() {
        for bad in ["", "A", "A0", "A7", "G1", "A10", "11", "é1", "AA"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
