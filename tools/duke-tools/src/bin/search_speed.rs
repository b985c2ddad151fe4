//! Nodes per CPU-second of a fixed-depth search from the middle-game position
//! of the perft files (`spec-middle-game` in `tests/data/spec.perft`, the
//! position of the spec's third perft vector), on one core: the search's
//! node rate, counting decision, chance and quiescence nodes alike.
//!
//! Run: `cargo run --release -p duke-tools --bin search_speed [depth] [rounds]
//! [evaluation]` (depth 4, 3 rounds by default). The search evaluates with
//! the engine's default (the built-in network). With another evaluation (a
//! network's weights file, or `hand-tuned`, or `builtin`), each round also
//! searches with it, in turns with the default, and the last line but one
//! gives its rate and the default's rate over it. Each round searches from
//! a fresh table and prints the nodes, the CPU seconds of this thread (so
//! that other programs on the machine change the figure little) and the
//! rate; the last line is the default's nodes, least CPU time and best
//! rate, which `tools/compare-search.sh` reads. Compare builds by time to
//! depth as well as by rate: a table hit saves a node without counting one.

use duke_engine::search::nnue::{self, Network};
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
    let other = args.next().map(|name| {
        let net = nnue::Evaluation::by_name(&name).map_or_else(
            |_| {
                let bytes = std::fs::read(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
                let net = Network::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                Some(std::sync::Arc::new(net))
            },
            |e| e.network(),
        );
        (name, net)
    });
    let pos: Position = MIDDLE_GAME.parse().expect("the middle-game DPN");
    let mut searcher = Searcher::new();
    let mut with_other = Searcher::new();
    if let Some((_, net)) = &other {
        with_other.set_network(net.clone());
    }
    let default = nnue::default_name();
    let mut net_best = 0.0f64;
    let (mut best, mut least, mut nodes) = (0.0f64, f64::MAX, 0);
    for round in 1..=rounds {
        if let Some((name, _)) = &other {
            let start = thread_cpu();
            let r = with_other.search(&pos, None, &[], &Limits::depth(depth));
            let secs = thread_cpu() - start;
            let rate = r.nodes as f64 / secs / 1e6;
            net_best = net_best.max(rate);
            println!(
                "round {round}, {name}: depth {} nodes {} in {secs:.3} s: {rate:.2} M nodes/s (best {:?}, score {})",
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
            "round {round}, {default}: depth {} nodes {} in {secs:.3} s: {rate:.2} M nodes/s (best {:?}, score {})",
            r.depth, r.nodes, r.decision, r.score
        );
    }
    if let Some((name, _)) = &other {
        println!(
            "{name}: best {net_best:.2} M nodes/s; the default ({default}) runs at {:.2}x its rate",
            best / net_best
        );
    }
    println!("depth {depth} nodes {nodes} least {least:.3} s best {best:.2} M nodes/s");
}
