//! How a game ended, as JavaScript sees it.

use duke_engine::Outcome as EngineOutcome;
use wasm_bindgen::prelude::*;

use crate::convert::object;

/// An outcome as `{ winner, reason, text }` (winner "light", "dark" or
/// null for a draw).
pub fn outcome_object(o: EngineOutcome) -> JsValue {
    object(&[
        (
            "winner",
            o.winner().map_or(JsValue::NULL, |s| s.as_str().into()),
        ),
        ("reason", o.reason_name().into()),
        ("text", o.to_string().into()),
    ])
}
