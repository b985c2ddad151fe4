//! The `duke-engine` npm package's WebAssembly module: thin wrappers over
//! duke-engine that convert types and errors. No rule of the game is
//! written here; every answer comes from the engine.
//!
//! Built for `wasm32-unknown-unknown` by `duke-wasm/build.sh`; it also
//! compiles natively, so that the workspace's checks cover it.

// JavaScript names (`toString`, `from`) follow JavaScript conventions.
#![allow(clippy::wrong_self_convention, clippy::inherent_to_string)]

mod action;
mod classes;
mod convert;
mod errors;
mod game;
mod outcome;
mod position;
mod tile;

pub use classes::{Action, Position};
pub use game::Game;
pub use tile::Tile;

use duke_engine::encode::{self, DRAW, OBS_LEN, PLANES};
use duke_engine::Square;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** One mark of a chart, in the owner's view (dy > 0 forward). */
export interface ChartMark { mark: "move" | "jump" | "slide" | "jump_slide" | "strike" | "command"; dx: number; dy: number; }
/** A legal action of a selected tile and the mark it uses. */
export interface Target { action: Action; to: number; mark: ChartMark["mark"]; }
/** A square the mover's Duke reaches but may not enter, and the enemy tiles that would capture it there. */
export interface DukeDanger { square: number; by: number[]; }
/** A troop the levy may draw: its count in the bag, the bag's size and its chance. */
export interface LevyChance { troop: string; count: number; total: number; probability: number; }
/** Why a tile of the side to move cannot act: a reason word, the enemy tiles it names, and the sentence. */
export interface Idle { reason: "shields" | "in-guard" | "duke-hemmed" | "no-target" | "frozen"; by: number[]; because: string; text: string; }
/** A game's phase, the engine's word: Expanded Play's "draft" (picks) and "flags" (the Flags placed) besides setup, play, levy and over. */
export type Phase = "draft" | "setup" | "flags" | "play" | "levy" | "over";
/** Why a game ended, the engine's word. */
export type Reason = "duke-captured" | "no-action" | "repetition" | "quiet-turns" | "points" | "flag-home" | "no-tiles" | "knight-captured" | "pikemen-home" | "pikemen-captured";
/** What an action does, the engine's word; a Game's levy decision is "levy". */
export type ActionKind = "relocate" | "strike" | "command" | "place" | "pass" | "flag" | "terrain" | "pick";
/** How a game ended. */
export interface Outcome { winner: "light" | "dark" | null; reason: Reason; text: string; }
/**
 * How `new Game(options)` starts a game. `rules` is the rules text ("coup+mountain",
 * "flag+fort+draft", ...; absent: the standard game); `mountain` and `fort` give the
 * terrain's squares (index or name) instead of drawing them; `setup: true` starts at the
 * first decision of setup instead of a game ready to play; `seed` drives the draws.
 */
export interface GameOptions { seed?: number | bigint; setup?: boolean; rules?: string; mountain?: number | string; fort?: number | string; }
/** A level (1-5) or limits for the AI; `seed` feeds the noise of levels 1 and 2. */
export interface AiOptions { level?: number; depth?: number; nodes?: number; millis?: number; seed?: number | bigint; }
/** The AI's decision with what its search found. */
export interface AiDecision { action: Action; levy: boolean; score: number; depth: number; nodes: number; pv: string[]; }
/** A hint: the best decision, its score and line, and the best decisions with scores. */
export interface Hint { best: string; score: number; depth: number; pv: string[]; top: [string, number][]; }
"#;

/// The name of a square index, e.g. 8 -> "C2".
#[wasm_bindgen(js_name = squareName)]
pub fn square_name(index: f64) -> errors::Result<String> {
    let index = convert::whole(index, "square index", 35)? as u32;
    u8::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .map(|s| s.to_string())
        .ok_or_else(|| {
            errors::Error::Value(format!("square index {index} is out of range (0 to 35)"))
        })
}

/// The index of a square name, e.g. "c2" -> 8.
#[wasm_bindgen(js_name = parseSquare)]
pub fn parse_square(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
) -> errors::Result<u8> {
    let name = crate::convert::text(&name, "name")?;
    let name = name.as_str();
    Ok(name.parse::<Square>()?.index() as u8)
}

/// The size of the action space under some rules (a rules text, absent
/// for the standard game): the length of a game's `legalMask()` under
/// those rules. `drawIndex()` is the same under every rules.
#[wasm_bindgen(js_name = actionSpace)]
pub fn action_space(
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: JsValue,
) -> errors::Result<usize> {
    Ok(encode::action_space(convert::rules(&rules)?))
}

/// Every rules text the engine plays, the standard game first (28 in
/// all): Expanded Play's objectives, terrain and draft in their
/// combinations.
#[wasm_bindgen(js_name = allRules)]
pub fn all_rules() -> Vec<String> {
    duke_engine::Rules::all().map(|r| r.to_string()).collect()
}

/// The action-space index of the levy's draw.
#[wasm_bindgen(js_name = drawIndex)]
pub fn draw_index() -> usize {
    DRAW
}

/// The number of observation planes (an observation is planes × 6 × 6
/// bytes): of the standard game without an argument, of the rules given
/// as text otherwise (`observationPlanes("coup")`).
#[wasm_bindgen(js_name = observationPlanes)]
pub fn observation_planes(
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] rules: JsValue,
) -> errors::Result<usize> {
    debug_assert_eq!(OBS_LEN, PLANES * 36);
    Ok(encode::planes(convert::rules(&rules)?))
}

/// The level `bestAction()` plays with no options, the same in every face.
#[wasm_bindgen(js_name = defaultLevel)]
pub fn default_level() -> u8 {
    duke_engine::search::DEFAULT_LEVEL
}

/// The level `hint()` searches at with no level, the same in every face:
/// the strongest (level 5, about a second).
#[wasm_bindgen(js_name = hintLevel)]
pub fn hint_level() -> u8 {
    duke_engine::search::HINT_LEVEL
}

/// A search's score as people read it, the same in every face: Footmen
/// with two decimals for the side to decide (`"+1.25"`), or a forced
/// capture (`"wins: takes the Duke within 3 turns"`).
/// A number outside the search's scores (±100,000) throws with code
/// `score.range`.
#[wasm_bindgen(js_name = scoreText)]
pub fn score_text(
    #[wasm_bindgen(unchecked_param_type = "number")] score: JsValue,
) -> errors::Result<String> {
    let n: i32 = duke_engine::Limit::Score.check_f64(score.as_f64().unwrap_or(f64::NAN))?;
    Ok(duke_engine::search::Score(n).to_string())
}

/// The longest record `Game.fromRecord` reads, in bytes.
#[wasm_bindgen(js_name = maxRecordLength)]
pub fn max_record_length() -> usize {
    duke_engine::record::MAX_RECORD_LEN
}

/// The six marks as `[word, name]` pairs in the engine's order:
/// `["move", "Move"]`, ..., `["jump_slide", "Jump Slide"]`, ...
#[wasm_bindgen(js_name = markNames, unchecked_return_type = "[string, string][]")]
pub fn mark_names() -> js_sys::Array {
    duke_engine::Mark::ALL
        .iter()
        .map(|m| JsValue::from(convert::array([m.as_str(), m.name()])))
        .collect()
}

/// The troop letters, in the engine's order (Duke, Footman, Pikeman, ...).
#[wasm_bindgen(js_name = troopLetters)]
pub fn troop_letters() -> String {
    duke_engine::Troop::ALL.iter().map(|t| t.char()).collect()
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").into()
}
