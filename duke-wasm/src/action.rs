//! Actions.

use duke_engine::encode::{action_from_index, action_index};

use duke_engine::Action as EngineAction;
use duke_engine::Decision;
use wasm_bindgen::prelude::*;

use crate::classes::{Action, Position};
use crate::convert::perspective;
use crate::errors::{Error, Result};

impl Action {
    /// The JavaScript value of an engine action.
    pub fn of(a: EngineAction) -> Action {
        Action {
            inner: Decision::Act(a),
        }
    }

    /// The action an argument names; the levy decision is refused (a
    /// position lists each levy with its troop).
    pub fn from_arg(value: &JsValue) -> Result<EngineAction> {
        match Action::decision_arg(value)? {
            Decision::Act(a) => Ok(a),
            Decision::Levy => Err(Error::Value(
                "levy: a Position takes a whole levy with its troop (like \"P@C2\"); the levy decision is a Game's".into(),
            )),
        }
    }

    /// A decision from an `Action` or its text (`levy` included).
    pub fn decision_arg(value: &JsValue) -> Result<Decision> {
        let text = match value.as_string() {
            Some(text) => text,
            // An Action (or anything whose String() is action text). A
            // toString that throws is caught here: an exception unwinding
            // through the binding would leave the game borrowed for good.
            None if value.is_object() => js_string(value)
                .ok()
                .and_then(|s| s.as_string())
                .ok_or_else(|| {
                    Error::Value(
                        "an action is an Action or action text like \"B1-B2\" or \"levy\"".into(),
                    )
                })?,
            None => {
                return Err(Error::Value(
                    "an action is an Action or action text like \"B1-B2\" or \"levy\"".into(),
                ))
            }
        };
        Ok(text.parse::<Decision>()?)
    }
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `String(value)`, its exception returned as an error.
    #[wasm_bindgen(catch, js_name = String)]
    fn js_string(value: &JsValue) -> std::result::Result<JsValue, JsValue>;
}

pub fn actions(list: &[EngineAction]) -> Vec<Action> {
    list.iter().map(|&a| Action::of(a)).collect()
}

#[wasm_bindgen]
impl Action {
    /// Reads action text (SPEC §8) or `levy`; the syntax only: check it
    /// against a position with `Position.parseAction`.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<Action> {
        let text = crate::convert::text(&text, "text")?;
        let text = text.as_str();
        Ok(Action {
            inner: text.parse()?,
        })
    }

    /// The action at an index of the action space in `position`
    /// (the levy decision for the levy index, `undefined` for an index
    /// that names no action).
    #[wasm_bindgen(js_name = fromIndex)]
    pub fn from_index(
        index: f64,
        position: &Position,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Option<Action>> {
        let index = crate::convert::whole(index, "action index", u64::from(u32::MAX))? as usize;
        Ok(
            action_from_index(index, &position.inner, perspective(persp)?)
                .map(|d| Action { inner: d }),
        )
    }

    /// The index of this action in the action space, in `position`.
    pub fn index(
        &self,
        position: &Position,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<usize> {
        Ok(action_index(
            self.inner,
            &position.inner,
            perspective(persp)?,
        ))
    }

    /// "relocate", "strike", "command", "place" or "levy"; under Expanded
    /// Play also "pass" (a Flag passed, `B3^B4`), "flag" (a Flag placed or
    /// relocated, `flag@A4`), "terrain" (`mountain@C3`) and "pick" (a draft
    /// pick, `pick:W`).
    #[wasm_bindgen(getter, unchecked_return_type = "ActionKind | \"levy\"")]
    pub fn kind(&self) -> String {
        self.inner.kind_str().into()
    }

    /// The terrain tile a terrain action places, "mountain" or "fort";
    /// undefined for the other kinds.
    #[wasm_bindgen(getter, unchecked_return_type = "\"mountain\" | \"fort\" | undefined")]
    pub fn terrain(&self) -> Option<String> {
        match self.inner.action()?.view() {
            duke_engine::ActionView::Terrain { terrain, .. } => Some(terrain.as_str().into()),
            _ => None,
        }
    }

    /// The square of the tile that acts (the commander for a command, the
    /// Flag's holder for a pass), or undefined for a placement, a Flag's,
    /// terrain or a pick.
    #[wasm_bindgen(getter)]
    pub fn actor(&self) -> Option<u8> {
        self.inner.action()?.actor().map(|s| s.index() as u8)
    }

    /// The square a tile leaves (the commanded tile for a command), the
    /// striker's square for a strike, the holder's for a pass; undefined
    /// for a placement, a Flag's, terrain or a pick.
    #[wasm_bindgen(getter)]
    pub fn from(&self) -> Option<u8> {
        Some(self.inner.action()?.origin()?.index() as u8)
    }

    /// The square where something lands, is struck or is placed (a tile,
    /// a Flag, terrain; the tile that takes a passed Flag); undefined for
    /// the levy (its square is the next decision) and a pick.
    #[wasm_bindgen(getter)]
    pub fn to(&self) -> Option<u8> {
        Some(self.inner.action()?.to_square()?.index() as u8)
    }

    /// The troop letter of a placement or a draft pick, undefined otherwise.
    #[wasm_bindgen(getter)]
    pub fn troop(&self) -> Option<String> {
        Some(self.inner.action()?.troop()?.char().to_string())
    }

    /// Whether the action was read or generated as a capture.
    #[wasm_bindgen(getter, js_name = isCapture)]
    pub fn is_capture(&self) -> bool {
        self.inner.action().is_some_and(|a| a.is_capture())
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
