//! `duke tournament`: matches between two players with paired seeds and
//! colours swapped, a progress bar, win/draw/loss and an Elo difference
//! with a 95% interval.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use duke_engine::search::Searcher;
use duke_engine::{Game, Side};

use crate::players::{apply, decide, Player};
use crate::progress::Progress;

/// The result of one game for player A: 1, 0.5 or 0.
fn play_game(
    a: Player,
    b: Player,
    a_side: Side,
    seed: u64,
    sa: &mut Searcher,
    sb: &mut Searcher,
) -> f64 {
    let mut game = Game::standard(seed);
    let mut turn = 0u64;
    while game.outcome().is_none() {
        let mover = game.side_to_decide();
        let (player, searcher) = if mover == a_side {
            (a, &mut *sa)
        } else {
            (b, &mut *sb)
        };
        let d = decide(player, &game, searcher, seed.wrapping_add(turn));
        apply(&mut game, d);
        turn += 1;
    }
    match game.outcome().and_then(|o| o.winner()) {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Plays the match on `threads` threads (each with its own searchers;
/// game `i` has the same seed and colours whatever the thread count, so
/// the result does not depend on it, except through time-limited levels).
pub fn run(a: Player, b: Player, games: u32, seed: u64, threads: usize) -> String {
    let pairs = games.div_ceil(2);
    let total = pairs * 2;
    let start = Instant::now();
    let next = AtomicU32::new(0);
    let results: Mutex<Vec<(u32, f64)>> = Mutex::new(Vec::new());
    let progress = Progress::new(&format!("{} vs {}", a.name(), b.name()), u64::from(total));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut sa = Searcher::new();
                let mut sb = Searcher::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let pair_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(i / 2));
                    let a_side = if i.is_multiple_of(2) {
                        Side::Light
                    } else {
                        Side::Dark
                    };
                    let score = play_game(a, b, a_side, pair_seed, &mut sa, &mut sb);
                    let mut r = results.lock().unwrap();
                    r.push((i, score));
                    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
                    for &(_, s) in r.iter() {
                        if s > 0.75 {
                            wins += 1;
                        } else if s < 0.25 {
                            losses += 1;
                        } else {
                            draws += 1;
                        }
                    }
                    progress.update(r.len() as u64, &format!("+{wins} ={draws} -{losses}"));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|&(i, _)| i);
    let scores: Vec<f64> = results.iter().map(|&(_, s)| s).collect();
    let wins = scores.iter().filter(|&&s| s > 0.75).count();
    let losses = scores.iter().filter(|&&s| s < 0.25).count();
    let draws = scores.len() - wins - losses;
    progress.finish(scores.len() as u64, &format!("+{wins} ={draws} -{losses}"));
    let n = scores.len() as f64;
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let bound = |q: f64| {
        if q <= 0.0 {
            "-inf".to_string()
        } else if q >= 1.0 {
            "+inf".to_string()
        } else {
            format!("{:+.0}", elo(q))
        }
    };
    let (lo, hi) = (bound(p - 1.96 * se), bound(p + 1.96 * se));
    format!(
        "{} vs {}: {} games (paired seeds, colours swapped): +{wins} ={draws} -{losses}, score {:.1}%, Elo {} (95% interval {lo} to {hi}), {:.1} s",
        a.name(),
        b.name(),
        total,
        100.0 * p,
        bound(p),
        start.elapsed().as_secs_f64()
    )
}
