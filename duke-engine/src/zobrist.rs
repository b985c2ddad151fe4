//! Zobrist keys.
//!
//! A position's key is the XOR of one key per (tile, square), one per
//! (side, troop, count in the bag) and one for Dark to move. It covers what
//! SPEC §6 calls a position for repetition (board, bags, side to move) and
//! not the counters. The keys come from a const splitmix64 with a fixed
//! seed, so they are stable across versions and platforms: a stored key
//! stays valid.

use crate::masks::CODES;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Mixes one 64-bit value (the splitmix64 finaliser).
#[cfg(feature = "alloc")]
pub(crate) const fn mix(x: u64) -> u64 {
    splitmix64(x).1
}

const SEED: u64 = 0x000D_0CE2_013D_u64;

struct Keys {
    tiles: [[u64; 36]; CODES],
    bags: [[[u64; 16]; 15]; 2],
    dark_to_move: u64,
}

const fn build() -> Keys {
    let mut state = SEED;
    let mut tiles = [[0u64; 36]; CODES];
    let mut code = 0;
    while code < 60 {
        let mut sq = 0;
        while sq < 36 {
            let (s, k) = splitmix64(state);
            state = s;
            tiles[code][sq] = k;
            sq += 1;
        }
        code += 1;
    }
    let mut bags = [[[0u64; 16]; 15]; 2];
    let mut side = 0;
    while side < 2 {
        let mut troop = 0;
        while troop < 15 {
            // Count 0 has key 0, so an empty bag adds nothing.
            let mut n = 1;
            while n < 16 {
                let (s, k) = splitmix64(state);
                state = s;
                bags[side][troop][n] = k;
                n += 1;
            }
            troop += 1;
        }
        side += 1;
    }
    let (_, dark_to_move) = splitmix64(state);
    Keys {
        tiles,
        bags,
        dark_to_move,
    }
}

static KEYS: Keys = build();

/// The key of tile `code` on square `sq` (0 for the empty code).
#[inline(always)]
pub(crate) fn tile(code: u8, sq: usize) -> u64 {
    KEYS.tiles[code as usize][sq]
}

/// The key of `side` holding `count` tiles of `troop` in its bag.
#[inline(always)]
pub(crate) fn bag(side: usize, troop: usize, count: u8) -> u64 {
    KEYS.bags[side][troop][(count & 15) as usize]
}

/// The key toggled when Dark is to move.
#[inline(always)]
pub(crate) fn dark_to_move() -> u64 {
    KEYS.dark_to_move
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive; too slow under Miri (the crate has no unsafe code)"
    )]
    fn keys_are_distinct_and_stable() {
        let mut all = alloc::vec::Vec::new();
        for code in 0..60u8 {
            for sq in 0..36 {
                all.push(tile(code, sq));
            }
        }
        for side in 0..2 {
            for troop in 0..15 {
                for n in 1..16 {
                    all.push(bag(side, troop, n));
                }
            }
        }
        all.push(dark_to_move());
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(tile(60, 0), 0);
        assert_eq!(bag(0, 0, 0), 0);
        // Pinned: changing the generator would invalidate stored keys.
        assert_eq!(tile(0, 0), splitmix64(SEED).1);
    }
}
