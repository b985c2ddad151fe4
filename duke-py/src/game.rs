//! Games.

use duke_engine::encode::{action_index, write_game_mask, write_game_observation};

use duke_engine::encode::{game_indices, index_decision};
use duke_engine::search::{Answer, Input, Request, Searcher};
use duke_engine::Decision;
use duke_engine::Game as EngineGame;
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyDict, PyString, PyType};
use std::sync::{Mutex, PoisonError};

use crate::action::decision_object;
use crate::action_list::action_list;
use crate::classes::{Action, Outcome, Position};
use crate::convert::square;
use crate::errors::{Error, Result};
use crate::interrupt::interruptible_keeping;
use crate::network::NetworkArg;
use crate::position::{mask_array, observation_array, svg_text};

/// A game: setup, play with undo and redo, the levy as `draw()` then
/// `place(square)`, the result (with the draws that need the game's
/// history, such as repetition), and the record.
///
/// `Game(seed=0)` starts from the standard setup; `Game(setup=True)`
/// starts in setup instead. The seed decides every levy draw, so a game is
/// replayed exactly from its seed and actions. Methods that take an action
/// accept an Action or its text; squares are indices or names.
///
/// `rules` plays Expanded Play: the rules text, such as "coup+mountain"
/// (see `duke.RULES`); `mountain` and `fort` give the terrain's squares
/// instead of drawing them.
///
/// >>> game = duke.Game(seed=7)
/// >>> game.play("B1-B2")
/// Action('B1-B2')
/// >>> game.phase, game.side_to_decide
/// ('play', 'dark')
/// >>> coup = duke.Game(rules="coup+mountain", seed=7)
/// >>> coup.rules, coup.phase, coup.position.points("light")
/// ('coup+mountain', 'play', 0)
///
/// A game may be shared between threads: each call has the game to itself
/// while it reads or changes it (a lock; a search holds it only to copy
/// the position), so calls from several threads take turns. A sequence of
/// calls (reading the legal actions, then playing one) is not one step:
/// another thread may play in between, and the play is then refused as any
/// illegal action is.
#[pyclass(module = "duke._duke", name = "Game", skip_from_py_object, frozen)]
pub struct Game {
    /// The game, behind a lock: Python code never runs while it is held
    /// (arguments are converted before, results after), so a thread that
    /// waits for it cannot be waiting for itself.
    inner: Mutex<EngineGame>,
    /// The searcher of a timed decision to levy, kept for the drawn
    /// troop's placement, the game's next request
    /// ([`Searcher::awaits_placement`]); none otherwise.
    kept: Mutex<Option<Searcher>>,
}

/// The AI request of a Python call: its level or limits (each checked by
/// the engine), seed, threads and evaluation.
#[allow(clippy::too_many_arguments)]
fn request(
    base: Request,
    level: Option<i64>,
    depth: Option<i64>,
    nodes: Option<i128>,
    millis: Option<i128>,
    seed: u64,
    threads: i64,
    network: Option<NetworkArg<'_>>,
) -> Result<Request> {
    let mut r = base
        .with_seed(seed)
        .with_threads(threads)?
        .with_evaluation(crate::network::resolve(network)?);
    if let Some(n) = level {
        r = r.with_level(n)?;
    }
    if let Some(d) = depth {
        r = r.with_depth(d)?;
    }
    if let Some(n) = nodes {
        r = r.with_nodes(n)?;
    }
    if let Some(m) = millis {
        r = r.with_millis(m)?;
    }
    Ok(r)
}

impl Game {
    /// A Python game of an engine game.
    pub fn from_engine(inner: EngineGame) -> Game {
        Game {
            inner: Mutex::new(inner),
            kept: Mutex::new(None),
        }
    }

    /// `f` on the game, which is this call's meanwhile. `f` is Rust only:
    /// it makes no Python object (which could run any Python code).
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&mut EngineGame) -> R) -> R {
        // Waiting for another thread, the GIL is released; a panic in the
        // engine while the lock was held leaves the game as it was then.
        let mut game = self
            .inner
            .lock_py_attached(py)
            .unwrap_or_else(PoisonError::into_inner);
        f(&mut game)
    }

    /// A copy of the engine game.
    fn engine(&self, py: Python<'_>) -> EngineGame {
        self.with(py, |g| g.clone())
    }

    /// Writes the mask into a caller's array (see `legal_mask`).
    fn mask_into(
        &self,
        py: Python<'_>,
        out: &Bound<'_, PyAny>,
        p: duke_engine::Perspective,
    ) -> PyResult<()> {
        let (size, indices) = self.with(py, |g| {
            let mut list = arrayvec::ArrayVec::<usize, { duke_engine::MAX_ACTIONS + 1 }>::new();
            game_indices(g, p, |i| list.push(i));
            (duke_engine::encode::action_space(g.rules()), list)
        });
        let wrong = || {
            Error::Value(format!(
                "legal_mask(out=...): out must be a writable, contiguous bool or uint8 array of {size} entries"
            ))
        };
        if let Ok(arr) = out.cast::<PyArray1<bool>>() {
            if arr.len() != size {
                return Err(wrong().into());
            }
            let mut rw = arr.try_readwrite().map_err(|_| wrong())?;
            let buf = rw.as_slice_mut().map_err(|_| wrong())?;
            buf.fill(false);
            indices.iter().for_each(|&i| buf[i] = true);
        } else if let Ok(arr) = out.cast::<PyArray1<u8>>() {
            if arr.len() != size {
                return Err(wrong().into());
            }
            let mut rw = arr.try_readwrite().map_err(|_| wrong())?;
            let buf = rw.as_slice_mut().map_err(|_| wrong())?;
            buf.fill(0);
            indices.iter().for_each(|&i| buf[i] = 1);
        } else {
            return Err(wrong().into());
        }
        Ok(())
    }

    /// The engine's answer to `request` for this game. The game is
    /// locked only to copy what the search needs; the search runs with
    /// the GIL released and the game free, so other threads may use the
    /// game meanwhile.
    fn answer(
        &self,
        py: Python<'_>,
        request: Request,
    ) -> PyResult<(Answer, duke_engine::Position)> {
        let (input, pos) = self.with(py, |g| (Input::of(g), *g.position()));
        let input = input.map_err(Error::from)?;
        let answer = self.searching(py, move |s| s.answer(&input, &request))?;
        Ok((answer.map_err(Error::from)?, pos))
    }

    /// `search` (Ctrl-C stops it) with this game's kept searcher, or a new
    /// one; kept afterwards only while it awaits the placement of its levy.
    fn searching<T: Send>(
        &self,
        py: Python<'_>,
        search: impl FnOnce(&mut Searcher) -> T + Send,
    ) -> PyResult<T> {
        let kept = self.kept_searcher().take();
        let (t, searcher) = interruptible_keeping(py, kept.unwrap_or_default(), search)?;
        if searcher.awaits_placement() {
            *self.kept_searcher() = Some(searcher);
        }
        Ok(t)
    }

    fn kept_searcher(&self) -> std::sync::MutexGuard<'_, Option<Searcher>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl Game {
    /// A game ready for its first turn: the standard start position (both
    /// fixed setups); pass `setup=True` to start in setup instead, placing
    /// tiles one by one. `seed` decides the levy draws and the terrain.
    ///
    /// `rules` is a rules text of Expanded Play ("coup", "flag+fort",
    /// "rider", "mountain+draft", ...; `duke.RULES` lists them); by default
    /// the standard game. A bad text raises ParseError (code
    /// "rules.text"). Without `setup=True` the whole start (the draft, the
    /// setups, the terrain, the Flags) is played by the engine's
    /// suggestions (`setup_suggestion()`); with it, the game starts at its
    /// first decision: a pick under "draft", else the first placement.
    ///
    /// `mountain` and `fort` (a square, index or name) put the terrain on
    /// given squares instead of drawing them; the rules must have that
    /// terrain. Refused with PhaseError (code "setup") when they do not,
    /// when both are on one square, or when no setup fits around them.
    #[new]
    #[pyo3(signature = (seed = 0, setup = false, rules = None, mountain = None, fort = None))]
    fn new(
        seed: u64,
        setup: bool,
        rules: Option<&str>,
        mountain: Option<&Bound<'_, PyAny>>,
        fort: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let rules: duke_engine::Rules = match rules {
            Some(text) => crate::convert::parse(text)?,
            None => duke_engine::Rules::default(),
        };
        let mountain = mountain.map(square).transpose()?;
        let fort = fort.map(square).transpose()?;
        let inner = if mountain.is_none() && fort.is_none() {
            if setup {
                EngineGame::with_rules(rules, seed)
            } else {
                EngineGame::set_up(rules, seed)
            }
        } else if setup {
            EngineGame::with_terrain(rules, seed, mountain, fort).map_err(Error::from)?
        } else {
            EngineGame::set_up_with_terrain(rules, seed, mountain, fort).map_err(Error::from)?
        };
        Ok(Game::from_engine(inner))
    }

    /// The rules of the game as text: "standard", or Expanded Play's, such
    /// as "coup+mountain" (what `Game(rules=...)` reads).
    #[getter]
    fn rules(&self, py: Python<'_>) -> String {
        self.with(py, |g| g.rules().to_string())
    }

    /// The size of the game's action space, the length of its masks:
    /// `duke.ACTION_SPACE` under the standard rules,
    /// `duke.EXPANDED_ACTION_SPACE` under any other.
    #[getter]
    fn action_space(&self, py: Python<'_>) -> usize {
        self.with(py, |g| duke_engine::encode::action_space(g.rules()))
    }

    /// The decision the engine suggests in setup, as an Action: the fixed
    /// setup's next placement, in a draft the most valuable kind left, for
    /// Dark Rider's tiles and the Flags the first square allowed. None
    /// outside setup.
    fn setup_suggestion(&self, py: Python<'_>) -> Option<Action> {
        let suggestion = self.with(py, |g| g.setup_suggestion());
        suggestion.map(|a| Action::of(py, a))
    }

    /// A game that starts in `position` (no setup); `seed` decides the
    /// levy draws.
    #[classmethod]
    #[pyo3(signature = (position, seed = 0))]
    fn from_position(_cls: &Bound<'_, PyType>, position: &Position, seed: u64) -> Game {
        Game::from_engine(EngineGame::from_position(position.inner, seed))
    }

    /// Reads a game record (the text `record()` writes) and replays it.
    /// `seed`, if given, decides later draws (a record written with
    /// `with_seed=True` carries its own). Raises RecordError naming the
    /// line and the turn that could not be read or played.
    #[classmethod]
    #[pyo3(signature = (text, seed = None))]
    fn from_record(_cls: &Bound<'_, PyType>, text: &str, seed: Option<u64>) -> Result<Game> {
        Ok(Game::from_engine(match seed {
            Some(s) => EngineGame::from_record_with_seed(text, s)?,
            None => EngineGame::from_record(text)?,
        }))
    }

    /// The game record as text: the setup and every action. With
    /// `with_seed=True` it also carries the seed, so `Game.from_record`
    /// draws the same tiles afterwards.
    #[pyo3(signature = (with_seed = false))]
    fn record(&self, py: Python<'_>, with_seed: bool) -> String {
        self.with(py, |g| {
            if with_seed {
                g.record_with_seed()
            } else {
                g.record()
            }
        })
    }

    /// The current position.
    #[getter]
    fn position(&self, py: Python<'_>) -> Position {
        Position {
            inner: self.with(py, |g| *g.position()),
        }
    }

    /// The phase, the engine's word: "setup", "play", "levy" (a drawn
    /// troop waits to be placed) or "over"; in Expanded Play also "draft"
    /// (a side picks a kind) and "flags" (a side places a Flag).
    #[getter]
    fn phase(&self, py: Python<'_>) -> &'static str {
        self.with(py, |g| g.phase().as_str())
    }

    /// The side whose decision it is: "light" or "dark" (in setup, the side
    /// placing tiles; in a draft, the side picking).
    #[getter]
    fn side_to_decide(&self, py: Python<'_>) -> &'static str {
        self.with(py, |g| g.side_to_decide().as_str())
    }

    /// The drawn troop's letter while it waits to be placed, else None.
    #[getter]
    fn pending_draw(&self, py: Python<'_>) -> Option<String> {
        self.with(py, |g| g.pending_draw().map(|t| t.char().to_string()))
    }

    /// The result once the game is over, else None.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Option<Outcome> {
        self.with(py, |g| g.outcome().map(|o| Outcome { inner: o }))
    }

    /// The decisions the game offers now, as an ActionList: an immutable
    /// sequence of Action that makes an entry's object only when it is
    /// read (`list()` gives a list). The decisions are:
    ///
    /// - in play: the levy (`Action("levy")`, kind "levy") first while a
    ///   levy is possible, then every maneuver;
    /// - after the levy: the drawn troop's placements;
    /// - in setup: the placements allowed;
    /// - in Expanded Play, also a Flag's passes in play, a Flag's squares
    ///   (setup, or a relocation after a point), and a draft's picks. The
    ///   terrain is drawn by the game itself and is never listed.
    ///
    /// Choosing one uniformly and playing it plays by the rules: the bag,
    /// not the player, decides a levied troop.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list: arrayvec::ArrayVec<Decision, { duke_engine::MAX_ACTIONS + 1 }> =
            self.with(py, |g| g.decisions().collect());
        action_list(py, &list)
    }

    /// Whether `play` accepts an action (Action or text, `levy` included)
    /// now. Raises ParseError for text that is not an action.
    fn is_legal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let d = Action::decision_arg(action)?;
        Ok(self.with(py, |g| g.is_decision_legal(d)))
    }

    /// Plays a decision (Action or text) and returns it as played: a
    /// maneuver; the levy (`"levy"`: the bag draws the troop, then the
    /// drawn troop's placement is the next decision); a placement of the
    /// drawn troop; a setup placement; Expanded Play's passes, Flags and
    /// picks. A whole levy (`P@C2`) in play is
    /// refused (code "levy.bag"): the bag decides the troop; use
    /// `play_levy` for a troop that comes from outside. Raises, changing
    /// nothing, when it is illegal or out of phase.
    fn play<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let given = action.cast::<Action>().ok().map(|a| a.get().inner);
        let d = match given {
            Some(d) => d,
            None => Action::decision_arg(action)?,
        };
        let played = self.with(py, |g| {
            g.apply(d)?;
            Ok::<_, Error>(match d {
                Decision::Levy => Decision::Levy,
                Decision::Act(a) => Decision::Act(g.actions().next_back().unwrap_or(a)),
            })
        })?;
        // An Action that was played as it is, capture mark included (one
        // from legal_actions(), say), is handed back itself: Actions are
        // immutable.
        let same = match (given, played) {
            (Some(Decision::Act(g)), Decision::Act(p)) => g.to_bits() == p.to_bits(),
            (Some(Decision::Levy), Decision::Levy) => true,
            _ => false,
        };
        if same {
            return Ok(action.clone());
        }
        Ok(decision_object(py, played)?.into_bound(py).into_any())
    }

    /// Plays a whole levy (`P@C2`) whose troop came from outside the
    /// game's bag: a record, a physical game, a server. The troop must be
    /// in the mover's bag. Any other action plays as with `play`. Raises,
    /// changing nothing, when it is illegal or out of phase.
    fn play_levy(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = Action::from_arg(action)?;
        Ok(self.with(py, |g| g.play_levy(a)).map_err(Error::from)?)
    }

    /// Places the fixed setup of the side setting up (the Duke and two
    /// Footmen, as in the standard start). Raises PhaseError outside setup.
    fn setup_fixed(&self, py: Python<'_>) -> Result<()> {
        Ok(self.with(py, |g| g.setup_fixed())?)
    }

    /// Draws a tile from the mover's bag for a levy and returns the troop
    /// letter; place it next with `place(square)` (or take the draw back
    /// with `undo()`). Raises when no levy is possible now. With `troop` (a
    /// letter or name) that troop is drawn instead of one from the game's
    /// generator, for callers that pick the draw with the bag's
    /// probabilities themselves (`levy_chances()`); it must be in the bag.
    #[pyo3(signature = (troop = None))]
    fn draw<'py>(&self, py: Python<'py>, troop: Option<&str>) -> Result<Bound<'py, PyString>> {
        let chosen = troop
            .map(crate::convert::parse::<duke_engine::Troop>)
            .transpose()?;
        let t = self.with(py, |g| match chosen {
            None => g.draw(),
            Some(t) => g.draw_troop(t).map(|()| t),
        })?;
        Ok(crate::convert::troop_letter(py, t))
    }

    /// Places the drawn troop on a square (index or name) next to the
    /// mover's Duke. Raises, changing nothing, when the square is not free
    /// or not next to the Duke, or when no troop waits.
    fn place(&self, py: Python<'_>, sq: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = square(sq)?;
        Ok(self.with(py, |g| g.place(s)).map_err(Error::from)?)
    }

    /// What a side's bag holds now, as {troop letter: count}: a troop
    /// drawn and waiting to be placed is out of it (the position's bag
    /// counts it until it is placed).
    fn bag<'py>(&self, py: Python<'py>, side: &str) -> PyResult<Bound<'py, PyDict>> {
        let side = crate::convert::parse::<duke_engine::Side>(side)?;
        let bag = self.with(py, |g| g.bag(side));
        crate::position::bag_dict(py, bag)
    }

    /// The possible levy draws now as a list of (troop letter,
    /// probability), from the mover's bag.
    fn levy_chances(&self, py: Python<'_>) -> Vec<(String, f64)> {
        self.with(py, |g| {
            g.levy_chances()
                .map(|c| (c.troop.char().to_string(), c.probability()))
                .collect()
        })
    }

    /// Takes back the last action (or a waiting draw); False when there is nothing.
    fn undo(&self, py: Python<'_>) -> bool {
        self.with(py, |g| g.undo())
    }

    /// Plays again the last action taken back; None when there is none.
    fn redo(&self, py: Python<'_>) -> Option<Action> {
        let redone = self.with(py, |g| g.redo());
        redone.map(|a| Action::of(py, a))
    }

    /// Every action so far, setup placements first (and in Expanded Play
    /// the draft's picks, the terrain drawn and the Flags), as a list of
    /// Action.
    fn actions(&self, py: Python<'_>) -> Vec<Action> {
        let all: Vec<_> = self.with(py, |g| g.actions().collect());
        all.into_iter().map(|a| Action::of(py, a)).collect()
    }

    /// The actions played since setup (one per turn; a levy is one
    /// placement action).
    fn turns(&self, py: Python<'_>) -> Vec<Action> {
        let all: Vec<_> = self.with(py, |g| g.turns().collect());
        all.into_iter().map(|a| Action::of(py, a)).collect()
    }

    /// How many times the current position has occurred since play began.
    fn repetitions(&self, py: Python<'_>) -> u32 {
        self.with(py, |g| g.repetitions())
    }

    /// The number of action sequences of `depth` turns from the current
    /// position (perft, a levy counted once per troop kind and square);
    /// the same as `self.position.perft(depth)`. Releases the GIL.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        self.position(py).perft_inner(py, depth)
    }

    /// Each legal action of the current position with the perft of the
    /// position after it at `depth - 1`, as a list of (Action, count).
    /// Releases the GIL.
    fn divide(&self, py: Python<'_>, depth: i64) -> PyResult<Vec<(Action, u64)>> {
        self.position(py).divide_inner(py, depth)
    }

    /// The observation planes of the current position for machine
    /// learning: a numpy uint8 array of shape (PLANES, 6, 6) under the
    /// standard rules and (EXPANDED_PLANES, 6, 6) under any other (the
    /// terrain, the Flags, the points, a pending relocation, frozen
    /// Pikemen and the rules), which also shows a drawn troop that waits
    /// to be placed. `perspective` is
    /// "absolute", "mover", "light" or "dark" (the board as that side sees
    /// it).
    #[pyo3(signature = (perspective = "absolute"))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        perspective: &str,
    ) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        let rules = self.with(py, |g| g.rules());
        Ok(observation_array(py, rules, |buf| {
            self.with(py, |g| write_game_observation(g, p, buf))
        }))
    }

    /// The decisions the game accepts now as a numpy bool mask of length
    /// `action_space` (ACTION_SPACE under the standard rules,
    /// EXPANDED_ACTION_SPACE under any other): the actions and the draw
    /// index (DRAW) in play, the drawn troop's placements after a draw.
    /// `perspective` as for `observation`.
    ///
    /// With `out`, a writable contiguous bool or uint8 array of
    /// `action_space` entries (one reused from turn to turn), the mask is
    /// written there and `out` is returned: nothing is allocated.
    #[pyo3(signature = (perspective = "absolute", out = None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        perspective: &str,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        match out {
            None => {
                let (rules, mask) = self.with(py, |g| {
                    let mut mask = vec![0u8; duke_engine::encode::action_space(g.rules())];
                    write_game_mask(g, p, &mut mask);
                    (g.rules(), mask)
                });
                Ok(mask_array(py, rules, |buf| buf.copy_from_slice(&mask)).into_any())
            }
            Some(out) => {
                self.mask_into(py, &out, p)?;
                Ok(out)
            }
        }
    }

    /// Applies the decision at an index of the action space (as
    /// `legal_mask` numbers them, from the same `perspective`). Returns the
    /// drawn troop's letter for the draw index (DRAW), else None. Raises
    /// DukeError, changing nothing, for an index the game does not accept
    /// now.
    ///
    /// The index is any integer, a NumPy one from `legal_indices()`
    /// included (no `int()` needed). It is decoded on its own and the game
    /// checks the decision against the list it keeps: nothing from the last
    /// listing is worked out again, so legal_indices() then apply_index()
    /// is the fast loop.
    #[pyo3(signature = (index, perspective = "absolute"))]
    fn apply_index<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
        perspective: &str,
    ) -> PyResult<Option<Bound<'py, PyString>>> {
        let index = crate::convert::index_arg(index)?;
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        let refused = || Error::Value(format!("action index {index} is not a legal decision now"));
        let (d, drawn) = self.with(py, |g| {
            let d = index_decision(g, index, p).ok_or_else(refused)?;
            // A refusal leaves the game unchanged and reads as game_decision's.
            let drawn = g.apply(d).map_err(|_| refused())?;
            Ok::<_, Error>((d, drawn))
        })?;
        Ok(match d {
            Decision::Levy => drawn.map(|t| crate::convert::troop_letter(py, t)),
            Decision::Act(_) => None,
        })
    }

    /// The indices of the decisions the game accepts now, each once, as a
    /// small int64 array: the indices legal_mask() sets, in the engine's
    /// listing order (in play the draw index, 5436, first when a levy is
    /// possible). Nothing is generated: the game keeps its legal list.
    ///
    /// The per-turn loop for RL and random play: while `game.outcome` is
    /// None, `legal = game.legal_indices()`, then
    /// `game.apply_index(legal[k])` for a chosen `k` (a levy is the
    /// draw index, then one of the placements listed after it).
    #[pyo3(signature = (perspective = "absolute"))]
    fn legal_indices<'py>(
        &self,
        py: Python<'py>,
        perspective: &str,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        let mut buf = arrayvec::ArrayVec::<i64, { duke_engine::MAX_ACTIONS + 1 }>::new();
        self.with(py, |g| game_indices(g, p, |i| buf.push(i as i64)));
        Ok(PyArray1::from_slice(py, &buf))
    }

    /// The AI's decision, as an Action to give to `play`: a maneuver, the
    /// levy (`Action("levy")`: play it, then ask again for the drawn
    /// troop's square), a placement; in setup, the fixed setup's next
    /// placement. Once the game is over it raises PhaseError (code
    /// "phase"), as every face does.
    ///
    /// With no arguments it plays level 3 (`duke.DEFAULT_LEVEL`, the same
    /// in every face), which answers in milliseconds. A `level` (1-5)
    /// plays that level; limits (`depth`, `nodes`, `millis`) search within
    /// them; a level with limits is that level within those limits (level
    /// 5 with millis=2000 thinks two seconds a turn). A number out of range
    /// raises DukeError with the engine's code ("level.range",
    /// "limits.depth", ...). `seed` feeds the deliberate noise of levels 1
    /// and 2 only. `threads` (1 to 64) searches with helper threads (Lazy
    /// SMP): deeper in the same time on idle cores, but with more than 1 a
    /// depth or node limit no longer gives the same answer every run.
    /// `network` is the evaluation: by default the built-in network; a
    /// `duke.Network` (a learned evaluation, alone or correcting the
    /// hand-tuned one: its `base`); or a name, "builtin" or "hand-tuned"
    /// (another name raises ParseError, code "nnue.name"). The built-in
    /// network evaluates only the standard game's rules: under Expanded
    /// Play's others the search uses the hand-tuned evaluation with the
    /// objective's terms (a `duke.Network` given is used under any rules).
    /// Releases the GIL.
    #[pyo3(signature = (level = None, depth = None, nodes = None, millis = None, seed = 0, threads = 1, network = None))]
    #[allow(clippy::too_many_arguments)]
    fn best_action(
        &self,
        py: Python<'_>,
        level: Option<i64>,
        depth: Option<i64>,
        nodes: Option<i128>,
        millis: Option<i128>,
        seed: u64,
        threads: i64,
        network: Option<NetworkArg<'_>>,
    ) -> PyResult<Action> {
        let r = request(
            Request::new(),
            level,
            depth,
            nodes,
            millis,
            seed,
            threads,
            network,
        )?;
        let (answer, _) = self.answer(py, r)?;
        Ok(Action::of_decision(py, answer.decision))
    }

    /// The AI's decision as an index of the action space, from
    /// `perspective` (DRAW when it is to levy); arguments as for
    /// `best_action`. Releases the GIL.
    #[pyo3(signature = (level = None, depth = None, nodes = None, millis = None, seed = 0, perspective = "absolute", threads = 1, network = None))]
    #[allow(clippy::too_many_arguments)]
    fn best_index(
        &self,
        py: Python<'_>,
        level: Option<i64>,
        depth: Option<i64>,
        nodes: Option<i128>,
        millis: Option<i128>,
        seed: u64,
        perspective: &str,
        threads: i64,
        network: Option<NetworkArg<'_>>,
    ) -> PyResult<usize> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        let r = request(
            Request::new(),
            level,
            depth,
            nodes,
            millis,
            seed,
            threads,
            network,
        )?;
        let (answer, pos) = self.answer(py, r)?;
        Ok(action_index(answer.decision, &pos, p))
    }

    /// The decision of one of the engine's players, named as everywhere:
    /// "random", "greedy", "level1" to "level5" or search limits such as
    /// "depth4" or "nodes20000" (`duke.player_name` reads them); `seed`
    /// feeds the random player and the noise of levels 1 and 2. Raises
    /// ParseError (code "player.name") for another name, and PhaseError in
    /// setup or once the game is over. Releases the GIL.
    #[pyo3(signature = (player, seed = 0))]
    fn player_decision(&self, py: Python<'_>, player: &str, seed: u64) -> PyResult<Action> {
        let p = crate::convert::parse::<duke_engine::search::Player>(player)?;
        let game = self.engine(py);
        let (d, _) = self
            .searching(py, move |s| {
                // A new searcher's settings, on a kept one too.
                s.set_evaluation(&duke_engine::search::nnue::Evaluation::default());
                s.set_threads(1).expect("one thread is in range");
                p.decide(&game, s, seed)
            })?
            .map_err(Error::from)?;
        Ok(Action::of_decision(py, d))
    }

    /// The AI's advice at a `level` (1-5; by default `duke.HINT_LEVEL`, the
    /// strongest, about a second), without the noise of levels 1 and 2,
    /// with its `k` best choices from the same search, as a dict:
    /// {"best": text, "score": int, "pv": [text], "top": [(text, score)],
    /// "depth": int}; "best" is the first of "top". Scores are for the side
    /// to decide, in hundredths of a Footman; a levy is written "levy".
    /// `threads` as for `best_action`, and `network` too. Raises PhaseError
    /// once the game is over. Releases the GIL.
    #[pyo3(signature = (level = None, k = 3, threads = 1, network = None))]
    fn hint<'py>(
        &self,
        py: Python<'py>,
        level: Option<i64>,
        k: i64,
        threads: i64,
        network: Option<NetworkArg<'_>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let r = request(
            Request::hint(),
            level,
            None,
            None,
            None,
            0,
            threads,
            network,
        )?
        .with_top(k)
        .map_err(Error::from)?;
        let (h, _) = self.answer(py, r)?;
        let text = |d: Decision| d.to_string();
        let out = PyDict::new(py);
        out.set_item("best", text(h.decision))?;
        out.set_item("score", h.score)?;
        out.set_item("depth", h.depth)?;
        out.set_item("pv", h.pv.iter().map(|&d| text(d)).collect::<Vec<_>>())?;
        out.set_item(
            "top",
            h.top.iter().map(|&(d, s)| (text(d), s)).collect::<Vec<_>>(),
        )?;
        Ok(out)
    }

    /// An SVG drawing of the current position with the last action marked:
    /// every tile with the chart of its face that is up. `highlights` is a
    /// list of squares to mark, `from_dark` turns the board for Dark, `size`
    /// is a square's width in pixels (16 to 1024), `flags` as for
    /// `Position.svg`. Notebooks show games this way.
    #[pyo3(signature = (highlights = None, from_dark = false, size = 72, flags = None))]
    fn svg(
        &self,
        py: Python<'_>,
        highlights: Option<Vec<Bound<'_, PyAny>>>,
        from_dark: bool,
        size: i64,
        flags: Option<u8>,
    ) -> PyResult<String> {
        let (pos, last) = self.with(py, |g| (*g.position(), g.turns().next_back()));
        svg_text(&pos, highlights, last, from_dark, flags, size)
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, None, false, 72, None)
    }

    /// A copy of the game, history and generator included.
    fn copy(&self, py: Python<'_>) -> Game {
        Game::from_engine(self.engine(py))
    }

    fn __copy__(&self, py: Python<'_>) -> Game {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Game {
        self.copy(py)
    }

    /// Pickles as the record with the seed, and the troop drawn and
    /// waiting, if any (it may have been chosen with `draw(troop)`).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String,), Option<String>)> {
        let (record, pending) = self.with(py, |g| {
            (
                g.record_with_seed(),
                g.pending_draw().map(|t| t.char().to_string()),
            )
        });
        let from_record = py.get_type::<Game>().getattr("from_record")?;
        Ok((from_record, (record,), pending))
    }

    /// Restores the waiting draw of a pickled game.
    fn __setstate__(&self, py: Python<'_>, state: Option<&str>) -> Result<()> {
        if let Some(t) = state {
            let t = crate::convert::parse::<duke_engine::Troop>(t)?;
            self.with(py, |g| g.draw_troop(t))?;
        }
        Ok(())
    }

    /// The board as text, what `print(game)` shows (the position's
    /// `board_text()`); `repr()` gives the phase and the DPN.
    fn __str__(&self, py: Python<'_>) -> String {
        let pos = self.with(py, |g| *g.position());
        duke_engine::render::text_board(&pos, false)
            .trim_end()
            .to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        self.with(py, |g| {
            format!("<Game {} '{}'>", g.phase().as_str(), g.position())
        })
    }
}
