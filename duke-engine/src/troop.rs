//! The fifteen troop kinds, faces, tiles and bags.

use core::fmt;
use core::ops::{Index, IndexMut};

use core::str::FromStr;

use crate::names::{find, NameKind, ParseNameError};
use crate::Side;

/// A kind of troop tile (SPEC §2).
///
/// ```
/// use duke_engine::Troop;
/// assert_eq!(Troop::from_char('n'), Some(Troop::Dragoon));
/// assert_eq!(Troop::Longbowman.char(), 'L');
/// assert_eq!(Troop::Pikeman.army_count(), 3);
/// assert_eq!(Troop::ALL.iter().map(|t| t.army_count() as u32).sum::<u32>(), 19);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Troop {
    Duke = 0,
    Footman,
    Pikeman,
    Knight,
    Wizard,
    Ranger,
    Seer,
    General,
    Priest,
    Champion,
    Marshall,
    Bowman,
    Dragoon,
    Assassin,
    Longbowman,
}

impl Troop {
    /// The number of kinds.
    pub const COUNT: usize = 15;

    /// Every kind, in the order of `charts.md`.
    pub const ALL: [Troop; 15] = [
        Troop::Duke,
        Troop::Footman,
        Troop::Pikeman,
        Troop::Knight,
        Troop::Wizard,
        Troop::Ranger,
        Troop::Seer,
        Troop::General,
        Troop::Priest,
        Troop::Champion,
        Troop::Marshall,
        Troop::Bowman,
        Troop::Dragoon,
        Troop::Assassin,
        Troop::Longbowman,
    ];

    /// The index, 0 to 14.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Troop> {
        if index < 15 {
            Some(Troop::ALL[index])
        } else {
            None
        }
    }

    /// The uppercase letter (SPEC §2).
    pub const fn char(self) -> char {
        [
            'D', 'F', 'P', 'K', 'W', 'R', 'S', 'G', 'I', 'C', 'M', 'B', 'N', 'A', 'L',
        ][self as usize]
    }

    /// The kind for a letter, in either case.
    pub const fn from_char(c: char) -> Option<Troop> {
        Some(match c.to_ascii_uppercase() {
            'D' => Troop::Duke,
            'F' => Troop::Footman,
            'P' => Troop::Pikeman,
            'K' => Troop::Knight,
            'W' => Troop::Wizard,
            'R' => Troop::Ranger,
            'S' => Troop::Seer,
            'G' => Troop::General,
            'I' => Troop::Priest,
            'C' => Troop::Champion,
            'M' => Troop::Marshall,
            'B' => Troop::Bowman,
            'N' => Troop::Dragoon,
            'A' => Troop::Assassin,
            'L' => Troop::Longbowman,
            _ => return None,
        })
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        [
            "Duke",
            "Footman",
            "Pikeman",
            "Knight",
            "Wizard",
            "Ranger",
            "Seer",
            "General",
            "Priest",
            "Champion",
            "Marshall",
            "Bowman",
            "Dragoon",
            "Assassin",
            "Longbowman",
        ][self as usize]
    }

    /// The English name with its indefinite article, as a sentence names
    /// one tile: "a Footman", "an Assassin".
    ///
    /// ```
    /// use duke_engine::Troop;
    /// assert_eq!(Troop::Assassin.with_article(), "an Assassin");
    /// assert_eq!(Troop::Pikeman.with_article(), "a Pikeman");
    /// ```
    pub const fn with_article(self) -> &'static str {
        [
            "a Duke",
            "a Footman",
            "a Pikeman",
            "a Knight",
            "a Wizard",
            "a Ranger",
            "a Seer",
            "a General",
            "a Priest",
            "a Champion",
            "a Marshall",
            "a Bowman",
            "a Dragoon",
            "an Assassin",
            "a Longbowman",
        ][self as usize]
    }

    /// How many tiles of this kind an army has: 1, or 3 for Footman and Pikeman.
    pub const fn army_count(self) -> u8 {
        match self {
            Troop::Footman | Troop::Pikeman => 3,
            _ => 1,
        }
    }

    /// How many tiles of this kind start in the bag (SPEC §5): the army less
    /// the Duke and two Footmen set up on the board.
    pub const fn bag_count(self) -> u8 {
        match self {
            Troop::Duke => 0,
            Troop::Footman => 1,
            _ => self.army_count(),
        }
    }
}

impl fmt::Display for Troop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per troop kind.
///
/// ```
/// use duke_engine::{ByTroop, Troop};
/// let mut seen = ByTroop::new([0u8; 15]);
/// seen[Troop::Seer] += 1;
/// assert_eq!(seen[Troop::Seer], 1);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByTroop<T>(pub [T; 15]);

impl<T> ByTroop<T> {
    /// Wraps an array indexed by [`Troop::index`].
    pub const fn new(values: [T; 15]) -> ByTroop<T> {
        ByTroop(values)
    }
}

impl<T> Index<Troop> for ByTroop<T> {
    type Output = T;
    #[inline]
    fn index(&self, troop: Troop) -> &T {
        &self.0[troop as usize]
    }
}

impl<T> IndexMut<Troop> for ByTroop<T> {
    #[inline]
    fn index_mut(&mut self, troop: Troop) -> &mut T {
        &mut self.0[troop as usize]
    }
}

/// The face of a tile that is up.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Face {
    /// The starting side, up when a tile is placed.
    Starting = 0,
    /// The other side, written with `+` in DPN.
    Flipped = 1,
}

impl Face {
    /// Both faces.
    pub const ALL: [Face; 2] = [Face::Starting, Face::Flipped];

    /// The other face.
    #[inline]
    pub const fn flip(self) -> Face {
        match self {
            Face::Starting => Face::Flipped,
            Face::Flipped => Face::Starting,
        }
    }
}

/// A tile on the board: a troop kind, its owner and the face that is up.
///
/// ```
/// use duke_engine::{Face, Side, Tile, Troop};
/// let t = Tile::new(Troop::General, Side::Dark, Face::Flipped);
/// assert_eq!(t.to_string(), "+g");
/// assert_eq!(t.flipped().face, Face::Starting);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tile {
    /// The kind.
    pub troop: Troop,
    /// The owner.
    pub side: Side,
    /// The face that is up.
    pub face: Face,
}

impl Tile {
    /// A tile.
    pub const fn new(troop: Troop, side: Side, face: Face) -> Tile {
        Tile { troop, side, face }
    }

    /// The same tile with the other face up.
    #[must_use]
    pub const fn flipped(self) -> Tile {
        Tile {
            face: self.face.flip(),
            ..self
        }
    }

    /// The letter as DPN writes it: uppercase for Light, lowercase for Dark.
    pub const fn char(self) -> char {
        let c = self.troop.char();
        match self.side {
            Side::Light => c,
            Side::Dark => c.to_ascii_lowercase(),
        }
    }

    /// The packed code: `troop * 4 + face * 2 + side`, 0 to 59.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.troop as u8) << 2 | (self.face as u8) << 1 | self.side as u8
    }

    /// The tile for a packed code below 60.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Tile {
        let troop = match Troop::from_index((code >> 2) as usize) {
            Some(t) => t,
            None => panic!("tile code out of range"),
        };
        let face = if code & 2 != 0 {
            Face::Flipped
        } else {
            Face::Starting
        };
        let side = if code & 1 != 0 {
            Side::Dark
        } else {
            Side::Light
        };
        Tile { troop, side, face }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.face == Face::Flipped {
            f.write_str("+")?;
        }
        write!(f, "{}", self.char())
    }
}

/// The tiles in one side's bag, as a count per troop kind.
///
/// Packed four bits per kind in a `u64`, so a bag is `Copy` and cheap to compare.
///
/// ```
/// use duke_engine::{Bag, Troop};
/// let bag = Bag::starting();
/// assert_eq!(bag.total(), 16);
/// assert_eq!(bag.count(Troop::Pikeman), 3);
/// assert_eq!(bag.kinds(), 14);
/// assert_eq!(bag.to_string(), "ABCFGIKLMNPPPRSW");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bag(u64);

const NIBBLE_LOW: u64 = 0x0111_1111_1111_1111;

impl Bag {
    /// An empty bag.
    pub const EMPTY: Bag = Bag(0);

    /// The bag at the start of play: sixteen tiles (SPEC §5).
    pub const fn starting() -> Bag {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 15 {
            bits |= (Troop::ALL[i].bag_count() as u64) << (4 * i);
            i += 1;
        }
        Bag(bits)
    }

    /// How many tiles of `troop` are in the bag.
    #[inline]
    pub const fn count(self, troop: Troop) -> u8 {
        ((self.0 >> (4 * troop as u32)) & 0xF) as u8
    }

    /// Whether the bag holds no tile.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many tiles the bag holds.
    #[inline]
    pub const fn total(self) -> u32 {
        // Sum of 15 nibbles, each at most 15.
        let x = self.0;
        let pairs = (x & 0x0F0F_0F0F_0F0F_0F0F) + ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
        (pairs.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// How many distinct kinds the bag holds.
    #[inline]
    pub const fn kinds(self) -> u32 {
        let x = self.0;
        ((x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW).count_ones()
    }

    /// The kinds present, as a 15-bit set indexed by [`Troop::index`].
    #[inline]
    pub(crate) const fn kind_mask(self) -> u16 {
        let x = self.0;
        // Bit 4i says kind i is present; gather them into bits 0..15 by
        // halving the gaps: 4 to 1 within bytes, then bytes, 16- and
        // 32-bit lanes (no loop: the generator asks it every turn).
        let p = (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW;
        let p = (p | p >> 3) & 0x0303_0303_0303_0303;
        let p = (p | p >> 6) & 0x000F_000F_000F_000F;
        let p = (p | p >> 12) & 0x0000_00FF_0000_00FF;
        ((p | p >> 24) & 0xFFFF) as u16
    }

    #[inline(always)]
    pub(crate) const fn bits(self) -> u64 {
        self.0
    }

    #[inline(always)]
    pub(crate) const fn from_bits(bits: u64) -> Bag {
        Bag(bits)
    }

    /// The bag with one more `troop`. Counts saturate at 15.
    #[must_use]
    pub const fn with(self, troop: Troop) -> Bag {
        if self.count(troop) >= 15 {
            self
        } else {
            Bag(self.0 + (1 << (4 * troop as u32)))
        }
    }

    /// The bag with one `troop` fewer, if it holds one.
    #[inline]
    #[must_use]
    pub const fn without(self, troop: Troop) -> Option<Bag> {
        if self.count(troop) == 0 {
            None
        } else {
            Some(Bag(self.0 - (1 << (4 * troop as u32))))
        }
    }

    /// The kinds in the bag with their counts, in kind order.
    pub fn iter(self) -> impl Iterator<Item = (Troop, u8)> {
        Troop::ALL
            .into_iter()
            .map(move |t| (t, self.count(t)))
            .filter(|&(_, n)| n > 0)
    }

    /// Writes the letters sorted, uppercase for Light, lowercase for Dark,
    /// `-` when empty (SPEC §8).
    pub fn write(self, side: Side, f: &mut impl fmt::Write) -> fmt::Result {
        if self.is_empty() {
            return f.write_char('-');
        }
        for letter in b'A'..=b'Z' {
            if let Some(troop) = Troop::from_char(letter as char) {
                for _ in 0..self.count(troop) {
                    let c = letter as char;
                    f.write_char(match side {
                        Side::Light => c,
                        Side::Dark => c.to_ascii_lowercase(),
                    })?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(Side::Light, f)
    }
}

impl fmt::Debug for Bag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bag({self})")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_mask_is_the_set_of_kinds_present() {
        // Every set of kinds, each kind held 1 to 15 times (varied by the
        // set, so that every count meets every kind).
        // Under Miri, every 97th set (the whole loop takes minutes there).
        for set in (0u32..1 << 15).step_by(if cfg!(miri) { 97 } else { 1 }) {
            let mut bag = Bag::EMPTY;
            for t in Troop::ALL {
                if set & 1 << t.index() != 0 {
                    for _ in 0..1 + (set as usize + 7 * t.index()) % 15 {
                        bag = bag.with(t);
                    }
                }
            }
            let by_count: u32 = Troop::ALL
                .iter()
                .filter(|&&t| bag.count(t) > 0)
                .map(|t| 1 << t.index())
                .sum();
            assert_eq!(u32::from(bag.kind_mask()), by_count, "{set:#x}");
            assert_eq!(by_count, set);
        }
    }

    #[test]
    fn letters_round_trip() {
        for t in Troop::ALL {
            assert_eq!(Troop::from_char(t.char()), Some(t));
            assert_eq!(Troop::from_char(t.char().to_ascii_lowercase()), Some(t));
        }
        assert_eq!(Troop::from_char('x'), None);
    }

    #[test]
    fn tile_codes_round_trip() {
        for t in Troop::ALL {
            for side in Side::ALL {
                for face in Face::ALL {
                    let tile = Tile::new(t, side, face);
                    assert!(tile.code() < 60);
                    assert_eq!(Tile::from_code(tile.code()), tile);
                }
            }
        }
    }

    #[test]
    fn bag_counts() {
        let mut bag = Bag::starting();
        assert_eq!(bag.total(), 16);
        assert_eq!(bag.kinds(), 14);
        assert_eq!(bag.count(Troop::Duke), 0);
        for _ in 0..3 {
            bag = bag.without(Troop::Pikeman).unwrap();
        }
        assert_eq!(bag.without(Troop::Pikeman), None);
        assert_eq!(bag.total(), 13);
        assert_eq!(bag.kinds(), 13);
        assert_eq!(bag.kind_mask().count_ones(), 13);
        assert_eq!(bag.kind_mask() & 1 << Troop::Pikeman.index(), 0);
        assert_eq!(Bag::EMPTY.total(), 0);
        let full = Troop::ALL
            .iter()
            .fold(Bag::EMPTY, |b, &t| (0..15).fold(b, |b, _| b.with(t)));
        assert_eq!(full.total(), 225);
    }
}
