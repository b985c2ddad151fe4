//! Blocks of whole games between players, played with the GIL released
//! and recorded decision by decision, for the data tools (`duke.selfplay`,
//! `duke.tournament`). Every decision comes from the engine: the legal
//! decisions, the search of a level, the encoders.

use duke_engine::encode::{
    action_index, write_game_mask, write_game_observation, Decision, ACTION_SPACE, OBS_LEN,
};
use duke_engine::search::{game_input, level, root_decisions, Searcher, LEVELS};
use duke_engine::{BySide, Game as EngineGame, Side};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::side_name;
use crate::errors::{Error, Result};

/// Who decides in a block game.
#[derive(Clone, Copy)]
enum Player {
    /// Uniform over the decisions (each maneuver, the levy as one), from a
    /// generator seeded by the caller's seed and the position.
    Random,
    /// A difficulty level of the AI.
    Level(u8),
}

impl Player {
    fn parse(text: &str) -> Result<Player> {
        let t = text.to_ascii_lowercase();
        let n = t.strip_prefix("level").unwrap_or(&t);
        if n == "random" {
            return Ok(Player::Random);
        }
        match n.parse::<u8>() {
            Ok(k) if (1..=LEVELS).contains(&k) => Ok(Player::Level(k)),
            _ => Err(Error::Value(format!(
                "\"{text}\" is not a player: random or a level 1 to {LEVELS} (level1 ... level{LEVELS})"
            ))),
        }
    }
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

fn decision_text(d: Decision) -> String {
    match d {
        Decision::Act(a) => a.to_string(),
        Decision::Levy => "levy".to_string(),
    }
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
    side: Vec<&'static str>,
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
    persp: duke_engine::encode::Perspective,
}

impl Block {
    /// Plays one game from the standard start with `seed` (the levy's
    /// draws, the random player and the noise of levels 1 and 2 all follow
    /// from it) and appends its rows.
    fn play(&mut self, id: u32, seed: u64, players: BySide<Player>, opts: &Options) {
        let mut game = EngineGame::standard(seed);
        let first = self.side.len();
        let mut t = 0u64;
        while let Some((pos, drawn, history)) = game_input(&game) {
            let mover = game.side_to_decide();
            self.game.push(id);
            self.ply.push(t as u32);
            self.turn.push(pos.turn());
            self.side.push(side_name(mover));
            self.dpn.push(pos.to_string());
            if opts.observe {
                let at = self.obs.len();
                self.obs.resize(at + OBS_LEN, 0);
                write_game_observation(&game, opts.persp, &mut self.obs[at..]);
            }
            if opts.mask {
                let at = self.mask.len();
                self.mask.resize(at + ACTION_SPACE, 0);
                write_game_mask(&game, opts.persp, &mut self.mask[at..]);
            }
            let turn_seed = seed.wrapping_add(t);
            let (decision, score, top) = match players[mover] {
                Player::Random => {
                    let roots = root_decisions(&pos, drawn);
                    let mut x = turn_seed ^ pos.key() ^ 0x9E37_79B9_7F4A_7C15;
                    xorshift(&mut x);
                    let d = roots[(xorshift(&mut x) % roots.len() as u64) as usize];
                    (d, None, Vec::new())
                }
                Player::Level(k) => {
                    let r = self
                        .searcher
                        .play_level(&pos, drawn, &history, &level(k), turn_seed);
                    let mut top = Vec::new();
                    if opts.top > 0 {
                        top = self
                            .searcher
                            .score_all(&pos, drawn, &history, r.depth.clamp(1, 3));
                        top.truncate(opts.top);
                    }
                    (r.decision, Some(r.score), top)
                }
            };
            self.action.push(decision_text(decision));
            self.index
                .push(action_index(decision, &pos, opts.persp) as u32);
            self.score.push(score);
            self.top_actions
                .push(top.iter().map(|&(d, _)| decision_text(d)).collect());
            self.top_scores.push(top.iter().map(|&(_, s)| s).collect());
            let got = game
                .apply(decision)
                .expect("the engine's players choose legal decisions");
            self.drawn.push(got.map(|troop| troop.char().to_string()));
            t += 1;
        }
        let outcome = game.outcome().expect("a game ends when no one decides");
        let winner = outcome.winner();
        for i in first..self.side.len() {
            let side = if self.side[i] == "light" {
                Side::Light
            } else {
                Side::Dark
            };
            self.result.push(match winner {
                Some(w) if w == side => 1,
                Some(_) => -1,
                None => 0,
            });
        }
        self.records.push(game.record());
        self.winners.push(winner.map(side_name));
        self.reasons.push(outcome.reason_name());
        self.turns.push(game.turns().len() as u32);
        self.counts.push(t as u32);
    }
}

/// Plays whole games from the standard start, each given as
/// `(seed, light player, dark player)` with players `"random"` or
/// `"level1"` to `"level5"`, with the GIL released, and returns two dicts
/// of columns: the games (`record` without the seed, `winner`, `reason`,
/// `turns`, `decisions`) and their decisions, one row each (`game`, the
/// game's place in `games`; `ply`, `turn`, `side`, `dpn` before the
/// decision, `action` — `"levy"` for a draw —, `index` in the action space,
/// `drawn` troop for a draw, the search's `score`, `top_actions` and
/// `top_scores` (the `top` best, exact at the level's depth up to 3) for a
/// level, `result` from the side's view; `observation` (rows of OBS_LEN
/// uint8) and `mask` (rows of ACTION_SPACE uint8) when asked for, else
/// None). Game k of a list is the same whatever else the list holds.
#[pyfunction]
#[pyo3(signature = (games, observe = false, mask = false, top = 0, perspective = "mover"))]
pub fn play_games<'py>(
    py: Python<'py>,
    games: Vec<(u64, String, String)>,
    observe: bool,
    mask: bool,
    top: usize,
    perspective: &str,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let opts = Options {
        observe,
        mask,
        top,
        persp: crate::convert::perspective(perspective)?,
    };
    let mut plan = Vec::with_capacity(games.len());
    for (seed, light, dark) in &games {
        let players = BySide::new(Player::parse(light)?, Player::parse(dark)?);
        plan.push((*seed, players));
    }
    let b = py.detach(move || {
        let mut b = Block::default();
        for (id, (seed, players)) in plan.into_iter().enumerate() {
            b.play(id as u32, seed, players, &opts);
        }
        b
    });
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
    d.set_item("side", b.side)?;
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
