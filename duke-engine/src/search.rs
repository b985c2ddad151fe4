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
mod players;
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
use level::turn_limits;
pub use level::{level, Level, LevelError, Limits, DEFAULT_LEVEL, HINT_LEVEL};
pub use players::{Driver, ParsePlayerError, Player, Step};
pub use score::Score;
pub use tree::Searcher;

/// A decision of the side to move (an action, or the draw of a levy),
/// re-exported here beside [`SearchResult`], which carries one.
pub use crate::encode::Decision;
use crate::masks::EMPTY;
use crate::{Action, ActionKind, ActionList, Position, Troop, QUIET_LIMIT};

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

/// A hint: the best decision, its score, the principal variation, and the
/// best decisions with their scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The search's result at the level.
    pub best: SearchResult,
    /// The top decisions with exact scores at the depth the level reached, best first.
    pub top: Vec<(Decision, i32)>,
}

impl Searcher {
    /// The decision a difficulty level plays. `seed` only feeds the noise
    /// of levels 1 and 2 (pass anything for the others); the result is the
    /// same for the same position, history, drawn troop, level and seed.
    pub fn play_level(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        lvl: &Level,
        seed: u64,
    ) -> SearchResult {
        self.set_quiescence(lvl.quiescence);
        let best = self.search(pos, drawn, history, &turn_limits(&lvl.limits, pos, drawn));
        if lvl.noise <= 0 {
            return best;
        }
        let scored = self.score_all(pos, drawn, history, best.depth.max(1));
        let top = scored.first().map_or(best.score, |&(_, s)| s);
        let near: Vec<&(Decision, i32)> = scored
            .iter()
            .filter(|&&(_, s)| s >= top - lvl.noise)
            .collect();
        let mut x = crate::zobrist::mix(seed ^ pos.key() ^ u64::from(lvl.number));
        x ^= x >> 29;
        let (decision, score) = *near[(x % near.len() as u64) as usize];
        SearchResult {
            decision,
            score,
            pv: vec![decision],
            depth: best.depth,
            nodes: self.nodes,
        }
    }

    /// A hint at a level: what the level would play (without noise), and
    /// the `k` best decisions with scores.
    pub fn hint(
        &mut self,
        pos: &Position,
        drawn: Option<Troop>,
        history: &[u64],
        lvl: &Level,
        k: usize,
    ) -> Hint {
        self.set_quiescence(lvl.quiescence);
        let best = self.search(pos, drawn, history, &lvl.limits);
        let depth = best.depth.clamp(1, 3);
        let mut top = self.score_all(pos, drawn, history, depth);
        top.truncate(k);
        Hint { best, top }
    }
}

/// What a search of a game's current decision needs: the position, the
/// troop drawn and waiting (if any) and the history of keys; `None` when
/// the game is in setup or over. One place for the bindings and programs.
pub fn game_input(game: &crate::Game) -> Option<(Position, Option<Troop>, Vec<u64>)> {
    let drawn = match game.phase() {
        crate::Phase::Play => None,
        crate::Phase::Levy { troop } => Some(troop),
        _ => return None,
    };
    Some((*game.position(), drawn, game.history_keys()))
}
