//! How long each level takes to decide, over positions from seeded random
//! games (every tenth turn from turn 5 of six games): the mean and the
//! longest. Run: `cargo run --release --example level_timing [level]`.

use std::time::Instant;

use duke_engine::search::{level, Searcher};
use duke_engine::{ActionKind, Game, Phase};

fn main() {
    let levels: Vec<u8> = match std::env::args().nth(1) {
        Some(l) => vec![l.parse().expect("a level 1 to 5")],
        None => (1..=duke_engine::search::LEVELS).collect(),
    };
    for lvl in levels {
        let (mut max, mut total, mut n) = (0.0f64, 0.0, 0);
        let mut searcher = Searcher::new();
        for seed in 0..6u64 {
            let mut game = Game::standard(seed);
            let mut x = seed * 7919 + 1;
            for turn in 0..60 {
                if game.outcome().is_some() {
                    break;
                }
                if turn % 10 == 5 {
                    let drawn = match game.phase() {
                        Phase::Levy { troop } => Some(troop),
                        _ => None,
                    };
                    let start = Instant::now();
                    let _ = searcher.play_level(
                        game.position(),
                        drawn,
                        &game.history_keys(),
                        &level(lvl),
                        0,
                    );
                    let secs = start.elapsed().as_secs_f64();
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
            "level {lvl}: {n} decisions, mean {:.3} s, longest {:.3} s",
            total / f64::from(n),
            max
        );
    }
}
