//! Nodes per CPU-second of a fixed-depth search from the middle-game position
//! of the perft files (`spec-middle-game` in `tests/data/spec.perft`, the
//! position of the spec's third perft vector), on one core: the search's
//! node rate, counting decision, chance and quiescence nodes alike.
//!
//! Run: `cargo run --release -p duke-tools --bin search_speed [depth] [rounds]
//! [weights-file]` (depth 4, 3 rounds by default). With a learned network's
//! weights file, each round also searches with the network, in turns with
//! the hand-tuned evaluation, and the last line gives the network's rate
//! and its ratio to the hand-tuned one. Each round searches from a fresh
//! table and prints the nodes, the CPU seconds of this thread (so that
//! other programs on the machine change the figure little) and the rate; the last line is
//! the nodes, the least CPU time and the best rate, which
//! `tools/compare-search.sh` reads. Compare builds by time to
//! depth as well as by rate: a table hit saves a node without counting one.

use duke_engine::search::nnue::Network;
use duke_engine::search::{Limits, Searcher};
use duke_engine::Position;

#[path = "../../../../duke-engine/benches/common/mod.rs"]
mod common;
use common::thread_cpu;

/// `spec-middle-game` of `tests/data/spec.perft`.
const MIDDLE_GAME: &str = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40";

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(4, |d| d.parse().expect("a depth"));
    let rounds: u32 = args
        .next()
        .map_or(3, |r| r.parse().expect("a number of rounds"));
    let network = args.next().map(|path| {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        std::sync::Arc::new(Network::from_bytes(&bytes).unwrap_or_else(|e| panic!("{path}: {e}")))
    });
    let pos: Position = MIDDLE_GAME.parse().expect("the middle-game DPN");
    let mut searcher = Searcher::new();
    let mut with_net = Searcher::new();
    with_net.set_network(network.clone());
    let mut net_best = 0.0f64;
    let (mut best, mut least, mut nodes) = (0.0f64, f64::MAX, 0);
    for round in 1..=rounds {
        if network.is_some() {
            let start = thread_cpu();
            let r = with_net.search(&pos, None, &[], &Limits::depth(depth));
            let secs = thread_cpu() - start;
            let rate = r.nodes as f64 / secs / 1e6;
            net_best = net_best.max(rate);
            println!(
                "round {round}, network: depth {} nodes {} in {secs:.3} s: {rate:.2} M nodes/s (best {:?}, score {})",
                r.depth, r.nodes, r.decision, r.score
            );
        }
        let start = thread_cpu();
        let r = searcher.search(&pos, None, &[], &Limits::depth(depth));
        let secs = thread_cpu() - start;
        let rate = r.nodes as f64 / secs / 1e6;
        best = best.max(rate);
        least = least.min(secs);
        nodes = r.nodes;
        println!(
            "round {round}: depth {} nodes {} in {secs:.3} s: {rate:.2} M nodes/s (best {:?}, score {})",
            r.depth, r.nodes, r.decision, r.score
        );
    }
    if network.is_some() {
        println!(
            "network: best {net_best:.2} M nodes/s, {:.2}x the hand-tuned evaluation's rate",
            net_best / best
        );
    }
    println!("depth {depth} nodes {nodes} least {least:.3} s best {best:.2} M nodes/s");
}
