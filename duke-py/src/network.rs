//! The learned evaluation's weights, for the searches of a Game.

use std::sync::Arc;

pub(crate) use duke_engine::search::nnue::Network as EngineNetwork;
use pyo3::prelude::*;

use crate::errors::Error;
use crate::position::Position;

/// A learned evaluation (NNUE): the weights file `python -m duke.train`
/// writes, read and checked once. Pass it as `network=` to
/// `Game.best_action`, `best_index` and `hint` to search with it: its
/// output alone, or added to the hand-tuned evaluation as a correction
/// (`base`, which the file names). Raises ParseError (code "nnue.file")
/// for a file this engine cannot read. The searches use the built-in
/// network (`Network.builtin()`) unless given another, or the name
/// "hand-tuned" for the hand-tuned evaluation.
///
/// >>> duke.Network.builtin().base
/// 'hand-tuned'
/// >>> net = duke.Network(open("net.nnue", "rb").read())  # doctest: +SKIP
/// >>> duke.Game(seed=1).best_action(depth=3, network=net)  # doctest: +SKIP
/// >>> duke.Game(seed=1).best_action(depth=3, network="hand-tuned")  # doctest: +SKIP
#[pyclass(module = "duke._duke", name = "Network", frozen)]
pub struct Network {
    pub(crate) inner: Arc<EngineNetwork>,
}

#[pymethods]
impl Network {
    #[new]
    fn new(data: &[u8]) -> PyResult<Network> {
        Ok(Network {
            inner: Arc::new(EngineNetwork::from_bytes(data).map_err(Error::from)?),
        })
    }

    /// The built-in network: the searches' evaluation unless given another.
    #[staticmethod]
    fn builtin() -> Network {
        Network {
            inner: EngineNetwork::builtin(),
        }
    }

    /// What the network's output is added to: "none", or "hand-tuned"
    /// (Position.evaluate); the file says which.
    #[getter]
    fn base(&self) -> &'static str {
        self.inner.base().name()
    }

    /// The score of a position for its side to move, in centi-Footmen: the
    /// network's output plus its base.
    fn evaluate(&self, position: &Position) -> i32 {
        self.inner.evaluate(&position.inner)
    }

    /// The weights file, as bytes.
    fn to_bytes(&self) -> Vec<u8> {
        self.inner.to_bytes()
    }

    fn __repr__(&self) -> String {
        format!("duke.{:?}", self.inner)
    }
}

/// What a `network=` argument takes: a `duke.Network`, or the name of an
/// evaluation ("builtin", "hand-tuned").
#[derive(FromPyObject)]
pub enum NetworkArg<'py> {
    /// A network read from a weights file.
    Network(PyRef<'py, Network>),
    /// An evaluation's name, which the engine resolves.
    Name(String),
}

/// The evaluation a `network=` argument selects: the engine's default
/// without one.
pub fn resolve(arg: Option<NetworkArg<'_>>) -> Result<Option<Arc<EngineNetwork>>, Error> {
    Ok(match arg {
        None => duke_engine::search::nnue::default_network(),
        Some(NetworkArg::Network(n)) => Some(Arc::clone(&n.inner)),
        Some(NetworkArg::Name(name)) => {
            duke_engine::search::nnue::Evaluation::by_name(&name)?.network()
        }
    })
}
