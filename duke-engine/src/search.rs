//! The AI: a search and an evaluation.
//!
//! | Part | What it does |
//! |---|---|
//! | search | iterative-deepening expectiminimax: alpha-beta at decision nodes, Star1 pruning at chance nodes (the levy's draw) |
//! | table | a transposition table keyed by the Zobrist key |
//! | ordering | Duke captures, then captures and strikes by victim value, killers, history |
//! | quiescence | a search over captures at the leaves |
//! | evaluation | material by troop and face, Duke safety, mobility and what the bag is expected to bring ([`eval`]), corrected by the built-in learned network ([`nnue`]) by default |
//!
//! The search treats a levy as what it is: one decision of the mover
//! ("levy"), then a chance node over the troop kinds in the bag weighted by
//! count / bag size, then the mover's choice of square. It never looks at a
//! game's bag generator: its result depends only on the position, the
//! history given and the limits, so it is the same whatever a game's seed.
//!
//! ```
//! use duke_engine::search::{Limits, Searcher};
//! use duke_engine::Position;
//! let mut searcher = Searcher::new();
//! let result = searcher.search(&Position::standard(), None, &[], &Limits::depth(2));
//! assert_eq!(result.depth, 2);
//! ```

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Reverse;

mod analyze;
mod captures;
pub mod eval;
mod level;
pub mod nnue;
pub mod objective;
mod players;
mod request;
mod score;
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
mod smp;
mod tree;
mod tt;
pub use analyze::{
    analysis_depth, analyze, analyze_with, confirm_depth, Assessment, TurnAnalysis, BLUNDER,
    CONFIRM_DEPTH, CONFIRM_NODES, MISTAKE, SCORE_CAP,
};
pub use eval::evaluate;
use eval::{tile_value, troop_value};
pub use level::{level, Level, LevelError, Limits, ANALYSIS_LEVEL, DEFAULT_LEVEL, HINT_LEVEL};
pub use players::{Driver, ParsePlayerError, Player, Step};
pub use request::{Answer, Input, Request, NOISE_DEPTH};
pub use score::Score;
pub use tree::Searcher;

use crate::masks::EMPTY;
use crate::{Action, ActionKind, ActionList, Decision, Position, Troop, QUIET_LIMIT};

// The clock of the time limit. `std::time::Instant` panics in a browser
// (wasm32-unknown-unknown has no clock of its own); there `web-time` reads
// `performance.now()`. Everywhere else it is `std`'s own.
#[cfg(all(
    feature = "std",
    not(all(target_arch = "wasm32", target_os = "unknown"))
))]
use std::time::Instant;
#[cfg(all(feature = "std", target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

/// The score of a won position (the mover captures the Duke next), less
/// the plies it takes.
pub const MATE: i32 = 100_000;
/// Scores at or beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
const MAX_PLY: usize = 128;
pub use crate::range::{LEVELS, MAX_DEPTH, MAX_HINTS, MAX_MILLIS, MAX_THREADS};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best decision: an action, or [`Decision::Levy`] to levy.
    pub decision: Decision,
    /// Its score for the side to decide (centi-Footmen; near ±[`MATE`] for
    /// a forced Duke capture).
    pub score: i32,
    /// The principal variation from the root, as far as it is known (it
    /// stops at a levy, whose troop the bag decides).
    pub pv: Vec<Decision>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// The decisions at the root: with a drawn troop, its placements;
/// otherwise every maneuver and, when a levy is possible, the draw.
pub fn root_decisions(pos: &Position, drawn: Option<Troop>) -> Vec<Decision> {
    match drawn {
        Some(t) => pos
            .levy_squares()
            .into_iter()
            .map(|sq| Decision::Act(Action::place(t, sq)))
            .collect(),
        None => {
            let list = pos.legal_actions();
            let mut out: Vec<Decision> = list
                .iter()
                .filter(|a| a.kind() != ActionKind::Place)
                .map(|&a| Decision::Act(a))
                .collect();
            if list.iter().any(|a| a.kind() == ActionKind::Place) {
                out.push(Decision::Levy);
            }
            out
        }
    }
}
