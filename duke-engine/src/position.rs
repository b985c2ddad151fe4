//! Positions between turns.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::masks::EMPTY;
use crate::{
    zobrist, Action, ActionKind, Bag, Bitboard, BySide, Face, Rules, Side, Square, Tile, Troop,
};

/// "No square" in the Duke cache.
pub(crate) const NO_SQUARE: u8 = 36;

/// A position between turns: the board, both bags, the side to move, the
/// quiet counter and the turn counter, with its Zobrist key kept
/// incrementally.
///
/// Under Expanded Play a position also holds its [`Rules`], the squares of
/// the Mountain and the Fort, each side's Flag, the points of Counting Coup
/// and a pending relocation of a Flag.
///
/// `Position` is `Copy` and takes 96 bytes (a test pins the size), so
/// search and perft copy it to make an action. Equality compares every
/// field; [`Position::same_position`] compares what SPEC §6 calls a
/// position (board, bags, side to move, and Expanded Play's terrain,
/// Flags, points and relocation). `Hash` uses the key.
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
    /// Expanded Play: the rules, the squares of the Mountain and the Fort
    /// (`NO_SQUARE` without), each side's Flag square (`NO_SQUARE`
    /// without), the points of Counting Coup and whether the side to move
    /// may first relocate its Flag. All empty in the standard game.
    pub(crate) rules: Rules,
    pub(crate) terrain: [u8; 2],
    pub(crate) flags: [u8; 2],
    pub(crate) score: [u8; 2],
    pub(crate) relocate: bool,
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
            rules: Rules::STANDARD,
            terrain: [NO_SQUARE; 2],
            flags: [NO_SQUARE; 2],
            score: [0; 2],
            relocate: false,
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

    /// The rules of the game this position belongs to.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The Mountain's square, under rules with the Mountain.
    #[inline]
    pub fn mountain(&self) -> Option<Square> {
        Square::from_index(self.terrain[0])
    }

    /// The Fort's square, under rules with the Fort.
    #[inline]
    pub fn fort(&self) -> Option<Square> {
        Square::from_index(self.terrain[1])
    }

    /// The square of a terrain tile, if it is on the board.
    pub fn terrain_square(&self, terrain: crate::Terrain) -> Option<Square> {
        Square::from_index(self.terrain[terrain.index()])
    }

    /// The square of `side`'s Flag (the one `side` keeps from the
    /// opponent), under Counting Coup and Other Objective.
    #[inline]
    pub fn flag(&self, side: Side) -> Option<Square> {
        Square::from_index(self.flags[side.index()])
    }

    /// `side`'s points in Counting Coup (0 to 3; 3 wins).
    #[inline]
    pub fn score(&self, side: Side) -> u32 {
        u32::from(self.score[side.index()])
    }

    /// Whether the side to move may first relocate its Flag (Counting
    /// Coup, after a point scored against it). In a game whose drawn troop
    /// waits to be placed, the position still says so, but the turn's
    /// action has begun: the game lists only the placements, and the
    /// observation's relocation plane is empty.
    #[inline]
    pub fn relocation_pending(&self) -> bool {
        self.relocate
    }

    /// Dark Rider's frozen Pikemen: Light's Pikemen on rank 6, which take
    /// no action and cannot be captured. Empty under other rules.
    ///
    /// ```
    /// use duke_engine::{Position, Square};
    /// let pos: Position = "1P1k2/6/6/6/6/P1P1P1 d -/- 0 9 rider".parse().unwrap();
    /// assert_eq!(pos.frozen().into_iter().collect::<Vec<_>>(), [Square::B6]);
    /// assert!(Position::standard().frozen().is_empty());
    /// ```
    #[inline]
    pub fn frozen(&self) -> crate::Bitboard {
        crate::Bitboard(self.frozen_mask())
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
        self.board == other.board
            && self.bags == other.bags
            && self.side == other.side
            && self.same_state(other)
    }

    /// Whether both have the same Expanded Play state: rules, terrain,
    /// Flags, points and relocation.
    #[inline(always)]
    fn same_state(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.terrain == other.terrain
            && self.flags == other.flags
            && self.score == other.score
            && self.relocate == other.relocate
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
        key ^ self.state_key()
    }

    /// The key of the Expanded Play state (0 in the standard game).
    pub(crate) fn state_key(&self) -> u64 {
        let mut key = zobrist::rules(self.rules.index());
        for i in 0..2 {
            key ^= zobrist::terrain(i, self.terrain[i]);
            key ^= zobrist::flag(i, self.flags[i]);
            key ^= zobrist::score(i, self.score[i]);
        }
        if self.relocate {
            key ^= zobrist::relocate();
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
        self.put_code_with::<true>(sq, code);
    }

    /// [`Position::put_code`]; with `KEY` false, the key is left as it was
    /// (see [`Position::play_base_with`]).
    #[inline(always)]
    fn put_code_with<const KEY: bool>(&mut self, sq: usize, code: u8) {
        debug_assert_eq!(self.board[sq], EMPTY);
        self.board[sq] = code;
        self.by_side[(code & 1) as usize] |= 1 << sq;
        if KEY {
            self.key ^= zobrist::tile(code, sq);
        }
        if code < 4 {
            self.dukes[(code & 1) as usize] = sq as u8;
        }
    }

    #[inline(always)]
    pub(crate) fn remove_code(&mut self, sq: usize) -> u8 {
        self.remove_code_with::<true>(sq)
    }

    /// [`Position::remove_code`]; with `KEY` false, the key is left as it
    /// was.
    #[inline(always)]
    fn remove_code_with<const KEY: bool>(&mut self, sq: usize) -> u8 {
        let code = self.board[sq];
        debug_assert_ne!(code, EMPTY);
        self.board[sq] = EMPTY;
        self.by_side[(code & 1) as usize] &= !(1 << sq);
        if KEY {
            self.key ^= zobrist::tile(code, sq);
        }
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
    fn move_code<const KEY: bool>(&mut self, from: usize, to: usize, flip: u8) {
        let code = self.board[from];
        debug_assert_ne!(code, EMPTY);
        debug_assert_eq!(self.board[to], EMPTY);
        let side = (code & 1) as usize;
        self.board[from] = EMPTY;
        self.board[to] = code ^ flip;
        self.by_side[side] ^= 1 << from | 1 << to;
        if KEY {
            self.key ^= zobrist::tile(code, from) ^ zobrist::tile(code ^ flip, to);
        }
        let duke = self.dukes[side];
        self.dukes[side] = if code < 4 { to as u8 } else { duke };
    }

    #[inline(always)]
    fn flip_at<const KEY: bool>(&mut self, sq: usize) {
        let code = self.board[sq];
        self.board[sq] = code ^ 2;
        if KEY {
            self.key ^= zobrist::tile(code, sq) ^ zobrist::tile(code ^ 2, sq);
        }
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
    fn take_from_bag<const KEY: bool>(&mut self, side: usize, troop: usize) {
        let bag = self.bags[side];
        let n = bag.count(Troop::ALL[troop]);
        debug_assert!(n > 0);
        if KEY {
            self.key ^= zobrist::bag(side, troop, n) ^ zobrist::bag(side, troop, n.wrapping_sub(1));
        }
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
        if self.rules.has_flags() {
            // Counting Coup and Other Objective: Flags, points, relocation.
            self.play_with_flags(action);
            return;
        }
        self.play_base(action);
    }

    /// [`Position::play_unchecked`] without Expanded Play's Flags: the
    /// standard game's play, and Dark Rider's and the terrain's.
    #[inline(always)]
    pub(crate) fn play_base(&mut self, action: Action) {
        self.play_base_with::<true>(action);
    }

    /// [`Position::play_base`]; with `KEY` false the key is not kept (it
    /// is left stale): for perft's children under the standard rules,
    /// which are only counted, never looked up or compared.
    #[inline(always)]
    pub(crate) fn play_base_with<const KEY: bool>(&mut self, action: Action) {
        let us = self.side.index();
        let quiet_reset = match action.kind() {
            ActionKind::Relocate => {
                let (from, to) = (action.a(), action.b());
                let captured = self.board[to] != EMPTY;
                if captured {
                    self.remove_code_with::<KEY>(to);
                }
                self.move_code::<KEY>(from, to, 2);
                captured
            }
            ActionKind::Strike => {
                self.remove_code_with::<KEY>(action.b());
                self.flip_at::<KEY>(action.a());
                true
            }
            ActionKind::Command => {
                let (commander, from, to) = (action.a(), action.b(), action.c());
                let captured = self.board[to] != EMPTY;
                if captured {
                    self.remove_code_with::<KEY>(to);
                }
                self.move_code::<KEY>(from, to, 0);
                self.flip_at::<KEY>(commander);
                captured
            }
            ActionKind::Place => {
                let troop = action.a();
                self.take_from_bag::<KEY>(us, troop);
                self.put_code_with::<KEY>(action.b(), (troop as u8) << 2 | us as u8);
                true
            }
            // Passes and relocations come only with the Flags
            // (`play_with_flags`); terrain and picks only in setup.
            ActionKind::Pass | ActionKind::Flag | ActionKind::Terrain | ActionKind::Pick => {
                debug_assert!(false, "{action:?} is not an action of play");
                false
            }
        };
        self.quiet = if quiet_reset {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.turn = self.turn.saturating_add(1);
        self.side = !self.side;
        if KEY {
            self.key ^= zobrist::dark_to_move();
        }
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
        // Expanded Play's state, mapped the same way.
        out.rules = self.rules;
        let at = |sq: u8| Square::from_index(sq).map_or(NO_SQUARE, |s| map(s) as u8);
        out.terrain = self.terrain.map(at);
        let (flags, score) = if swap {
            (
                [self.flags[1], self.flags[0]],
                [self.score[1], self.score[0]],
            )
        } else {
            (self.flags, self.score)
        };
        out.flags = flags.map(at);
        out.score = score;
        out.relocate = self.relocate;
        out.key ^= out.state_key();
        out
    }
}

/// Bytes that [`Position::from_bytes`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionBytesError(BytesProblem);

#[derive(Clone, Debug, PartialEq, Eq)]
enum BytesProblem {
    /// The bytes are not the form's.
    Form(&'static str),
    /// They are, but the position is not one DPN's rules allow.
    Invalid(crate::ParseDpnError),
}

impl fmt::Display for PositionBytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            BytesProblem::Form(what) => write!(f, "position bytes: {what}"),
            BytesProblem::Invalid(e) => write!(f, "position bytes: {e}"),
        }
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
    pub const BYTES: usize = 66;

    /// A compact binary form for pickling and storage. Unlike DPN, it also
    /// holds positions in which the game is over (a Duke captured, the
    /// third point scored). It holds, in order:
    ///
    /// - 36 tile codes (`troop * 4 + face * 2 + side`, 60 for empty);
    /// - both bags as little-endian `u64` of 4-bit counts;
    /// - the side to move, the quiet counter and the turn as little-endian
    ///   `u32`;
    /// - Expanded Play: the rules (their index, 0 for the standard game),
    ///   the Mountain's and the Fort's squares, Light's and Dark's Flag
    ///   squares (36 for none), both sides' points, and 1 when a relocation
    ///   is pending.
    ///
    /// Reading checks everything DPN checks (the same checks, but for the
    /// end of a game).
    ///
    /// ```
    /// use duke_engine::Position;
    /// let pos = Position::standard();
    /// assert_eq!(Position::from_bytes(&pos.to_bytes()), Ok(pos));
    /// let mut bytes = pos.to_bytes();
    /// bytes[53] = 201; // a quiet counter past 200
    /// assert!(Position::from_bytes(&bytes).is_err());
    /// ```
    pub fn to_bytes(&self) -> [u8; Position::BYTES] {
        let mut out = [0u8; Position::BYTES];
        out[..36].copy_from_slice(&self.board);
        out[36..44].copy_from_slice(&self.bags[0].bits().to_le_bytes());
        out[44..52].copy_from_slice(&self.bags[1].bits().to_le_bytes());
        out[52] = self.side as u8;
        out[53] = self.quiet;
        out[54..58].copy_from_slice(&self.turn.to_le_bytes());
        out[58] = self.rules.index() as u8;
        out[59..61].copy_from_slice(&self.terrain);
        out[61..63].copy_from_slice(&self.flags);
        out[63..65].copy_from_slice(&self.score);
        out[65] = u8::from(self.relocate);
        out
    }

    /// Reads [`Position::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Position, PositionBytesError> {
        let form = |what| PositionBytesError(BytesProblem::Form(what));
        if bytes.len() != Position::BYTES {
            return Err(form("expected 66 bytes"));
        }
        let mut pos = Position::blank();
        for (sq, &code) in bytes[..36].iter().enumerate() {
            if code > EMPTY {
                return Err(form("a tile code is out of range"));
            }
            if code != EMPTY {
                pos.put_code(sq, code);
            }
        }
        let mut word = [0u8; 8];
        for side in Side::ALL {
            word.copy_from_slice(&bytes[36 + 8 * side.index()..44 + 8 * side.index()]);
            let bits = u64::from_le_bytes(word);
            if bits >> 60 != 0 {
                return Err(form("a bag has bits past its 15 counts"));
            }
            pos.set_bag(side, Bag::from_bits(bits));
        }
        pos.set_side(match bytes[52] {
            0 => Side::Light,
            1 => Side::Dark,
            _ => return Err(form("the side to move is not 0 or 1")),
        });
        if u32::from(bytes[53]) > crate::QUIET_LIMIT {
            return Err(form("the quiet counter is past 200"));
        }
        pos.quiet = bytes[53];
        pos.turn = u32::from_le_bytes([bytes[54], bytes[55], bytes[56], bytes[57]]);
        pos.rules = Rules::all()
            .find(|r| r.index() == usize::from(bytes[58]))
            .ok_or(form("the rules are not a valid combination"))?;
        let square = |b: u8| {
            if b <= NO_SQUARE {
                Ok(b)
            } else {
                Err(form("a square is past 36"))
            }
        };
        pos.terrain = [square(bytes[59])?, square(bytes[60])?];
        pos.flags = [square(bytes[61])?, square(bytes[62])?];
        if bytes[63] > 3 || bytes[64] > 3 || bytes[65] > 1 {
            return Err(form("points past 3 or a relocation that is not 0 or 1"));
        }
        pos.score = [bytes[63], bytes[64]];
        pos.relocate = bytes[65] == 1;
        // The state's items, exactly those the rules use.
        let r = pos.rules;
        let present = |b: u8| b != NO_SQUARE;
        if present(pos.terrain[0]) != r.mountain()
            || present(pos.terrain[1]) != r.fort()
            || (present(pos.flags[0]) || present(pos.flags[1])) != r.objective().has_flags()
            || present(pos.flags[0]) != present(pos.flags[1])
            || (r.objective() != crate::Objective::Coup && (pos.score != [0, 0] || pos.relocate))
        {
            return Err(form(
                "the terrain, Flags or points are not those of the rules",
            ));
        }
        pos.key = pos.key_from_scratch();
        pos.check(true)
            .map_err(|e| PositionBytesError(BytesProblem::Invalid(e)))?;
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
        assert_eq!(core::mem::size_of::<Position>(), 96);
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
