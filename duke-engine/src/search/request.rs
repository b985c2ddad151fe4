//! The AI request: what every face asks of the AI, and the one call that
//! answers it for a game (see [`Request`]).

use alloc::vec;
use alloc::vec::Vec;

use super::level::{placement_millis, turn_limits};
use super::nnue::Evaluation;
use super::{level, Level, Limits, Searcher, DEFAULT_LEVEL, HINT_LEVEL};
use crate::{Action, Decision, Game, GameError, Limit, Phase, Position, RangeError, Troop};

/// The depth at which a level with noise scores every decision to choose
/// among those near the best: its own depth, at most 3 (levels 1 and 2
/// search to 1 and 2).
pub const NOISE_DEPTH: u32 = 3;

/// What a face asks of the AI: built with [`Request::new`] or
/// [`Request::hint`] and the `with_` methods, which check each number
/// against the engine's ranges.
///
/// A [`Request`] says how the AI decides (a level, limits, or the default
/// level), with what (a seed for the weak levels' noise, threads, an
/// evaluation) and how many alternatives it lists. [`Searcher::decide`]
/// answers it for a game: in setup the engine's suggested placement, in
/// play a search with the turn's time split between a levy's two
/// decisions, once the game is over the phase error. `best_action` and
/// `hint` in Python, C and JavaScript, the engine's players, the `duke`
/// program and the engine protocol all build a request and convert the
/// [`Answer`]; nothing else.
///
/// A level together with limits is that level with the limits given in
/// place of its own: `level 5` with `millis 2000` is level 5 (depth 16,
/// its node limit, quiescence) searching for two seconds a turn; `level 1`
/// with `depth 3` keeps level 1's noise at depth 3. Limits alone search
/// with quiescence and no noise. Neither is the default level
/// ([`DEFAULT_LEVEL`]; [`HINT_LEVEL`] for a hint).
///
/// ```
/// use duke_engine::search::Request;
/// use duke_engine::Game;
///
/// let game = Game::standard(1);
/// let answer = Request::new().with_level(2)?.with_seed(7).decide(&game)?;
/// assert!(game.is_decision_legal(answer.decision));
///
/// // A hint lists its best decisions; the first is its answer.
/// let hint = Request::hint().with_level(3)?.decide(&game)?;
/// assert_eq!(hint.top.len(), 3);
/// assert_eq!(hint.top[0], (hint.decision, hint.score));
/// # Ok::<(), duke_engine::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Request {
    level: Option<u8>,
    limits: Limits,
    seed: u64,
    threads: Option<usize>,
    evaluation: Option<Evaluation>,
    top: usize,
    advice: bool,
}

impl Default for Request {
    fn default() -> Request {
        Request::new()
    }
}

impl Request {
    /// The AI's decision at the default level ([`DEFAULT_LEVEL`]), seed
    /// 0, no alternatives, with the searcher's threads and evaluation
    /// (one thread and the default evaluation for a new searcher).
    pub fn new() -> Request {
        Request {
            level: None,
            limits: Limits::default(),
            seed: 0,
            threads: None,
            evaluation: None,
            top: 0,
            advice: false,
        }
    }

    /// A hint: advice for the player to decide, at [`HINT_LEVEL`] unless a
    /// level or limits are given, never with a level's noise, listing the
    /// 3 best decisions (see [`Request::with_top`]) of which the answer is
    /// the first.
    pub fn hint() -> Request {
        Request {
            top: 3,
            advice: true,
            ..Request::new()
        }
    }

    /// Difficulty level `n`, 1 to [`LEVELS`](super::LEVELS) (code
    /// `level.range` otherwise).
    pub fn with_level(mut self, n: impl Into<i128>) -> Result<Request, RangeError> {
        self.level = Some(Limit::Level.check(n)?);
        Ok(self)
    }

    /// The deepest iteration, 1 to [`MAX_DEPTH`](super::MAX_DEPTH) (code
    /// `limits.depth`).
    pub fn with_depth(mut self, n: impl Into<i128>) -> Result<Request, RangeError> {
        self.limits.depth = Some(Limit::Depth.check(n)?);
        Ok(self)
    }

    /// A node budget, at least 1 (code `limits.nodes`).
    pub fn with_nodes(mut self, n: impl Into<i128>) -> Result<Request, RangeError> {
        self.limits.nodes = Some(Limit::Nodes.check(n)?);
        Ok(self)
    }

    /// The time of a turn in milliseconds, 1 to
    /// [`MAX_MILLIS`](super::MAX_MILLIS) (code `limits.millis`).
    pub fn with_millis(mut self, n: impl Into<i128>) -> Result<Request, RangeError> {
        self.limits.millis = Some(Limit::Millis.check(n)?);
        Ok(self)
    }

    /// Every limit set in `limits`, each checked as by the methods above.
    pub fn with_limits(mut self, limits: Limits) -> Result<Request, RangeError> {
        let limits = limits.check()?;
        self.limits.depth = limits.depth.or(self.limits.depth);
        self.limits.nodes = limits.nodes.or(self.limits.nodes);
        self.limits.millis = limits.millis.or(self.limits.millis);
        Ok(self)
    }

    /// The seed of the weak levels' noise (it never touches the bag).
    pub fn with_seed(mut self, seed: u64) -> Request {
        self.seed = seed;
        self
    }

    /// Search threads, 1 to [`MAX_THREADS`](super::MAX_THREADS) (code
    /// `threads.range`).
    pub fn with_threads(mut self, n: impl Into<i128>) -> Result<Request, RangeError> {
        self.threads = Some(Limit::Threads.check(n)?);
        Ok(self)
    }

    /// The evaluation the search uses.
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Request {
        self.evaluation = Some(evaluation);
        self
    }

    /// How many of the best decisions the answer lists with their exact
    /// scores, 0 to [`MAX_HINTS`](super::MAX_HINTS) (code `hint.count`).
    pub fn with_top(mut self, k: impl Into<i128>) -> Result<Request, RangeError> {
        self.top = Limit::Hints.check(k)?;
        Ok(self)
    }

    /// The level searched: the one given (its limits replaced by those
    /// given), else a search by the limits given, else the default level.
    pub fn level(&self) -> Level {
        let given = self.limits != Limits::default();
        let number = match self.level {
            Some(n) => n,
            None if given => return Level::from_limits(self.limits),
            None if self.advice => HINT_LEVEL,
            None => DEFAULT_LEVEL,
        };
        let mut lvl = level(number);
        lvl.limits = Limits {
            depth: self.limits.depth.or(lvl.limits.depth),
            nodes: self.limits.nodes.or(lvl.limits.nodes),
            millis: self.limits.millis.or(lvl.limits.millis),
        };
        if self.advice {
            lvl.noise = 0;
        }
        lvl
    }

    /// The seed of the noise.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The search threads given, `None` for the searcher's own (one for
    /// a new searcher).
    pub fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// The evaluation given, `None` for the searcher's own (the default
    /// evaluation for a new searcher).
    pub fn evaluation(&self) -> Option<&Evaluation> {
        self.evaluation.as_ref()
    }

    /// How many decisions the answer lists.
    pub fn top(&self) -> usize {
        self.top
    }

    /// Whether this is a hint (see [`Request::hint`]).
    pub fn is_hint(&self) -> bool {
        self.advice
    }

    /// The answer for `game`, from a searcher of its own (see
    /// [`Searcher::decide`]).
    pub fn decide(&self, game: &Game) -> Result<Answer, crate::Error> {
        Searcher::new().decide(game, self)
    }
}

/// What the AI answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The decision: an action, [`Decision::Levy`] (then ask again for
    /// the drawn troop's square) or, in setup, a placement.
    pub decision: Decision,
    /// Its score for the side to decide, in hundredths of a Footman
    /// (0 in setup).
    pub score: i32,
    /// The depth the search completed (0 in setup).
    pub depth: u32,
    /// The nodes it searched.
    pub nodes: u64,
    /// The principal variation from the decision, as far as it is known.
    pub pv: Vec<Decision>,
    /// The [`Request::with_top`] best decisions with their exact scores,
    /// best first. Without a level's noise its first is the decision.
    pub top: Vec<(Decision, i32)>,
}

/// What a search of a game's decision needs, copied out of the game so
/// that the game is free while the search runs (Python releases the GIL
/// and the game with it): [`Input::of`].
#[derive(Clone, Debug)]
pub enum Input {
    /// In setup: the placement the engine suggests.
    Setup(Action),
    /// In play: the position, the troop drawn and waiting (if any), and
    /// the keys of the game's earlier positions.
    Search {
        /// The position.
        position: Position,
        /// The drawn troop waiting to be placed.
        drawn: Option<Troop>,
        /// The game's earlier positions since play began, oldest first.
        history: Vec<u64>,
    },
}

impl Input {
    /// What the AI needs of `game`; once the game is over, the phase error
    /// (code `phase`) every face gives for it.
    pub fn of(game: &Game) -> Result<Input, GameError> {
        if let Some(a) = game.setup_suggestion() {
            return Ok(Input::Setup(a));
        }
        let drawn = match game.phase() {
            Phase::Play => None,
            Phase::Levy { troop } => Some(troop),
            phase => {
                return Err(GameError::Phase {
                    request: crate::Request::Ai,
                    phase,
                })
            }
        };
        Ok(Input::Search {
            position: *game.position(),
            drawn,
            history: game.history_keys(),
        })
    }
}

impl Searcher {
    /// The answer to `request` for `game` (see [`Request`]); once
    /// the game is over, the phase error.
    pub fn decide(&mut self, game: &Game, request: &Request) -> Result<Answer, crate::Error> {
        let input = Input::of(game)?;
        self.answer(&input, request)
    }

    /// The answer to `request` for what [`Input::of`] copied out of a
    /// game. The searcher takes the request's threads and evaluation.
    pub fn answer(&mut self, input: &Input, request: &Request) -> Result<Answer, crate::Error> {
        let (pos, drawn, history) = match input {
            Input::Setup(a) => {
                let d = Decision::Act(*a);
                return Ok(Answer {
                    decision: d,
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    pv: vec![d],
                    top: if request.top > 0 {
                        vec![(d, 0)]
                    } else {
                        Vec::new()
                    },
                });
            }
            Input::Search {
                position,
                drawn,
                history,
            } => (position, *drawn, history.as_slice()),
        };
        if let Some(threads) = request.threads {
            self.set_threads(threads)?;
        }
        if let Some(evaluation) = &request.evaluation {
            self.set_evaluation(evaluation);
        }
        let lvl = request.level();
        self.set_quiescence(lvl.quiescence);
        // A hint is one search; a turn may be two (a levy, then its square).
        let (mut limits, levy_millis) = if request.advice {
            (lvl.limits, None)
        } else {
            turn_limits(&lvl.limits, pos, drawn)
        };
        if let (Some(total), Some(_)) = (lvl.limits.millis, drawn) {
            if !request.advice && self.levy_turn == Some(super::tree::turn_key(pos, history)) {
                limits.millis = Some(placement_millis(total, self.levy_spent));
            }
        }
        if lvl.noise <= 0 {
            self.levy_millis = levy_millis;
            let (best, top) = self.search_top(pos, drawn, history, &limits, request.top);
            self.levy_millis = None;
            return Ok(Answer {
                decision: best.decision,
                score: best.score,
                depth: best.depth,
                nodes: best.nodes,
                pv: best.pv,
                top,
            });
        }
        // A level with noise plays a decision chosen at random among those
        // scored within its noise of the best, from a generator seeded by
        // the request's seed and the position (never the bag's).
        self.levy_millis = levy_millis;
        let best = self.search(pos, drawn, history, &limits);
        self.levy_millis = None;
        let mut scored = self.score_all(pos, drawn, history, best.depth.clamp(1, NOISE_DEPTH));
        let top_score = scored.first().map_or(best.score, |&(_, s)| s);
        let near = scored
            .iter()
            .take_while(|&&(_, s)| s >= top_score - lvl.noise)
            .count()
            .max(1);
        let mut x = crate::zobrist::mix(request.seed ^ pos.key() ^ u64::from(lvl.number));
        x ^= x >> 29;
        let (decision, score) = scored[(x % near as u64) as usize];
        scored.truncate(request.top);
        Ok(Answer {
            decision,
            score,
            depth: best.depth,
            nodes: self.nodes,
            pv: vec![decision],
            top: scored,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_with_limits_is_the_level_within_them() {
        let r = Request::new()
            .with_level(5)
            .unwrap()
            .with_millis(2000)
            .unwrap();
        let lvl = r.level();
        assert_eq!(lvl.number, 5);
        assert_eq!(lvl.limits.millis, Some(2000));
        assert_eq!(lvl.limits.depth, level(5).limits.depth);
        let r = Request::new().with_level(1).unwrap().with_depth(3).unwrap();
        assert_eq!(
            (r.level().noise, r.level().limits.depth),
            (level(1).noise, Some(3))
        );
        let r = Request::new().with_depth(2).unwrap();
        assert_eq!(r.level(), Level::from_limits(Limits::depth(2)));
        assert_eq!(Request::new().level(), level(DEFAULT_LEVEL));
        assert_eq!(Request::hint().level().number, HINT_LEVEL);
        assert_eq!(Request::hint().with_level(1).unwrap().level().noise, 0);
    }

    #[test]
    fn numbers_out_of_range_are_refused_by_code() {
        assert_eq!(
            Request::new().with_level(6).unwrap_err().code(),
            "level.range"
        );
        assert_eq!(
            Request::new().with_depth(0).unwrap_err().code(),
            "limits.depth"
        );
        assert_eq!(
            Request::new().with_threads(0).unwrap_err().code(),
            "threads.range"
        );
        assert_eq!(
            Request::new().with_top(-1).unwrap_err().code(),
            "hint.count"
        );
    }
}
