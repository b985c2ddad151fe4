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
//! With `--levy N` it times N levy turns of level 5 instead: turns, at
//! positions of seeded random games, where the side to move can levy,
//! played as level 5 plays them: the decision, and when it is to levy, the
//! draw and the search of the drawn troop's square, timed together. It
//! prints the longest of them all and of those that levied, and, over the
//! turns that levied, the mean depth of the decision and of the placement
//! (which keeps the decision's table).

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
    // The turns whose decision was to levy: their longest time, and their
    // decisions' and placements' depths.
    let (mut levied, mut levied_max, mut decided_depths, mut placed_depths) = (0u64, 0.0f64, 0, 0);
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
                if decided.decision == Decision::Levy {
                    let mut g = game.clone();
                    g.apply(Decision::Levy).expect("a levy is possible");
                    let placed = searcher.decide(&g, &request).expect("a square");
                    levied += 1;
                    levied_max = levied_max.max(start.elapsed().as_secs_f64());
                    decided_depths += u64::from(decided.depth);
                    placed_depths += u64::from(placed.depth);
                }
                times.push(start.elapsed().as_secs_f64());
                if times.len().is_multiple_of(50) {
                    let max = times.iter().cloned().fold(0.0, f64::max);
                    eprintln!(
                        "{} levy turns, {levied} levied, longest {max:.3} s",
                        times.len()
                    );
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
    let per = |total: u64| total as f64 / levied.max(1) as f64;
    println!(
        "level 5: {n} turns where a levy is possible, mean {mean:.3} s, median {:.3} s, 99th percentile {:.3} s, longest {:.3} s; {over} at 1.05 s or more; {levied} levied (decision and placement): longest {levied_max:.3} s, the decision's mean depth {:.2} and the placement's {:.2}",
        times[n / 2],
        times[(n * 99 / 100).min(n - 1)],
        times[n - 1],
        per(decided_depths),
        per(placed_depths),
    );
}
