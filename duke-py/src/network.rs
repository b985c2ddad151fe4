//! The learned evaluation's weights, for the searches of a Game.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) use duke_engine::search::nnue::Network as EngineNetwork;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use duke_engine::search::nnue::{Base, Evaluation, FILE_LEN};
use numpy::{Element, PyReadonlyArrayDyn};

use crate::classes::Position;
use crate::errors::Error;

/// A learned evaluation (NNUE): the weights file `python -m duke.train`
/// writes, read and checked once. Pass it as `network=` to
/// `Game.best_action`, `best_index` and `hint` to search with it: its
/// output alone, or added to the hand-tuned evaluation as a correction
/// (`base`, which the file names). `Network(data)` and
/// `Network.from_bytes(data)` read a weights file's bytes,
/// `Network.from_file(path)` the file itself. Raises ParseError (code
/// "nnue.file") for a file this engine cannot read. The searches use the
/// built-in network (`Network.builtin()`) unless given another, or the
/// name "hand-tuned" for the hand-tuned evaluation.
///
/// >>> duke.Network.builtin().base
/// 'hand-tuned'
/// >>> net = duke.Network.from_file("net.nnue")  # doctest: +SKIP
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

    /// A network from a weights file's bytes (the same as the constructor).
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Network> {
        Network::new(data)
    }

    /// A network from the weights file at `path`. Only a regular file is
    /// opened (a directory, a FIFO or a device such as /dev/zero is refused
    /// unread), and at most one byte past a weights file's length
    /// (`duke.NNUE_FORMAT["file_len"]`) is read: anything else raises
    /// ParseError (code "nnue.file") naming the path, as a file the engine
    /// cannot read does. A path that cannot be opened raises OSError
    /// (FileNotFoundError, ...).
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<Network> {
        let bytes = read_weights(&path)?;
        let net = EngineNetwork::from_bytes(&bytes).map_err(|e| {
            let message = format!("{}: {e}", quoted(&path));
            Error::Worded(e.into(), message)
        })?;
        Ok(Network {
            inner: Arc::new(net),
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

/// A path as messages quote input: in quotes, control characters escaped.
fn quoted(path: &Path) -> String {
    format!("{:?}", path.as_os_str())
}

/// The bytes of the weights file at `path`: a regular file, of which at
/// most `FILE_LEN + 1` bytes are read. A path that is not a regular file,
/// or a longer file, is the engine's refusal of a weights file (its kind
/// and code, "nnue.file") with a message naming the path.
fn read_weights(path: &Path) -> PyResult<Vec<u8>> {
    let os_error = |e: std::io::Error| -> PyErr {
        match e.raw_os_error() {
            // OSError(errno, text, filename) is the errno's subclass
            // (FileNotFoundError, PermissionError, ...) naming the path.
            Some(errno) => {
                let text = e.to_string();
                let text = text
                    .strip_suffix(&format!(" (os error {errno})"))
                    .unwrap_or(&text)
                    .to_string();
                PyOSError::new_err((errno, text, path.as_os_str().to_os_string()))
            }
            None => PyOSError::new_err(format!("{}: {e}", quoted(path))),
        }
    };
    // The engine's verdict on what was read: the kind and code of a weights
    // file it refuses.
    let refused = |read: &[u8], message: String| -> PyErr {
        match EngineNetwork::from_bytes(read) {
            Err(e) => Error::Worded(e.into(), message).into(),
            Ok(_) => PyOSError::new_err(message),
        }
    };
    let meta = std::fs::metadata(path).map_err(os_error)?;
    if !meta.is_file() {
        return Err(refused(
            &[],
            format!(
                "{}: not a regular file (a weights file is a regular file of {FILE_LEN} bytes)",
                quoted(path)
            ),
        ));
    }
    let mut bytes = Vec::with_capacity(FILE_LEN + 1);
    std::fs::File::open(path)
        .and_then(|f| f.take(FILE_LEN as u64 + 1).read_to_end(&mut bytes))
        .map_err(os_error)?;
    if bytes.len() > FILE_LEN {
        return Err(refused(
            &bytes,
            format!(
                "{}: more than {FILE_LEN} bytes (a weights file is {FILE_LEN} bytes)",
                quoted(path)
            ),
        ));
    }
    Ok(bytes)
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
