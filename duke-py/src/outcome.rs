//! How a game ended.

use pyo3::prelude::*;

use crate::classes::Outcome;

#[pymethods]
impl Outcome {
    /// The winning side, "light" or "dark", or None for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner().map(duke_engine::Side::as_str)
    }

    /// Why the game ended, the engine's word: "duke-captured", "no-action"
    /// (the side to move has no legal action), "repetition" or
    /// "quiet-turns" (too many turns without a capture or a levy); and in
    /// Expanded Play "points" (Counting Coup's third point), "flag-home"
    /// (Other Objective's Flag carried home), "no-tiles" (a side with no
    /// tile left), and Dark Rider's "knight-captured", "pikemen-home" and
    /// "pikemen-captured".
    #[getter]
    fn reason(&self) -> &'static str {
        self.inner.reason_name()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, reason='{}')",
            self.inner
                .winner()
                .map_or("None".to_string(), |s| format!("'{}'", s.as_str())),
            self.inner.reason_name()
        )
    }
}
