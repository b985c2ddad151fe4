//! The search's work at the levy's chance nodes: fixed-depth, one-thread
//! searches of positions where the side to move can levy, counting the
//! nodes (deterministic: a change of the chance node's pruning shows as a
//! change of the count) and the CPU time. The positions: the decisions of
//! the level-5 suite (`tests/data/level5/suite.txt`) and positions of
//! seeded random games where a levy is possible (every fourth turn from
//! turn 6). Each line prints the decision and score, so that two builds
//! can be compared for the same answers as well as for their work.
//!
//! Run: `cargo run --release -p duke-tools --bin chance_nodes [depth] [games]`
//! (depth 5 and 12 games by default).

use duke_engine::search::nnue::Evaluation;
use duke_engine::search::{Request, Searcher};
use duke_engine::{Game, Position};

fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn positions(games: u64) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for line in include_str!("../../../../tests/data/level5/suite.txt").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || f.len() != 5 || f[2] != "-" {
            continue;
        }
        let pos: Position = f[1].parse().expect("the suite's position");
        if pos.can_levy() {
            out.push((f[0].to_string(), pos));
        }
    }
    for seed in 0..games {
        let mut game = Game::standard(seed);
        let mut x = seed * 7919 + 1;
        for turn in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            if turn >= 6 && turn % 4 == 2 && game.position().can_levy() {
                out.push((format!("game{seed}-t{turn}"), *game.position()));
            }
            duke_tools::random_turn(&mut game, &mut x);
        }
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(5, |d| d.parse().expect("a depth"));
    let games: u64 = args
        .next()
        .map_or(12, |g| g.parse().expect("a number of games"));
    for (eval_name, eval) in [
        ("builtin", Evaluation::Builtin),
        ("hand-tuned", Evaluation::HandTuned),
    ] {
        let mut searcher = Searcher::new();
        let request = Request::new()
            .with_depth(depth)
            .expect("a depth")
            .with_evaluation(eval);
        let (mut nodes, mut secs, mut n) = (0u64, 0.0, 0);
        for (id, pos) in positions(games) {
            let game = Game::from_position(pos, 0);
            let t0 = cpu_seconds();
            let a = searcher.decide(&game, &request).expect("a decision");
            secs += cpu_seconds() - t0;
            nodes += a.nodes;
            n += 1;
            println!(
                "{eval_name:<10} {id:<28} {:<8} {:>6} {:>9} nodes",
                a.decision.to_string(),
                a.score,
                a.nodes
            );
        }
        println!(
            "{eval_name}: {n} positions at depth {depth}: {nodes} nodes, {secs:.2} CPU-s ({:.0} nodes/s)",
            nodes as f64 / secs
        );
    }
}
