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

    /// Why the game ended: "duke-captured", "no-action" (the side to move
    /// has no legal action), "repetition" or "quiet-turns" (too many turns
    /// without a capture or a levy).
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
