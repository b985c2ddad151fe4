//! The standard game's three loops in CPU time of this thread: perft of
//! the standard start (depth 5), perft of the spec's middle-game position
//! (depth 4), and random games through `Game` (the loop users write
//! first: list, choose, play; a levy drawn from the bag). One line each,
//! the rate last, which `tools/compare-play.sh` reads to compare two builds
//! in turns. It uses only the public API that every build has.
//!
//! With `--rules R` (a build with Expanded Play) it measures instead perft
//! of a middle-game position under rules `R` beside the same position
//! under the standard rules.
//!
//! Run: `cargo run --release -p duke-tools --bin play_speed [rounds]` or
//! `... --bin play_speed -- --rules coup+mountain+fort`.

use std::hint::black_box;

use duke_engine::{perft, ActionKind, Game, Phase, Position};

#[path = "../../../../duke-engine/benches/common/mod.rs"]
mod common;
use common::thread_cpu;

/// `spec-middle-game` of `tests/data/spec.perft`.
const MIDDLE_GAME: &str = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40";

/// Random games from the standard start: their turns.
fn games(n: u64, seed: u64) -> u64 {
    let mut turns = 0;
    let mut x = seed | 1;
    for g in 0..n {
        let mut game = Game::standard(seed.wrapping_add(g));
        while game.outcome().is_none() {
            let list = game.legal();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = list[(x % list.len() as u64) as usize];
            if a.kind() == ActionKind::Place && game.phase() == Phase::Play {
                game.draw().expect("a levy is possible");
                game.place(a.target()).expect("a free square");
            } else {
                game.play(a).expect("a legal action");
            }
            turns += 1;
        }
    }
    turns
}

/// Repeats `f` for at least a fifth of a CPU-second and prints its rate.
fn rate(label: &str, unit: &str, mut f: impl FnMut() -> u64) {
    let t = thread_cpu();
    let (mut n, mut secs) = (0, 0.0);
    while secs < 0.2 {
        n += f();
        secs = thread_cpu() - t;
    }
    println!(
        "{label}: {n} {unit}, {secs:.3} CPU-s, {:.3} M {unit}/s",
        n as f64 / secs / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--rules") {
        let rules = args.get(i + 1).expect("--rules R");
        let with_rules =
            |dpn: &str| -> Position { dpn.parse().unwrap_or_else(|e| panic!("{dpn}: {e}")) };
        let standard = with_rules(MIDDLE_GAME);
        // The Mountain on E1, the Fort on C4, the Flags on A1 and F6.
        let expanded = with_rules(&format!(
            "{MIDDLE_GAME} {rules},mountain=E1,fort=C4,flags=A1/F6,score=0/0"
        ));
        for _ in 0..3 {
            rate("perft middle game depth 4, standard", "leaves", || {
                perft(black_box(&standard), 4)
            });
            rate(
                &format!("perft middle game depth 4, {rules}"),
                "leaves",
                || perft(black_box(&expanded), 4),
            );
        }
        return;
    }
    let start = Position::standard();
    let middle: Position = MIDDLE_GAME.parse().expect("the spec's middle game");
    rate("perft start depth 5", "leaves", || {
        perft(black_box(&start), 5)
    });
    rate("perft middle game depth 4", "leaves", || {
        perft(black_box(&middle), 4)
    });
    let mut seed = 0;
    rate("random games", "turns", || {
        seed += 1000;
        games(1000, seed)
    });
}
