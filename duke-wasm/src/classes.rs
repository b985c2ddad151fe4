//! The JavaScript classes that name one another, declared here so that
//! the files of their methods (action.rs, position.rs, game.rs) import
//! them from below rather than from each other.

use duke_engine::{Decision, Position as EnginePosition};
use wasm_bindgen::prelude::*;

/// What a player decides: a relocation (`B1-B2`, `C3xC5`), a strike
/// (`C3*B5`), a command (`E4:D5-E5`), a placement (`P@C2`: the drawn
/// troop's square, a setup placement, or a whole levy from a record), or
/// `levy`: the decision to levy, after which the bag decides the troop
/// (its `kind` is "levy"). `toString()` gives the text.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Action {
    pub(crate) inner: Decision,
}

/// A position between turns (SPEC §8): board, both bags, side to move,
/// quiet and turn counters. Immutable: `play` returns a new position.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) inner: EnginePosition,
}
