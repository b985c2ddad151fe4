//! perft from `tests/data/*.perft`, confirmed by the naive generator in
//! `common/naive.rs`, which shares no code with the engine.

mod common;

use common::naive::Board;
use common::perft_cases;
use duke_engine::{divide, perft, Position};

/// Leaves up to which the naive generator re-counts a perft line.
const NAIVE_BUDGET: u64 = 250_000;

#[test]
fn engine_matches_every_perft_vector() {
    for case in perft_cases() {
        let pos: Position = case.dpn.parse().unwrap();
        assert_eq!(pos.to_string(), case.dpn, "{}", case.id);
        for &(depth, want) in &case.counts {
            assert_eq!(perft(&pos, depth), want, "{} depth {depth}", case.id);
        }
    }
}

#[test]
fn naive_generator_confirms_the_vectors() {
    let mut confirmed = 0;
    for case in perft_cases() {
        let board = Board::from_dpn(&case.dpn);
        for &(depth, want) in case.counts.iter().filter(|&&(_, n)| n <= NAIVE_BUDGET) {
            assert_eq!(board.perft(depth), want, "{} depth {depth}", case.id);
            confirmed += 1;
        }
    }
    assert!(confirmed >= 40, "only {confirmed} lines confirmed");
}

/// At every node of the first two plies the two generators list the same
/// actions, written the same way (captures with `x`).
#[test]
fn same_action_lists_two_plies_deep() {
    fn check(pos: &Position, depth: u32, id: &str) {
        let mut fast: Vec<String> = pos.legal_actions().iter().map(|a| a.to_string()).collect();
        let naive_board = Board::from_dpn(&pos.to_string());
        let mut naive: Vec<String> = naive_board.legal().into_iter().map(|(t, _)| t).collect();
        fast.sort();
        naive.sort();
        assert_eq!(fast, naive, "{id}: {pos}");
        if depth > 1 {
            for &a in pos.legal_actions().iter() {
                let mut child = *pos;
                child.play_unchecked(a);
                check(&child, depth - 1, id);
            }
        }
    }
    for case in perft_cases() {
        let pos: Position = case.dpn.parse().unwrap();
        check(&pos, 2, &case.id);
    }
}

#[test]
fn divide_sums_to_perft() {
    for case in perft_cases() {
        let pos: Position = case.dpn.parse().unwrap();
        let total: u64 = divide(&pos, 3).map(|(_, n)| n).sum();
        assert_eq!(total, perft(&pos, 3), "{}", case.id);
    }
}
