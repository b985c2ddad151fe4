//! Speed of the move generator: perft leaves per second (bulk counting)
//! and random-playout turns per second, on one core.
//!
//! `cargo bench -p duke-engine --bench speed` (add `-- quick` for a short run).
//! Each figure is the best of several runs; progress is printed as it goes.
//! `-- cpu` instead times `VecGame` (n=1024, 500 steps, without and with
//! observations and masks) in CPU time of this thread, the two in turns for
//! 7 rounds, and prints each round and the medians, in decisions (steps of
//! one game: a levy is two) per CPU-second. `VEC_N` sets the number of
//! games (1024 by default) and `VEC_WRITE=obs` or `VEC_WRITE=masks` keeps
//! only the observations or only the masks up to date.

use std::hint::black_box;
use std::time::Instant;

use duke_engine::{perft, Game, Position, QUIET_LIMIT};

#[path = "common/mod.rs"]
mod common;
use common::{thread_cpu, xorshift};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(v);
    }
    (out.unwrap(), best)
}

/// Random playouts on `Position` (the search/ML hot path): uniform over the
/// legal list until a Duke falls, the mover has no action, or 200 quiet
/// turns pass (repetition is a `Game` rule and is not checked here).
fn playouts(games: u32, seed: u64) -> u64 {
    let mut x = seed | 1;
    let mut turns = 0;
    for _ in 0..games {
        let mut pos = Position::standard();
        loop {
            let list = pos.legal_actions();
            if list.is_empty() || pos.quiet() >= QUIET_LIMIT {
                break;
            }
            pos.play_unchecked(list[(xorshift(&mut x) % list.len() as u64) as usize]);
            turns += 1;
        }
        black_box(&pos);
    }
    turns
}

/// Random games through `Game` (history, repetition, draws from the bag).
fn game_playouts(games: u32, seed: u64) -> u64 {
    let mut x = seed | 1;
    let mut turns = 0;
    for g in 0..games {
        let mut game = Game::standard(u64::from(g));
        while game.outcome().is_none() {
            let list = game.legal();
            let a = list[(xorshift(&mut x) % list.len() as u64) as usize];
            if a.kind() == duke_engine::ActionKind::Place {
                game.draw().unwrap();
                game.place(a.target()).unwrap();
            } else {
                game.play(a).unwrap();
            }
            turns += 1;
        }
    }
    turns
}

/// Random decisions through `VecGame` (n = 1024), optionally writing the
/// observation planes and masks every step.
fn vec_playouts(steps: u32, with_obs: bool) -> u64 {
    use duke_engine::batch::VecGame;
    use duke_engine::encode::{ACTION_SPACE, OBS_LEN};
    use duke_engine::Perspective;
    let n: usize = std::env::var("VEC_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let mut vec = VecGame::new(n, 3, Perspective::Mover);
    let mut actions = vec![0u32; n];
    let mut rewards = vec![0f32; n];
    let mut dones = vec![0u8; n];
    // VEC_WRITE=obs or VEC_WRITE=masks writes only those (to see what
    // each costs); both by default.
    let write = std::env::var("VEC_WRITE").unwrap_or_default();
    let (write_obs, write_masks) = (write != "masks", write != "obs");
    let mut obs = vec![0u8; if with_obs { n * OBS_LEN } else { 0 }];
    let mut masks = vec![0u8; if with_obs { n * ACTION_SPACE } else { 0 }];
    if with_obs {
        vec.write_observations(&mut obs).unwrap();
        vec.write_masks(&mut masks).unwrap();
    }
    for _ in 0..steps {
        vec.random_actions(&mut actions);
        vec.step(&actions, &mut rewards, &mut dones).unwrap();
        if with_obs {
            // As the Python binding does: only what changed is written.
            if write_obs {
                vec.update_observations(&mut obs).unwrap();
            }
            if write_masks {
                vec.update_masks(&mut masks).unwrap();
            }
        }
    }
    black_box((&obs, &masks));
    u64::from(steps) * n as u64
}

/// `VecGame` without and with observations in turns, per CPU-second.
fn vec_cpu_rounds(rounds: usize, steps: u32) {
    println!("VecGame n=1024, {steps} steps, {rounds} rounds taking turns, decisions per CPU-second of this thread");
    let (mut plain, mut observed) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let rate = |with_obs: bool| {
            let t = thread_cpu();
            let n = vec_playouts(steps, with_obs);
            n as f64 / (thread_cpu() - t)
        };
        let (p, o) = if round % 2 == 0 {
            let p = rate(false);
            (p, rate(true))
        } else {
            let o = rate(true);
            (rate(false), o)
        };
        println!(
            "round {}: no obs {:6.3} M/s  obs + masks {:6.3} M/s",
            round + 1,
            p / 1e6,
            o / 1e6
        );
        plain.push(p);
        observed.push(o);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "median: no obs {:.3} M decisions/s, obs + masks {:.3} M decisions/s",
        median(plain) / 1e6,
        median(observed) / 1e6
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    if std::env::args().any(|a| a == "cpu") {
        vec_cpu_rounds(if quick { 1 } else { 7 }, if quick { 50 } else { 500 });
        return;
    }
    // `-- vec` runs only the VecGame figure without observations, `-- vecobs`
    // only the one with them (for profiling).
    let only_vecobs = std::env::args().any(|a| a == "vecobs");
    let only_vec = only_vecobs || std::env::args().any(|a| a == "vec");
    let runs = if quick { 1 } else { 5 };
    let start = Position::standard();
    let middle: Position = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40"
        .parse()
        .unwrap();
    let crowded: Position =
        "2fdg+n/2Ss1+f/1+w+A+l1+r/3+a+W1/+kFR+K2/1FDCFM l BGILNPPP/bcfimpp 0 50"
            .parse()
            .unwrap();
    let cases: [(&str, &Position, u32); 5] = [
        ("perft start depth 5", &start, 5),
        ("perft start depth 6", &start, 6),
        ("perft spec middle game depth 4", &middle, 4),
        ("perft crowded (24 tiles) depth 5", &crowded, 5),
        ("perft crowded (24 tiles) depth 4", &crowded, 4),
    ];
    println!("duke-engine speed, one core, best of {runs}");
    for (name, pos, depth) in cases {
        if (quick && depth >= 6) || only_vec {
            continue;
        }
        let (n, secs) = best_of(runs, || perft(black_box(pos), depth));
        println!(
            "{name:36} {n:>12} leaves {secs:8.3} s {:8.1} M leaves/s",
            n as f64 / secs / 1e6
        );
    }
    let games = if quick { 2_000 } else { 20_000 };
    if !only_vec {
        let (turns, secs) = best_of(runs, || playouts(games, 7));
        println!(
            "{:36} {turns:>12} turns  {secs:8.3} s {:8.2} M turns/s ({games} games)",
            "random playouts (Position)",
            turns as f64 / secs / 1e6
        );
    }
    let steps = if quick { 50 } else { 500 };
    for with_obs in [false, true] {
        if only_vec && with_obs != only_vecobs {
            continue;
        }
        let (turns, secs) = best_of(runs, || vec_playouts(steps, with_obs));
        println!(
            "{:36} {turns:>12} steps  {secs:8.3} s {:8.2} M steps/s",
            if with_obs {
                "VecGame n=1024, obs + masks"
            } else {
                "VecGame n=1024, no obs"
            },
            turns as f64 / secs / 1e6
        );
    }
    if only_vec {
        return;
    }
    let games = games / 4;
    let (turns, secs) = best_of(runs, || game_playouts(games, 7));
    println!(
        "{:36} {turns:>12} turns  {secs:8.3} s {:8.2} M turns/s ({games} games)",
        "random games (Game, with history)",
        turns as f64 / secs / 1e6
    );
}
