//! Encoders for machine learning: observation planes and a fixed action
//! space with index ↔ action both ways. They live in the engine so that
//! Rust, Python and C get the same numbers.
//!
//! # Observation
//!
//! [`OBS_LEN`] bytes (`u8`), read as planes `[PLANES][6][6]`: plane `p`,
//! row `r` (rank `r + 1`, Light's back row first), column `f` (file A + f).
//!
//! | planes | content |
//! |---|---|
//! | 0–59 | one plane per (troop, face, owner): plane `(troop * 2 + face) * 2 + owner`, 1 where such a tile stands |
//! | 60 | 1 everywhere when Light is to move |
//! | 61–75 | owner 0's bag: plane 61 + troop, filled with the count |
//! | 76–90 | owner 1's bag: plane 76 + troop, filled with the count |
//! | 91 | the quiet counter (0–200) everywhere |
//! | 92–106 | in a game, the troop drawn and waiting to be placed: plane 92 + troop all 1 |
//!
//! Under Expanded Play (any rules but the standard game's) an observation
//! has [`EXPANDED_PLANES`] planes: the 107 above, then
//!
//! | planes | content |
//! |---|---|
//! | 107 | the Mountain's square |
//! | 108 | the Fort's square |
//! | 109 | owner 0's Flag's square (its holder is the tile there) |
//! | 110 | owner 1's Flag's square |
//! | 111 | owner 0's points in Counting Coup (0–3) everywhere |
//! | 112 | owner 1's points everywhere |
//! | 113 | 1 everywhere while the mover may relocate its Flag (not once it has drawn a troop) |
//! | 114 | Dark Rider's frozen Pikemen |
//! | 115–118 | 1 everywhere under `coup`, `flag`, `rider`, `draft` (one plane each) |
//!
//! [`planes`] and [`observation_len`] give the sizes for some rules; under
//! the standard rules they are [`PLANES`] and [`OBS_LEN`], unchanged.
//!
//! Troops are in [`Troop::ALL`](crate::Troop::ALL) order, faces 0 = starting, 1 = flipped.
//! With [`Perspective::Absolute`] owner 0 is Light and the board is as
//! SPEC §1 lays it out. With [`Perspective::Mover`] owner 0 is the side to
//! move, and when that is Dark the board is turned 180° (square `i` is
//! written at `35 - i`), so the mover always sits at rows 0–1.
//! [`Perspective::Of`] does the same for a given side.
//!
//! # Action space
//!
//! [`ACTION_SPACE`] = 5,437 indices:
//!
//! | indices | decision |
//! |---|---|
//! | 0–1295 | relocate: `from * 36 + to` |
//! | 1296–2591 | strike: `1296 + from * 36 + target` |
//! | 2592–4895 | command: `2592 + commander * 64 + dir(from) * 8 + dir(to)`, where `dir` is the direction from the commander (N, NE, E, SE, S, SW, W, NW = 0–7; every ⌘ square touches its commander) |
//! | 4896–5435 | place (a levy with its troop, or a setup placement): `4896 + troop * 36 + square` |
//! | 5436 | draw: decide to levy (the troop then comes from the bag) |
//!
//! When the viewer is Dark ([`Perspective::Mover`] with Dark to move, or
//! [`Perspective::Of`] Dark), squares are turned 180°
//! (`35 - i`) and directions by four (`(d + 4) % 8`) before indexing.
//! A [`Position`]'s legal actions list every levy as a placement (SPEC §9);
//! a [`Game`](crate::Game) in play offers [`DRAW`] instead, and after the
//! draw the placements of the drawn troop.
//!
//! ```
//! use duke_engine::encode::{action_from_index, action_index, ACTION_SPACE};
//! use duke_engine::{Decision, Perspective};
//! use duke_engine::{Action, Position, Square};
//! let pos = Position::standard();
//! let a = Action::relocate(Square::B1, Square::B2);
//! let i = action_index(Decision::Act(a), &pos, Perspective::Absolute);
//! assert_eq!(i, 1 * 36 + 7);
//! assert_eq!(action_from_index(i, &pos, Perspective::Absolute), Some(Decision::Act(a)));
//! assert!(i < ACTION_SPACE);
//! ```

use crate::masks::{DIRS, DIR_OF};
use crate::{Action, ActionKind, Decision, Perspective, Position, Side, Square, Troop};

/// Planes of an observation.
pub const PLANES: usize = 107;
/// Bytes of an observation: `PLANES * 36`.
pub const OBS_LEN: usize = PLANES * 36;
/// Size of the action space.
pub const ACTION_SPACE: usize = 5437;
/// First index of each kind of decision.
pub const RELOCATE_BASE: usize = 0;
/// First strike index.
pub const STRIKE_BASE: usize = 1296;
/// First command index.
pub const COMMAND_BASE: usize = 2592;
/// First placement index.
pub const PLACE_BASE: usize = 4896;
/// The index of the decision to levy.
pub const DRAW: usize = 5436;

/// Planes of an observation under Expanded Play: the standard game's
/// [`PLANES`], then the terrain, the Flags, the points, a pending
/// relocation, frozen Pikemen and the rules (see the module's table).
pub const EXPANDED_PLANES: usize = PLANES + 12;
/// Bytes of an observation under Expanded Play: `EXPANDED_PLANES * 36`.
pub const EXPANDED_OBS_LEN: usize = EXPANDED_PLANES * 36;

/// The planes of an observation of a position under `rules`: [`PLANES`]
/// under the standard rules, [`EXPANDED_PLANES`] under any other.
///
/// ```
/// use duke_engine::encode::{planes, observation_len, EXPANDED_PLANES, OBS_LEN, PLANES};
/// use duke_engine::Rules;
/// assert_eq!(planes(Rules::STANDARD), PLANES);
/// assert_eq!(observation_len(Rules::STANDARD), OBS_LEN);
/// assert_eq!(planes("coup+mountain".parse().unwrap()), EXPANDED_PLANES);
/// ```
pub const fn planes(rules: crate::Rules) -> usize {
    if rules.is_standard() {
        PLANES
    } else {
        EXPANDED_PLANES
    }
}

/// The bytes of an observation under `rules`: `planes(rules) * 36`.
pub const fn observation_len(rules: crate::Rules) -> usize {
    planes(rules) * 36
}

/// Expanded Play's decisions follow the standard space: a Flag passed
/// (its holder's square, times the four directions N, E, S, W as the
/// viewer sees them).
pub const PASS_BASE: usize = ACTION_SPACE;
/// A Flag placed in setup or relocated (its square).
pub const FLAG_BASE: usize = PASS_BASE + 36 * 4;
/// A kind picked in the draft (its troop index).
pub const PICK_BASE: usize = FLAG_BASE + 36;
/// A terrain tile placed (a chance outcome, never a player's decision:
/// the Mountain's 36 squares, then the Fort's).
pub const TERRAIN_BASE: usize = PICK_BASE + 15;
/// The size of the action space under Expanded Play: the standard space
/// and the indices above.
pub const EXPANDED_ACTION_SPACE: usize = TERRAIN_BASE + 2 * 36;

/// The size of the action space of a game under `rules`: [`ACTION_SPACE`]
/// under the standard rules, [`EXPANDED_ACTION_SPACE`] under any other.
/// Masks of a game are this long.
///
/// ```
/// use duke_engine::encode::{action_space, ACTION_SPACE, EXPANDED_ACTION_SPACE};
/// use duke_engine::Rules;
/// assert_eq!(action_space(Rules::STANDARD), ACTION_SPACE);
/// assert_eq!(action_space("coup".parse().unwrap()), EXPANDED_ACTION_SPACE);
/// ```
pub const fn action_space(rules: crate::Rules) -> usize {
    if rules.is_standard() {
        ACTION_SPACE
    } else {
        EXPANDED_ACTION_SPACE
    }
}

impl Perspective {
    /// The side seen as owner 0 in `pos`.
    #[inline]
    pub fn viewer(self, pos: &Position) -> Side {
        self.viewer_when(pos.side_to_move())
    }
}

/// Whether the viewer of `persp` in `pos` sees the board turned (Dark).
#[inline(always)]
pub(crate) fn turned(pos: &Position, persp: Perspective) -> bool {
    persp.viewer(pos) == Side::Dark
}

/// Square `sq` as a viewer who sees the board turned (`turn`) or not
/// indexes it.
#[inline(always)]
pub(crate) fn map_sq(sq: usize, turn: bool) -> usize {
    // 35 - sq when turned, as !sq + 36; no branch (the mover alternates).
    let m = usize::from(turn).wrapping_neg();
    (sq ^ m).wrapping_add(36 & m)
}

/// The index of a decision in the action space.
#[inline(always)]
pub fn action_index(decision: Decision, pos: &Position, persp: Perspective) -> usize {
    let t = turned(pos, persp);
    let a = match decision {
        Decision::Levy => return DRAW,
        Decision::Act(a) => a,
    };
    match a.kind() {
        ActionKind::Relocate => RELOCATE_BASE + map_sq(a.a(), t) * 36 + map_sq(a.b(), t),
        ActionKind::Strike => STRIKE_BASE + map_sq(a.a(), t) * 36 + map_sq(a.b(), t),
        ActionKind::Command => {
            let (c, f, to) = (map_sq(a.a(), t), map_sq(a.b(), t), map_sq(a.c(), t));
            let df = DIR_OF[c][f] as usize & 7;
            let dt = DIR_OF[c][to] as usize & 7;
            COMMAND_BASE + c * 64 + df * 8 + dt
        }
        ActionKind::Place => PLACE_BASE + a.a() * 36 + map_sq(a.b(), t),
        ActionKind::Pass => {
            let (h, to) = (map_sq(a.a(), t), map_sq(a.b(), t));
            let dir = match to as isize - h as isize {
                6 => 0,
                1 => 1,
                -6 => 2,
                _ => 3,
            };
            PASS_BASE + h * 4 + dir
        }
        ActionKind::Flag => FLAG_BASE + map_sq(a.b(), t),
        ActionKind::Pick => PICK_BASE + a.a() % 15,
        ActionKind::Terrain => TERRAIN_BASE + (a.a() & 1) * 36 + map_sq(a.b(), t),
    }
}

/// For a head that is not a command (a relocation, strike or placement
/// whose target field is 0): the index of `head.with_target(s)` is this
/// plus `map_sq(s, turn)`. No branch on the kind.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn target_base(head: Action, turn: bool) -> usize {
    const BASES: [usize; 4] = [RELOCATE_BASE, STRIKE_BASE, COMMAND_BASE, PLACE_BASE];
    // The kind's bits as they are (`kind()` would build the enum first).
    let kind = (head.to_bits() >> 18) as usize & 3;
    // A placement's first field is its troop, not a square.
    let turn = turn & (kind != ActionKind::Place as usize);
    BASES[kind] + map_sq(head.a(), turn) * 36
}

/// The index of every action `head.with_target(t)` for `t` in `targets`
/// (`head` an action whose target field is 0), given to `f`: for all kinds
/// but commands the index is a base plus the (turned) target square, so the
/// head is encoded once.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn for_each_target_index(
    head: Action,
    mut targets: u64,
    pos: &Position,
    persp: Perspective,
    mut f: impl FnMut(usize),
) {
    let t = turned(pos, persp);
    if head.kind() == ActionKind::Command {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            f(action_index(
                Decision::Act(head.with_target(to)),
                pos,
                persp,
            ));
            targets &= targets - 1;
        }
        return;
    }
    let base = target_base(head, t);
    while targets != 0 {
        f(base + map_sq(targets.trailing_zeros() as usize, t));
        targets &= targets - 1;
    }
}

/// The decision at an index, `None` past the space or for a command index
/// whose squares fall off the board or coincide. The capture flag of the
/// action is set from `pos`.
pub fn action_from_index(index: usize, pos: &Position, persp: Perspective) -> Option<Decision> {
    let t = turned(pos, persp);
    let sq = |i: usize| Square::from_index(map_sq(i, t) as u8);
    let captures = |to: Square| {
        pos.tile_at(to)
            .is_some_and(|tile| tile.side != pos.side_to_move())
    };
    let a = if index < STRIKE_BASE {
        let (from, to) = (sq(index / 36)?, sq(index % 36)?);
        if from == to {
            return None;
        }
        Action::relocate(from, to).with_capture(captures(to))
    } else if index < COMMAND_BASE {
        let i = index - STRIKE_BASE;
        let (from, to) = (sq(i / 36)?, sq(i % 36)?);
        if from == to {
            return None;
        }
        Action::strike(from, to)
    } else if index < PLACE_BASE {
        let i = index - COMMAND_BASE;
        let c = i / 64;
        let (df, dt) = ((i / 8) % 8, i % 8);
        if df == dt {
            return None;
        }
        let step = |d: usize| -> Option<usize> {
            let (dx, dy) = DIRS[d];
            let f = (c % 6) as i8 + dx;
            let r = (c / 6) as i8 + dy;
            ((0..6).contains(&f) && (0..6).contains(&r)).then_some((r * 6 + f) as usize)
        };
        let (f, to) = (step(df)?, step(dt)?);
        let (c, f, to) = (sq(c)?, sq(f)?, sq(to)?);
        Action::command(c, f, to).with_capture(captures(to))
    } else if index < DRAW {
        let i = index - PLACE_BASE;
        Action::place(Troop::from_index(i / 36)?, sq(i % 36)?)
    } else if index == DRAW {
        return Some(Decision::Levy);
    } else if index < FLAG_BASE {
        let i = index - PASS_BASE;
        let h = i / 4;
        let to = match i % 4 {
            0 if h < 30 => h + 6,
            1 if h % 6 < 5 => h + 1,
            2 if h >= 6 => h - 6,
            3 if !h.is_multiple_of(6) => h - 1,
            _ => return None,
        };
        Action::pass(sq(h)?, sq(to)?)
    } else if index < PICK_BASE {
        Action::flag(sq(index - FLAG_BASE)?)
    } else if index < TERRAIN_BASE {
        Action::pick(Troop::from_index(index - PICK_BASE)?)
    } else if index < EXPANDED_ACTION_SPACE {
        let i = index - TERRAIN_BASE;
        Action::terrain(crate::Terrain::ALL[i / 36], sq(i % 36)?)
    } else {
        return None;
    };
    Some(Decision::Act(a))
}

/// Writes the observation planes of `pos` into `out` (its first [`observation_len`]
/// bytes; the drawn-troop planes stay 0 — see [`write_observation_with_draw`]).
///
/// # Panics
///
/// When `out` is shorter than [`observation_len`] of the position's rules.
pub fn write_observation(pos: &Position, persp: Perspective, out: &mut [u8]) {
    write_observation_with_draw(pos, None, persp, out);
}

/// Writes the observation planes, with the troop drawn and waiting to be
/// placed, if any.
///
/// # Panics
///
/// When `out` is shorter than [`observation_len`] of the position's rules.
pub fn write_observation_with_draw(
    pos: &Position,
    drawn: Option<Troop>,
    persp: Perspective,
    out: &mut [u8],
) {
    let rules = pos.rules();
    let out = &mut out[..observation_len(rules)];
    out.fill(0);
    let t = turned(pos, persp);
    let first = persp.viewer(pos);
    for_each_tile_byte(pos, t, first, |i| out[i] = 1);
    for (p, &v) in plane_fills(pos, drawn, first).iter().enumerate() {
        if v != 0 {
            out[(FILLED + p) * 36..(FILLED + p + 1) * 36].fill(v);
        }
    }
    if !rules.is_standard() {
        write_expanded_planes(pos, drawn.is_none(), t, first, out);
    }
}

/// Planes 107 to 118 of an observation under Expanded Play; `may_relocate`
/// is false once the mover has drawn a troop (the turn's action has begun).
fn write_expanded_planes(pos: &Position, may_relocate: bool, t: bool, first: Side, out: &mut [u8]) {
    use crate::Objective;
    let rules = pos.rules();
    let mut at = |plane: usize, sq: Square| out[plane * 36 + map_sq(sq.index(), t)] = 1;
    if let Some(sq) = pos.mountain() {
        at(PLANES, sq);
    }
    if let Some(sq) = pos.fort() {
        at(PLANES + 1, sq);
    }
    for (i, side) in [first, !first].into_iter().enumerate() {
        if let Some(sq) = pos.flag(side) {
            at(PLANES + 2 + i, sq);
        }
    }
    let mut frozen = pos.frozen_mask();
    while frozen != 0 {
        let sq = frozen.trailing_zeros() as usize;
        frozen &= frozen - 1;
        out[(PLANES + 7) * 36 + map_sq(sq, t)] = 1;
    }
    let mut fill = |plane: usize, v: u8| {
        if v != 0 {
            out[plane * 36..(plane + 1) * 36].fill(v);
        }
    };
    for (i, side) in [first, !first].into_iter().enumerate() {
        fill(PLANES + 4 + i, pos.score(side).min(255) as u8);
    }
    fill(
        PLANES + 6,
        u8::from(may_relocate && pos.relocation_pending()),
    );
    fill(PLANES + 8, u8::from(rules.objective() == Objective::Coup));
    fill(PLANES + 9, u8::from(rules.objective() == Objective::Flag));
    fill(PLANES + 10, u8::from(rules.objective() == Objective::Rider));
    fill(PLANES + 11, u8::from(rules.draft()));
}

/// The first plane filled with one value (side to move, bags, quiet
/// counter, drawn troop).
const FILLED: usize = 60;

/// The byte of every tile's plane and square.
#[inline(always)]
fn for_each_tile_byte(pos: &Position, t: bool, first: Side, mut f: impl FnMut(usize)) {
    let mut occ = pos.occupied().0;
    while occ != 0 {
        let sq = occ.trailing_zeros() as usize;
        occ &= occ - 1;
        let code = pos.board[sq];
        let troop = (code >> 2) as usize;
        let face = ((code >> 1) & 1) as usize;
        let owner = usize::from(code & 1 != first as u8);
        let plane = (troop * 2 + face) * 2 + owner;
        f(plane * 36 + map_sq(sq, t));
    }
}

/// The value of each filled plane, 60 to 106.
#[inline(always)]
fn plane_fills(pos: &Position, drawn: Option<Troop>, first: Side) -> [u8; PLANES - FILLED] {
    let mut v = [0u8; PLANES - FILLED];
    v[0] = u8::from(pos.side_to_move() == Side::Light);
    for (i, side) in [first, !first].into_iter().enumerate() {
        let bag = pos.bag(side);
        for troop in Troop::ALL {
            v[1 + i * 15 + troop.index()] = bag.count(troop);
        }
    }
    v[31] = pos.quiet;
    if let Some(troop) = drawn {
        v[32 + troop.index()] = 1;
    }
    v
}

/// What an observation shows, kept so that the next one can be written
/// by its differences: the byte of each tile, and what the filled planes
/// are made of (the side to move, both bags as the viewer sees them, the
/// quiet counter, the drawn troop).
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub(crate) struct Shown {
    /// The byte of each tile (at most one per square).
    tiles: [u16; 36],
    n_tiles: u8,
    /// Plane 60's value: 1 when Light is to move.
    light: u8,
    quiet: u8,
    /// The drawn troop's index + 1, or 0.
    drawn: u8,
    /// The viewer's bag, then the other side's, as [`crate::Bag`] keeps
    /// them (a 4-bit count per troop, in [`Troop::ALL`] order).
    bags: [u64; 2],
}

#[cfg(feature = "alloc")]
impl Shown {
    /// What an observation of zeros shows.
    pub(crate) const BLANK: Shown = Shown {
        tiles: [0; 36],
        n_tiles: 0,
        light: 0,
        quiet: 0,
        drawn: 0,
        bags: [0; 2],
    };

    /// Turns an observation that shows `self` into the observation of
    /// `pos` with a drawn troop, and remembers what it shows now. It writes
    /// only the bytes that can change:
    ///
    /// - the old tiles cleared and the new ones set;
    /// - the side-to-move and quiet planes;
    /// - the planes of bag counts and drawn troop that differ.
    ///
    /// The result is byte for byte what [`write_observation_with_draw`]
    /// writes.
    #[inline]
    pub(crate) fn update(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        persp: Perspective,
        out: &mut [u8],
    ) {
        let out = &mut out[..OBS_LEN];
        for &i in &self.tiles[..usize::from(self.n_tiles)] {
            out[usize::from(i)] = 0;
        }
        let first = persp.viewer(pos);
        let turn = turned(pos, persp);
        let (mut occ, mut n) = (pos.occupied().0, 0);
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            // A tile code is troop * 4 + face * 2 + side, and its plane
            // (troop * 2 + face) * 2 + owner, where owner is side ^ first:
            // the code with its side bit turned to the viewer's.
            let plane = usize::from(pos.board[sq] ^ first as u8);
            let i = plane * 36 + map_sq(sq, turn);
            out[i] = 1;
            self.tiles[n % 36] = i as u16;
            n += 1;
        }
        self.n_tiles = n as u8;
        // Both change on almost every step: written without a test.
        self.light = u8::from(pos.side_to_move() == Side::Light);
        self.quiet = pos.quiet;
        fill_plane(out, FILLED, self.light);
        fill_plane(out, FILLED + 31, self.quiet);
        let bags = [pos.bag(first).bits(), pos.bag(!first).bits()];
        // The troops whose count differs in either bag, a nibble each (one
        // loop: seen by the mover, both bags change places on every turn).
        let mut changed = (self.bags[0] ^ bags[0]) | (self.bags[1] ^ bags[1]);
        while changed != 0 {
            let troop = changed.trailing_zeros() as usize / 4;
            for (k, bag) in bags.into_iter().enumerate() {
                fill_plane(
                    out,
                    FILLED + 1 + 15 * k + troop,
                    (bag >> (4 * troop)) as u8 & 15,
                );
            }
            changed &= !(15 << (4 * troop));
        }
        self.bags = bags;
        let now = drawn.map_or(0, |t| t.index() as u8 + 1);
        if now != self.drawn {
            if self.drawn != 0 {
                fill_plane(out, FILLED + 31 + usize::from(self.drawn), 0);
            }
            if now != 0 {
                fill_plane(out, FILLED + 31 + usize::from(now), 1);
            }
            self.drawn = now;
        }
    }
}

/// Fills plane `p` of an observation with `v`.
#[cfg(feature = "alloc")]
#[inline(always)]
fn fill_plane(out: &mut [u8], p: usize, v: u8) {
    out[p * 36..p * 36 + 36].fill(v);
}

/// Sets `out[i] = 1` for the index of every legal action of `pos` (levies
/// as placements, as [`Position::legal_actions`] lists them) and 0 elsewhere.
///
/// # Panics
///
/// When `out` is shorter than [`action_space`] of the position's rules.
pub fn write_legal_mask(pos: &Position, persp: Perspective, out: &mut [u8]) {
    let out = &mut out[..action_space(pos.rules())];
    out.fill(0);
    for &a in pos.legal_actions().iter() {
        out[action_index(Decision::Act(a), pos, persp)] = 1;
    }
}

/// Whether every command area square touches its commander, which the
/// command indices rely on.
#[cfg(test)]
fn command_squares_touch() -> bool {
    crate::Troop::ALL.iter().all(|&t| {
        crate::Face::ALL.iter().all(|&f| {
            crate::chart(t, f)
                .iter()
                .filter(|m| m.mark == crate::Mark::Command)
                .all(|m| m.dx.abs() <= 1 && m.dy.abs() <= 1)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_consistent() {
        assert!(command_squares_touch());
        assert_eq!(COMMAND_BASE + 36 * 64, PLACE_BASE);
        assert_eq!(PLACE_BASE + 15 * 36, DRAW);
        assert_eq!(DRAW + 1, ACTION_SPACE);
    }

    /// The planes of Expanded Play: each where the module's table puts
    /// it, as the viewer sees the board; the standard planes as before.
    #[test]
    fn expanded_planes_show_the_terrain_flags_points_and_rules() {
        let sq = |s: &str| s.parse::<Square>().unwrap().index();
        let on = |obs: &[u8], plane: usize| -> alloc::vec::Vec<usize> {
            (0..36).filter(|&i| obs[plane * 36 + i] != 0).collect()
        };
        // Dark to move, a relocation pending for Dark, Light 1 point.
        let pos: Position = "2+k+d+f1/1f4/D+F4/5F/6/6 d ABCFGIKLMNPPPRSW/abcfgilmnppprsw 7 13 coup+mountain,mountain=E4,flags=B1/F4,score=1/1,relocate"
            .parse()
            .unwrap();
        assert_eq!(observation_len(pos.rules()), EXPANDED_OBS_LEN);
        let mut abs = [9u8; EXPANDED_OBS_LEN];
        write_observation(&pos, Perspective::Absolute, &mut abs);
        assert_eq!(on(&abs, PLANES), [sq("E4")]);
        assert!(on(&abs, PLANES + 1).is_empty(), "no Fort");
        assert_eq!(on(&abs, PLANES + 2), [sq("B1")], "Light's Flag");
        assert_eq!(on(&abs, PLANES + 3), [sq("F4")], "Dark's Flag");
        assert!(abs[(PLANES + 4) * 36..(PLANES + 6) * 36]
            .iter()
            .all(|&v| v == 1));
        assert!(abs[(PLANES + 6) * 36..(PLANES + 7) * 36]
            .iter()
            .all(|&v| v == 1));
        assert!(on(&abs, PLANES + 7).is_empty(), "no frozen Pikeman");
        let fills = [8, 9, 10, 11].map(|k| abs[(PLANES + k) * 36]);
        assert_eq!(fills, [1, 0, 0, 0], "coup, not flag, rider or draft");
        // The standard planes are what the standard encoder writes.
        let mut plain = [0u8; OBS_LEN];
        let standard: Position = "2+k+d+f1/1f4/D+F4/5F/6/6 d ABCFGIKLMNPPPRSW/abcfgilmnppprsw 7 13"
            .parse()
            .unwrap();
        write_observation(&standard, Perspective::Absolute, &mut plain);
        assert_eq!(&abs[..OBS_LEN], &plain[..]);
        // As Dark sees it: the board turned, Dark's Flag first.
        let mut mover = [0u8; EXPANDED_OBS_LEN];
        write_observation(&pos, Perspective::Mover, &mut mover);
        assert_eq!(on(&mover, PLANES), [35 - sq("E4")]);
        assert_eq!(on(&mover, PLANES + 2), [35 - sq("F4")]);
        assert_eq!(on(&mover, PLANES + 3), [35 - sq("B1")]);
        // Once Dark has drawn a troop, the relocation is no longer open.
        write_observation_with_draw(
            &pos,
            Some(crate::Troop::Footman),
            Perspective::Absolute,
            &mut abs,
        );
        assert!(on(&abs, PLANES + 6).is_empty());
        assert_eq!(on(&abs, PLANES + 2), [sq("B1")]);
        // Dark Rider: a Light Pikeman on rank 6 is frozen.
        let rider: Position = "1P1k2/6/6/6/6/P1P1P1 d -/- 0 9 rider".parse().unwrap();
        let mut obs = [0u8; EXPANDED_OBS_LEN];
        write_observation(&rider, Perspective::Absolute, &mut obs);
        assert_eq!(on(&obs, PLANES + 7), [sq("B6")]);
        assert_eq!(obs[(PLANES + 10) * 36], 1);
        // The standard game keeps its 107 planes.
        assert_eq!(planes(Position::standard().rules()), PLANES);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive; too slow under Miri (the crate has no unsafe code)"
    )]
    fn every_index_decodes_to_itself() {
        let positions = [
            Position::standard(),
            "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 d ABFIKNPPRSW/bcfgiklmppprsw 0 40"
                .parse()
                .unwrap(),
        ];
        for pos in positions {
            for persp in [Perspective::Absolute, Perspective::Mover] {
                let mut n = 0;
                for i in 0..EXPANDED_ACTION_SPACE {
                    if let Some(d) = action_from_index(i, &pos, persp) {
                        assert_eq!(action_index(d, &pos, persp), i);
                        n += 1;
                    }
                }
                assert!(n > 4000);
            }
        }
    }
}

#[cfg(feature = "alloc")]
mod game {
    use super::*;
    use crate::{Game, Phase};

    /// The observation of a game: its position, with the drawn troop when
    /// one waits to be placed.
    ///
    /// # Panics
    ///
    /// When `out` is shorter than [`observation_len`] of the game's rules.
    pub fn write_game_observation(game: &Game, persp: Perspective, out: &mut [u8]) {
        write_observation_with_draw(game.position(), game.pending_draw(), persp, out);
    }

    /// Sets `out[i] = 1` for every decision the game accepts now: in play,
    /// every maneuver and [`DRAW`] when a levy is possible; after a draw,
    /// the placements of the drawn troop; in setup, the placements allowed;
    /// nothing once the game is over.
    ///
    /// # Panics
    ///
    /// When `out` is shorter than [`action_space`] of the game's rules.
    pub fn write_game_mask(game: &Game, persp: Perspective, out: &mut [u8]) {
        let out = &mut out[..action_space(game.rules())];
        out.fill(0);
        game_indices(game, persp, |i| out[i] = 1);
    }

    /// Gives `f` the index of every decision the game accepts now, each
    /// once: the indices [`write_game_mask`] sets, in the order of
    /// [`Game::legal`] (in play, [`DRAW`] where the first levy is listed).
    /// At most [`crate::MAX_ACTIONS`] + 1 of them. Reads the game's kept
    /// list: nothing is generated.
    ///
    /// ```
    /// use duke_engine::encode::{game_indices, DRAW};
    /// use duke_engine::Perspective;
    /// use duke_engine::Game;
    /// let game = Game::standard(1);
    /// let mut indices = Vec::new();
    /// game_indices(&game, Perspective::Mover, |i| indices.push(i));
    /// assert_eq!(indices.len(), 5); // four maneuvers and the draw
    /// assert!(indices.contains(&DRAW));
    /// ```
    #[inline]
    pub fn game_indices(game: &Game, persp: Perspective, mut f: impl FnMut(usize)) {
        let pos = game.position();
        let list = game.legal();
        if game.phase() != Phase::Play {
            // Setup placements, the drawn troop's placements, or nothing.
            for &a in list {
                f(action_index(Decision::Act(a), pos, persp));
            }
            return;
        }
        // The levies are listed first, one per troop kind and square: the
        // draw stands for them all.
        let levies = list
            .iter()
            .take_while(|a| a.kind() == ActionKind::Place)
            .count();
        if levies > 0 {
            f(DRAW);
        }
        for &a in &list[levies..] {
            debug_assert_ne!(a.kind(), ActionKind::Place);
            f(action_index(Decision::Act(a), pos, persp));
        }
    }

    /// The decision at `index` as [`Game::apply`] takes it, decoded from
    /// the index alone and refused only where `apply` would accept what
    /// the index space does not offer (a whole levy in play: the index of
    /// a levy is [`DRAW`]). `apply` checks the rest against the game's
    /// kept list, so the list is not searched twice: the per-turn path of
    /// [`game_indices`] then apply. `None` where [`game_decision`] is
    /// `None` too; applying the result fails exactly where
    /// [`game_decision`] is `None`.
    #[inline]
    pub fn index_decision(game: &Game, index: usize, persp: Perspective) -> Option<Decision> {
        let d = action_from_index(index, game.position(), persp)?;
        let waiting = game.pending_draw().is_some();
        match d {
            // Drawing again returns the waiting troop: not a decision.
            Decision::Levy if waiting => None,
            Decision::Act(a) if a.kind() == ActionKind::Place && !waiting => {
                // A placement without a draw: only setup offers one.
                matches!(game.phase(), Phase::Setup { .. }).then_some(d)
            }
            _ => Some(d),
        }
    }

    /// The decision at `index` if the game accepts it now (an action as
    /// the game lists it, its capture flag set).
    pub fn game_decision(game: &Game, index: usize, persp: Perspective) -> Option<Decision> {
        let d = action_from_index(index, game.position(), persp)?;
        match (game.phase(), d) {
            (Phase::Play, Decision::Levy) => game.position().can_levy().then_some(d),
            (Phase::Play, Decision::Act(a)) => {
                if a.kind() == ActionKind::Place {
                    return None;
                }
                game.position_actions()
                    .iter()
                    .find(|&&l| l == a)
                    .map(|&l| Decision::Act(l))
            }
            (Phase::Over(_), _) | (_, Decision::Levy) => None,
            (_, Decision::Act(a)) => game.is_legal(a).then_some(d),
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod game_tests {
    use super::*;
    use crate::Game;
    use alloc::vec::Vec;

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive over the action space; too slow under Miri (the crate has no unsafe code)"
    )]
    fn indices_and_index_decisions_agree_with_mask_and_game_decision() {
        let mut rng = crate::testgen::TestRng::new(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for seed in 0..6 {
            let mut game = Game::new(seed);
            for step in 0..120 {
                let persp = if step % 2 == 0 {
                    Perspective::Mover
                } else {
                    Perspective::Absolute
                };
                let mut mask = alloc::vec![0u8; ACTION_SPACE];
                write_game_mask(&game, persp, &mut mask);
                let mut listed = Vec::new();
                game_indices(&game, persp, |i| listed.push(i));
                let mut sorted = listed.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), listed.len(), "an index listed twice");
                let want: Vec<usize> = (0..ACTION_SPACE).filter(|&i| mask[i] != 0).collect();
                assert_eq!(sorted, want);
                // Every index: decoded alone, then applied, it is accepted
                // exactly where game_decision accepts it.
                if step % 5 == 0 {
                    for i in 0..ACTION_SPACE {
                        let full = game_decision(&game, i, persp);
                        let fast = index_decision(&game, i, persp);
                        match (full, fast) {
                            (Some(a), Some(b)) => assert_eq!(a, b),
                            (Some(_), None) => panic!("index {i} refused but legal"),
                            (None, None) => {}
                            (None, Some(d)) => {
                                let mut copy = game.clone();
                                assert!(copy.apply(d).is_err(), "index {i} accepted");
                                assert_eq!(copy.record(), game.record());
                                assert_eq!(copy.pending_draw(), game.pending_draw());
                            }
                        }
                        checked += 1;
                    }
                }
                if game.outcome().is_some() {
                    break;
                }
                let i = listed[rng.below(listed.len())];
                let d = index_decision(&game, i, persp).unwrap();
                game.apply(d).unwrap();
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}

#[cfg(feature = "alloc")]
pub use game::{
    game_decision, game_indices, index_decision, write_game_mask, write_game_observation,
};
