//! Actions.

use duke_engine::encode::{action_from_index, action_index, Decision};
use duke_engine::{Action as EngineAction, ActionView};
use wasm_bindgen::prelude::*;

use crate::convert::perspective;
use crate::errors::{Error, Result};
use crate::position::Position;

/// What a player does in a turn: a relocation (`B1-B2`, `C3xC5`), a strike
/// (`C3*B5`), a command (`E4:D5-E5`) or a placement (`P@C2`: a levy with its
/// troop, or a setup placement). `toString()` gives the action text.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Action {
    pub(crate) inner: EngineAction,
}

impl Action {
    /// An action from an `Action` or action text.
    pub fn from_arg(value: &JsValue) -> Result<EngineAction> {
        let text = match value.as_string() {
            Some(text) => text,
            // An Action (or anything whose toString() is action text).
            None if value.is_object() => {
                String::from(value.unchecked_ref::<js_sys::Object>().to_string())
            }
            None => {
                return Err(Error::Value(
                    "an action is an Action or action text like \"B1-B2\"".into(),
                ))
            }
        };
        Ok(text.parse::<EngineAction>()?)
    }
}

pub fn actions(list: &[EngineAction]) -> Vec<Action> {
    list.iter().map(|&a| Action { inner: a }).collect()
}

#[wasm_bindgen]
impl Action {
    /// Reads action text (SPEC §8); the syntax only: check it against a
    /// position with `Position.parseAction`.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<Action> {
        Ok(Action {
            inner: text.parse()?,
        })
    }

    /// The action at an index of the action space in `position`
    /// (`undefined` for the draw index or an index that names no action).
    #[wasm_bindgen(js_name = fromIndex)]
    pub fn from_index(
        index: usize,
        position: &Position,
        persp: Option<String>,
    ) -> Result<Option<Action>> {
        Ok(
            match action_from_index(index, &position.inner, perspective(persp)?) {
                Some(Decision::Act(a)) => Some(Action { inner: a }),
                _ => None,
            },
        )
    }

    /// The index of this action in the action space, in `position`.
    pub fn index(&self, position: &Position, persp: Option<String>) -> Result<usize> {
        Ok(action_index(
            Decision::Act(self.inner),
            &position.inner,
            perspective(persp)?,
        ))
    }

    /// "relocate", "strike", "command" or "place".
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.inner.kind().name().into()
    }

    /// The square of the tile that acts (the commander for a command), or
    /// undefined for a placement.
    #[wasm_bindgen(getter)]
    pub fn actor(&self) -> Option<u8> {
        self.inner.actor().map(|s| s.index() as u8)
    }

    /// The square a tile leaves (the commanded tile for a command), the
    /// striker's square for a strike, undefined for a placement.
    #[wasm_bindgen(getter)]
    pub fn from(&self) -> Option<u8> {
        match self.inner.view() {
            ActionView::Relocate { from, .. }
            | ActionView::Command { from, .. }
            | ActionView::Strike { from, .. } => Some(from.index() as u8),
            ActionView::Place { .. } => None,
        }
    }

    /// The square where something lands, is struck or is placed.
    #[wasm_bindgen(getter)]
    pub fn to(&self) -> u8 {
        self.inner.target().index() as u8
    }

    /// The troop letter of a placement, undefined otherwise.
    #[wasm_bindgen(getter)]
    pub fn troop(&self) -> Option<String> {
        match self.inner.view() {
            ActionView::Place { troop, .. } => Some(troop.char().to_string()),
            _ => None,
        }
    }

    /// Whether the action was read or generated as a capture.
    #[wasm_bindgen(getter, js_name = isCapture)]
    pub fn is_capture(&self) -> bool {
        self.inner.is_capture()
    }

    /// Whether two actions are the same.
    pub fn equals(&self, other: &Action) -> bool {
        self.inner == other.inner
    }

    /// The action text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The action text (so JSON.stringify writes it).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.inner.to_string()
    }
}
