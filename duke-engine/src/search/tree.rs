//! The tree search: iterative deepening, alpha-beta at decision nodes,
//! Star1 at the levy's chance nodes, the transposition table, action
//! ordering and the quiescence search.

use super::*;

use tt::{Entry as TtEntry, Table, EXACT, LOWER, UPPER};

/// An entry of the quiescence table (one thread's own, not shared).
#[derive(Clone, Copy, Default)]
pub(super) struct QEntry {
    key: u64,
    score: i32,
    flag: u8,
}

/// Entries of the evaluation cache (a power of two).
pub(super) const EVAL_CACHE: usize = 1 << 15;

/// Entries of the quiescence table (a power of two).
pub(super) const Q_TABLE: usize = 1 << 16;

/// Entries of the levy's memory (a power of two): a root levy's nodes two
/// plies deep are a few thousand positions (each troop's squares, then the
/// opponent's answers).
pub(super) const LEVY_MEMORY: usize = 1 << 13;

/// How deep below a timed decision's root levy its nodes are remembered:
/// the placements' positions (ply 1) and the answers to them (ply 2).
const REMEMBERED_PLIES: usize = 3;

/// From this depth, a levy after the actions is first searched a turn
/// shallower.
const LEVY_REDUCTION_DEPTH: i32 = 3;

/// A searcher: its transposition table, history and killer tables.
/// Reuse one across searches to keep the table's allocation. Every search
/// starts from a cleared table, so results are deterministic (with one
/// thread, the default; see [`Searcher::set_threads`]), with one exception
/// that only a timed search meets: the placement of a drawn troop, searched
/// with a time limit right after this searcher's timed search of the same
/// position chose to levy, starts from the table that search left (see
/// [`Searcher::search`]).
pub struct Searcher {
    pub(super) tt: Table,
    pub(super) threads: usize,
    // The node count and the end of a search with helper threads.
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    pub(super) shared: Option<std::sync::Arc<smp::Shared>>,
    // The nodes already added to the shared count.
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    pub(super) flushed: u64,
    /// Static evaluations by key (`evaluate` is most of a quiescence
    /// node's cost, and captures reach the same positions by many orders).
    pub(super) evals: Vec<(u64, i32)>,
    /// The quiescence search's own table (captures reach the same
    /// positions by many orders); apart from `tt` so that it evicts none
    /// of the main search's entries.
    pub(super) qtable: Vec<QEntry>,
    pub(super) killers: [[Action; 2]; MAX_PLY],
    pub(super) history: [[i32; 36]; 36],
    pub(super) path: Vec<u64>,
    pub(super) nodes: u64,
    pub(super) next_check: u64,
    pub(super) limits: Limits,
    pub(super) stopped: bool,
    pub(super) qsearch: bool,
    /// The learned evaluation, when one is set (else the hand-tuned one).
    pub(super) net: Option<alloc::sync::Arc<nnue::Network>>,
    /// Whether the current search evaluates with `net`: it has one, and
    /// the network evaluates the root's rules ([`nnue::Network::evaluates`]).
    pub(super) net_here: bool,
    /// The network's accumulators along the current line, by ply: entry
    /// `p` holds `acc_pos[p]` when `acc_valid[p]` (see `eval`).
    pub(super) acc: Vec<nnue::Accumulator>,
    pub(super) acc_pos: Vec<Position>,
    pub(super) acc_valid: [bool; MAX_PLY],
    /// The turn (position and history, [`turn_key`]) of the last search,
    /// when it was a timed search of a decision that chose to levy: the
    /// placement that follows it keeps its table.
    pub(super) levy_turn: Option<u64>,
    /// The milliseconds that search took, when `levy_turn` is set: the
    /// placement has what is left of the turn ([`level::placement_millis`]).
    pub(super) levy_spent: u64,
    /// A timed decision stops after this many milliseconds while the levy
    /// leads its search (set by [`Searcher::decide`] for a turn where a
    /// levy is possible; `None` otherwise).
    pub(super) levy_millis: Option<u64>,
    /// Whether the decision leading the current search is the levy.
    pub(super) levy_leads: bool,
    /// The levy's memory: the table's entries of the nodes a timed
    /// decision's root levy searched within two plies (the placements, and
    /// the opponent's answers), which the main table's always-replaced
    /// slots lose to the rest of that search. The placement that continues
    /// the decision copies them back into the table.
    pub(super) memory: Table,
    /// Nodes below this ply are also stored in `memory` (0 outside a
    /// timed decision's root levy).
    pub(super) remember_below: usize,
    /// Whether the current search is a timed decision, whose root levy is
    /// remembered.
    pub(super) remembering: bool,
    #[cfg(feature = "std")]
    pub(super) start: Option<Instant>,
    #[cfg(feature = "std")]
    pub(super) stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

/// Mate scores are stored relative to the node, so that a table entry
/// means the same at any ply.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a position whose game a rule of its objective has
/// decided, for the side to move: a captured Duke in the standard game;
/// Expanded Play's wins (points, a Flag home, no tiles, Dark Rider's).
#[inline(always)]
pub(super) fn decided_score(pos: &Position, ply: usize) -> Option<i32> {
    if pos.rules().plays_standard() {
        return pos
            .duke(pos.side_to_move())
            .is_none()
            .then_some(-MATE + ply as i32);
    }
    pos.decided().map(|(winner, _)| {
        if winner == pos.side_to_move() {
            MATE - ply as i32
        } else {
            -MATE + ply as i32
        }
    })
}

/// Whether the side to move can take a tile whose loss ends the game:
/// the opponent's Duke under the Duke objective; in Dark Rider, the
/// Knight for Light, and for Dark a third Pikeman.
pub(super) fn takes_to_win(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let can_take = |targets: crate::Bitboard| {
        targets
            .into_iter()
            .any(|t| !pos.attackers(us, t).is_empty())
    };
    match pos.rules().objective() {
        crate::Objective::Duke => pos.is_duke_attacked(!us),
        crate::Objective::Rider if us == crate::Side::Light => {
            can_take(pos.tiles_of(crate::Side::Dark))
        }
        crate::Objective::Rider if pos.captured_pikemen() == 2 => {
            can_take(pos.tiles_of(crate::Side::Light) & !pos.frozen())
        }
        _ => false,
    }
}

/// A turn's fingerprint: the position's key and the game's earlier
/// positions (which decide what repeats), so that a placement keeps the
/// table only of the search of its own turn.
pub(super) fn turn_key(pos: &Position, history: &[u64]) -> u64 {
    history
        .iter()
        .fold(pos.key() ^ history.len() as u64, |h, &k| {
            crate::zobrist::mix(h ^ k)
        })
}

/// Whether `a` leaves the same side to move: a relocation of a Flag under
/// Counting Coup (Expanded Play), after which its side still takes its
/// turn, so the child's score is the mover's own, not negated.
#[inline(always)]
pub(super) fn keeps_turn(a: Action) -> bool {
    a.kind() == ActionKind::Flag
}

pub(super) fn victim_value(pos: &Position, a: Action) -> i32 {
    let code = pos.board[a.target().index()];
    if code == EMPTY {
        0
    } else if code < 4 && pos.rules().objective() == crate::Objective::Duke {
        // Taking the Duke wins only when the objective is the Duke (under
        // Counting Coup and Other Objective an army plays on without it).
        MATE
    } else {
        tile_value(code)
    }
}

impl Searcher {
    /// A searcher with a 1 MiB transposition table and the default
    /// evaluation ([`nnue::default_network`]).
    pub fn new() -> Searcher {
        Searcher::with_table_entries(1 << 16)
    }

    /// A searcher with a table of `entries` (rounded up to a power of two).
    pub fn with_table_entries(entries: usize) -> Searcher {
        Searcher::with_table(Table::new(entries))
    }

    /// (Every searcher starts with [`nnue::default_network`].)
    pub(super) fn with_table(tt: Table) -> Searcher {
        let mut s = Searcher {
            tt,
            threads: 1,
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            shared: None,
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            flushed: 0,
            evals: vec![(0, 0); EVAL_CACHE],
            qtable: vec![QEntry::default(); Q_TABLE],
            killers: [[Action::pack(ActionKind::Place, 0, 0, 0, false); 2]; MAX_PLY],
            history: [[0; 36]; 36],
            path: Vec::with_capacity(MAX_PLY + 256),
            nodes: 0,
            next_check: 0,
            limits: Limits::default(),
            stopped: false,
            qsearch: true,
            net: None,
            net_here: false,
            acc: Vec::new(),
            acc_pos: Vec::new(),
            acc_valid: [false; MAX_PLY],
            levy_turn: None,
            levy_spent: 0,
            levy_millis: None,
            levy_leads: false,
            memory: Table::new(LEVY_MEMORY),
            remember_below: 0,
            remembering: false,
            #[cfg(feature = "std")]
            start: None,
            #[cfg(feature = "std")]
            stop: None,
        };
        s.set_network(nnue::default_network());
        s
    }

    /// Sets the static evaluation: a learned network, or `None` for the
    /// hand-tuned [`evaluate`]. A new searcher evaluates with
    /// [`nnue::default_network`]: the built-in network (feature
    /// `builtin-network`, on by default). The network is shared, not
    /// copied; this allocates the per-ply accumulators once, so the search
    /// itself allocates nothing.
    ///
    /// ```
    /// use duke_engine::search::nnue::Network;
    /// use duke_engine::search::{Limits, Searcher};
    /// use duke_engine::Position;
    /// use std::sync::Arc;
    /// let mut searcher = Searcher::new();
    /// searcher.set_network(Some(Arc::new(Network::zeroed())));
    /// // Every position scores 0 with a zeroed network.
    /// let r = searcher.search(&Position::standard(), None, &[], &Limits::depth(1));
    /// assert_eq!(r.score, 0);
    /// ```
    pub fn set_network(&mut self, net: Option<alloc::sync::Arc<nnue::Network>>) {
        if net.is_some() && self.acc.len() < MAX_PLY {
            self.acc = vec![nnue::Accumulator::ZERO; MAX_PLY];
            self.acc_pos = vec![Position::default(); MAX_PLY];
        }
        self.acc_valid = [false; MAX_PLY];
        self.evals.fill((0, 0));
        self.net = net;
    }

    /// Sets the static evaluation as a program chose it (the built-in
    /// network, the hand-tuned evaluation or a file's network).
    pub fn set_evaluation(&mut self, evaluation: &nnue::Evaluation) {
        self.set_network(evaluation.network());
    }

    /// The learned network the searcher evaluates with, if any.
    pub fn network(&self) -> Option<&alloc::sync::Arc<nnue::Network>> {
        self.net.as_ref()
    }

    /// Turns the quiescence search off (leaves are evaluated statically);
    /// for tests that compare with a plain expectiminimax.
    #[doc(hidden)]
    pub fn set_quiescence(&mut self, on: bool) {
        self.qsearch = on;
    }

    /// A flag another thread may set to stop the searches of this
    /// searcher early (checked with the node budget); the search then
    /// answers with its last completed depth, as at a time limit. `None`
    /// removes it. `std` only.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use duke_engine::search::{Limits, Searcher};
    /// use duke_engine::Position;
    /// let stop = Arc::new(AtomicBool::new(true)); // already set: depth 1 only
    /// let mut searcher = Searcher::new();
    /// searcher.set_stop_flag(Some(stop));
    /// let result = searcher.search(&Position::standard(), None, &[], &Limits::depth(6));
    /// assert_eq!(result.depth, 1);
    /// ```
    #[cfg(feature = "std")]
    pub fn set_stop_flag(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.stop = flag;
    }

    /// The number of threads a search uses (at least 1).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Searches with `threads` threads (Lazy SMP): the calling thread
    /// searches as with one thread, and `threads - 1` helper threads search
    /// the same root at the same time, sharing the transposition table, so
    /// that the caller's search finds more of its positions already
    /// searched and goes deeper in the same time. The caller's result is
    /// returned; a node limit counts the nodes of all threads, and
    /// [`SearchResult::nodes`] reports them all.
    ///
    /// One thread (the default) is deterministic: the same position,
    /// history and limits give the same result. With more, the threads race
    /// through the shared table, so a search at a depth or node limit may
    /// answer differently from one run to the next (a time limit never was
    /// deterministic). A count outside 1..=[`MAX_THREADS`] is refused
    /// (code `threads.range`), never clamped; without the `std` feature
    /// and on `wasm32` (no threads there) every count searches with one.
    ///
    /// ```
    /// use duke_engine::search::{Limits, Searcher};
    /// use duke_engine::Position;
    /// let mut searcher = Searcher::new();
    /// searcher.set_threads(2).unwrap();
    /// let result = searcher.search(&Position::standard(), None, &[], &Limits::depth(3));
    /// assert_eq!(result.depth, 3);
    /// # #[cfg(not(target_arch = "wasm32"))]
    /// assert_eq!(searcher.threads(), 2);
    /// assert_eq!(searcher.set_threads(0).unwrap_err().code(), "threads.range");
    /// ```
    pub fn set_threads(&mut self, threads: usize) -> Result<(), crate::RangeError> {
        let n: usize = crate::Limit::Threads.check(threads as i128)?;
        self.threads = if cfg!(all(feature = "std", not(target_arch = "wasm32"))) {
            n
        } else {
            1
        };
        Ok(())
    }

    pub(super) fn reset(&mut self) {
        self.qtable.fill(QEntry::default());
        self.history = [[0; 36]; 36];
        for k in self.killers.iter_mut() {
            *k = [Action::pack(ActionKind::Place, 0, 0, 0, false); 2];
        }
        self.nodes = 0;
        self.next_check = 0;
        self.stopped = false;
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        {
            self.flushed = 0;
        }
    }

    /// The static evaluation of the node at `ply` (the hand-tuned
    /// [`evaluate`], or the network's), remembered by key. A key of 0 is
    /// the empty slot's, so a position whose key is 0 is evaluated every
    /// time.
    #[inline]
    pub(super) fn eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let key = pos.key();
        let slot = (key as usize) & (EVAL_CACHE - 1);
        if self.evals[slot].0 == key && key != 0 {
            return self.evals[slot].1;
        }
        // The network is taken out and put back, not cloned: no atomic
        // reference count on the hot path.
        let v = match self.net.take() {
            Some(net) if self.net_here => {
                let v = self.net_eval(&net, pos, ply);
                self.net = Some(net);
                v
            }
            net => {
                self.net = net;
                evaluate(pos)
            }
        };
        self.evals[slot] = (key, v);
        v
    }

    /// Marks the node at `ply` as `pos`, for the network's accumulators
    /// (a no-op with the hand-tuned evaluation).
    #[inline(always)]
    pub(super) fn enter(&mut self, ply: usize, pos: &Position) {
        if self.net_here {
            self.acc_pos[ply] = *pos;
            self.acc_valid[ply] = false;
        }
    }

    /// The network's score of `pos`, the node at `ply`: its accumulators
    /// come from the nearest ply above with valid ones, one ply at a time
    /// (each step adds and removes the rows of the few features an action
    /// changes). When no ply above has them, the root's are computed from
    /// scratch and the line is updated down from there: one refresh per
    /// root decision, not one per node whose parents were not evaluated
    /// (an interior node often is not, or its score came from the cache).
    /// Any valid entry is a correct base, since an update works between
    /// any two positions.
    fn net_eval(&mut self, net: &nnue::Network, pos: &Position, ply: usize) -> i32 {
        let ply = ply.min(MAX_PLY - 1);
        self.acc_pos[ply] = *pos;
        let q = match (0..ply).rev().find(|&q| self.acc_valid[q]) {
            Some(q) => q,
            None => {
                self.acc[0] = nnue::Accumulator::refresh(net, &self.acc_pos[0]);
                self.acc_valid[0] = true;
                0
            }
        };
        for k in q + 1..=ply {
            let (above, here) = self.acc.split_at_mut(k);
            here[0].set_updated(&above[k - 1], net, &self.acc_pos[k - 1], &self.acc_pos[k]);
            self.acc_valid[k] = true;
        }
        let score = net.score(&self.acc[ply], pos);
        // The crate's tests and debug builds check every incremental score
        // against a refresh.
        if cfg!(any(test, debug_assertions)) {
            assert_eq!(
                score,
                net.evaluate(pos),
                "incremental accumulators at ply {ply}: {pos}"
            );
        }
        score
    }

    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // Checked every 1,024 nodes, counting the quiescence's too.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            #[allow(unused_mut)]
            let mut nodes = self.nodes;
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            if let Some(shared) = &self.shared {
                nodes = shared.add_nodes(self.nodes - self.flushed);
                self.flushed = self.nodes;
                if shared.done() {
                    self.stopped = true;
                }
            }
            if let Some(max) = self.limits.nodes {
                if nodes >= max {
                    self.stopped = true;
                }
            }
            #[cfg(feature = "std")]
            if let (Some(ms), Some(start)) = (self.limits.millis, self.start) {
                let spent = start.elapsed().as_millis() as u64;
                let levy_done = self.levy_leads && self.levy_millis.is_some_and(|l| spent >= l);
                if spent >= ms || levy_done {
                    self.stopped = true;
                }
            }
            #[cfg(feature = "std")]
            if let Some(flag) = &self.stop {
                if flag.load(std::sync::atomic::Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Searches `pos` for the side to move. With `drawn`, the mover has
    /// drawn that troop and the root decisions are its placements.
    /// `history` holds the keys of the game's earlier positions (oldest
    /// first), so that the search scores a repetition as a draw. With more
    /// than one thread (see [`Searcher::set_threads`]), helper threads
    /// search beside this one.
    ///
    /// The search starts from a cleared table, except for a levy turn's
    /// second search: a timed search of a drawn troop's placement keeps the
    /// table of this searcher's previous search when that was a timed
    /// search of the same position (and history) that chose to levy
    /// ([`Searcher::awaits_placement`]). That search has already searched
    /// each troop's squares, so the placement's short share of the turn
    /// starts deeper: the decision also kept its levy's nodes two plies
    /// deep apart from the table (the placements and the answers to them,
    /// which the rest of its search evicts from the table's slots), and the
    /// placement copies them back, so that it finds the decision's depth
    /// again in a few nodes and spends its time beyond it. Searches
    /// with only depth or node limits always clear the table, so their
    /// results depend only on their input.
    ///
    /// # Panics
    ///
    /// When the position has no legal decision (the game is over).
    pub fn search(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
    ) -> SearchResult {
        self.search_top(pos, drawn, history, limits, 1).0
    }

    /// [`Searcher::search`] that also scores the `k` best root decisions
    /// exactly at the depth the search completed (a multi-PV search: the
    /// `k`-th best score so far, not the best, bounds the others), best
    /// first; the result's decision is the first of them. With `k` at most
    /// 1 it searches exactly as [`Searcher::search`].
    ///
    /// # Panics
    ///
    /// When the position has no legal decision (the game is over).
    pub fn search_top(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
        k: usize,
    ) -> (SearchResult, Vec<(Decision, i32)>) {
        let turn = turn_key(pos, history);
        let timed = limits.millis.is_some();
        let continues = timed && drawn.is_some() && self.levy_turn == Some(turn);
        if continues {
            // The levy's nodes near the root, which the rest of the
            // decision's search has mostly evicted from the table.
            self.tt.store_all(&self.memory);
        } else {
            self.tt.clear();
        }
        self.levy_turn = None;
        self.levy_spent = 0;
        self.remembering = timed && drawn.is_none();
        if self.remembering {
            self.memory.clear();
        }
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        let (best, top) = if self.threads > 1 {
            self.search_threads(pos, drawn, history, limits, k)
        } else {
            self.iterate(pos, drawn, history, limits, k)
        };
        #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
        let (best, top) = self.iterate(pos, drawn, history, limits, k);
        self.remembering = false;
        if timed && drawn.is_none() && best.decision == Decision::Levy {
            self.levy_turn = Some(turn);
            #[cfg(feature = "std")]
            {
                self.levy_spent = self.start.map_or(0, |t| t.elapsed().as_millis() as u64);
            }
        }
        (best, top)
    }

    /// Whether this searcher's last search was a timed decision to levy,
    /// so that the drawn troop's placement, searched next by this searcher
    /// with a time limit, starts from its table (see [`Searcher::search`]).
    /// A program that makes a searcher per request keeps this one for the
    /// game's next request while this is true, and no longer.
    ///
    /// ```
    /// use duke_engine::search::{Limits, Searcher};
    /// use duke_engine::Position;
    /// let mut searcher = Searcher::new();
    /// searcher.search(&Position::standard(), None, &[], &Limits::depth(2));
    /// assert!(!searcher.awaits_placement());
    /// ```
    pub fn awaits_placement(&self) -> bool {
        self.levy_turn.is_some()
    }

    /// A search by this thread alone, whatever [`Searcher::threads`]
    /// says, so that its result depends only on its input.
    pub(super) fn iterate_alone(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
    ) -> SearchResult {
        self.clear_table();
        self.iterate(pos, drawn, history, limits, 1).0
    }

    /// A cleared table, which no placement continues.
    pub(super) fn clear_table(&mut self) {
        self.tt.clear();
        self.levy_turn = None;
    }

    /// The iterative deepening of one thread's search (the table cleared
    /// by the caller), with the `k` best root decisions scored exactly at
    /// the last completed depth (none for `k` 0).
    pub(super) fn iterate(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        limits: &Limits,
        k: usize,
    ) -> (SearchResult, Vec<(Decision, i32)>) {
        let roots = root_decisions(pos, drawn);
        assert!(
            !roots.is_empty(),
            "search of a position with no legal decision"
        );
        self.reset();
        self.limits = *limits;
        #[cfg(feature = "std")]
        {
            self.start = Some(Instant::now());
        }
        self.set_path(pos, history);
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let keep = k.max(1);
        let mut best = SearchResult {
            decision: roots[0],
            score: 0,
            pv: vec![roots[0]],
            depth: 0,
            nodes: 0,
        };
        let mut top: Vec<(Decision, i32)> = Vec::new();
        let mut order: Vec<Decision> = roots.clone();
        // The exact scores of an iteration, best first, by index in
        // `order`: a decision held beside its score lets the compiler pack
        // the levy's unwritten action bytes with the score into one
        // register, which valgrind then reports as a jump on uninitialised
        // bytes.
        let mut ranked: Vec<(usize, i32)> = Vec::with_capacity(keep + 1);
        self.levy_leads = false;
        for depth in 1..=max_depth {
            ranked.clear();
            for (i, &d) in order.iter().enumerate() {
                // Below the k-th best exact score a decision is out of the
                // list, so that score bounds it (the best, for one).
                let alpha = if ranked.len() < keep {
                    -INF
                } else {
                    ranked[keep - 1].1
                };
                let score = self.root_child(pos, drawn, d, depth as i32, alpha, INF);
                if self.stopped && depth > 1 {
                    break;
                }
                if ranked.len() < keep || score > alpha {
                    // After the equal scores already listed: the first
                    // searched stays first.
                    let at = ranked.partition_point(|&(_, s)| s >= score);
                    ranked.insert(at, (i, score));
                    ranked.truncate(keep);
                }
                // The decision the search would play if it stopped now (a
                // first iteration is always finished).
                if depth > 1 || i + 1 == order.len() {
                    self.levy_leads = order[ranked[0].0] == Decision::Levy;
                }
            }
            let iteration_best = ranked.first().map(|&(i, score)| (order[i], score));
            if self.stopped && depth > 1 {
                // An unfinished iteration still counts where it finished:
                // the decisions it searched through, the previous best
                // first, were searched in full at this depth, so one that
                // beat the previous best there is the better decision (the
                // depth reported stays the last completed one).
                if let Some((d, score)) = iteration_best {
                    if d != best.decision {
                        best.decision = d;
                        best.score = score;
                        best.pv = self.principal_variation(pos, d, depth);
                        if k > 0 {
                            top.retain(|&(x, _)| x != d);
                            top.insert(0, (d, score));
                            top.truncate(k);
                        }
                    }
                }
                break;
            }
            let (d, score) = iteration_best.expect("at least one root decision");
            best = SearchResult {
                decision: d,
                score,
                pv: self.principal_variation(pos, d, depth),
                depth,
                nodes: self.nodes,
            };
            if k > 0 {
                top.clear();
                top.extend(ranked.iter().map(|&(i, s)| (order[i], s)));
            }
            // The ranked decisions first in the next iteration, best first.
            let firsts: Vec<Decision> = ranked.iter().map(|&(i, _)| order[i]).collect();
            order.retain(|x| !firsts.contains(x));
            for (n, &x) in firsts.iter().enumerate() {
                order.insert(n, x);
            }
            if self.stopped || score.abs() >= MATE_BOUND {
                break;
            }
        }
        best.nodes = self.nodes;
        (best, top)
    }

    /// Every root decision with its exact score at `depth` (a full-window
    /// search of each), best first: for hints that show the top actions.
    pub fn score_all(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        depth: u32,
    ) -> Vec<(Decision, i32)> {
        let roots = root_decisions(pos, drawn);
        self.start_scoring(pos, history);
        let mut scored: Vec<(Decision, i32)> = roots
            .iter()
            .map(|&d| {
                (
                    d,
                    self.root_child(pos, drawn, d, depth.max(1) as i32, -INF, INF),
                )
            })
            .collect();
        scored.sort_by_key(|&(_, s)| Reverse(s));
        scored
    }

    /// One root decision's exact score at `depth`, deepened from depth 1
    /// with the table kept between depths (quicker than one search
    /// straight at `depth`): for checking a turn at a greater depth.
    pub(super) fn score_deepening(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        d: Decision,
        depth: u32,
    ) -> i32 {
        self.start_scoring(pos, history);
        let mut score = 0;
        for dd in 1..=depth.max(1) {
            score = self.root_child(pos, drawn, d, dd as i32, -INF, INF);
        }
        score
    }

    /// A cleared table and no limits, with the game's positions that can
    /// repeat on the path.
    fn start_scoring(&mut self, pos: &Position, history: &[u64]) {
        self.clear_table();
        self.reset();
        self.limits = Limits::default();
        self.set_path(pos, history);
    }

    /// The start of every search of `pos` (by the caller, a helper thread
    /// or the analysis): the game's positions that can repeat (only those
    /// since the last capture or levy), and whether the network evaluates
    /// this search ([`nnue::Network::evaluates`] its rules).
    pub(super) fn set_path(&mut self, pos: &Position, history: &[u64]) {
        self.net_here = self
            .net
            .as_ref()
            .is_some_and(|net| net.evaluates(pos.rules()));
        self.path.clear();
        let keep = (pos.quiet() as usize).min(history.len());
        self.path
            .extend_from_slice(&history[history.len() - keep..]);
    }

    /// The score of one root decision with a window, from the mover's side.
    pub(super) fn root_child(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        d: Decision,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.enter(0, pos);
        match d {
            Decision::Levy => {
                if self.remembering {
                    self.remember_below = REMEMBERED_PLIES;
                }
                let s = self.chance(pos, depth, alpha, beta, 0);
                self.remember_below = 0;
                s
            }
            Decision::Act(a) => {
                debug_assert!(drawn.is_none() || a.kind() == ActionKind::Place);
                let mut child = *pos;
                child.play_unchecked(a);
                self.path.push(pos.key());
                let s = if keeps_turn(a) {
                    self.negamax(&child, depth - 1, alpha, beta, 1)
                } else {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                };
                self.path.pop();
                s
            }
        }
    }

    pub(super) fn principal_variation(
        &self,
        pos: &Position,
        first: Decision,
        depth: u32,
    ) -> Vec<Decision> {
        let mut pv = vec![first];
        let Decision::Act(a) = first else {
            return pv;
        };
        let mut cur = *pos;
        cur.play_unchecked(a);
        for _ in 1..depth {
            let Some(e) = self.tt.probe(cur.key()).filter(|e| e.best != 0) else {
                break;
            };
            let Some(next) = Action::from_bits(e.best) else {
                break;
            };
            if next.kind() == ActionKind::Place {
                pv.push(Decision::Levy);
                break;
            }
            if !cur.is_legal(next) {
                break;
            }
            pv.push(Decision::Act(next));
            cur.play_unchecked(next);
        }
        pv
    }

    pub(super) fn is_repetition(&self, pos: &Position) -> bool {
        // Positions with the same side to move sit two apart on the path.
        let n = self.path.len();
        let back = (pos.quiet() as usize).min(n);
        self.path[n - back..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == pos.key())
    }

    /// Negamax with fail-hard alpha-beta: the result lies in [alpha, beta].
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.enter(ply, pos);
        if let Some(score) = decided_score(pos, ply) {
            return score.clamp(alpha, beta);
        }
        if pos.quiet() >= QUIET_LIMIT || self.is_repetition(pos) {
            return 0i32.clamp(alpha, beta);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return if self.qsearch {
                self.quiesce(pos, alpha, beta, ply)
            } else if takes_to_win(pos) {
                // Without the quiescence search (levels 1 and 2) a leaf
                // where the mover can take the tile that ends the game is
                // that win, not a static score.
                (MATE - ply as i32 - 1).clamp(alpha, beta)
            } else {
                self.eval(pos, ply).clamp(alpha, beta)
            };
        }
        if self.out_of_budget() {
            return self.eval(pos, ply).clamp(alpha, beta);
        }
        let mut tt_action = 0;
        if let Some(entry) = self.tt.probe(pos.key()) {
            tt_action = entry.best;
            if i32::from(entry.depth) >= depth {
                let s = from_tt(entry.score, ply);
                match entry.flag {
                    EXACT => return s.clamp(alpha, beta),
                    LOWER if s >= beta => return beta,
                    UPPER if s <= alpha => return alpha,
                    _ => {}
                }
            }
        }
        let list = pos.legal_actions();
        if list.is_empty() {
            return (-MATE + ply as i32).clamp(alpha, beta);
        }
        let alpha0 = alpha;
        let mut moves = ActionList::new();
        let mut has_levy = false;
        for &a in list.iter() {
            if a.kind() == ActionKind::Place {
                has_levy = true;
            } else {
                moves.push(a);
            }
        }
        let mut keys = [0i32; crate::MAX_ACTIONS];
        for (i, &a) in moves.iter().enumerate() {
            keys[i] = self.order_key(pos, a, tt_action, ply);
        }
        let mut best_action = 0u32;
        let mut cut = false;
        let levy_first = tt_action != 0
            && Action::from_bits(tt_action).is_some_and(|a| a.kind() == ActionKind::Place);
        let mut searched = false;
        if levy_first && has_levy {
            searched = true;
            let s = self.chance(pos, depth, alpha, beta, ply);
            if s > alpha {
                alpha = s;
                best_action = tt_action;
            }
            has_levy = false;
            cut = alpha >= beta;
        }
        let n = moves.len();
        let mut i = 0;
        while !cut && i < n {
            // Selection sort step: the best-keyed remaining action next.
            let mut pick = i;
            for j in i + 1..n {
                if keys[j] > keys[pick] {
                    pick = j;
                }
            }
            keys.swap(i, pick);
            moves.swap(i, pick);
            let a = moves[i];
            let mut child = *pos;
            child.play_unchecked(a);
            self.path.push(pos.key());
            let s = if keeps_turn(a) {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            } else if !searched {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Principal variation search: after the first decision,
                // each is first shown no better than alpha with a null
                // window, and searched in full only when it is not.
                let mut s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            searched = true;
            self.path.pop();
            if s > alpha {
                alpha = s;
                best_action = a.to_bits();
                if alpha >= beta {
                    if victim_value(pos, a) == 0 {
                        let k = &mut self.killers[ply];
                        if k[0] != a {
                            k[1] = k[0];
                            k[0] = a;
                        }
                        let (f, t) = (a.actor().map_or(0, |s| s.index()), a.target().index());
                        self.history[f][t] += depth * depth;
                    }
                    cut = true;
                }
            }
            i += 1;
        }
        if !cut && has_levy {
            // The levy after the actions, when the table did not lead with
            // it: first shown no better than alpha a turn shallower, as a
            // late move is.
            let reduced = depth >= LEVY_REDUCTION_DEPTH
                && searched
                && !(pos.rules().objective() == crate::Objective::Duke
                    && pos.is_duke_attacked(pos.side_to_move()))
                && self.chance(pos, depth - 1, alpha, alpha + 1, ply) <= alpha;
            let s = if reduced {
                alpha
            } else {
                self.chance(pos, depth, alpha, beta, ply)
            };
            if s > alpha {
                alpha = s;
                // Any placement marks "levy" as the best decision.
                best_action = list
                    .iter()
                    .find(|a| a.kind() == ActionKind::Place)
                    .map_or(0, |a| a.to_bits());
            }
        }
        if !self.stopped {
            let flag = if alpha >= beta {
                LOWER
            } else if alpha > alpha0 {
                EXACT
            } else {
                UPPER
            };
            let entry = TtEntry {
                best: best_action,
                score: to_tt(alpha, ply),
                depth: depth.min(127) as i8,
                flag,
            };
            self.tt.store(pos.key(), entry);
            if ply < self.remember_below {
                self.memory.store(pos.key(), entry);
            }
        }
        alpha
    }

    pub(super) fn order_key(&self, pos: &Position, a: Action, tt_action: u32, ply: usize) -> i32 {
        // The table's action, whether or not it was stored as a capture.
        let same = |bits: u32| bits & crate::action::EQ_MASK;
        if same(a.to_bits()) == same(tt_action) && tt_action != 0 {
            return i32::MAX;
        }
        let victim = victim_value(pos, a);
        if victim > 0 {
            let attacker = a.actor().map_or(0, |s| tile_value(pos.board[s.index()]));
            return 1_000_000 + victim * 16 - attacker / 16;
        }
        if self.killers[ply][0] == a {
            return 900_000;
        }
        if self.killers[ply][1] == a {
            return 800_000;
        }
        let (f, t) = (a.actor().map_or(0, |s| s.index()), a.target().index());
        self.history[f][t].min(700_000)
    }

    /// The levy as a chance node: each troop kind with probability
    /// count / bag size, then the mover's best square for it. Star1
    /// pruning keeps the result within [alpha, beta] (fail-hard).
    pub(super) fn chance(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let us = pos.side_to_move();
        let bag = pos.bag(us);
        let total = i64::from(bag.total());
        let squares = pos.levy_squares();
        // The likeliest kinds first, then the most valuable; ties keep the
        // bag's order (a stable insertion sort on a fixed array: no heap).
        let mut kinds = [(Troop::Duke, 0i64); Troop::COUNT];
        let mut len = 0;
        for (t, n) in bag.iter() {
            let key = (i64::from(n), troop_value(t));
            let mut j = len;
            while j > 0 && (kinds[j - 1].1, troop_value(kinds[j - 1].0)) < key {
                kinds[j] = kinds[j - 1];
                j -= 1;
            }
            kinds[j] = (t, i64::from(n));
            len += 1;
        }
        // A probe for the usual case, a levy worth no more than alpha:
        // each kind's best square with a null window at alpha. When every
        // kind fails low, so does their weighted mean, and the node is
        // done with searches that cut off (Star1's bound on the kinds not
        // yet searched, a won game, lets nothing fail low before the last).
        if alpha > -MATE_BOUND {
            let mut all_low = true;
            for &(troop, _) in &kinds[..len] {
                let v = self.place_node(pos, troop, squares, depth, alpha, alpha + 1, ply);
                if v > alpha {
                    all_low = false;
                    break;
                }
            }
            if all_low {
                return alpha;
            }
        }
        let (lo, hi) = (-i64::from(MATE), i64::from(MATE));
        let mut sum = 0i64;
        let mut rest = total;
        // Whether every kind wins by force (or every kind loses): only then
        // is the mean a mate score.
        let (mut all_won, mut all_lost) = (true, true);
        for &(troop, count) in &kinds[..len] {
            rest -= count;
            // Star1: the window in which this child can still change the outcome.
            let a_num = total * i64::from(alpha) - sum - hi * rest;
            let b_num = total * i64::from(beta) - sum - lo * rest;
            let a_k = a_num.div_euclid(count);
            let b_k = -((-b_num).div_euclid(count));
            let lo_k = a_k.max(lo) as i32;
            let hi_k = b_k.min(hi) as i32;
            let v = self.place_node(pos, troop, squares, depth, lo_k, hi_k, ply);
            if i64::from(v) <= a_k {
                return alpha;
            }
            if i64::from(v) >= b_k {
                return beta;
            }
            sum += count * i64::from(v);
            all_won &= v >= MATE_BOUND;
            all_lost &= v <= -MATE_BOUND;
        }
        let mean = sum.div_euclid(total) as i32;
        // A mean of forced wins and other outcomes can reach the mate band
        // (99 draws in 100 that win are worth 990 Footmen); it is not a
        // forced win, so it stays below the band, or iterative deepening
        // would stop on it and the table would shift it by the ply.
        let mean = if all_won || all_lost {
            mean
        } else {
            mean.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        };
        mean.clamp(alpha, beta)
    }

    /// The mover's best square for a drawn troop, within [alpha, beta].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn place_node(
        &mut self,
        pos: &Position,
        troop: Troop,
        squares: crate::Bitboard,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if alpha >= beta {
            return alpha;
        }
        for sq in squares {
            let mut child = *pos;
            child.play_unchecked(Action::place(troop, sq));
            self.path.push(pos.key());
            let s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            self.path.pop();
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }

    /// Captures only, with the static evaluation as a floor (stand pat).
    pub(super) fn quiesce(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        let key = pos.key();
        let slot = (key as usize) & (Q_TABLE - 1);
        let e = self.qtable[slot];
        if e.key == key && e.flag != 0 {
            let s = from_tt(e.score, ply);
            match e.flag {
                EXACT => return s.clamp(alpha, beta),
                LOWER if s >= beta => return beta,
                UPPER if s <= alpha => return alpha,
                _ => {}
            }
        }
        let v = self.quiesce_search(pos, alpha, beta, ply);
        // A result cut short by the budget or the ply limit is not stored.
        if !self.stopped && ply < MAX_PLY - 2 {
            let flag = if v >= beta {
                LOWER
            } else if v > alpha {
                EXACT
            } else {
                UPPER
            };
            self.qtable[slot] = QEntry {
                key,
                score: to_tt(v, ply),
                flag,
            };
        }
        v
    }

    pub(super) fn quiesce_search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return self.eval(pos, ply).clamp(alpha, beta);
        }
        if let Some(score) = decided_score(pos, ply) {
            return score.clamp(alpha, beta);
        }
        let caps = pos.legal_captures();
        if !caps.any {
            return (-MATE + ply as i32).clamp(alpha, beta);
        }
        self.enter(ply, pos);
        let stand = self.eval(pos, ply);
        if stand >= beta {
            return beta;
        }
        alpha = alpha.max(stand);
        if ply >= MAX_PLY - 1 {
            return alpha;
        }
        // Most valuable victim first; ties keep the generator's order (a
        // stable insertion sort on a fixed array: no heap on this path).
        let n = caps.list.len();
        let mut order =
            [(0i32, Action::pack(ActionKind::Place, 0, 0, 0, false)); crate::MAX_ACTIONS];
        for (i, &a) in caps.list.iter().enumerate() {
            let v = victim_value(pos, a);
            let mut j = i;
            while j > 0 && order[j - 1].0 < v {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = (v, a);
        }
        for &(victim, a) in &order[..n] {
            if victim >= MATE {
                return (MATE - ply as i32 - 1).clamp(alpha, beta);
            }
            let mut child = *pos;
            child.play_unchecked(a);
            let s = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    return beta;
                }
            }
        }
        alpha
    }
}
