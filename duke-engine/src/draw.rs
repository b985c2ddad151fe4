//! A game's draws: the levy's troop and the terrain's squares, each from
//! xoshiro256++ seeded by the game's seed mixed with the position (its key
//! and turn), so that a game replays from its seed and nothing a player
//! sees reveals the next draw. The game ([`crate::game`]), its setup
//! ([`crate::setup`]) and the batched games ([`crate::batch`]) draw here.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::zobrist::mix;
use crate::{Position, Troop};

/// The troop a game with `seed` draws for a levy in `pos` (whose side to
/// move must have a non-empty bag): from xoshiro256++ seeded by the seed
/// mixed with the position's key and turn.
pub(crate) fn draw_troop(seed: u64, pos: &Position) -> Troop {
    let bag = pos.bag(pos.side_to_move());
    let rng_seed = mix(seed) ^ mix(pos.key() ^ mix(u64::from(pos.turn())));
    let total = bag.total();
    let pick = bounded(rng_seed, total);
    if total <= 15 {
        kind_holding(bag.bits(), pick)
    } else {
        kind_holding_slow(bag.bits(), pick)
    }
}

/// The square a game with `seed` draws for terrain `which` (0 the
/// Mountain, 1 the Fort) in `pos` among the squares of `empty` (not
/// none), uniformly: from xoshiro256++ seeded by the seed and the terrain
/// mixed with the position's key, as a levy's draw. Undo never re-rolls it.
pub(crate) fn draw_square(seed: u64, pos: &Position, which: u64, empty: u64) -> u8 {
    debug_assert!(empty != 0);
    let rng_seed =
        mix(seed ^ mix(0x7E44_A1D5_u64 ^ which)) ^ mix(pos.key() ^ mix(u64::from(pos.turn())));
    let pick = bounded(rng_seed, empty.count_ones());
    let mut rest = empty;
    for _ in 0..pick {
        rest &= rest - 1;
    }
    rest.trailing_zeros() as u8
}

/// The kind holding the `pick`-th tile of a bag of at most 15 tiles
/// (`counts`: a count per kind, a nibble each), without a branch: the
/// number of kinds whose running total is at most `pick`. The running
/// totals come nibble by nibble from one multiplication (none exceeds 15,
/// so none carries into the next), and are compared with `pick` a byte
/// lane each, the even nibbles and the odd ones apart.
#[inline]
fn kind_holding(counts: u64, pick: u32) -> Troop {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let totals = counts.wrapping_mul(0x1111_1111_1111_1111);
    // Each lane 128 + pick, less a total of at most 15: bit 7 stays set
    // exactly when the total is at most `pick`, and no lane borrows.
    let p = (u64::from(pick) * 0x0101_0101_0101_0101) | HIGH;
    let at_most = (p - (totals & LOW)) & HIGH;
    let at_most_odd = (p - (totals >> 4 & LOW)) & HIGH;
    let kind = (at_most.count_ones() + at_most_odd.count_ones()) as usize;
    Troop::ALL[kind.min(Troop::ALL.len() - 1)]
}

/// [`kind_holding`] for any bag, counts read nibble by nibble.
fn kind_holding_slow(mut counts: u64, mut pick: u32) -> Troop {
    for troop in Troop::ALL {
        let n = (counts & 15) as u32;
        if pick < n {
            return troop;
        }
        pick -= n;
        counts >>= 4;
    }
    unreachable!("a draw from a non-empty bag")
}

/// A uniform integer below `total` (not 0) from xoshiro256++ seeded with
/// `rng_seed`: Lemire's unbiased bounded integer, from the generator's
/// first output computed directly; the rare rejection goes on with the
/// generator itself.
#[inline]
fn bounded(rng_seed: u64, total: u32) -> u32 {
    let m = u64::from(first_u32(rng_seed)) * u64::from(total);
    if (m as u32) < total && (m as u32) < total.wrapping_neg() % total {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
        rng.next_u32();
        let threshold = total.wrapping_neg() % total;
        loop {
            let m = u64::from(rng.next_u32()) * u64::from(total);
            if m as u32 >= threshold {
                return (m >> 32) as u32;
            }
        }
    }
    (m >> 32) as u32
}

/// `Xoshiro256PlusPlus::seed_from_u64(seed).next_u32()` without building
/// the generator: its state is four SplitMix64 outputs from `seed`, and the
/// first output reads only the first and the last of them.
#[inline]
fn first_u32(seed: u64) -> u32 {
    const PHI: u64 = 0x9e37_79b9_7f4a_7c15;
    let splitmix = |x: u64| {
        let z = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let s0 = splitmix(seed.wrapping_add(PHI));
    let s3 = splitmix(seed.wrapping_add(PHI.wrapping_mul(4)));
    (s0.wrapping_add(s3).rotate_left(23).wrapping_add(s0) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_those_of_the_generator_walked_over_the_bag() {
        // The draw as first written (xoshiro256++ built, Lemire's loop, the
        // bag walked kind by kind), against draw_troop, in the positions of
        // random games with several seeds.
        let reference = |seed: u64, pos: &crate::Position| {
            let bag = pos.bag(pos.side_to_move());
            let mut rng = super::Xoshiro256PlusPlus::seed_from_u64(
                super::mix(seed) ^ super::mix(pos.key() ^ super::mix(u64::from(pos.turn()))),
            );
            let total = bag.total();
            let threshold = total.wrapping_neg() % total;
            let mut pick = loop {
                let m = u64::from(rng.next_u32()) * u64::from(total);
                if m as u32 >= threshold {
                    break (m >> 32) as u32;
                }
            };
            for (troop, count) in bag.iter() {
                if pick < u32::from(count) {
                    return troop;
                }
                pick -= u32::from(count);
            }
            unreachable!()
        };
        let mut x = 5u64;
        let mut checked = 0;
        for g in 0..if cfg!(miri) { 2 } else { 60u64 } {
            let mut pos = crate::Position::standard();
            for _ in 0..200 {
                let list = pos.legal_actions();
                if list.is_empty() {
                    break;
                }
                if !pos.bag(pos.side_to_move()).is_empty() {
                    for seed in [g, g.wrapping_mul(0x9e37_79b9), u64::MAX - g] {
                        assert_eq!(super::draw_troop(seed, &pos), reference(seed, &pos));
                        checked += 1;
                    }
                }
                x = crate::zobrist::mix(x);
                pos.play_unchecked(list[(x % list.len() as u64) as usize]);
            }
        }
        assert!(checked > if cfg!(miri) { 100 } else { 10_000 }, "{checked}");
    }

    #[test]
    fn the_kind_holding_a_tile_is_found_without_a_loop_as_with_one() {
        // Every bag of up to 15 tiles with at most 3 of a kind is too many
        // to walk; seeded random ones, and every pick in each.
        let mut rng = crate::testgen::TestRng::new(0x9e37_79b9_7f4a_7c15);
        let bags = if cfg!(miri) { 50 } else { 20_000 };
        for _ in 0..bags {
            let x = rng.next_u64();
            let mut counts = 0u64;
            let mut total = 0;
            for t in 0..15 {
                let n = ((x >> (4 * t)) & 3).min(15 - total);
                counts |= n << (4 * t);
                total += n;
            }
            for pick in 0..total as u32 {
                assert_eq!(
                    kind_holding(counts, pick),
                    kind_holding_slow(counts, pick),
                    "{counts:#x} {pick}"
                );
            }
        }
        // A whole bag of one kind, and the last kind.
        assert_eq!(kind_holding(15 << 56, 14), Troop::ALL[14]);
        assert_eq!(kind_holding(15, 14), Troop::ALL[0]);
    }

    #[test]
    fn bounded_draws_as_the_generator_does() {
        // The first output computed directly, and Lemire's method with its
        // rejections (frequent for totals near 2^32), against xoshiro256++
        // itself.
        let reference = |rng_seed: u64, total: u32| {
            let mut rng = super::Xoshiro256PlusPlus::seed_from_u64(rng_seed);
            let threshold = total.wrapping_neg() % total;
            loop {
                let m = u64::from(rng.next_u32()) * u64::from(total);
                if m as u32 >= threshold {
                    break (m >> 32) as u32;
                }
            }
        };
        let mut x = 1u64;
        for i in 0..if cfg!(miri) { 200 } else { 20_000u64 } {
            x = crate::zobrist::mix(x ^ i);
            let mut rng = super::Xoshiro256PlusPlus::seed_from_u64(x);
            assert_eq!(super::first_u32(x), rng.next_u32());
            for total in [1, 2, 3, 7, 29, 225, 3_000_000_019, u32::MAX] {
                assert_eq!(super::bounded(x, total), reference(x, total), "{x} {total}");
            }
        }
    }
}
