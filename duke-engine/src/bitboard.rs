//! Sets of squares as 36-bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Square;

/// A set of squares: bit `i` is the square with index `i` (SPEC §1).
///
/// Only the low 36 bits are ever set. `Debug` prints a 6×6 grid with rank 6
/// on top, as Light sees the board.
///
/// ```
/// use duke_engine::{Bitboard, Square};
/// let bb = Bitboard::from(Square::A1) | Square::C2;
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::C2));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::A1, Square::C2]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 36 squares.
    pub const FULL: Bitboard = Bitboard((1 << 36) - 1);

    /// The set with one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u8) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The square with the lowest index.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The square with the highest index.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(63 - self.0.leading_zeros() as u8)
        }
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// Builds a set from a 6×6 grid read rank 6 first, files A to F (bit 35 - i
    /// of the grid order is the grid's i-th cell). Used by [`bitboard!`](crate::bitboard).
    #[doc(hidden)]
    pub const fn from_grid_cells(cells: &[bool]) -> Bitboard {
        assert!(cells.len() == 36, "a bitboard grid has 36 cells");
        let mut bits = 0u64;
        let mut i = 0;
        while i < 36 {
            if cells[i] {
                let rank = 5 - i / 6;
                let file = i % 6;
                bits |= 1 << (rank * 6 + file);
            }
            i += 1;
        }
        Bitboard(bits)
    }
}

/// A bitboard literal: six ranks of six cells, rank 6 first, `.` for empty
/// and any other token (say `X`) for a square in the set.
///
/// ```
/// use duke_engine::{bitboard, Bitboard, Square};
/// let bb = bitboard! {
///     . . . . . .
///     . . . . . .
///     . . . . . .
///     . . . . . .
///     . X . . . .
///     X . . . . .
/// };
/// assert_eq!(bb, Bitboard::from(Square::A1) | Square::B2);
/// ```
#[macro_export]
macro_rules! bitboard {
    (@cell .) => { false };
    (@cell $other:tt) => { true };
    ($($cell:tt)*) => {
        $crate::Bitboard::from_grid_cells(&[$($crate::bitboard!(@cell $cell)),*])
    };
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |bb, sq| bb.with(sq))
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident $op:tt),*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tr<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Square) -> Bitboard { Bitboard(self.0 $op Bitboard::from(rhs).0) }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0 }
        }
        impl $atr<Square> for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Square) { self.0 = self.0 $op Bitboard::from(rhs).0 }
        }
    )*};
}

bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

/// Iterates the squares of a set in index order.
#[derive(Clone, Debug)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Square::from_index(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;

    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return write!(f, "Bitboard({:#011x})", self.0);
        }
        for rank in (0..6).rev() {
            for file in 0..6 {
                let bit = 1u64 << (rank * 6 + file);
                f.write_str(if self.0 & bit != 0 { "X" } else { "." })?;
                f.write_str(if file < 5 { " " } else { "\n" })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn debug_prints_grid() {
        let bb = Bitboard::from(Square::A1) | Square::F6;
        assert_eq!(
            format!("{bb:?}"),
            ". . . . . X\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\nX . . . . .\n"
        );
    }

    #[test]
    fn not_stays_in_36_bits() {
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        assert_eq!((!Bitboard::FULL).0, 0);
    }

    #[test]
    fn first_last_more_than_one() {
        let bb = Bitboard::from(Square::B1) | Square::E5;
        assert_eq!(bb.first(), Some(Square::B1));
        assert_eq!(bb.last(), Some(Square::E5));
        assert!(bb.more_than_one());
        assert!(!Bitboard::from(Square::B1).more_than_one());
        assert_eq!(Bitboard::EMPTY.first(), None);
    }
}
