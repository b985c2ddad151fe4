//! Lazy SMP: helper threads search the same root as the calling thread,
//! all sharing one transposition table, so that the calling thread finds
//! more positions already searched. The helpers' results are not used:
//! only what they leave in the table. Half of them start one turn deeper,
//! so that the threads are not all at the same depth at the same time.
//! Only with `std`, and not on `wasm32` (no threads there).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;
use std::vec::Vec;

use super::{root_decisions, Decision, Limits, SearchResult, Searcher, INF, MATE_BOUND};
use crate::{Position, Troop};

/// What the threads of one search share besides the table.
#[derive(Default)]
pub(super) struct Shared {
    /// The nodes of all threads, as each last added them (every 1,024 nodes).
    nodes: AtomicU64,
    /// Set when the calling thread's search is over: the helpers stop.
    done: AtomicBool,
}

impl Shared {
    /// Adds `n` nodes; the new total.
    pub(super) fn add_nodes(&self, n: u64) -> u64 {
        self.nodes.fetch_add(n, Relaxed) + n
    }

    /// Whether the helpers should stop.
    pub(super) fn done(&self) -> bool {
        self.done.load(Relaxed)
    }
}

/// Tells the helpers to stop when the calling thread's search ends, even
/// by a panic (the scope waits for them).
struct Done<'a>(&'a Shared);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Relaxed);
    }
}

impl Searcher {
    /// A search with `self.threads - 1` helper threads (the table cleared
    /// by the caller).
    pub(super) fn search_threads(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
        k: usize,
    ) -> (SearchResult, Vec<(Decision, i32)>) {
        if root_decisions(pos, drawn).is_empty() {
            // Panics as documented, before any helper starts.
            return self.iterate(pos, drawn, history, limits, k);
        }
        let shared = Arc::new(Shared::default());
        std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            for id in 1..self.threads {
                let mut helper = Searcher::with_table(self.tt.share());
                helper.qsearch = self.qsearch;
                helper.set_network(self.net.clone());
                helper.shared = Some(Arc::clone(&shared));
                let spawned = std::thread::Builder::new()
                    .name(std::format!("duke-search-{id}"))
                    .spawn_scoped(scope, move || {
                        helper.help(pos, drawn, history, limits, id);
                        helper.nodes
                    });
                // A thread the system refuses is one helper fewer.
                if let Ok(h) = spawned {
                    helpers.push(h);
                }
            }
            self.shared = Some(Arc::clone(&shared));
            let (mut result, top) = {
                let _done = Done(&shared);
                self.iterate(pos, drawn, history, limits, k)
            };
            self.shared = None;
            result.nodes = self.nodes
                + helpers
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0))
                    .sum::<u64>();
            (result, top)
        })
    }

    /// A helper's iterative deepening over the root, until its limits or
    /// until the calling thread's search ends.
    fn help(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
        id: usize,
    ) {
        self.reset();
        self.limits = *limits;
        self.start = Some(Instant::now());
        self.set_path(pos, history);
        let mut order = root_decisions(pos, drawn);
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let first = if id % 2 == 1 { max_depth.min(2) } else { 1 };
        for depth in first..=max_depth {
            let mut best: Option<(Decision, i32)> = None;
            let mut alpha = -INF;
            for &d in &order {
                let score = self.root_child(pos, drawn, d, depth as i32, alpha, INF);
                if self.stopped {
                    return;
                }
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((d, score));
                }
                alpha = alpha.max(score);
            }
            let Some((d, score)) = best else { return };
            order.retain(|&x| x != d);
            order.insert(0, d);
            if score.abs() >= MATE_BOUND {
                return;
            }
        }
    }
}
