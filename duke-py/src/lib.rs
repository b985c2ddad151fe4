//! The `duke` Python package's native module: thin wrappers over
//! duke-engine that convert types and errors and release the GIL. No rule
//! of the game is written here.

// Python names (`from_square`, `to_bytes`) follow Python conventions, not Rust's.
#![allow(clippy::wrong_self_convention)]

mod action;
mod action_list;
mod analyze;
mod classes;
mod convert;
mod errors;
mod game;
mod interrupt;
mod network;
mod outcome;
mod position;
mod selfplay;
mod tile;
mod vecgame;

use duke_engine::encode::{
    ACTION_SPACE, DRAW, EXPANDED_ACTION_SPACE, EXPANDED_OBS_LEN, EXPANDED_PLANES, OBS_LEN, PLANES,
};
use duke_engine::Square;
use pyo3::prelude::*;

/// The native module of the `duke` package: the engine's classes,
/// functions and constants. Import them from `duke`, which re-exports them.
#[pymodule]
fn _duke(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<classes::Position>()?;
    m.add_class::<classes::Action>()?;
    m.add("ActionList", action_list::make_type(py)?)?;
    m.add_function(wrap_pyfunction!(selfplay::player_name, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::score_text, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<network::Network>()?;
    m.add_class::<classes::Outcome>()?;
    m.add_class::<tile::Tile>()?;
    m.add_class::<vecgame::VecGame>()?;
    m.add_function(wrap_pyfunction!(tile::troop_chart, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::play_games, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::iter_games, m)?)?;
    m.add_class::<selfplay::GameStream>()?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(_value_error, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add("DukeError", py.get_type::<errors::DukeError>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("PhaseError", py.get_type::<errors::PhaseError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    m.add("EXPANDED_ACTION_SPACE", EXPANDED_ACTION_SPACE)?;
    // Every rules text the engine plays, the standard game first.
    let rules: Vec<String> = duke_engine::Rules::all().map(|r| r.to_string()).collect();
    m.add("RULES", pyo3::types::PyTuple::new(py, rules)?)?;
    m.add("DRAW", DRAW)?;
    m.add("PLANES", PLANES)?;
    m.add("OBS_LEN", OBS_LEN)?;
    m.add("EXPANDED_PLANES", EXPANDED_PLANES)?;
    m.add("EXPANDED_OBS_LEN", EXPANDED_OBS_LEN)?;
    m.add("QUIET_LIMIT", duke_engine::QUIET_LIMIT)?;
    m.add("DEFAULT_LEVEL", duke_engine::search::DEFAULT_LEVEL)?;
    m.add("HINT_LEVEL", duke_engine::search::HINT_LEVEL)?;
    m.add("ANALYSIS_LEVEL", duke_engine::search::ANALYSIS_LEVEL)?;
    m.add("LEVELS", duke_engine::search::LEVELS)?;
    m.add("MAX_GAMES", duke_engine::batch::MAX_GAMES)?;
    m.add("NNUE_FEATURES", duke_engine::search::nnue::FEATURES)?;
    m.add("NNUE_FORMAT", nnue_format(py)?)?;
    m.add("MATE_BOUND", duke_engine::search::MATE_BOUND)?;
    m.add("MAX_HINTS", duke_engine::search::MAX_HINTS)?;
    m.add("MAX_THREADS", duke_engine::search::MAX_THREADS)?;
    m.add("MAX_DEPTH", duke_engine::search::MAX_DEPTH)?;
    m.add("MAX_MILLIS", duke_engine::search::MAX_MILLIS)?;
    m.add("MAX_PERFT_DEPTH", duke_engine::MAX_PERFT_DEPTH)?;
    // The engine's flag sets, by name, for the package's enum.IntFlag types.
    let flags = |names: Vec<(&str, u8)>| -> PyResult<Bound<'_, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        for (name, bits) in names {
            d.set_item(name, bits)?;
        }
        Ok(d)
    };
    m.add(
        "_ACTION_FLAGS",
        flags(
            duke_engine::ActionFlags::all()
                .iter_names()
                .map(|(n, f)| (n, f.bits()))
                .collect(),
        )?,
    )?;
    m.add(
        "_MARK_FLAGS",
        flags(
            duke_engine::MarkSet::all()
                .iter_names()
                .map(|(n, f)| (n, f.bits()))
                .collect(),
        )?,
    )?;
    m.add(
        "_SVG_FLAGS",
        flags(
            duke_engine::render::SvgFlags::all()
                .iter_names()
                .map(|(n, f)| (n, f.bits()))
                .collect(),
        )?,
    )?;
    m.add_function(wrap_pyfunction!(tile::troop_marks, m)?)?;
    let letters: String = duke_engine::Troop::ALL.iter().map(|t| t.char()).collect();
    m.add("TROOPS", letters)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for sq in Square::ALL {
        m.add(sq.to_string().as_str(), sq.index())?;
    }
    Ok(())
}

/// A DukeError (code "value") with `message`, for the package's own
/// checks of its arguments (a count of games, a Gymnasium option): the
/// same exception, with the same code, as the native module raises for an
/// argument it cannot take.
#[pyfunction]
fn _value_error(py: Python<'_>, message: String) -> Py<pyo3::exceptions::PyBaseException> {
    PyErr::from(errors::Error::Value(message)).into_value(py)
}

/// The name of a square index, e.g. `square_name(8) == "C2"`.
///
/// Squares are numbered from A1 = 0 along each rank to F6 = 35
/// (index = 6 * (rank - 1) + file, file A = 0). Raises DukeError for an
/// index outside 0 to 35.
#[pyfunction]
fn square_name(index: i64) -> PyResult<String> {
    u8::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .map(|s| s.to_string())
        .ok_or_else(|| {
            errors::Error::Value(format!("square index {index} is out of range (0 to 35)")).into()
        })
}

/// The square of a name, in either case, as a `duke.Square` (an int):
/// e.g. `parse_square("c2") == 8`. Raises ParseError for text that names
/// no square.
#[pyfunction]
fn parse_square<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let sq = name.parse::<Square>().map_err(errors::Error::from)?;
    convert::square_object(py, sq)
}

/// The learned evaluation's weights file as the engine reads it, for a
/// trainer that writes one (`duke.train`): the engine owns every number.
fn nnue_format(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    use duke_engine::search::nnue;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("magic", nnue::MAGIC.as_slice())?;
    d.set_item("version", nnue::VERSION)?;
    d.set_item("feature_set", nnue::FEATURE_SET)?;
    d.set_item("features", nnue::FEATURES)?;
    d.set_item("hidden", nnue::HIDDEN)?;
    d.set_item("l2", nnue::L2)?;
    d.set_item("qa", nnue::QA)?;
    d.set_item("qb", nnue::QB)?;
    d.set_item("max_active", nnue::MAX_ACTIVE)?;
    d.set_item("file_len", nnue::FILE_LEN)?;
    // The largest second-layer and output biases the engine reads.
    d.set_item("max_b2", nnue::MAX_B2)?;
    d.set_item("max_b3", nnue::MAX_B3)?;
    let bases = pyo3::types::PyDict::new(py);
    for b in nnue::Base::ALL {
        bases.set_item(b.name(), b.code())?;
    }
    d.set_item("bases", bases)?;
    // The names `network=` takes besides a Network, and the default's.
    d.set_item("evaluations", [nnue::BUILTIN, nnue::HAND_TUNED])?;
    d.set_item("default_evaluation", nnue::default_name())?;
    Ok(d)
}
