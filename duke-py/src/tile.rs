//! Tiles and their charts.

use duke_engine::{chart, Face, Tile as EngineTile, Troop};
use pyo3::prelude::*;

/// A tile on the board: its troop, its owner and the face that is up.
/// Get one from `Position.tile_at(square)`; tiles are immutable and compare
/// by value.
///
/// >>> t = duke.Position().tile_at("C1")
/// >>> (t.troop, t.letter, t.side, t.face)
/// ('Duke', 'D', 'light', 'starting')
#[pyclass(
    module = "duke._duke",
    name = "Tile",
    skip_from_py_object,
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile {
    pub inner: EngineTile,
}

fn chart_data(troop: Troop, face: Face) -> Vec<(&'static str, i8, i8)> {
    chart(troop, face)
        .iter()
        .map(|m| (m.mark.as_str(), m.dx, m.dy))
        .collect()
}

#[pymethods]
impl Tile {
    /// The troop's name, e.g. "Pikeman".
    #[getter]
    fn troop(&self) -> &'static str {
        self.inner.troop.name()
    }

    /// The troop's letter as DPN writes it (uppercase Light, lowercase Dark).
    #[getter]
    fn letter(&self) -> String {
        self.inner.char().to_string()
    }

    /// The owner: "light" or "dark".
    #[getter]
    fn side(&self) -> &'static str {
        self.inner.side.as_str()
    }

    /// The face that is up: "starting" or "flipped".
    #[getter]
    fn face(&self) -> &'static str {
        self.inner.face.as_str()
    }

    /// The chart of the face that is up, as (mark, dx, dy) triples in the
    /// owner's view (dx > 0 to the owner's right, dy > 0 forward). Marks are
    /// "move", "jump", "slide", "jump_slide", "strike" and "command"; a
    /// slide gives its direction as a unit step.
    fn chart(&self) -> Vec<(&'static str, i8, i8)> {
        chart_data(self.inner.troop, self.inner.face)
    }

    /// The chart of the other face, the one that is up after the tile acts,
    /// in the same form as `chart()`.
    fn flips_to(&self) -> Vec<(&'static str, i8, i8)> {
        chart_data(self.inner.troop, self.inner.face.flip())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Tile({}, {}, {})",
            self.inner.troop.name(),
            self.inner.side.as_str(),
            self.inner.face.as_str()
        )
    }
}

/// The chart of a troop's face as (mark, dx, dy) triples, as
/// `Tile.chart()` gives them. `troop` is a letter ("P") or a name
/// ("Pikeman"); `face` is "starting" or "flipped". Raises DukeError for
/// an unknown troop or face.
///
/// >>> duke.troop_chart("Footman")
/// [('move', 0, 1), ('move', 0, -1), ('move', -1, 0), ('move', 1, 0)]
#[pyfunction]
#[pyo3(signature = (troop, face = "starting"))]
pub fn troop_chart(troop: &str, face: &str) -> PyResult<Vec<(&'static str, i8, i8)>> {
    let t = crate::convert::parse::<duke_engine::Troop>(troop)?;
    let f: Face = face.parse().map_err(crate::errors::Error::from)?;
    Ok(chart_data(t, f))
}

/// The kinds of marks on one face of a troop, as a `duke.MarkFlag`
/// (an enum.IntFlag: MOVE, JUMP, SLIDE, JUMP_SLIDE, STRIKE, COMMAND).
/// `troop` is a letter or name, `face` "starting" or "flipped".
///
/// >>> duke.troop_marks("Duke")
/// <MarkFlag.SLIDE: 4>
#[pyfunction]
#[pyo3(signature = (troop, face = "starting"))]
pub fn troop_marks<'py>(py: Python<'py>, troop: &str, face: &str) -> PyResult<Bound<'py, PyAny>> {
    let t = crate::convert::parse::<duke_engine::Troop>(troop)?;
    let f: Face = face.parse().map_err(crate::errors::Error::from)?;
    let bits = duke_engine::marks(t, f).bits();
    py.import("duke")?.getattr("MarkFlag")?.call1((bits,))
}
