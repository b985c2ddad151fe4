//! How long each level takes for a whole turn, over positions from seeded
//! random games (every tenth turn from turn 5 of each game): the mean and
//! the longest. A levy turn is two searches, the decision to levy and the
//! drawn troop's square, timed together as one turn.
//!
//! Run: `cargo run --release -p duke-tools --bin level_timing [level] [games]
//! [--rules R]` (all levels and six games by default; with `--rules`, the
//! games are played under Expanded Play's rules `R`, from the engine's
//! setup with the terrain drawn by each game's seed).
//!
//! With `--levy N` it times N levy turns of level 5 instead: at positions of
//! seeded random games where the side to move can levy, the search of the
//! decision (timed as a turn where a levy is possible) and then, on a copy
//! where the bag has drawn a troop, the search of its square, together.
//! The placement is timed whatever the decision was, so every position
//! gives a levy turn's two searches; the decision's search takes its time
//! the same way whichever decision it returns (it stops on its clock, at
//! depth 16 or on a forced result). It also prints the placement's mean
//! depth: the search of the square keeps the decision's table.

use std::time::Instant;

use duke_engine::search::{Request, Searcher};
use duke_engine::{Decision, Game};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("--levy") {
        levy_turns(
            all.get(1)
                .map_or(1000, |n| n.parse().expect("a number of turns")),
        );
        return;
    }
    let mut all = all;
    let mut rules = duke_engine::Rules::STANDARD;
    if let Some(i) = all.iter().position(|a| a == "--rules") {
        rules = all
            .get(i + 1)
            .expect("--rules needs the rules text")
            .parse()
            .expect("rules text");
        all.drain(i..i + 2);
    }
    let mut args = all.into_iter();
    let levels: Vec<u8> = match args.next() {
        Some(l) => vec![l.parse().expect("a level 1 to 5")],
        None => (1..=duke_engine::search::LEVELS).collect(),
    };
    let games: u64 = args
        .next()
        .map_or(6, |g| g.parse().expect("a number of games"));
    for lvl in levels {
        let (mut max, mut total, mut n, mut levies, mut levy_max) = (0.0f64, 0.0, 0, 0, 0.0f64);
        let mut searcher = Searcher::new();
        for seed in 0..games {
            let mut game = Game::set_up(rules, seed);
            let mut x = seed * 7919 + 1;
            for turn in 0..60 {
                if game.outcome().is_some() {
                    break;
                }
                if turn % 10 == 5 {
                    // The whole turn, on a copy: a levy's draw and placement too.
                    let mut g = game.clone();
                    let start = Instant::now();
                    let mut searches = 0;
                    let request = Request::new().with_level(lvl).expect("a level 1 to 5");
                    while let Ok(r) = searcher.decide(&g, &request) {
                        searches += 1;
                        let d = r.decision;
                        g.apply(d).expect("the level's decision is legal");
                        if d != Decision::Levy {
                            break;
                        }
                    }
                    let secs = start.elapsed().as_secs_f64();
                    if searches == 2 {
                        levies += 1;
                        levy_max = levy_max.max(secs);
                    }
                    max = max.max(secs);
                    total += secs;
                    n += 1;
                }
                duke_tools::random_turn(&mut game, &mut x);
            }
        }
        if !rules.is_standard() {
            print!("{rules}: ");
        }
        println!(
            "level {lvl}: {n} turns ({levies} levies), mean {:.3} s, longest {:.3} s (longest levy turn {:.3} s)",
            total / f64::from(n),
            max,
            levy_max
        );
    }
}

/// The whole of `turns` levy turns of level 5: the decision, then the
/// drawn troop's square.
fn levy_turns(turns: usize) {
    let mut searcher = Searcher::new();
    let request = Request::new().with_level(5).expect("level 5");
    let mut times: Vec<f64> = Vec::with_capacity(turns);
    let mut seed = 0u64;
    let mut depths = 0u64;
    // The turns whose decision was to levy, and their decisions' and
    // placements' depths.
    let mut levied = (0u64, 0u64, 0u64);
    while times.len() < turns {
        let mut game = Game::standard(seed);
        let mut x = seed * 7919 + 1;
        for turn in 0..80 {
            if game.outcome().is_some() || times.len() >= turns {
                break;
            }
            if turn >= 4 && turn % 5 == 0 && game.position().can_levy() {
                let start = Instant::now();
                let decided = searcher.decide(&game, &request).expect("a decision");
                let mut g = game.clone();
                g.draw().expect("a levy is possible");
                let placed = searcher.decide(&g, &request).expect("a square");
                let secs = start.elapsed().as_secs_f64();
                times.push(secs);
                depths += u64::from(placed.depth);
                if decided.decision == Decision::Levy {
                    levied.0 += 1;
                    levied.1 += u64::from(placed.depth);
                    levied.2 += u64::from(decided.depth);
                }
                if times.len().is_multiple_of(50) {
                    let max = times.iter().cloned().fold(0.0, f64::max);
                    eprintln!("{} levy turns, longest {max:.3} s", times.len());
                }
            }
            duke_tools::random_turn(&mut game, &mut x);
        }
        seed += 1;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len();
    let mean = times.iter().sum::<f64>() / n as f64;
    let over = times.iter().filter(|&&t| t >= 1.05).count();
    println!(
        "level 5: {n} levy turns (decision and placement), mean {mean:.3} s, median {:.3} s, 99th percentile {:.3} s, longest {:.3} s; {over} at 1.05 s or more; the placement's mean depth {:.2}, {:.2} in the {} turns whose decision was to levy (their decision's mean depth {:.2})",
        times[n / 2],
        times[(n * 99 / 100).min(n - 1)],
        times[n - 1],
        depths as f64 / n as f64,
        levied.1 as f64 / levied.0.max(1) as f64,
        levied.0,
        levied.2 as f64 / levied.0.max(1) as f64
    );
}
