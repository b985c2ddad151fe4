//! `duke.analyze`: the engine's game analysis (`search::analyze`), turns
//! as dicts.

use duke_engine::search::{analyze_with, Level, Searcher, ANALYSIS_LEVEL};
use duke_engine::Game as EngineGame;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Error;

/// Scores every turn of a game record with the AI at `level` (1-5; by
/// default `duke.ANALYSIS_LEVEL`, 4): a list
/// with one dict a turn, {"turn", "side" ("light"/"dark"), "played",
/// "before", "after", "drop", "best", "mark" ("good", "mistake",
/// "blunder"), "depth"}. Scores are centi-Footmen for the side that
/// played; a mistake drops 100 or more, a blunder 300 or more (scores
/// capped at ±2000 for the drop); "best" is "levy" when levying was best.
/// Every decision is searched to depth 4 at most; at level 5 a marked
/// turn, every levy turn and a turn after which the score jumps by 3
/// Footmen are searched again, up to depth 6 within 3,000,000 nodes (a
/// levy's placement alone when its whole decision reaches no deeper), and
/// "depth" says which depth the figures come from. The same function as
/// `duke analyze`. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (record, level = None))]
pub fn analyze<'py>(
    py: Python<'py>,
    record: &str,
    level: Option<i64>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let level = Level::new(level.unwrap_or(i64::from(ANALYSIS_LEVEL))).map_err(Error::from)?;
    let game = EngineGame::from_record(record).map_err(Error::from)?;
    let turns = crate::interrupt::interruptible(py, Searcher::new(), move |s| {
        analyze_with(s, &game, level)
    })?;
    let mut out = Vec::with_capacity(turns.len());
    for t in turns {
        let d = PyDict::new(py);
        let best = t.best.to_string();
        d.set_item("turn", t.number)?;
        d.set_item("side", t.side.as_str())?;
        d.set_item("played", t.played.to_string())?;
        d.set_item("before", t.before)?;
        d.set_item("after", t.after)?;
        d.set_item("drop", t.drop)?;
        d.set_item("best", best)?;
        d.set_item("mark", t.assessment.name())?;
        d.set_item("depth", t.depth)?;
        out.push(d);
    }
    Ok(out)
}
