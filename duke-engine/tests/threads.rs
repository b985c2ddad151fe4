//! Searches with helper threads (Lazy SMP): one thread stays
//! deterministic and the default; more threads answer a legal decision
//! within the limits, and find the forced Duke captures one thread finds.
#![cfg(all(feature = "search", feature = "std"))]

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use duke_engine::search::{Limits, Request, Searcher, MATE_BOUND, MAX_THREADS};
use duke_engine::Decision;
use duke_engine::{ActionKind, Position};

mod common;
use common::{assert_keeps_win, forced};

const MIDDLE: &str = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40";

fn legal(pos: &Position, d: Decision) -> bool {
    match d {
        Decision::Act(a) => pos.is_legal(a) && a.kind() != ActionKind::Place,
        Decision::Levy => pos.can_levy(),
    }
}

#[test]
fn one_thread_is_the_default_and_deterministic() {
    let pos: Position = MIDDLE.parse().unwrap();
    assert_eq!(Searcher::new().threads(), 1);
    let mut one = Searcher::new();
    one.set_threads(1).unwrap();
    for limits in [Limits::depth(3), Limits::nodes(40_000)] {
        let a = Searcher::new().search(&pos, None, &[], &limits);
        let b = one.search(&pos, None, &[], &limits);
        let c = one.search(&pos, None, &[], &limits);
        assert_eq!(a, b);
        assert_eq!(b, c);
    }
}

#[test]
fn a_thread_count_out_of_range_is_refused_not_clamped() {
    let mut s = Searcher::new();
    for bad in [0, MAX_THREADS + 1, 10_000] {
        let err = s.set_threads(bad).unwrap_err();
        assert_eq!(err.code(), "threads.range");
        assert_eq!(
            s.threads(),
            1,
            "a refused count leaves the searcher as it was"
        );
    }
    s.set_threads(MAX_THREADS).unwrap();
    let want = if cfg!(target_arch = "wasm32") {
        1
    } else {
        MAX_THREADS
    };
    assert_eq!(s.threads(), want);
}

#[test]
fn two_threads_answer_a_legal_decision_within_depth_and_node_limits() {
    let pos: Position = MIDDLE.parse().unwrap();
    let mut s = Searcher::new();
    s.set_threads(2).unwrap();
    let r = s.search(&pos, None, &[], &Limits::depth(3));
    assert_eq!(r.depth, 3);
    assert!(legal(&pos, r.decision), "{:?}", r.decision);
    assert_eq!(r.pv[0], r.decision);
    // The node limit counts both threads' nodes: each adds its count every
    // 1,024 nodes, so the total passes the limit by little.
    let max = 100_000;
    let r = s.search(&pos, None, &[], &Limits::nodes(max));
    assert!(legal(&pos, r.decision), "{:?}", r.decision);
    assert!(r.nodes >= max && r.nodes < max + 4 * 1024, "{}", r.nodes);
    // A drawn troop: the answer is one of its placements.
    let (troop, _) = pos.bag(pos.side_to_move()).iter().next().unwrap();
    let r = s.search(&pos, Some(troop), &[], &Limits::depth(2));
    let Decision::Act(a) = r.decision else {
        panic!("{:?}", r.decision)
    };
    assert!(a.kind() == ActionKind::Place && pos.levy_squares().contains(a.target()));
}

#[test]
fn two_threads_keep_to_the_time_limit_and_the_stop_flag() {
    let pos: Position = MIDDLE.parse().unwrap();
    let mut s = Searcher::new();
    s.set_threads(2).unwrap();
    let t = Instant::now();
    let r = s.search(
        &pos,
        None,
        &[],
        &Limits {
            depth: None,
            nodes: None,
            millis: Some(200),
        },
    );
    let ms = t.elapsed().as_millis();
    assert!(legal(&pos, r.decision));
    // The clock is read every 1,024 nodes (about a millisecond), and
    // the helpers are joined after the calling thread stops; the slack is
    // for a loaded machine.
    assert!(ms < 200 + 400, "{ms} ms");
    let stop = Arc::new(AtomicBool::new(true));
    s.set_stop_flag(Some(stop));
    let r = s.search(&pos, None, &[], &Limits::depth(6));
    assert_eq!(r.depth, 1);
    assert!(legal(&pos, r.decision));
}

#[test]
fn a_level_and_a_hint_search_with_the_threads() {
    let game = duke_engine::Game::standard(1);
    let pos = *game.position();
    let mut s = Searcher::new();
    for k in 1..=4 {
        let request = Request::new()
            .with_level(k)
            .unwrap()
            .with_threads(2)
            .unwrap();
        let r = s.decide(&game, &request).unwrap();
        assert!(legal(&pos, r.decision), "level {k}: {:?}", r.decision);
    }
    assert_eq!(s.threads(), 2);
    let hint = Request::hint().with_level(3).unwrap();
    let h = s.decide(&game, &hint).unwrap();
    assert!(legal(&pos, h.decision));
    assert_eq!(h.top.len(), 3);
    assert_eq!(h.top[0], (h.decision, h.score));
}

#[test]
fn two_threads_find_the_forced_duke_captures_one_thread_finds() {
    let text = include_str!("../../tests/data/tactics.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words = line.splitn(3, ' ');
        let turns: u32 = words.next().unwrap().parse().unwrap();
        let dpn = words.nth(1).unwrap();
        let pos: Position = dpn.parse().unwrap();
        let limits = Limits::depth(2 * turns - 1);
        assert!(forced(&pos, turns), "{dpn}: not forced in {turns}");
        let one = Searcher::new().search(&pos, None, &[], &limits);
        assert!(one.score >= MATE_BOUND, "{dpn}: one thread");
        let mut s = Searcher::new();
        s.set_threads(2).unwrap();
        for _ in 0..3 {
            let r = s.search(&pos, None, &[], &limits);
            assert!(
                r.score >= MATE_BOUND,
                "{dpn}: two threads score {}",
                r.score
            );
            assert_keeps_win(&pos, dpn, r.decision, turns);
        }
        n += 1;
    }
    assert!(n >= 6, "{n}");
}
