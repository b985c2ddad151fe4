//! How long each level takes for a whole turn, over positions from seeded
//! random games (every tenth turn from turn 5 of each game): the mean and
//! the longest. A levy turn is two searches, the decision to levy and the
//! drawn troop's square, timed together as one turn.
//!
//! Run: `cargo run --release -p duke-tools --bin level_timing [level] [games]`
//! (all levels and six games by default).

use std::time::Instant;

use duke_engine::search::{Request, Searcher};
use duke_engine::{ActionKind, Decision, Game, Phase};

fn main() {
    let mut args = std::env::args().skip(1);
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
            let mut game = Game::standard(seed);
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
                let list = game.legal();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let a = list[(x % list.len() as u64) as usize];
                if a.kind() == ActionKind::Place && game.phase() == Phase::Play {
                    game.draw().unwrap();
                    game.place(a.target()).unwrap();
                } else {
                    game.play(a).unwrap();
                }
            }
        }
        println!(
            "level {lvl}: {n} turns ({levies} levies), mean {:.3} s, longest {:.3} s (longest levy turn {:.3} s)",
            total / f64::from(n),
            max,
            levy_max
        );
    }
}
