//! Positions between turns.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::masks::EMPTY;
use crate::{zobrist, Action, ActionKind, Bag, Bitboard, BySide, Face, Side, Square, Tile, Troop};

/// "No square" in the Duke cache.
pub(crate) const NO_SQUARE: u8 = 36;

/// A position between turns: the board, both bags, the side to move, the
/// quiet counter and the turn counter, with its Zobrist key kept
/// incrementally.
///
/// `Position` is `Copy` and takes 88 bytes (a test pins the size), so
/// search and perft copy it to make an action. Equality compares every
/// field; [`Position::same_position`] compares what SPEC §6 calls a
/// position (board, bags, side to move). `Hash` uses the key.
///
/// ```
/// use duke_engine::{Position, Side, Square, Troop};
/// let pos = Position::standard();
/// assert_eq!(pos.side_to_move(), Side::Light);
/// assert_eq!(pos.tile_at(Square::C1).unwrap().troop, Troop::Duke);
/// assert_eq!(pos.bag(Side::Dark).total(), 16);
/// assert_eq!(pos.to_string(), "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
/// ```
#[derive(Copy, Clone)]
pub struct Position {
    pub(crate) board: [u8; 36],
    pub(crate) by_side: [u64; 2],
    pub(crate) bags: [Bag; 2],
    pub(crate) key: u64,
    pub(crate) turn: u32,
    pub(crate) dukes: [u8; 2],
    pub(crate) side: Side,
    pub(crate) quiet: u8,
}

impl Position {
    /// The position before setup: an empty board, both bags full (sixteen
    /// tiles each), Light to place.
    pub(crate) fn before_setup() -> Position {
        let mut pos = Position::blank();
        pos.set_bag(Side::Light, Bag::starting());
        pos.set_bag(Side::Dark, Bag::starting());
        pos
    }

    /// The standard start position (SPEC §5): both fixed setups, Light to move.
    pub fn standard() -> Position {
        let mut pos = Position::before_setup();
        for (side, duke, f1, f2) in [
            (Side::Light, Square::C1, Square::B1, Square::D1),
            (Side::Dark, Square::D6, Square::C6, Square::E6),
        ] {
            pos.put(duke, Tile::new(Troop::Duke, side, Face::Starting));
            pos.put(f1, Tile::new(Troop::Footman, side, Face::Starting));
            pos.put(f2, Tile::new(Troop::Footman, side, Face::Starting));
        }
        pos
    }

    /// An empty board with empty bags, Light to move, counters at 0; used
    /// by readers that fill it field by field.
    pub(crate) fn blank() -> Position {
        Position {
            board: [EMPTY; 36],
            by_side: [0; 2],
            bags: [Bag::EMPTY; 2],
            key: 0,
            turn: 0,
            dukes: [NO_SQUARE; 2],
            side: Side::Light,
            quiet: 0,
        }
    }

    /// The tile on `sq`, if any.
    #[inline]
    pub fn tile_at(&self, sq: Square) -> Option<Tile> {
        match self.board[sq.index()] {
            EMPTY => None,
            code => Some(Tile::from_code(code)),
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The bag of `side`.
    #[inline]
    pub fn bag(&self, side: Side) -> Bag {
        self.bags[side.index()]
    }

    /// Both bags.
    pub fn bags(&self) -> BySide<Bag> {
        BySide::new(self.bags[0], self.bags[1])
    }

    /// Turns since the last capture or levy (SPEC §8 `quiet`).
    #[inline]
    pub fn quiet(&self) -> u32 {
        u32::from(self.quiet)
    }

    /// Turns played since the game started (SPEC §8 `turn`).
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The Zobrist key of board, bags and side to move (not the counters).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The square of `side`'s Duke, `None` once it has been captured.
    #[inline]
    pub fn duke(&self, side: Side) -> Option<Square> {
        Square::from_index(self.dukes[side.index()])
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_side[0] | self.by_side[1])
    }

    /// The squares of `side`'s tiles.
    #[inline]
    pub fn tiles_of(&self, side: Side) -> Bitboard {
        Bitboard(self.by_side[side.index()])
    }

    /// The squares of `side`'s tiles of `troop` (any face).
    pub fn troops(&self, side: Side, troop: Troop) -> Bitboard {
        self.tiles_of(side)
            .into_iter()
            .filter(|&sq| self.board[sq.index()] >> 2 == troop as u8)
            .collect()
    }

    /// Whether both positions are the same for the repetition rule (SPEC
    /// §6): board (kind, owner and face of every tile), both bags and the
    /// side to move; the counters are not compared.
    pub fn same_position(&self, other: &Position) -> bool {
        self.board == other.board && self.bags == other.bags && self.side == other.side
    }

    /// The Zobrist key computed from scratch; always equal to [`Position::key`].
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for (sq, &code) in self.board.iter().enumerate() {
            key ^= zobrist::tile(code, sq);
        }
        for side in Side::ALL {
            for troop in Troop::ALL {
                key ^= zobrist::bag(side.index(), troop.index(), self.bag(side).count(troop));
            }
        }
        if self.side == Side::Dark {
            key ^= zobrist::dark_to_move();
        }
        key
    }

    /// How many tiles `side` still has in play: on the board and in its bag.
    pub fn tiles_in_play(&self, side: Side) -> u32 {
        self.tiles_of(side).count() + self.bag(side).total()
    }

    // --- Mutation, all keeping the key, masks and Duke cache in step. ---

    #[inline(always)]
    pub(crate) fn put_code(&mut self, sq: usize, code: u8) {
        debug_assert_eq!(self.board[sq], EMPTY);
        self.board[sq] = code;
        self.by_side[(code & 1) as usize] |= 1 << sq;
        self.key ^= zobrist::tile(code, sq);
        if code < 4 {
            self.dukes[(code & 1) as usize] = sq as u8;
        }
    }

    #[inline(always)]
    pub(crate) fn remove_code(&mut self, sq: usize) -> u8 {
        let code = self.board[sq];
        debug_assert_ne!(code, EMPTY);
        self.board[sq] = EMPTY;
        self.by_side[(code & 1) as usize] &= !(1 << sq);
        self.key ^= zobrist::tile(code, sq);
        if code < 4 {
            self.dukes[(code & 1) as usize] = NO_SQUARE;
        }
        code
    }

    /// Moves the tile on `from` to the empty square `to`, its code xor-ed
    /// with `flip` (2 turns it over). The Duke's square is kept without a
    /// branch on whether the tile is a Duke: which tile moves is the
    /// random part of a random game, so that branch went either way.
    #[inline(always)]
    fn move_code(&mut self, from: usize, to: usize, flip: u8) {
        let code = self.board[from];
        debug_assert_ne!(code, EMPTY);
        debug_assert_eq!(self.board[to], EMPTY);
        let side = (code & 1) as usize;
        self.board[from] = EMPTY;
        self.board[to] = code ^ flip;
        self.by_side[side] ^= 1 << from | 1 << to;
        self.key ^= zobrist::tile(code, from) ^ zobrist::tile(code ^ flip, to);
        let duke = self.dukes[side];
        self.dukes[side] = if code < 4 { to as u8 } else { duke };
    }

    #[inline(always)]
    fn flip_at(&mut self, sq: usize) {
        let code = self.board[sq];
        self.board[sq] = code ^ 2;
        self.key ^= zobrist::tile(code, sq) ^ zobrist::tile(code ^ 2, sq);
    }

    pub(crate) fn put(&mut self, sq: Square, tile: Tile) {
        if self.board[sq.index()] != EMPTY {
            self.remove_code(sq.index());
        }
        self.put_code(sq.index(), tile.code());
    }

    pub(crate) fn set_bag(&mut self, side: Side, bag: Bag) {
        let old = self.bags[side.index()];
        for troop in Troop::ALL {
            self.key ^= zobrist::bag(side.index(), troop.index(), old.count(troop));
            self.key ^= zobrist::bag(side.index(), troop.index(), bag.count(troop));
        }
        self.bags[side.index()] = bag;
    }

    pub(crate) fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.key ^= zobrist::dark_to_move();
            self.side = side;
        }
    }

    #[inline(always)]
    fn take_from_bag(&mut self, side: usize, troop: usize) {
        let bag = self.bags[side];
        let n = bag.count(Troop::ALL[troop]);
        debug_assert!(n > 0);
        self.key ^= zobrist::bag(side, troop, n) ^ zobrist::bag(side, troop, n.wrapping_sub(1));
        self.bags[side] = Bag::from_bits(bag.bits() - (1 << (4 * troop)));
    }

    /// Places a setup tile for the side to move without passing the turn
    /// (the setup phase counts no turns).
    #[cfg(feature = "alloc")]
    pub(crate) fn setup_place(&mut self, troop: Troop, to: Square) {
        let side = self.side;
        self.put_code(to.index(), Tile::new(troop, side, Face::Starting).code());
    }

    /// Plays `action` without checking that it is legal: the fast path for
    /// search and perft, which only play actions from [`Position::legal_actions`].
    ///
    /// An action that is not legal here leaves the position inconsistent
    /// (but never causes undefined behaviour; it may panic in debug builds).
    /// Use [`Position::play`] for actions from outside.
    #[inline]
    pub fn play_unchecked(&mut self, action: Action) {
        let us = self.side.index();
        let quiet_reset = match action.kind() {
            ActionKind::Relocate => {
                let (from, to) = (action.a(), action.b());
                let captured = self.board[to] != EMPTY;
                if captured {
                    self.remove_code(to);
                }
                self.move_code(from, to, 2);
                captured
            }
            ActionKind::Strike => {
                self.remove_code(action.b());
                self.flip_at(action.a());
                true
            }
            ActionKind::Command => {
                let (commander, from, to) = (action.a(), action.b(), action.c());
                let captured = self.board[to] != EMPTY;
                if captured {
                    self.remove_code(to);
                }
                self.move_code(from, to, 0);
                self.flip_at(commander);
                captured
            }
            ActionKind::Place => {
                let troop = action.a();
                self.take_from_bag(us, troop);
                self.put_code(action.b(), (troop as u8) << 2 | us as u8);
                true
            }
        };
        self.quiet = if quiet_reset {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.turn = self.turn.saturating_add(1);
        self.side = !self.side;
        self.key ^= zobrist::dark_to_move();
    }

    /// The same position with the board mirrored left–right (files A ↔ F).
    /// Every chart is left–right symmetric, so the mirror has the same perft.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        self.transformed(Square::mirror, false)
    }

    /// The same position with the colours swapped: the board turned 180°,
    /// owners swapped, bags swapped and the other side to move. The result
    /// has the same perft.
    #[must_use]
    pub fn colour_swapped(&self) -> Position {
        self.transformed(Square::rotate, true)
    }

    fn transformed(&self, map: fn(Square) -> Square, swap: bool) -> Position {
        let mut out = Position::blank();
        for sq in Square::ALL {
            if let Some(mut tile) = self.tile_at(sq) {
                if swap {
                    tile.side = !tile.side;
                }
                out.put(map(sq), tile);
            }
        }
        let (l, d) = (self.bag(Side::Light), self.bag(Side::Dark));
        let (l, d) = if swap { (d, l) } else { (l, d) };
        out.set_bag(Side::Light, l);
        out.set_bag(Side::Dark, d);
        out.set_side(if swap { !self.side } else { self.side });
        out.quiet = self.quiet;
        out.turn = self.turn;
        out
    }
}

/// Bytes that [`Position::from_bytes`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionBytesError(&'static str);

impl fmt::Display for PositionBytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position bytes: {}", self.0)
    }
}

impl core::error::Error for PositionBytesError {}

impl PositionBytesError {
    /// The stable code: `position.bytes`.
    pub const fn code(&self) -> &'static str {
        "position.bytes"
    }

    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }
}

impl Position {
    /// The length of [`Position::to_bytes`].
    pub const BYTES: usize = 58;

    /// A compact binary form for pickling and storage. Unlike DPN, it also
    /// holds positions in which a Duke has been captured. It holds, in
    /// order:
    ///
    /// - 36 tile codes (`troop * 4 + face * 2 + side`, 60 for empty);
    /// - both bags as little-endian `u64` of 4-bit counts;
    /// - the side to move, the quiet counter and the turn as little-endian
    ///   `u32`.
    ///
    /// ```
    /// use duke_engine::Position;
    /// let pos = Position::standard();
    /// assert_eq!(Position::from_bytes(&pos.to_bytes()), Ok(pos));
    /// ```
    pub fn to_bytes(&self) -> [u8; Position::BYTES] {
        let mut out = [0u8; Position::BYTES];
        out[..36].copy_from_slice(&self.board);
        out[36..44].copy_from_slice(&self.bags[0].bits().to_le_bytes());
        out[44..52].copy_from_slice(&self.bags[1].bits().to_le_bytes());
        out[52] = self.side as u8;
        out[53] = self.quiet;
        out[54..58].copy_from_slice(&self.turn.to_le_bytes());
        out
    }

    /// Reads [`Position::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Position, PositionBytesError> {
        if bytes.len() != Position::BYTES {
            return Err(PositionBytesError("expected 58 bytes"));
        }
        let mut pos = Position::blank();
        let mut counts = [[0u32; 15]; 2];
        for (sq, &code) in bytes[..36].iter().enumerate() {
            if code > EMPTY {
                return Err(PositionBytesError("a tile code is out of range"));
            }
            if code != EMPTY {
                counts[(code & 1) as usize][(code >> 2) as usize] += 1;
                pos.put_code(sq, code);
            }
        }
        let mut word = [0u8; 8];
        for side in Side::ALL {
            word.copy_from_slice(&bytes[36 + 8 * side.index()..44 + 8 * side.index()]);
            let bits = u64::from_le_bytes(word);
            if bits >> 60 != 0 {
                return Err(PositionBytesError("a bag has bits past its 15 counts"));
            }
            let bag = Bag::from_bits(bits);
            for troop in Troop::ALL {
                let n = counts[side.index()][troop.index()] + u32::from(bag.count(troop));
                if n > u32::from(troop.army_count()) {
                    return Err(PositionBytesError("more tiles of a kind than an army has"));
                }
            }
            pos.set_bag(side, bag);
        }
        pos.set_side(match bytes[52] {
            0 => Side::Light,
            1 => Side::Dark,
            _ => return Err(PositionBytesError("the side to move is not 0 or 1")),
        });
        pos.quiet = bytes[53];
        pos.turn = u32::from_le_bytes([bytes[54], bytes[55], bytes[56], bytes[57]]);
        Ok(pos)
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.same_position(other) && self.quiet == other.quiet && self.turn == other.turn
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::standard()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_small() {
        assert_eq!(core::mem::size_of::<Position>(), 88);
    }

    #[test]
    fn standard_key_matches_scratch() {
        let pos = Position::standard();
        assert_eq!(pos.key(), pos.key_from_scratch());
        assert_eq!(pos.duke(Side::Light), Some(Square::C1));
        assert_eq!(pos.duke(Side::Dark), Some(Square::D6));
        assert_eq!(pos.tiles_in_play(Side::Light), 19);
    }

    #[test]
    fn transforms_are_involutions() {
        let pos = Position::standard();
        assert_eq!(pos.mirrored().mirrored(), pos);
        assert_eq!(pos.colour_swapped().colour_swapped(), pos);
        assert_eq!(
            pos.colour_swapped().key(),
            pos.colour_swapped().key_from_scratch()
        );
    }
}
