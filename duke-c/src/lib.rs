//! The C API of duke-engine: opaque handles for games and positions,
//! functions named `duke_<type>_<verb>`, a `duke_status` from every
//! fallible function, and no rule of the game written here. The header
//! `include/duke.h` is generated from this crate by cbindgen (pinned) and
//! checked by `tests/header.rs`.
//!
//! Conventions (also at the top of the header): out-parameters last,
//! written only on success; text in as UTF-8 pointer + length; text out
//! NUL-terminated into caller buffers with the length needed reported;
//! every pointer checked; every body inside a panic guard.

#![allow(non_camel_case_types)]
// The C functions check every pointer themselves; they are `unsafe extern`
// to C only, and documented for it.
#![allow(clippy::missing_safety_doc)]

mod error;
mod game;
mod position;

pub use error::{duke_last_error_code, duke_last_error_message, duke_status};
pub use game::*;
pub use position::*;

use std::ffi::c_char;

// Literal values so cbindgen can write them; the asserts tie them to the engine.

/// The size of an observation (`duke_*_observation`), in bytes: 107 planes of 6×6.
pub const DUKE_OBS_LEN: usize = 3852;
/// The size of an observation under Expanded Play's rules, in bytes: 119
/// planes of 6×6 (the standard planes, then the terrain, the Flags, the
/// points, a pending relocation, frozen Pikemen and the rules).
pub const DUKE_EXPANDED_OBS_LEN: usize = 4284;
/// The size of the action space (indices `0 .. DUKE_ACTION_SPACE`).
pub const DUKE_ACTION_SPACE: u32 = 5437;
/// The size of the action space under Expanded Play's rules: the
/// standard space, then Flag passes, Flags placed, draft picks and
/// terrain (see duke_game_action_space).
pub const DUKE_EXPANDED_ACTION_SPACE: u32 = 5704;
/// No square (a terrain or a Flag that is not on the board).
pub const DUKE_NO_SQUARE: u8 = 36;
/// The index of the decision to levy (draw a tile).
pub const DUKE_DRAW_INDEX: u32 = 5436;
/// The most legal actions any position has (a bound for index buffers).
pub const DUKE_MAX_ACTIONS: usize = 248;
/// The level duke_game_best_action plays for level 0, the same default as
/// every face's (Python's `best_action()`, JavaScript's `bestAction()`).
pub const DUKE_DEFAULT_LEVEL: u8 = 3;
/// The level duke_game_hint searches at for level 0, the same as every
/// face's hint: the strongest (level 5, about a second).
pub const DUKE_HINT_LEVEL: u8 = 5;
/// duke_action_flags: the action takes an enemy tile (a strike always does).
pub const DUKE_ACTION_CAPTURE: u8 = 1;
/// duke_action_flags: the tile whose chart was used turns to its other face.
pub const DUKE_ACTION_FLIP: u8 = 2;
/// duke_action_flags: the tile strikes without moving.
pub const DUKE_ACTION_STRIKE: u8 = 4;
/// duke_action_flags: the tile commands a friendly tile.
pub const DUKE_ACTION_COMMAND: u8 = 8;
/// duke_action_flags: a troop is placed (a levy or a setup placement).
pub const DUKE_ACTION_PLACE: u8 = 16;
/// duke_troop_marks: the face has Move marks.
pub const DUKE_MARK_MOVE: u8 = 1;
/// duke_troop_marks: Jump marks.
pub const DUKE_MARK_JUMP: u8 = 2;
/// duke_troop_marks: Slide marks.
pub const DUKE_MARK_SLIDE: u8 = 4;
/// duke_troop_marks: Jump Slide marks.
pub const DUKE_MARK_JUMP_SLIDE: u8 = 8;
/// duke_troop_marks: Strike marks.
pub const DUKE_MARK_STRIKE: u8 = 16;
/// duke_troop_marks: Command marks.
pub const DUKE_MARK_COMMAND: u8 = 32;
/// duke_position_svg: the engine's default drawing (DUKE_SVG_COORDINATES).
pub const DUKE_SVG_DEFAULT: u32 = 2;
/// duke_position_svg: the board from Dark's side (rank 1 on top).
pub const DUKE_SVG_FROM_DARK: u32 = 1;
/// duke_position_svg: file letters and rank numbers.
pub const DUKE_SVG_COORDINATES: u32 = 2;
/// The number of AI levels (1 to DUKE_LEVELS).
pub const DUKE_LEVELS: u8 = 5;
/// The most decisions a hint lists (its `k`).
pub const DUKE_MAX_HINTS: u32 = 249;
/// The most search threads (duke_game_set_threads).
pub const DUKE_MAX_THREADS: u32 = 64;
/// The deepest search duke_game_best_action_limits takes, in turns.
pub const DUKE_MAX_DEPTH: u32 = 64;
/// The longest search duke_game_best_action_limits takes, in milliseconds.
pub const DUKE_MAX_MILLIS: u64 = 86_400_000;
/// The deepest perft (duke_position_perft, duke_game_perft).
pub const DUKE_MAX_PERFT_DEPTH: u32 = 12;

const _: () = assert!(DUKE_OBS_LEN == duke_engine::encode::OBS_LEN);
const _: () = assert!(DUKE_EXPANDED_OBS_LEN == duke_engine::encode::EXPANDED_OBS_LEN);
const _: () = assert!(DUKE_ACTION_SPACE as usize == duke_engine::encode::ACTION_SPACE);
const _: () =
    assert!(DUKE_EXPANDED_ACTION_SPACE as usize == duke_engine::encode::EXPANDED_ACTION_SPACE);
const _: () = assert!(DUKE_DRAW_INDEX as usize == duke_engine::encode::DRAW);
const _: () = assert!(DUKE_MAX_ACTIONS == duke_engine::MAX_ACTIONS);
const _: () = assert!(DUKE_DEFAULT_LEVEL == duke_engine::search::DEFAULT_LEVEL);
const _: () = assert!(DUKE_HINT_LEVEL == duke_engine::search::HINT_LEVEL);
const _: () = {
    use duke_engine::{ActionFlags as A, MarkSet as M};
    assert!(DUKE_ACTION_CAPTURE == A::CAPTURE.bits() && DUKE_ACTION_FLIP == A::FLIP.bits());
    assert!(DUKE_ACTION_STRIKE == A::STRIKE.bits() && DUKE_ACTION_COMMAND == A::COMMAND.bits());
    assert!(DUKE_ACTION_PLACE == A::PLACE.bits());
    assert!(DUKE_MARK_MOVE == M::MOVE.bits() && DUKE_MARK_JUMP == M::JUMP.bits());
    assert!(DUKE_MARK_SLIDE == M::SLIDE.bits() && DUKE_MARK_JUMP_SLIDE == M::JUMP_SLIDE.bits());
    assert!(DUKE_MARK_STRIKE == M::STRIKE.bits() && DUKE_MARK_COMMAND == M::COMMAND.bits());
};
const _: () = {
    use duke_engine::render::SvgFlags as S;
    assert!(DUKE_SVG_FROM_DARK == S::FROM_DARK.bits() as u32);
    assert!(DUKE_SVG_COORDINATES == S::COORDINATES.bits() as u32);
};
const _: () = assert!(DUKE_LEVELS == duke_engine::search::LEVELS);
const _: () = assert!(DUKE_MAX_HINTS as usize == duke_engine::search::MAX_HINTS);
const _: () = assert!(DUKE_MAX_THREADS as usize == duke_engine::search::MAX_THREADS);
const _: () = assert!(DUKE_MAX_DEPTH == duke_engine::search::MAX_DEPTH);
const _: () = assert!(DUKE_MAX_MILLIS == duke_engine::search::MAX_MILLIS);
const _: () = assert!(DUKE_MAX_PERFT_DEPTH == duke_engine::MAX_PERFT_DEPTH);

/// A point of view for the encodings (`uint32_t`, one of the `DUKE_VIEW_*` values).
pub type duke_perspective = u32;
/// Light is owner 0; the board as the spec lays it out.
pub const DUKE_VIEW_ABSOLUTE: duke_perspective = 0;
/// The side to move is owner 0; the board turned when it is Dark.
pub const DUKE_VIEW_MOVER: duke_perspective = 1;
/// Light's point of view.
pub const DUKE_VIEW_LIGHT: duke_perspective = 2;
/// Dark's point of view.
pub const DUKE_VIEW_DARK: duke_perspective = 3;

/// The library version as `major << 16 | minor << 8 | patch`.
#[no_mangle]
pub extern "C" fn duke_version() -> u32 {
    let n = |s: &str| s.parse::<u32>().unwrap_or(0);
    n(env!("CARGO_PKG_VERSION_MAJOR")) << 16
        | n(env!("CARGO_PKG_VERSION_MINOR")) << 8
        | n(env!("CARGO_PKG_VERSION_PATCH"))
}

/// The library version as a static NUL-terminated string, e.g. "0.1.0".
#[no_mangle]
pub extern "C" fn duke_version_string() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The repository's README: its Rust example runs as a doctest here (the
/// engine crate is packaged without the repository's README).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct RepositoryReadme;
