//! Blocks of whole games between players, played with the GIL released
//! and recorded decision by decision, for the data tools (`duke.selfplay`,
//! `duke.tournament`). Every decision comes from the engine: the legal
//! decisions, the search of a level, the encoders.

use duke_engine::encode::{
    action_index, write_game_mask, write_game_observation, ACTION_SPACE, OBS_LEN,
};
use duke_engine::search::{Driver, Input, Player, Searcher};
use duke_engine::{BySide, Game as EngineGame, Side};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Result;

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

struct Options {
    observe: bool,
    mask: bool,
    top: usize,
    persp: duke_engine::Perspective,
}

impl Block {
    /// Plays one game from the standard start with `seed` (the levy's
    /// draws, the random player and the noise of levels 1 and 2 all follow
    /// from it) and appends its rows.
    fn play(
        &mut self,
        id: u32,
        seed: u64,
        players: BySide<Player>,
        opts: &Options,
        stop: &std::sync::atomic::AtomicBool,
    ) {
        let searcher = std::mem::take(&mut self.searcher);
        let mut driver = Driver::with_searcher(EngineGame::standard(seed), players, seed, searcher);
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
                self.obs.resize(at + OBS_LEN, 0);
                write_game_observation(game, opts.persp, &mut self.obs[at..]);
            }
            if opts.mask {
                let at = self.mask.len();
                self.mask.resize(at + ACTION_SPACE, 0);
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

/// Plays whole games from the standard start, with the GIL released. Each
/// game is given as `(seed, light player, dark player)`. A player is
/// `"random"`, `"greedy"`, `"level1"` to `"level5"`, or search limits
/// (`"depth4"`, `"nodes20000"`, `"millis500"`).
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
/// - `observation` (rows of OBS_LEN uint8) and `mask` (rows of
///   ACTION_SPACE uint8): when asked for, else None.
///
/// Game k of a list is the same whatever else the list holds. Every level
/// and search-limit player evaluates with `network`: the built-in network
/// by default, a `duke.Network`, or a name ("builtin", "hand-tuned").
#[pyfunction]
#[pyo3(signature = (games, observe = false, mask = false, top = 0, perspective = "mover", network = None))]
pub fn play_games<'py>(
    py: Python<'py>,
    games: Vec<(u64, String, String)>,
    observe: bool,
    mask: bool,
    top: usize,
    perspective: &str,
    network: Option<crate::network::NetworkArg<'py>>,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let network = crate::network::resolve(network)?;
    let opts = Options {
        observe,
        mask,
        top,
        persp: crate::convert::parse::<duke_engine::Perspective>(perspective)?,
    };
    let mut plan = Vec::with_capacity(games.len());
    for (seed, light, dark) in &games {
        let players = BySide::new(player(light)?, player(dark)?);
        plan.push((*seed, players));
    }
    // Ctrl-C stops the block between decisions (and within a search).
    let b = crate::interrupt::with_stop(py, move |stop| {
        let mut b = Block::default();
        b.searcher.set_stop_flag(Some(std::sync::Arc::clone(&stop)));
        b.searcher.set_evaluation(&network);
        for (id, (seed, players)) in plan.into_iter().enumerate() {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            b.play(id as u32, seed, players, &opts, &stop);
        }
        b
    })?;
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
    if observe {
        let a = PyArray1::from_vec(py, b.obs).reshape([n, OBS_LEN])?;
        d.set_item("observation", a)?;
    } else {
        d.set_item("observation", py.None())?;
    }
    if mask {
        let a = PyArray1::from_vec(py, b.mask).reshape([n, ACTION_SPACE])?;
        d.set_item("mask", a)?;
    } else {
        d.set_item("mask", py.None())?;
    }
    Ok((g, d))
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
