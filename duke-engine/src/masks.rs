//! Every mask the move generator needs, built from `charts` by const
//! evaluation: per (tile code, square) the squares each mark reaches on an
//! empty board, the slide directions per tile code, the rays, and the
//! squares between two squares on a line.
//!
//! A tile code is `troop * 4 + face * 2 + side` (0 to 59); code 60 is an
//! empty square and has empty masks, so a lookup on an empty square is
//! harmless. An exhaustive test checks these tables against a slow
//! generator written straight from the chart offsets.

use crate::charts::{ChartMark, Mark, CHARTS};

/// The code of an empty square.
pub(crate) const EMPTY: u8 = 60;
/// Number of codes including the empty one.
pub(crate) const CODES: usize = 61;

/// The board directions, in index order: N, NE, E, SE, S, SW, W, NW
/// (board view: N is toward rank 6).
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Whether walking in the direction raises the square index.
pub(crate) const DIR_POSITIVE: [bool; 8] = [true, true, true, false, false, false, false, true];
/// "No direction" in [`DIR_OF`].
pub(crate) const NO_DIR: u8 = 8;

/// What one tile reaches from one square on an empty board, by mark.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub(crate) struct Reach {
    /// Move marks one away and Jump marks: never blocked.
    pub step: u64,
    /// Move marks two away: need the square in between empty.
    pub far: u64,
    /// Strike marks.
    pub strike: u64,
    /// Command marks: the command area.
    pub command: u64,
}

const fn square_offset(sq: usize, dx: i8, dy: i8) -> Option<usize> {
    let f = (sq % 6) as i8 + dx;
    let r = (sq / 6) as i8 + dy;
    if f >= 0 && f < 6 && r >= 0 && r < 6 {
        Some((r * 6 + f) as usize)
    } else {
        None
    }
}

/// Board offset of an owner-view offset: Dark's tiles are turned 180°.
const fn board_offset(code: usize, dx: i8, dy: i8) -> (i8, i8) {
    if code & 1 == 1 {
        (-dx, -dy)
    } else {
        (dx, dy)
    }
}

const fn dir_index(dx: i8, dy: i8) -> u8 {
    let mut i = 0;
    while i < 8 {
        if DIRS[i].0 == dx && DIRS[i].1 == dy {
            return i as u8;
        }
        i += 1;
    }
    panic!("not a unit direction")
}

const fn marks_of(code: usize) -> &'static [ChartMark] {
    CHARTS[code >> 2][(code >> 1) & 1]
}

const fn build_reach() -> [[Reach; 36]; CODES] {
    let zero = Reach {
        step: 0,
        far: 0,
        strike: 0,
        command: 0,
    };
    let mut table = [[zero; 36]; CODES];
    let mut code = 0;
    while code < 60 {
        let marks = marks_of(code);
        let mut sq = 0;
        while sq < 36 {
            let mut r = zero;
            let mut i = 0;
            while i < marks.len() {
                let cm = marks[i];
                let (dx, dy) = board_offset(code, cm.dx, cm.dy);
                if let Some(t) = square_offset(sq, dx, dy) {
                    let bit = 1u64 << t;
                    match cm.mark {
                        Mark::Move => {
                            if dx.abs() == 2 || dy.abs() == 2 {
                                r.far |= bit;
                            } else {
                                r.step |= bit
                            }
                        }
                        Mark::Jump => r.step |= bit,
                        Mark::Strike => r.strike |= bit,
                        Mark::Command => r.command |= bit,
                        Mark::Slide | Mark::JumpSlide => {}
                    }
                }
                i += 1;
            }
            table[code][sq] = r;
            sq += 1;
        }
        code += 1;
    }
    table
}

const fn build_dirs(which: Mark) -> [u8; CODES] {
    let mut table = [0u8; CODES];
    let mut code = 0;
    while code < 60 {
        let marks = marks_of(code);
        let mut i = 0;
        while i < marks.len() {
            let cm = marks[i];
            if cm.mark as u8 == which as u8 {
                let (dx, dy) = board_offset(code, cm.dx, cm.dy);
                table[code] |= 1 << dir_index(dx, dy);
            }
            i += 1;
        }
        code += 1;
    }
    table
}

const fn build_rays() -> [[u64; 36]; 8] {
    let mut table = [[0u64; 36]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 36 {
            let mut cur = sq;
            while let Some(next) = square_offset(cur, DIRS[d].0, DIRS[d].1) {
                table[d][sq] |= 1 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn build_dir_of() -> [[u8; 36]; 36] {
    let mut table = [[NO_DIR; 36]; 36];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 36 {
            let mut cur = sq;
            while let Some(next) = square_offset(cur, DIRS[d].0, DIRS[d].1) {
                table[sq][next] = d as u8;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn build_between() -> [[u64; 36]; 36] {
    let mut table = [[0u64; 36]; 36];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 36 {
            let mut cur = sq;
            let mut acc = 0u64;
            while let Some(next) = square_offset(cur, DIRS[d].0, DIRS[d].1) {
                table[sq][next] = acc;
                acc |= 1 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn build_adjacent() -> [u64; 36] {
    let mut table = [0u64; 36];
    let mut sq = 0;
    while sq < 36 {
        let mut d = 0;
        while d < 8 {
            // Orthogonal directions only: N, E, S, W.
            if let Some(t) = square_offset(sq, DIRS[d].0, DIRS[d].1) {
                table[sq] |= 1 << t;
            }
            d += 2;
        }
        sq += 1;
    }
    table
}

const fn build_reach_any() -> [[u64; 36]; CODES] {
    let mut table = [[0u64; 36]; CODES];
    let mut code = 0;
    while code < 60 {
        let mut sq = 0;
        while sq < 36 {
            let r = REACH[code][sq];
            let mut all = r.step | r.far | r.strike | r.command;
            let mut d = 0;
            while d < 8 {
                if (SLIDE_DIRS[code] | JUMP_SLIDE_DIRS[code]) & (1 << d) != 0 {
                    all |= RAYS[d][sq];
                }
                d += 1;
            }
            table[code][sq] = all;
            sq += 1;
        }
        code += 1;
    }
    table
}

/// What the generator reads for each tile it moves, in one 32-byte entry
/// (a cache line holds two): [`Reach`] with the Move and Jump targets
/// merged and the squares in between of the two-away Move targets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub(crate) struct Moves {
    /// Move (one and two away) and Jump targets.
    pub moves: u64,
    /// The square in between of each two-away Move target that no Jump or
    /// one-away mark reaches as well (those are never blocked).
    pub far_mids: u64,
    /// Strike marks.
    pub strike: u64,
    /// Command marks: the command area.
    pub command: u64,
}

const fn build_moves() -> [[Moves; 36]; CODES] {
    let zero = Moves {
        moves: 0,
        far_mids: 0,
        strike: 0,
        command: 0,
    };
    let mut table = [[zero; 36]; CODES];
    let mut code = 0;
    while code < CODES {
        let mut sq = 0;
        while sq < 36 {
            let r = REACH[code][sq];
            let mut far_mids = 0;
            let mut far = r.far & !r.step;
            while far != 0 {
                let t = far.trailing_zeros() as usize;
                // Two away on a straight line: the middle square is the
                // index average.
                far_mids |= 1 << ((sq + t) / 2);
                far &= far - 1;
            }
            table[code][sq] = Moves {
                moves: r.step | r.far,
                far_mids,
                strike: r.strike,
                command: r.command,
            };
            sq += 1;
        }
        code += 1;
    }
    table
}

/// A fraction `n / d` with `d > 0`, for the exact geometry of lines.
#[derive(Clone, Copy)]
struct Frac(i32, i32);

const fn frac_lt(a: Frac, b: Frac) -> bool {
    a.0 * b.1 < b.0 * a.1
}

const fn frac_max(a: Frac, b: Frac) -> Frac {
    if frac_lt(a, b) {
        b
    } else {
        a
    }
}

const fn frac_min(a: Frac, b: Frac) -> Frac {
    if frac_lt(a, b) {
        a
    } else {
        b
    }
}

/// The open interval of `t` in which the coordinate `a + t * d` (doubled
/// coordinates: a square's centre at an odd number) lies strictly inside
/// the cell `(2u, 2u + 2)`; `None` when it never does.
const fn cell_interval(a: i32, d: i32, u: i32) -> Option<(Frac, Frac)> {
    let (lo, hi) = (2 * u, 2 * u + 2);
    if d == 0 {
        return if lo < a && a < hi {
            Some((Frac(-1, 1), Frac(2, 1)))
        } else {
            None
        };
    }
    if d > 0 {
        Some((Frac(lo - a, d), Frac(hi - a, d)))
    } else {
        Some((Frac(a - hi, -d), Frac(a - lo, -d)))
    }
}

/// `crossed(s, t)` of the rules of terrain: the squares other than `s`
/// and `t` whose interior the segment between their centres meets (a
/// corner touch does not count).
const fn crossed(s: usize, t: usize) -> u64 {
    let (ax, ay) = (2 * (s % 6) as i32 + 1, 2 * (s / 6) as i32 + 1);
    let (bx, by) = (2 * (t % 6) as i32 + 1, 2 * (t / 6) as i32 + 1);
    let (dx, dy) = (bx - ax, by - ay);
    let mut out = 0u64;
    let mut u = 0;
    while u < 36 {
        if u != s && u != t {
            let x = cell_interval(ax, dx, (u % 6) as i32);
            let y = cell_interval(ay, dy, (u / 6) as i32);
            if let (Some((xl, xh)), Some((yl, yh))) = (x, y) {
                let lo = frac_max(frac_max(xl, yl), Frac(0, 1));
                let hi = frac_min(frac_min(xh, yh), Frac(1, 1));
                if frac_lt(lo, hi) {
                    out |= 1 << u;
                }
            }
        }
        u += 1;
    }
    out
}

const fn build_crossed() -> [[u64; 36]; 36] {
    let mut table = [[0u64; 36]; 36];
    let mut s = 0;
    while s < 36 {
        let mut t = 0;
        while t < 36 {
            if s != t {
                table[s][t] = crossed(s, t);
            }
            t += 1;
        }
        s += 1;
    }
    table
}

/// `CROSSED[s][t]`: the squares a straight line from `s` to `t` crosses
/// (Expanded Play: Jumps, Strikes and Commands are not made across the
/// Mountain or the Fort).
pub(crate) static CROSSED: [[u64; 36]; 36] = build_crossed();

const fn build_shadows() -> [[u64; 36]; 36] {
    let crossed = build_crossed();
    let mut table = [[0u64; 36]; 36];
    let mut s = 0;
    while s < 36 {
        let mut t = 0;
        while t < 36 {
            let mut c = crossed[s][t];
            while c != 0 {
                let u = c.trailing_zeros() as usize;
                table[s][u] |= 1 << t;
                c &= c - 1;
            }
            t += 1;
        }
        s += 1;
    }
    table
}

/// `SHADOW[s][u]`: the squares `t` whose line from `s` crosses `u` (what
/// terrain on `u` hides from a tile on `s`).
pub(crate) static SHADOW: [[u64; 36]; 36] = build_shadows();

/// `REACH[code][square]`: the fixed-offset marks of a tile.
pub(crate) static REACH: [[Reach; 36]; CODES] = build_reach();
/// `MOVES[code][square]`: the same marks as the generator reads them.
pub(crate) static MOVES: [[Moves; 36]; CODES] = build_moves();
/// `SLIDE_DIRS[code]`: bit `d` set when the face slides in board direction `d`.
pub(crate) static SLIDE_DIRS: [u8; CODES] = build_dirs(Mark::Slide);
/// `JUMP_SLIDE_DIRS[code]`: bit `d` set when the face jump-slides in board direction `d`.
pub(crate) static JUMP_SLIDE_DIRS: [u8; CODES] = build_dirs(Mark::JumpSlide);
/// `RAYS[d][square]`: every square from `square` (excluded) to the edge in direction `d`.
pub(crate) static RAYS: [[u64; 36]; 8] = build_rays();
/// `DIR_OF[a][b]`: the direction from `a` to `b` when they share a line, else [`NO_DIR`].
pub(crate) static DIR_OF: [[u8; 36]; 36] = build_dir_of();
/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a line, else empty.
pub(crate) static BETWEEN: [[u64; 36]; 36] = build_between();
/// `ADJACENT[square]`: the squares orthogonally next to `square` (levy squares).
pub(crate) static ADJACENT: [u64; 36] = build_adjacent();
/// `REACH_ANY[code][square]`: every square any mark could reach on an empty board.
pub(crate) static REACH_ANY: [[u64; 36]; CODES] = build_reach_any();

/// The faces with Slide or Jump Slide marks (the Duke's, the Knight's and
/// Dragoon's other faces, the Ranger's, the Priest's and the Marshall's
/// starting faces, the Assassin's), one row each of [`SLIDE_RAYS`].
const SLIDERS: usize = 20;

/// `SLIDER_ROW[code]`: the row of [`SLIDE_RAYS`] for a sliding face, 0 (a
/// row of empty rays) for the others.
pub(crate) static SLIDER_ROW: [u8; CODES] = build_slider_rows().0;

/// `SLIDE_RAYS[row][square]`: the rays a sliding face slides along from
/// `square`: two toward higher squares, then two toward lower squares (no
/// face has more of either; unused rays are empty). The ray of a Jump Slide
/// begins past its first square, so both marks slide alike.
pub(crate) static SLIDE_RAYS: [[[u64; 4]; 36]; SLIDERS + 1] = build_slider_rows().1;

#[allow(clippy::type_complexity)]
const fn build_slider_rows() -> ([u8; CODES], [[[u64; 4]; 36]; SLIDERS + 1]) {
    let slides = build_dirs(Mark::Slide);
    let jumps = build_dirs(Mark::JumpSlide);
    let rays = build_rays();
    let mut rows = [0u8; CODES];
    let mut table = [[[0u64; 4]; 36]; SLIDERS + 1];
    let mut next = 1;
    let mut code = 0;
    while code < CODES {
        if slides[code] | jumps[code] != 0 {
            assert!(next <= SLIDERS, "more sliding faces than rows");
            rows[code] = next as u8;
            let mut sq = 0;
            while sq < 36 {
                let (mut up, mut down) = (0, 2);
                let mut d = 0;
                while d < 8 {
                    let mut ray = 0;
                    if slides[code] & 1 << d != 0 {
                        ray = rays[d][sq];
                    } else if jumps[code] & 1 << d != 0 {
                        if let Some(first) = square_offset(sq, DIRS[d].0, DIRS[d].1) {
                            ray = rays[d][first];
                        }
                    }
                    if slides[code] & jumps[code] & 1 << d != 0 {
                        panic!("a face both slides and jump-slides one way");
                    }
                    if (slides[code] | jumps[code]) & 1 << d != 0 {
                        if DIR_POSITIVE[d] {
                            assert!(up < 2, "more than two slides toward higher squares");
                            table[next][sq][up] = ray;
                            up += 1;
                        } else {
                            assert!(down < 4, "more than two slides toward lower squares");
                            table[next][sq][down] = ray;
                            down += 1;
                        }
                    }
                    d += 1;
                }
                sq += 1;
            }
            next += 1;
        }
        code += 1;
    }
    assert!(next == SLIDERS + 1, "fewer sliding faces than rows");
    (rows, table)
}

/// The squares of `ray` (toward higher squares) up to and including its
/// first occupied square: the lowest, found with a sentinel bit so that no
/// blocker keeps the whole ray without a branch.
#[inline(always)]
pub(crate) fn ray_up(ray: u64, occ: u64) -> u64 {
    let i = (ray & occ | 1 << 63).trailing_zeros();
    ray & (2u64 << i).wrapping_sub(1)
}

/// [`ray_up`] for a ray toward lower squares: its first occupied square is
/// the highest.
#[inline(always)]
pub(crate) fn ray_down(ray: u64, occ: u64) -> u64 {
    let j = 63 - (ray & occ | 1).leading_zeros();
    ray & u64::MAX << j
}

/// The square one step from `from` in direction `d`.
#[inline(always)]
pub(crate) fn step(from: usize, d: usize) -> Option<usize> {
    square_offset(from, DIRS[d].0, DIRS[d].1)
}

/// Every square a tile with `code` on `from` may land on by Move, Jump,
/// Slide or Jump Slide through `occ`, before removing friendly tiles and
/// before the guard rule.
#[inline(always)]
pub(crate) fn relocation_reach(code: usize, from: usize, occ: u64) -> u64 {
    let m = &MOVES[code][from];
    let targets = m.moves & !far_blocked(m, from, occ);
    // Most faces neither slide nor jump-slide: one test for them all; the
    // others slide along four rays each, without a loop.
    let row = SLIDER_ROW[code];
    if row == 0 {
        return targets;
    }
    let r = &SLIDE_RAYS[row as usize][from];
    targets | ray_up(r[0], occ) | ray_up(r[1], occ) | ray_down(r[2], occ) | ray_down(r[3], occ)
}

/// [`relocation_reach`] for a Duke (a `code` below 4): both of its faces
/// only slide, along one ray toward higher squares and one toward lower
/// ones (tested against the slow generator), so it reads two rays and
/// nothing else. The Duke's reach is computed in every position listed.
#[inline(always)]
pub(crate) fn duke_reach(code: usize, from: usize, occ: u64) -> u64 {
    debug_assert!(code < 4, "not a Duke");
    let r = &SLIDE_RAYS[SLIDER_ROW[code & 3] as usize][from];
    ray_up(r[0], occ) | ray_down(r[2], occ)
}

/// The two-away Move targets of `m` that an occupied square in between
/// blocks: each occupied middle square blocks the square beyond it (usually
/// none is occupied, and a tile without such marks has no middle squares).
#[inline(always)]
pub(crate) fn far_blocked(m: &Moves, from: usize, occ: u64) -> u64 {
    let mut blocked = 0;
    let mut mids = m.far_mids & occ;
    while mids != 0 {
        let mid = mids.trailing_zeros() as usize;
        // The square beyond `mid` seen from `from`: the mirror of `from`.
        blocked |= 1 << (2 * mid - from);
        mids &= mids - 1;
    }
    blocked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{chart, Face, Side, Square, Tile, Troop};

    /// Slow: walks the chart offsets of one tile one by one.
    fn slow_relocations(tile: Tile, from: Square, occ: u64) -> u64 {
        let flip = if tile.side == Side::Dark { -1 } else { 1 };
        let mut out = 0;
        for cm in chart(tile.troop, tile.face) {
            let (dx, dy) = (cm.dx * flip, cm.dy * flip);
            match cm.mark {
                Mark::Move => {
                    if let Some(t) = from.offset(dx, dy) {
                        let clear = if dx.abs() == 2 || dy.abs() == 2 {
                            let mid = from.offset(dx / 2, dy / 2).unwrap();
                            occ & (1 << mid.index()) == 0
                        } else {
                            true
                        };
                        if clear {
                            out |= 1 << t.index();
                        }
                    }
                }
                Mark::Jump => {
                    if let Some(t) = from.offset(dx, dy) {
                        out |= 1 << t.index();
                    }
                }
                Mark::Slide | Mark::JumpSlide => {
                    let mut cur = from;
                    let mut first = cm.mark == Mark::JumpSlide;
                    while let Some(next) = cur.offset(dx, dy) {
                        cur = next;
                        if first {
                            first = false;
                            continue;
                        }
                        out |= 1 << next.index();
                        if occ & (1 << next.index()) != 0 {
                            break;
                        }
                    }
                }
                Mark::Strike | Mark::Command => {}
            }
        }
        out
    }

    fn slow_mask(tile: Tile, from: Square, mark: Mark) -> u64 {
        let flip = if tile.side == Side::Dark { -1 } else { 1 };
        chart(tile.troop, tile.face)
            .iter()
            .filter(|cm| cm.mark == mark)
            .filter_map(|cm| from.offset(cm.dx * flip, cm.dy * flip))
            .fold(0, |acc, t| acc | 1 << t.index())
    }

    fn every_tile() -> impl Iterator<Item = Tile> {
        Troop::ALL.into_iter().flat_map(|t| {
            Side::ALL
                .into_iter()
                .flat_map(move |s| Face::ALL.into_iter().map(move |f| Tile::new(t, s, f)))
        })
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive; too slow under Miri (the crate has no unsafe code)"
    )]
    fn fixed_masks_match_slow_generator() {
        for tile in every_tile() {
            for from in Square::ALL {
                let r = REACH[tile.code() as usize][from.index()];
                assert_eq!(r.strike, slow_mask(tile, from, Mark::Strike));
                assert_eq!(r.command, slow_mask(tile, from, Mark::Command));
                assert_eq!(
                    r.step | r.far,
                    slow_mask(tile, from, Mark::Move) | slow_mask(tile, from, Mark::Jump)
                );
            }
        }
        assert_eq!(REACH[EMPTY as usize][0].step, 0);
        // The generator looks up the empty square's marks for the Duke,
        // whose reach it already has: they must reach nothing.
        for (sq, m) in MOVES[EMPTY as usize].iter().enumerate() {
            assert_eq!(relocation_reach(EMPTY as usize, sq, 0), 0);
            assert_eq!(m.moves | m.far_mids | m.strike | m.command, 0);
        }
        // It reads the Duke's strikes and commands from that entry too,
        // which is right only while no face of the Duke has either.
        for side in Side::ALL {
            for face in Face::ALL {
                let code = Tile::new(Troop::Duke, side, face).code() as usize;
                assert!(MOVES[code].iter().all(|m| m.strike | m.command == 0));
            }
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive; too slow under Miri (the crate has no unsafe code)"
    )]
    fn relocations_match_slow_generator_on_many_boards() {
        // Deterministic pseudo-random occupancies plus the two extremes.
        let mut rng = crate::testgen::TestRng::new(0x9E37_79B9_7F4A_7C15);
        let mut boards = alloc::vec![0u64, (1 << 36) - 1];
        for _ in 0..200 {
            let x = rng.next_u64();
            boards.push(x & ((1 << 36) - 1) & (x >> 11));
        }
        for tile in every_tile() {
            for from in Square::ALL {
                for &occ in &boards {
                    let occ = occ & !(1 << from.index());
                    let slow = slow_relocations(tile, from, occ);
                    assert_eq!(
                        relocation_reach(tile.code() as usize, from.index(), occ),
                        slow,
                        "{tile} on {from} with {occ:#x}"
                    );
                    if tile.troop == Troop::Duke {
                        assert_eq!(
                            duke_reach(tile.code() as usize, from.index(), occ),
                            slow,
                            "{tile} on {from} with {occ:#x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn crossed_lines_follow_the_rules_of_terrain() {
        use Square::*;
        let c = |a: Square, b: Square| CROSSED[a as usize][b as usize];
        let bits = |sqs: &[Square]| sqs.iter().fold(0u64, |m, &s| m | 1 << s as u8);
        // One square away: nothing; two on a line: the middle square.
        assert_eq!(c(C3, C4), 0);
        assert_eq!(c(C3, D4), 0);
        assert_eq!(c(C3, C5), bits(&[C4]));
        assert_eq!(c(C3, E5), bits(&[D4]));
        assert_eq!(c(C3, A3), bits(&[B3]));
        // A Knight's jump (1, 2) crosses (0, 1) and (1, 1); (2, 1) crosses
        // (1, 0) and (1, 1).
        assert_eq!(c(C3, D5), bits(&[C4, D4]));
        assert_eq!(c(C3, E4), bits(&[D3, D4]));
        // Longer lines, for commands: (3, 1) and (4, 0).
        assert_eq!(c(A1, D2), bits(&[B1, C2]));
        assert_eq!(c(A1, E1), bits(&[B1, C1, D1]));
        // Symmetric, and never the end squares.
        for (s, row) in CROSSED.iter().enumerate() {
            for (t, &line) in row.iter().enumerate() {
                assert_eq!(line, CROSSED[t][s]);
                assert_eq!(line & (1 << s | 1 << t), 0);
                for (u, shadow) in SHADOW[s].iter().enumerate() {
                    assert_eq!(line >> u & 1, shadow >> t & 1);
                }
            }
        }
    }

    #[test]
    fn between_and_dirs() {
        use Square::*;
        assert_eq!(
            BETWEEN[A1 as usize][D4 as usize],
            1 << B2 as u8 | 1 << C3 as u8
        );
        assert_eq!(BETWEEN[A1 as usize][B2 as usize], 0);
        assert_eq!(BETWEEN[A1 as usize][B3 as usize], 0);
        assert_eq!(DIR_OF[A1 as usize][A6 as usize], 0);
        assert_eq!(DIR_OF[A1 as usize][B3 as usize], NO_DIR);
        assert_eq!(
            ADJACENT[C1 as usize],
            1 << B1 as u8 | 1 << D1 as u8 | 1 << C2 as u8
        );
    }

    #[test]
    fn no_face_has_two_marks_on_one_square() {
        // SPEC §8 relies on it: `<from>-<to>` is never ambiguous.
        for tile in every_tile() {
            for from in Square::ALL {
                let code = tile.code() as usize;
                let r = REACH[code][from.index()];
                let mut seen = 0u64;
                for part in [r.step, r.far, r.strike] {
                    assert_eq!(seen & part, 0, "{tile} on {from}");
                    seen |= part;
                }
                for (d, rays) in RAYS.iter().enumerate() {
                    if (SLIDE_DIRS[code] | JUMP_SLIDE_DIRS[code]) & 1 << d != 0 {
                        let ray = rays[from.index()];
                        assert_eq!(seen & ray, 0, "{tile} on {from}");
                        seen |= ray;
                    }
                }
            }
        }
    }
}
