//! Batched games for reinforcement learning.

use duke_engine::batch::VecGame as EngineVecGame;
use duke_engine::encode::planes;
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::IntoPyDict;

use crate::errors::{Error, Result};
use crate::game::Game;

/// `n` games stepped together inside Rust with the GIL released. `seed`
/// decides every draw: episode k (the k-th game the batch starts) has the
/// seed `VecGame.episode_seed(seed, k)`. `perspective` is "mover"
/// (default), "absolute", "light" or "dark".
///
/// `rules` is a rules text such as "coup+mountain" (`duke.RULES` lists
/// them; the standard game by default). Under Expanded Play each episode
/// starts as `Game(rules=rules, seed=its seed)` starts, its draft, setups,
/// terrain and Flags made by the engine. A bad text raises ParseError
/// (code "rules.text"), as `Game(rules=...)` does. The standard game has
/// the fast path; other rules step whole games, several times slower.
///
/// The arrays are allocated once and kept up to date by every `step`:
///
/// - `obs`: uint8 (n, 107, 6, 6), (n, EXPANDED_PLANES, 6, 6) under other
///   rules than the standard ones;
/// - `mask`: uint8 (n, 5437), (n, EXPANDED_ACTION_SPACE) under other
///   rules, 1 where a decision is accepted (`mask.view(bool)` for a bool
///   view);
/// - `rewards`: float32 (n,);
/// - `dones`: uint8 (n,).
///
/// Only the bytes that change are written, so `obs` and `mask` are
/// read-only: copy them to keep or change a step's values. `refresh()`
/// rewrites them whole. A game that ends is replaced by a new one at once;
/// its reward (+1 win, -1 loss, 0 draw, for the player who made the
/// decision) and done flag say so.
///
/// >>> v = duke.VecGame(4, seed=1)
/// >>> v.obs.shape, v.mask.shape
/// ((4, 107, 6, 6), (4, 5437))
/// >>> v.step(v.random_actions())
/// >>> v.rewards.shape
/// (4,)
/// >>> c = duke.VecGame(2, seed=1, rules="coup+mountain")
/// >>> c.rules, c.obs.shape, c.mask.shape
/// ('coup+mountain', (2, 119, 6, 6), (2, 5704))
/// >>> c.step(c.random_actions())
#[pyclass(module = "duke._duke", name = "VecGame", skip_from_py_object)]
pub struct VecGame {
    inner: EngineVecGame,
    actions_buf: Vec<u32>,
    /// The observation planes of every game, uint8 of shape (n, planes, 6,
    /// 6) (PLANES under the standard rules, EXPANDED_PLANES under any
    /// other), read-only, kept up to date by `step`.
    #[pyo3(get)]
    obs: Py<PyArray4<u8>>,
    /// The decisions each game accepts, uint8 of shape (n, action space)
    /// (ACTION_SPACE under the standard rules, EXPANDED_ACTION_SPACE under
    /// any other; 1 where accepted), read-only, kept up to date by `step`.
    #[pyo3(get)]
    mask: Py<PyArray2<u8>>,
    /// The reward of each game's last decision for the player who made it,
    /// float32 of shape (n,): +1 win, -1 loss, 0 otherwise.
    #[pyo3(get)]
    rewards: Py<PyArray1<f32>>,
    /// 1 where the last step ended a game (since replaced by a new one),
    /// uint8 of shape (n,).
    #[pyo3(get)]
    dones: Py<PyArray1<u8>>,
    /// The array `random_actions()` fills, uint32 of shape (n,).
    #[pyo3(get)]
    actions: Py<PyArray1<u32>>,
}

impl VecGame {
    /// Writes obs and mask: whole (`full`), or only what changed since the
    /// last write, which the read-only arrays still hold.
    fn observe(&mut self, py: Python<'_>, full: bool) -> PyResult<()> {
        let obs = self.obs.bind(py);
        let mask = self.mask.bind(py);
        // SAFETY: both arrays were made by `new`, C-contiguous, and are
        // kept read-only for Python (writeable=False), so this batch is
        // their only writer; no other Rust reference to them exists now.
        let (obs, mask) = unsafe { (obs.as_slice_mut()?, mask.as_slice_mut()?) };
        let inner = &mut self.inner;
        py.detach(|| -> Result<()> {
            if full {
                inner.write_observations(obs)?;
                inner.write_masks(mask)?;
            } else {
                inner.update_observations(obs)?;
                inner.update_masks(mask)?;
            }
            Ok(())
        })?;
        Ok(())
    }
}

#[pymethods]
impl VecGame {
    /// `n` games under `rules` (see the class).
    #[new]
    #[pyo3(signature = (n, seed = 0, perspective = "mover", rules = "standard"))]
    fn new(
        py: Python<'_>,
        n: usize,
        seed: u64,
        perspective: &str,
        rules: &str,
    ) -> PyResult<VecGame> {
        let p = crate::convert::parse::<duke_engine::Perspective>(perspective)?;
        let rules = crate::convert::parse::<duke_engine::Rules>(rules)?;
        let inner = EngineVecGame::try_with_rules(n, seed, p, rules).map_err(Error::from)?;
        let (obs_len, space) = (inner.observation_len(), inner.action_space());
        let mut v = VecGame {
            inner,
            actions_buf: vec![0; n],
            obs: PyArray1::<u8>::zeros(py, n * obs_len, false)
                .reshape([n, planes(rules), 6, 6])?
                .unbind(),
            mask: PyArray1::<u8>::zeros(py, n * space, false)
                .reshape([n, space])?
                .unbind(),
            rewards: PyArray1::<f32>::zeros(py, n, false).unbind(),
            dones: PyArray1::<u8>::zeros(py, n, false).unbind(),
            actions: PyArray1::<u32>::zeros(py, n, false).unbind(),
        };
        for arr in [v.obs.bind(py).as_any(), v.mask.bind(py).as_any()] {
            arr.call_method("setflags", (), Some(&[("write", false)].into_py_dict(py)?))?;
        }
        v.observe(py, true)?;
        Ok(v)
    }

    /// The seed of episode k of a batch created with `seed`.
    #[staticmethod]
    fn episode_seed(seed: u64, k: u64) -> u64 {
        EngineVecGame::episode_seed(seed, k)
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The perspective of the encodings: "mover", "absolute", "light" or
    /// "dark".
    #[getter]
    fn perspective(&self) -> &'static str {
        self.inner.perspective().as_str()
    }

    /// The rules of the games as text: "standard", or Expanded Play's,
    /// such as "coup+mountain" (what `VecGame(rules=...)` reads).
    #[getter]
    fn rules(&self) -> String {
        self.inner.rules().to_string()
    }

    /// Applies one decision per game (any integer array of length n) and
    /// rewrites rewards and dones, and obs and mask unless `observe=False`.
    /// If any index is refused, no game moves and DukeError says which.
    #[pyo3(signature = (actions, observe = true))]
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>, observe: bool) -> PyResult<()> {
        let n = self.inner.len();
        if let Ok(arr) = actions.extract::<PyReadonlyArray1<'_, u32>>() {
            if arr.len() != n {
                return Err(Error::Value(format!(
                    "actions has length {}, expected {n}",
                    arr.len()
                ))
                .into());
            }
            self.actions_buf.copy_from_slice(arr.as_slice()?);
        } else {
            let values: Vec<i64> = actions.extract().map_err(|_| {
                PyErr::from(Error::Value(
                    "actions must be a sequence of n integers".into(),
                ))
            })?;
            if values.len() != n {
                return Err(Error::Value(format!(
                    "actions has length {}, expected {n}",
                    values.len()
                ))
                .into());
            }
            for (slot, v) in self.actions_buf.iter_mut().zip(values) {
                *slot = u32::try_from(v).map_err(|_| {
                    PyErr::from(Error::Value(format!("action index {v} is out of range")))
                })?;
            }
        }
        {
            let mut rewards = self.rewards.bind(py).readwrite();
            let mut dones = self.dones.bind(py).readwrite();
            let rewards = rewards.as_slice_mut()?;
            let dones = dones.as_slice_mut()?;
            let inner = &mut self.inner;
            let acts = &self.actions_buf;
            py.detach(|| inner.step(acts, rewards, dones))
                .map_err(Error::from)?;
        }
        if observe {
            self.observe(py, false)?;
        }
        Ok(())
    }

    /// Writes obs and mask for the current games (after `step(...,
    /// observe=False)`).
    fn refresh(&mut self, py: Python<'_>) -> PyResult<()> {
        self.observe(py, true)
    }

    /// Chooses a uniformly random accepted decision for every game (from the
    /// batch's own seeded generator), writes it into `actions` and returns
    /// that array.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let arr = self.actions.bind(py).clone();
        {
            let mut rw = arr.readwrite();
            let out = rw.as_slice_mut()?;
            let inner = &mut self.inner;
            py.detach(|| inner.random_actions(out));
        }
        Ok(arr)
    }

    /// A copy of game `i` as a Game (changing it does not change the
    /// batch). Raises DukeError when `i` is out of range.
    fn game(&self, i: usize) -> PyResult<Game> {
        self.inner
            .game(i)
            .map(Game::from_engine)
            .ok_or_else(|| Error::Value(format!("game {i} is out of range")).into())
    }
}
