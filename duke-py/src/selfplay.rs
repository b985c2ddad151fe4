//! Blocks of whole games between players, played with the GIL released
//! and recorded decision by decision, for the data tools (`duke.selfplay`,
//! `duke.tournament`). Every decision comes from the engine: the legal
//! decisions, the search of a level, the encoders.

use duke_engine::encode::{
    action_index, action_space, observation_len, write_game_mask, write_game_observation,
};
use duke_engine::search::nnue::Evaluation;
use duke_engine::search::{Driver, Input, Player, Searcher};
use duke_engine::{BySide, Game as EngineGame, Limit, Side};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyDict, PyIterator};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::thread::ThreadId;

use crate::errors::{Error, Result};

/// A player's name (`random`, `greedy`, `level1` ... `level5`), read by
/// the engine.
fn player(text: &str) -> Result<Player> {
    Ok(text.parse::<Player>()?)
}

#[derive(Default)]
struct Block {
    searcher: Searcher,
    records: Vec<String>,
    winners: Vec<Option<&'static str>>,
    reasons: Vec<&'static str>,
    turns: Vec<u32>,
    counts: Vec<u32>,
    game: Vec<u32>,
    ply: Vec<u32>,
    turn: Vec<u32>,
    side: Vec<Side>,
    dpn: Vec<String>,
    action: Vec<String>,
    index: Vec<u32>,
    drawn: Vec<Option<String>>,
    score: Vec<Option<i32>>,
    top_actions: Vec<Vec<String>>,
    top_scores: Vec<Vec<i32>>,
    result: Vec<i8>,
    obs: Vec<u8>,
    mask: Vec<u8>,
}

#[derive(Clone, Copy)]
struct Options {
    observe: bool,
    mask: bool,
    top: usize,
    persp: duke_engine::Perspective,
    rules: duke_engine::Rules,
}

impl Options {
    /// The options of a call, each checked by the engine: `top` is a
    /// hint's length (`Limit::Hints`, code "hint.count"), `rules` a rules
    /// text (code "rules.text"; None for the standard game).
    fn new(
        observe: bool,
        mask: bool,
        top: i64,
        perspective: &str,
        rules: Option<&str>,
    ) -> Result<Options> {
        Ok(Options {
            observe,
            mask,
            top: Limit::Hints.check(top)?,
            persp: crate::convert::parse::<duke_engine::Perspective>(perspective)?,
            rules: match rules {
                Some(text) => text.parse()?,
                None => duke_engine::Rules::STANDARD,
            },
        })
    }
}

/// A game of a call: its seed and players, read by the engine.
fn game_plan(seed: u64, light: &str, dark: &str) -> Result<(u64, BySide<Player>)> {
    Ok((seed, BySide::new(player(light)?, player(dark)?)))
}

impl Block {
    /// An empty block whose searcher evaluates with `network` and stops
    /// when `stop` is set.
    fn new(network: &Evaluation) -> Block {
        let mut b = Block::default();
        b.searcher.set_evaluation(network);
        b
    }

    /// The rows played so far as the two dicts of columns `play_games`
    /// returns; the block is left empty (its searcher kept).
    fn take_tables<'py>(
        &mut self,
        py: Python<'py>,
        opts: &Options,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let searcher = std::mem::take(&mut self.searcher);
        let b = std::mem::replace(
            self,
            Block {
                searcher,
                ..Block::default()
            },
        );
        let g = PyDict::new(py);
        g.set_item("record", b.records)?;
        g.set_item("winner", b.winners)?;
        g.set_item("reason", b.reasons)?;
        g.set_item("turns", PyArray1::from_vec(py, b.turns))?;
        g.set_item("decisions", PyArray1::from_vec(py, b.counts))?;
        let n = b.side.len();
        let d = PyDict::new(py);
        d.set_item("game", PyArray1::from_vec(py, b.game))?;
        d.set_item("ply", PyArray1::from_vec(py, b.ply))?;
        d.set_item("turn", PyArray1::from_vec(py, b.turn))?;
        d.set_item(
            "side",
            b.side
                .into_iter()
                .map(duke_engine::Side::as_str)
                .collect::<Vec<_>>(),
        )?;
        d.set_item("dpn", b.dpn)?;
        d.set_item("action", b.action)?;
        d.set_item("index", PyArray1::from_vec(py, b.index))?;
        d.set_item("drawn", b.drawn)?;
        d.set_item("score", b.score)?;
        d.set_item("top_actions", b.top_actions)?;
        d.set_item("top_scores", b.top_scores)?;
        d.set_item("result", PyArray1::from_vec(py, b.result))?;
        if opts.observe {
            let a = PyArray1::from_vec(py, b.obs).reshape([n, observation_len(opts.rules)])?;
            d.set_item("observation", a)?;
        } else {
            d.set_item("observation", py.None())?;
        }
        if opts.mask {
            let a = PyArray1::from_vec(py, b.mask).reshape([n, action_space(opts.rules)])?;
            d.set_item("mask", a)?;
        } else {
            d.set_item("mask", py.None())?;
        }
        Ok((g, d))
    }

    /// Plays one game under the options' rules with `seed` (the levy's
    /// draws, the random player, the noise of levels 1 and 2 and, under
    /// Expanded Play, the start the engine makes all follow from it) and
    /// appends its rows.
    fn play(
        &mut self,
        id: u32,
        seed: u64,
        players: BySide<Player>,
        opts: &Options,
        stop: &std::sync::atomic::AtomicBool,
    ) {
        let searcher = std::mem::take(&mut self.searcher);
        let start = if opts.rules.is_standard() {
            EngineGame::standard(seed)
        } else {
            EngineGame::set_up(opts.rules, seed)
        };
        let mut driver = Driver::with_searcher(start, players, seed, searcher);
        driver.set_top(opts.top);
        let first = self.side.len();
        let mut t = 0u64;
        while let Ok(Input::Search { position: pos, .. }) = Input::of(driver.game()) {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                // Interrupted: the block is thrown away (KeyboardInterrupt).
                self.searcher = driver.into_parts().1;
                return;
            }
            let game = driver.game();
            self.game.push(id);
            self.ply.push(t as u32);
            self.turn.push(pos.turn());
            self.side.push(game.side_to_decide());
            self.dpn.push(pos.to_string());
            if opts.observe {
                let at = self.obs.len();
                self.obs.resize(at + observation_len(opts.rules), 0);
                write_game_observation(game, opts.persp, &mut self.obs[at..]);
            }
            if opts.mask {
                let at = self.mask.len();
                self.mask.resize(at + action_space(opts.rules), 0);
                write_game_mask(game, opts.persp, &mut self.mask[at..]);
            }
            let step = driver.step().expect("a game in play has a decision");
            let top = step.result.as_ref().map_or(&[][..], |r| &r.top[..]);
            self.action.push(step.decision.to_string());
            self.index
                .push(action_index(step.decision, &pos, opts.persp) as u32);
            self.score.push(step.result.as_ref().map(|r| r.score));
            self.top_actions
                .push(top.iter().map(|&(d, _)| d.to_string()).collect());
            self.top_scores.push(top.iter().map(|&(_, s)| s).collect());
            self.drawn
                .push(step.drawn.map(|troop| troop.char().to_string()));
            t += 1;
        }
        let (game, searcher) = driver.into_parts();
        self.searcher = searcher;
        let outcome = game.outcome().expect("a game ends when no one decides");
        let winner = outcome.winner();
        for i in first..self.side.len() {
            let side = self.side[i];
            self.result.push(match winner {
                Some(w) if w == side => 1,
                Some(_) => -1,
                None => 0,
            });
        }
        self.records.push(game.record());
        self.winners.push(winner.map(duke_engine::Side::as_str));
        self.reasons.push(outcome.reason_name());
        self.turns.push(game.turns().len() as u32);
        self.counts.push(t as u32);
    }
}

/// Plays whole games from the standard start (or under `rules`, a rules
/// text of Expanded Play such as "coup+mountain", each game's start made
/// by the engine from its seed), with the GIL released, and returns them
/// all at once. Each game is given as `(seed, light player,
/// dark player)`. A player is `"random"`, `"greedy"`, `"level1"` to
/// `"level5"`, or search limits (`"depth4"`, `"nodes20000"`,
/// `"millis500"`).
///
/// Returns two dicts of columns. The first holds the games, one row each:
/// `record` without the seed, `winner`, `reason`, `turns`, `decisions`.
/// The second holds their decisions, one row each:
///
/// - `game`: the game's place in `games`;
/// - `ply`, `turn`, `side`, `dpn`: before the decision;
/// - `action`: the decision, `"levy"` for a draw;
/// - `index`: the decision's index in the action space;
/// - `drawn`: the troop drawn, for a draw;
/// - `score`, `top_actions`, `top_scores`: for a level, the search's score
///   and the `top` best (exact at the level's depth up to 3);
/// - `result`: from the side's view;
/// - `observation` (rows of OBS_LEN uint8; EXPANDED_OBS_LEN under
///   Expanded Play) and `mask` (rows of ACTION_SPACE uint8;
///   EXPANDED_ACTION_SPACE under Expanded Play): when asked for, else
///   None.
///
/// Game k of a list is the same whatever else the list holds. Every level
/// and search-limit player evaluates with `network`: the built-in network
/// by default, a `duke.Network`, or a name ("builtin", "hand-tuned").
///
/// Every game stays in memory until the call returns (with `observe` and
/// `mask`, about 1.3 MB a game), so a list holds at most `duke.MAX_GAMES`
/// games (65,536, a batch's most; more raises DukeError, code
/// "batch.size"): `iter_games` plays any number, one game at a time.
/// `top` is 0 to `duke.MAX_HINTS` (code "hint.count"), as a hint's `k`.
#[pyfunction]
#[pyo3(signature = (games, observe = false, mask = false, top = 0, perspective = "mover", network = None, rules = None))]
#[allow(clippy::too_many_arguments)]
pub fn play_games<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    observe: bool,
    mask: bool,
    top: i64,
    perspective: &str,
    network: Option<crate::network::NetworkArg<'py>>,
    rules: Option<&str>,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let network = crate::network::resolve(network)?;
    let opts = Options::new(observe, mask, top, perspective, rules)?;
    // The batch limit before the list is read, let alone played.
    if let Ok(n) = games.len() {
        if n > duke_engine::batch::MAX_GAMES {
            return Err(too_many(n).into());
        }
    }
    let games: Vec<(u64, String, String)> = games.extract()?;
    let mut plan = Vec::with_capacity(games.len());
    for (seed, light, dark) in &games {
        plan.push(game_plan(*seed, light, dark)?);
    }
    // Ctrl-C stops the block between decisions (and within a search).
    let mut b = crate::interrupt::with_stop(py, move |stop| {
        let mut b = Block::new(&network);
        b.searcher.set_stop_flag(Some(Arc::clone(&stop)));
        for (id, (seed, players)) in plan.into_iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            b.play(id as u32, seed, players, &opts, &stop);
        }
        b
    })?;
    b.take_tables(py, &opts)
}

/// The engine's batch limit for a list of `n` games, with the way out.
fn too_many(n: usize) -> Error {
    // VecGame::try_new refuses a size past MAX_GAMES before it allocates
    // anything: its error is the engine's words and code ("batch.size").
    match duke_engine::batch::VecGame::try_new(n, 0, duke_engine::Perspective::Mover) {
        Err(e) => {
            let message = format!(
                "play_games: {e}: a list of games is held in memory whole; \
                 iter_games plays any number, one game at a time"
            );
            Error::Worded(e.into(), message)
        }
        Ok(_) => Error::Value(format!("play_games: {n} games")),
    }
}

/// Plays whole games from the standard start, one at a time, as they are
/// asked for: an iterator whose every item is the pair of dicts
/// `play_games` returns, for one game (its `decisions["game"]` is the
/// game's place in `games`). `games` is any iterable of `(seed, light,
/// dark)`, read one game ahead of nothing: a generator of games never
/// ends, and the memory held is one game's whatever the number played.
/// Arguments as for `play_games`, checked when it is called; each game is
/// played with the GIL released, and Ctrl-C stops it (KeyboardInterrupt).
/// After an exception the iterator is done.
///
/// >>> stream = duke.iter_games((seed, "random", "random") for seed in range(10**12))
/// >>> games, decisions = next(stream)  # one game played, the rest not yet
/// >>> len(games["record"]), int(decisions["game"][0]), int(next(stream)[1]["game"][0])
/// (1, 0, 1)
#[pyfunction]
#[pyo3(signature = (games, observe = false, mask = false, top = 0, perspective = "mover", network = None, rules = None))]
pub fn iter_games<'py>(
    games: &Bound<'py, PyAny>,
    observe: bool,
    mask: bool,
    top: i64,
    perspective: &str,
    network: Option<crate::network::NetworkArg<'py>>,
    rules: Option<&str>,
) -> PyResult<GameStream> {
    let network = crate::network::resolve(network)?;
    let opts = Options::new(observe, mask, top, perspective, rules)?;
    let source = games.try_iter()?.unbind();
    Ok(GameStream {
        state: Mutex::new(Stream {
            source: Some(source),
            block: Block::new(&network),
            opts,
            next: 0,
        }),
        owner: Mutex::new(None),
    })
}

/// The iterator `iter_games` returns: one game played per step.
#[pyclass(module = "duke._duke", name = "GameStream", frozen)]
pub struct GameStream {
    state: Mutex<Stream>,
    /// The thread playing a step now: the games' source may run any Python
    /// code, and if it asks this iterator for a game on the same thread,
    /// that is an error (as a generator's "already executing"), not a wait
    /// for itself.
    owner: Mutex<Option<ThreadId>>,
}

/// Clears the stream's owner when a step ends, however it ends.
struct Owned<'a>(&'a Mutex<Option<ThreadId>>);

impl Drop for Owned<'_> {
    fn drop(&mut self) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

struct Stream {
    /// The games still to play; None once done.
    source: Option<Py<PyIterator>>,
    block: Block,
    opts: Options,
    /// The place of the next game.
    next: u64,
}

#[pymethods]
impl GameStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game, played now: `(games, decisions)` as `play_games`
    /// returns them for one game.
    fn __next__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<(Bound<'py, PyDict>, Bound<'py, PyDict>)>> {
        // One game at a time: a second thread waits for the first's game.
        let me = std::thread::current().id();
        let mut guard = match self.state.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => {
                if *self.owner.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
                    return Err(Error::Value(
                        "iter_games: the iterator is already playing a game on this thread \
                         (the games' source asked it for one)"
                            .into(),
                    )
                    .into());
                }
                self.state
                    .lock_py_attached(py)
                    .unwrap_or_else(PoisonError::into_inner)
            }
        };
        *self.owner.lock().unwrap_or_else(PoisonError::into_inner) = Some(me);
        let _owned = Owned(&self.owner);
        let stream = &mut *guard;
        let Some(source) = stream.source.as_ref().map(|s| s.clone_ref(py)) else {
            return Ok(None);
        };
        let result = Self::step(py, source.bind(py), stream);
        if !matches!(result, Ok(Some(_))) {
            stream.source = None;
        }
        result
    }
}

impl GameStream {
    fn step<'py>(
        py: Python<'py>,
        source: &Bound<'py, PyIterator>,
        stream: &mut Stream,
    ) -> PyResult<Option<(Bound<'py, PyDict>, Bound<'py, PyDict>)>> {
        let Some(item) = source.clone().next() else {
            return Ok(None);
        };
        let (seed, light, dark): (u64, String, String) = item?.extract()?;
        let (seed, players) = game_plan(seed, &light, &dark)?;
        let k = stream.next;
        let block = &mut stream.block;
        let opts = &stream.opts;
        crate::interrupt::with_stop(py, |stop: Arc<AtomicBool>| {
            block.searcher.set_stop_flag(Some(Arc::clone(&stop)));
            block.play(0, seed, players, opts, &stop);
            block.searcher.set_stop_flag(None);
        })?;
        stream.next += 1;
        let n = stream.block.side.len();
        let (g, d) = stream.block.take_tables(py, &stream.opts)?;
        d.set_item("game", PyArray1::from_vec(py, vec![k; n]))?;
        Ok(Some((g, d)))
    }
}

/// A search's score as people read it, the same in every face: Footmen
/// with two decimals for the side to decide (`"+1.25"`), or a forced
/// capture (`"wins: takes the Duke within 3 turns"`).
///
/// A number outside the search's scores (±100,000) raises DukeError with
/// code "score.range".
///
/// >>> duke.score_text(125)
/// '+1.25'
#[pyfunction]
pub fn score_text(score: i128) -> PyResult<String> {
    let score = duke_engine::search::Score::checked(score).map_err(crate::errors::Error::from)?;
    Ok(score.to_string())
}

/// The normal name of a player, as the engine reads it: `"random"`,
/// `"greedy"`, `"level1"` ... `"level5"` or search limits such as
/// `"depth4"` or `"depth6+millis500"` (any case, `"3"` for
/// `"level3"`). Raises DukeError naming the player otherwise.
#[pyfunction]
pub fn player_name(text: &str) -> Result<String> {
    Ok(player(text)?.to_string())
}
