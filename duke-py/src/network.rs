//! The learned evaluation's weights, for the searches of a Game.

use std::sync::Arc;

pub(crate) use duke_engine::search::nnue::Network as EngineNetwork;
use pyo3::prelude::*;

use duke_engine::search::nnue::{Base, Evaluation};
use numpy::{Element, PyReadonlyArrayDyn};

use crate::classes::Position;
use crate::errors::Error;

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

    /// A network from its quantized layers (int16 b1 and w1, int8 w2,
    /// int32 b2, int8 w3, and the output bias b3), added to `base` ("none"
    /// or "hand-tuned"): the engine checks the sizes and ranges as for a
    /// file, and `to_bytes()` gives the weights file. `python -m
    /// duke.train` writes its files so. Arrays of any shape are read in
    /// order (w1 as features x hidden, w2 as l2 x 2 hidden).
    #[staticmethod]
    #[pyo3(signature = (b1, w1, w2, b2, w3, b3, base = "hand-tuned"))]
    #[allow(clippy::too_many_arguments)]
    fn from_arrays(
        b1: PyReadonlyArrayDyn<'_, i16>,
        w1: PyReadonlyArrayDyn<'_, i16>,
        w2: PyReadonlyArrayDyn<'_, i8>,
        b2: PyReadonlyArrayDyn<'_, i32>,
        w3: PyReadonlyArrayDyn<'_, i8>,
        b3: i32,
        base: &str,
    ) -> PyResult<Network> {
        let base = Base::ALL
            .into_iter()
            .find(|b| b.name() == base)
            .ok_or_else(|| Error::Value(format!("base \"{base}\": \"none\" or \"hand-tuned\"")))?;
        let net =
            EngineNetwork::from_parts(all(&b1), all(&w1), all(&w2), all(&b2), all(&w3), b3, base)
                .map_err(Error::from)?;
        Ok(Network {
            inner: Arc::new(net),
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

/// An array's values in order, whatever its shape.
fn all<T: Element + Copy>(a: &PyReadonlyArrayDyn<'_, T>) -> Vec<T> {
    a.as_array().iter().copied().collect()
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
pub fn resolve(arg: Option<NetworkArg<'_>>) -> Result<Evaluation, Error> {
    Ok(match arg {
        None => Evaluation::default(),
        Some(NetworkArg::Network(n)) => Evaluation::Network(Arc::clone(&n.inner)),
        Some(NetworkArg::Name(name)) => Evaluation::by_name(&name)?,
    })
}
