//! `duke_game`: a game handle with history, the levy and the record.

use std::ffi::c_char;
use std::sync::{Mutex, PoisonError};

use duke_engine::encode::{game_decision, game_indices, write_game_observation};
use duke_engine::{DrawReason, Game, Outcome, Phase, Side, Square, WinReason};

use crate::duke_perspective;
use crate::error::{
    buf_out, duke_status, guard, obj, obj_mut, out_ptr, text_in, text_out, write, Error,
};
use crate::position::{boxed, duke_position, indices_out, observation_out, perspective};

/// A game: setup, play, history, the levy and the record. Opaque.
pub struct duke_game {
    inner: Game,
    // The threads of the AI's searches (duke_game_set_threads).
    threads: usize,
    // The evaluation of the AI's searches (duke_game_set_network,
    // duke_game_set_evaluation).
    network: duke_engine::search::nnue::Evaluation,
    // The searcher of a timed decision to levy, kept for the drawn troop's
    // placement, the game's next request (Searcher::awaits_placement);
    // none otherwise.
    kept: Mutex<Option<duke_engine::search::Searcher>>,
}

/// Where a game stands.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum duke_phase {
    /// Tiles are being set up.
    DukePhaseSetup = 0,
    /// The side to move chooses an action.
    DukePhasePlay = 1,
    /// A drawn troop waits to be placed.
    DukePhaseLevy = 2,
    /// The game is over.
    DukePhaseOver = 3,
    /// Expanded Play: a draft pick comes next.
    DukePhaseDraft = 4,
    /// Expanded Play: a Flag is placed next.
    DukePhaseFlags = 5,
}

/// The result of a game.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum duke_result {
    /// The game goes on.
    DukeResultNone = 0,
    /// Light won.
    DukeResultLightWins = 1,
    /// Dark won.
    DukeResultDarkWins = 2,
    /// A draw.
    DukeResultDraw = 3,
}

/// Why a game ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum duke_reason {
    /// The game goes on.
    DukeReasonNone = 0,
    /// A Duke was captured.
    DukeReasonDukeCaptured = 1,
    /// The side to move had no legal maneuver and could not levy.
    DukeReasonNoAction = 2,
    /// The same position occurred three times.
    DukeReasonRepetition = 3,
    /// 200 turns without a capture or a levy.
    DukeReasonQuietTurns = 4,
    /// Counting Coup: three points scored.
    DukeReasonPoints = 5,
    /// Other Objective: the opposing Flag carried home.
    DukeReasonFlagHome = 6,
    /// The loser has no tile on the board.
    DukeReasonNoTiles = 7,
    /// Dark Rider: the Knight captured.
    DukeReasonKnightCaptured = 8,
    /// Dark Rider: three Pikemen on rank 6.
    DukeReasonPikemenHome = 9,
    /// Dark Rider: three Pikemen captured.
    DukeReasonPikemenCaptured = 10,
}

fn new_game(game: Game) -> *mut duke_game {
    Box::into_raw(Box::new(duke_game {
        inner: game,
        threads: 1,
        network: Default::default(),
        kept: Default::default(),
    }))
}

/// A game from the standard start position (both fixed setups).
#[no_mangle]
pub unsafe extern "C" fn duke_game_new(seed: u64, out: *mut *mut duke_game) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(Game::standard(seed))) };
        Ok(())
    })
}

/// A game under the rules named by `rules` (`len` bytes of UTF-8, such as
/// "coup+mountain" or "standard"; see the book's Expanded Play chapter).
/// With `setup` false the whole start is played by the engine's
/// suggestions (fixed setups, picks in the engine's order, the first
/// squares allowed for the Flags) and the terrain drawn from the seed: the
/// game is ready for its first turn. With `setup` true it starts at its
/// first decision (a pick under the draft, else a placement). Bad rules
/// text is DUKE_PARSE_ERROR (code `rules.text`).
#[no_mangle]
pub unsafe extern "C" fn duke_game_new_rules(
    rules: *const c_char,
    len: usize,
    seed: u64,
    setup: bool,
    out: *mut *mut duke_game,
) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: text contract.
        let r: duke_engine::Rules = unsafe { text_in(rules, len, "rules")? }.parse()?;
        let game = if setup {
            Game::with_rules(r, seed)
        } else {
            Game::set_up(r, seed)
        };
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(game)) };
        Ok(())
    })
}

/// A game under `rules` in setup whose terrain is given: the Mountain's
/// and the Fort's squares (0 to 35, or DUKE_NO_SQUARE to draw it from the
/// seed). Refused with DUKE_WRONG_PHASE (code `setup`) when the rules have
/// no such terrain or the squares leave no room for a setup; a square past
/// 36 is DUKE_INVALID_ARGUMENT.
#[no_mangle]
pub unsafe extern "C" fn duke_game_new_terrain(
    rules: *const c_char,
    len: usize,
    seed: u64,
    mountain: u8,
    fort: u8,
    out: *mut *mut duke_game,
) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: text contract.
        let r: duke_engine::Rules = unsafe { text_in(rules, len, "rules")? }.parse()?;
        let square = |s: u8| -> Result<Option<duke_engine::Square>, Error> {
            match s {
                crate::DUKE_NO_SQUARE => Ok(None),
                s => duke_engine::Square::from_index(s).map(Some).ok_or_else(|| {
                    Error::new(
                        duke_status::DukeInvalidArgument,
                        format!("square {s}: 0 to 35, or DUKE_NO_SQUARE"),
                    )
                }),
            }
        };
        let game = Game::with_terrain(r, seed, square(mountain)?, square(fort)?)?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(game)) };
        Ok(())
    })
}

/// The game's rules as text ("standard", "coup+mountain", ...).
#[no_mangle]
pub unsafe extern "C" fn duke_game_rules(
    game: *const duke_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        unsafe { text_out(&g.inner.rules().to_string(), buf, len, out_len) }
    })
}

/// The size of the game's action space: DUKE_ACTION_SPACE under the
/// standard rules, DUKE_EXPANDED_ACTION_SPACE under any other (the length
/// of duke_game_legal_mask's buffer).
#[no_mangle]
pub unsafe extern "C" fn duke_game_action_space(
    game: *const duke_game,
    out: *mut u32,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out, "out")?;
        let n = duke_engine::encode::action_space(g.inner.rules()) as u32;
        // SAFETY: checked non-NULL.
        unsafe { write(out, n) };
        Ok(())
    })
}

/// A game in setup: Light places its Duke first (duke_game_play "D@C1", ...).
#[no_mangle]
pub unsafe extern "C" fn duke_game_new_setup(seed: u64, out: *mut *mut duke_game) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(Game::new(seed))) };
        Ok(())
    })
}

/// A game that starts in a position (no setup).
#[no_mangle]
pub unsafe extern "C" fn duke_game_from_position(
    pos: *const duke_position,
    seed: u64,
    out: *mut *mut duke_game,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(Game::from_position(p.inner, seed))) };
        Ok(())
    })
}

/// Reads a record (the README documents the format).
#[no_mangle]
pub unsafe extern "C" fn duke_game_from_record(
    text: *const c_char,
    len: usize,
    out: *mut *mut duke_game,
) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: text contract.
        let t = unsafe { text_in(text, len, "text")? };
        let game = Game::from_record(t)?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, new_game(game)) };
        Ok(())
    })
}

/// Frees a game; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn duke_game_free(game: *mut duke_game) {
    if !game.is_null() {
        let _ = std::panic::catch_unwind(|| {
            // SAFETY: made by Box::into_raw here, freed once by contract.
            drop(unsafe { Box::from_raw(game) });
        });
    }
}

/// Places the fixed setup of the side setting up.
#[no_mangle]
pub unsafe extern "C" fn duke_game_setup_fixed(game: *mut duke_game) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        Ok(g.inner.setup_fixed()?)
    })
}

/// A copy of the current position (free it with duke_position_free).
#[no_mangle]
pub unsafe extern "C" fn duke_game_position(
    game: *const duke_game,
    out: *mut *mut duke_position,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, boxed(*g.inner.position())) };
        Ok(())
    })
}

/// The phase of the game.
#[no_mangle]
pub unsafe extern "C" fn duke_game_phase(
    game: *const duke_game,
    out: *mut duke_phase,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out, "out")?;
        let phase = match g.inner.phase() {
            Phase::Setup { .. } => duke_phase::DukePhaseSetup,
            Phase::Draft { .. } => duke_phase::DukePhaseDraft,
            Phase::Flags { .. } => duke_phase::DukePhaseFlags,
            Phase::Play => duke_phase::DukePhasePlay,
            Phase::Levy { .. } => duke_phase::DukePhaseLevy,
            Phase::Over(_) => duke_phase::DukePhaseOver,
        };
        // SAFETY: checked non-NULL.
        unsafe { write(out, phase) };
        Ok(())
    })
}

/// The decisions the game offers now as text, one per line: in play
/// `levy` first while a levy is possible, then every maneuver; after the
/// levy, the drawn troop's placements; in setup, the placements allowed.
/// Each line is accepted by duke_game_play. Choosing one uniformly plays
/// by the rules: the bag, not the player, decides a levied troop.
#[no_mangle]
pub unsafe extern "C" fn duke_game_legal_actions(
    game: *const duke_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        let mut text = String::new();
        for d in g.inner.decisions() {
            text.push_str(&d.to_string());
            text.push('\n');
        }
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// The decisions the game accepts now as indices of the action space, in
/// the engine's order (the same as Python's and JavaScript's, and as
/// duke_game_legal_actions lists them): in play DUKE_DRAW_INDEX first when
/// a levy is possible, then every maneuver; after a draw, the drawn
/// troop's placements.
#[no_mangle]
pub unsafe extern "C" fn duke_game_legal_indices(
    game: *const duke_game,
    view: duke_perspective,
    buf: *mut u32,
    len: usize,
    out_count: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        let persp = perspective(view)?;
        let mut indices = [0u32; duke_engine::MAX_ACTIONS + 1];
        let mut n = 0;
        game_indices(&g.inner, persp, |i| {
            indices[n] = i as u32;
            n += 1;
        });
        // SAFETY: buffer contract passed through.
        unsafe { indices_out(indices[..n].iter().copied(), buf, len, out_count) }
    })
}

/// Plays a decision's text: a maneuver, `levy` (the bag draws the troop;
/// its placement is the next decision), the drawn troop's placement, or a
/// setup placement. A whole levy (`P@C2`) in play is refused with
/// DUKE_ILLEGAL_ACTION, code `levy.bag`: the bag decides the troop; use
/// duke_game_play_levy for a troop that comes from outside. On error the
/// game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn duke_game_play(
    game: *mut duke_game,
    action: *const c_char,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only; text contract.
        let g = unsafe { obj_mut(game, "game")? };
        let text = unsafe { text_in(action, len, "action")? };
        let d: duke_engine::Decision = text.parse()?;
        g.inner.apply(d)?;
        Ok(())
    })
}

/// Plays a whole levy (`P@C2`) whose troop came from outside the game's
/// bag: a record, a physical game, a server. The troop must be in the
/// mover's bag. Other actions play as with duke_game_play. On error the
/// game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn duke_game_play_levy(
    game: *mut duke_game,
    action: *const c_char,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only; text contract.
        let g = unsafe { obj_mut(game, "game")? };
        let text = unsafe { text_in(action, len, "action")? };
        let a: duke_engine::Action = text.parse()?;
        g.inner.play_levy(a)?;
        Ok(())
    })
}

/// Applies the decision at an index of the action space (DUKE_DRAW_INDEX
/// draws for a levy).
#[no_mangle]
pub unsafe extern "C" fn duke_game_play_index(
    game: *mut duke_game,
    view: duke_perspective,
    index: u32,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        let persp = perspective(view)?;
        let d = game_decision(&g.inner, index as usize, persp).ok_or_else(|| {
            Error::new(
                duke_status::DukeInvalidArgument,
                format!("action index {index} is not a decision the game accepts now"),
            )
        })?;
        g.inner.apply(d)?;
        Ok(())
    })
}

/// Draws a tile for a levy; `*out_troop` receives its letter (e.g. 'P').
/// Place it next with duke_game_place.
#[no_mangle]
pub unsafe extern "C" fn duke_game_draw(
    game: *mut duke_game,
    out_troop: *mut c_char,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        out_ptr(out_troop, "out_troop")?;
        let troop = g.inner.draw()?;
        // SAFETY: checked non-NULL.
        unsafe { write(out_troop, troop.char() as u8 as c_char) };
        Ok(())
    })
}

/// Places the drawn troop on a square (0..35) next to the Duke.
#[no_mangle]
pub unsafe extern "C" fn duke_game_place(game: *mut duke_game, square: u8) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        let sq = Square::from_index(square).ok_or_else(|| {
            Error::new(
                duke_status::DukeInvalidArgument,
                format!("square {square} is out of range (0 to 35)"),
            )
        })?;
        Ok(g.inner.place(sq)?)
    })
}

/// The possible draws now: troop letters in `troops`, probabilities in
/// `probs` (both `len` entries); `*out_count` receives how many.
#[no_mangle]
pub unsafe extern "C" fn duke_game_levy_chances(
    game: *const duke_game,
    troops: *mut c_char,
    probs: *mut f64,
    len: usize,
    out_count: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out_count, "out_count")?;
        let chances: Vec<_> = g.inner.levy_chances().collect();
        if len < chances.len() {
            // SAFETY: checked non-NULL.
            unsafe { write(out_count, chances.len()) };
            return Err(Error::new(
                duke_status::DukeBufferTooSmall,
                format!(
                    "the buffers hold {len} entries; {} are needed",
                    chances.len()
                ),
            ));
        }
        // SAFETY: `len` writable entries each, by contract.
        let t = unsafe { buf_out(troops, len, "troops")? };
        let p = unsafe { buf_out(probs, len, "probs")? };
        for (i, c) in chances.iter().enumerate() {
            t[i] = c.troop.char() as u8 as c_char;
            p[i] = c.probability();
        }
        // SAFETY: checked non-NULL.
        unsafe { write(out_count, chances.len()) };
        Ok(())
    })
}

/// Takes back the last action (or a waiting draw); `*out_done` says
/// whether there was anything to take back.
#[no_mangle]
pub unsafe extern "C" fn duke_game_undo(game: *mut duke_game, out_done: *mut bool) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        out_ptr(out_done, "out_done")?;
        let done = g.inner.undo();
        // SAFETY: checked non-NULL.
        unsafe { write(out_done, done) };
        Ok(())
    })
}

/// Plays again the last action taken back; `*out_done` says whether there was one.
#[no_mangle]
pub unsafe extern "C" fn duke_game_redo(game: *mut duke_game, out_done: *mut bool) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle used by this thread only.
        let g = unsafe { obj_mut(game, "game")? };
        out_ptr(out_done, "out_done")?;
        let done = g.inner.redo().is_some();
        // SAFETY: checked non-NULL.
        unsafe { write(out_done, done) };
        Ok(())
    })
}

/// The result and its reason (DUKE_RESULT_NONE / DUKE_REASON_NONE while
/// the game goes on).
#[no_mangle]
pub unsafe extern "C" fn duke_game_result(
    game: *const duke_game,
    out_result: *mut duke_result,
    out_reason: *mut duke_reason,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out_result, "out_result")?;
        out_ptr(out_reason, "out_reason")?;
        let (result, reason) = match g.inner.outcome() {
            None => (duke_result::DukeResultNone, duke_reason::DukeReasonNone),
            Some(Outcome::Win { winner, reason }) => (
                match winner {
                    Side::Light => duke_result::DukeResultLightWins,
                    Side::Dark => duke_result::DukeResultDarkWins,
                },
                match reason {
                    WinReason::DukeCaptured => duke_reason::DukeReasonDukeCaptured,
                    WinReason::NoAction => duke_reason::DukeReasonNoAction,
                    WinReason::Points => duke_reason::DukeReasonPoints,
                    WinReason::FlagHome => duke_reason::DukeReasonFlagHome,
                    WinReason::NoTiles => duke_reason::DukeReasonNoTiles,
                    WinReason::KnightCaptured => duke_reason::DukeReasonKnightCaptured,
                    WinReason::PikemenHome => duke_reason::DukeReasonPikemenHome,
                    WinReason::PikemenCaptured => duke_reason::DukeReasonPikemenCaptured,
                },
            ),
            Some(Outcome::Draw(r)) => (
                duke_result::DukeResultDraw,
                match r {
                    DrawReason::Repetition => duke_reason::DukeReasonRepetition,
                    DrawReason::QuietTurns => duke_reason::DukeReasonQuietTurns,
                },
            ),
        };
        // SAFETY: both checked non-NULL.
        unsafe {
            write(out_result, result);
            write(out_reason, reason);
        }
        Ok(())
    })
}

/// The result in words ("Light wins: it captured the opposing Duke"), or
/// an empty string while the game goes on.
#[no_mangle]
pub unsafe extern "C" fn duke_game_result_text(
    game: *const duke_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        let text = g.inner.outcome().map(|o| o.to_string()).unwrap_or_default();
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// A search's score as people read it, the same in every face: Footmen
/// with two decimals for the side to decide ("+1.25"), or a forced
/// capture ("wins: takes the Duke within 3 turns"). A number outside the
/// search's scores (-100000 to 100000) is DUKE_INVALID_ARGUMENT with code
/// `score.range`.
#[no_mangle]
pub unsafe extern "C" fn duke_score_text(
    score: i64,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        let score = duke_engine::search::Score::checked(score)?;
        // SAFETY: buffer contract passed through.
        unsafe { text_out(&score.to_string(), buf, len, out_len) }
    })
}

/// The record text; with `with_seed` it also carries the seed (keep that private).
#[no_mangle]
pub unsafe extern "C" fn duke_game_record(
    game: *const duke_game,
    with_seed: bool,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        let text = if with_seed {
            g.inner.record_with_seed()
        } else {
            g.inner.record()
        };
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// perft of the current position; a depth past DUKE_MAX_PERFT_DEPTH is
/// DUKE_INVALID_ARGUMENT (code `perft.depth`).
#[no_mangle]
pub unsafe extern "C" fn duke_game_perft(
    game: *const duke_game,
    depth: u32,
    out: *mut u64,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out, "out")?;
        let depth: u32 = duke_engine::Limit::PerftDepth.check(depth)?;
        let n = duke_engine::perft(g.inner.position(), depth);
        // SAFETY: checked non-NULL.
        unsafe { write(out, n) };
        Ok(())
    })
}

/// Writes the observation planes of the game (DUKE_OBS_LEN bytes under
/// the standard rules, DUKE_EXPANDED_OBS_LEN under any other), the drawn
/// troop included.
#[no_mangle]
pub unsafe extern "C" fn duke_game_observation(
    game: *const duke_game,
    view: duke_perspective,
    buf: *mut u8,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract.
        let g = unsafe { obj(game, "game")? };
        let persp = perspective(view)?;
        unsafe {
            observation_out(
                g.inner.rules(),
                |b| write_game_observation(&g.inner, persp, b),
                buf,
                len,
            )
        }
    })
}

/// Limits for duke_game_best_action_limits; a 0 field is unset.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct duke_search_limits {
    /// The deepest iteration, in turns.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Stop after about this many milliseconds.
    pub millis: u64,
}

/// The engine's answer to `request` for the game, with the game's
/// threads and evaluation.
fn answer(
    g: &duke_game,
    request: duke_engine::search::Request,
) -> Result<duke_engine::search::Answer, Error> {
    let request = request
        .with_threads(g.threads as u64)?
        .with_evaluation(g.network.clone());
    Ok(searching(g, |s| s.decide(&g.inner, &request))?)
}

/// `f` with the game's kept searcher, or a new one, with the game's
/// threads and network; kept afterwards only while it awaits the placement
/// of its levy.
fn searching<T>(g: &duke_game, f: impl FnOnce(&mut duke_engine::search::Searcher) -> T) -> T {
    let kept = g.kept.lock().unwrap_or_else(PoisonError::into_inner).take();
    let mut s = kept.unwrap_or_default();
    s.set_threads(g.threads)
        .expect("duke_game_set_threads checks the count");
    s.set_evaluation(&g.network);
    let t = f(&mut s);
    if s.awaits_placement() {
        *g.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(s);
    }
    t
}

/// The learned evaluation of this game's AI searches: the `len` bytes of
/// a weights file that `python -m duke.train` writes, read and checked
/// here (the bytes are not kept). With `data` NULL and `len` 0, the
/// searches use the hand-tuned evaluation. A game starts with the
/// built-in network (duke_game_set_evaluation selects it by name). A file
/// this engine cannot read is DUKE_PARSE_ERROR (code `nnue.file`), and the
/// game keeps its evaluation.
#[no_mangle]
pub unsafe extern "C" fn duke_game_set_network(
    game: *mut duke_game,
    data: *const u8,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj_mut(game, "game")? };
        if data.is_null() && len == 0 {
            g.network = duke_engine::search::nnue::Evaluation::HandTuned;
            return Ok(());
        }
        // SAFETY: NULL or `len` readable bytes by contract.
        let bytes = unsafe { crate::error::bytes_in(data, len, "data")? };
        let net = duke_engine::search::nnue::Network::from_bytes(bytes)?;
        g.network = duke_engine::search::nnue::Evaluation::Network(std::sync::Arc::new(net));
        Ok(())
    })
}

/// Selects the evaluation of this game's AI searches by name, `len` bytes
/// of UTF-8: "builtin", the built-in network (a game's default), or
/// "hand-tuned". Another name is DUKE_PARSE_ERROR (code `nnue.name`), and
/// the game keeps its evaluation. The built-in network evaluates only the
/// standard game's rules: under Expanded Play's others a game's searches
/// use the hand-tuned evaluation with its objective's terms (a network
/// from a file is used under any rules).
#[no_mangle]
pub unsafe extern "C" fn duke_game_set_evaluation(
    game: *mut duke_game,
    name: *const c_char,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj_mut(game, "game")? };
        // SAFETY: text contract.
        let name = unsafe { text_in(name, len, "name")? };
        g.network = duke_engine::search::nnue::Evaluation::by_name(name)?;
        Ok(())
    })
}

/// The number of threads of the AI's searches of this game
/// (duke_game_best_action, duke_game_best_action_limits, duke_game_hint):
/// 1, the default, to 64. With more than 1, helper threads search beside
/// the calling thread (Lazy SMP), deeper in the same time on idle cores,
/// but a depth or node limit no longer gives the same answer every run.
/// Another count is DUKE_INVALID_ARGUMENT (code `threads.range`).
#[no_mangle]
pub unsafe extern "C" fn duke_game_set_threads(game: *mut duke_game, threads: u32) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let g = unsafe { obj_mut(game, "game")? };
        g.threads = duke_engine::Limit::Threads.check(threads)?;
        Ok(())
    })
}

/// The request of a C caller's level: 0 for the default, 1 to 5, anything
/// else an error (code `level.range`).
fn with_level(
    request: duke_engine::search::Request,
    level: u8,
) -> Result<duke_engine::search::Request, Error> {
    if level == 0 {
        return Ok(request);
    }
    Ok(request.with_level(level)?)
}

/// The AI's decision as text for duke_game_play: a maneuver, `levy` (play
/// it, then ask again for the drawn troop's square), a placement; in
/// setup, the fixed setup's next placement. `level` is 1 to 5, or 0 for
/// the default level every face plays (DUKE_DEFAULT_LEVEL, 3); any other
/// level is DUKE_INVALID_ARGUMENT (code `level.range`). Returns
/// DUKE_WRONG_PHASE only once the game is over. `seed` feeds only the
/// deliberate noise of levels 1 and 2. The search uses the game's threads
/// (duke_game_set_threads).
#[no_mangle]
pub unsafe extern "C" fn duke_game_best_action(
    game: *const duke_game,
    level: u8,
    seed: u64,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out_len, "out_len")?;
        let request = with_level(duke_engine::search::Request::new(), level)?.with_seed(seed);
        let r = answer(g, request)?;
        unsafe { text_out(&r.decision.to_string(), buf, len, out_len) }
    })
}

/// The AI's decision within explicit limits (at least one field set; 0
/// leaves a field unset), as text for duke_game_play; in setup, the fixed
/// setup's next placement. A depth past DUKE_MAX_DEPTH or a time past
/// DUKE_MAX_MILLIS is DUKE_INVALID_ARGUMENT (codes `limits.depth`,
/// `limits.millis`); once the game is over, DUKE_WRONG_PHASE. A time limit
/// is a turn's, split between a levy's two decisions as for a level.
/// duke_game_decide takes a level and limits together.
#[no_mangle]
pub unsafe extern "C" fn duke_game_best_action_limits(
    game: *const duke_game,
    limits: *const duke_search_limits,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or live pointers; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        let l = unsafe { obj(limits, "limits")? };
        out_ptr(out_len, "out_len")?;
        let nz = |x: u64| (x != 0).then_some(x);
        let limits = duke_engine::search::Limits {
            depth: (l.depth != 0).then_some(l.depth),
            nodes: nz(l.nodes),
            millis: nz(l.millis),
        };
        if limits == duke_engine::search::Limits::default() {
            return Err(Error::new(
                duke_status::DukeInvalidArgument,
                "set at least one of depth, nodes and millis",
            ));
        }
        let r = answer(g, duke_engine::search::Request::new().with_limits(limits)?)?;
        unsafe { text_out(&r.decision.to_string(), buf, len, out_len) }
    })
}

/// An AI request for duke_game_decide, the one request every face makes: a
/// 0 field is unset. With neither a level nor limits the default level
/// plays (DUKE_DEFAULT_LEVEL; for a hint, DUKE_HINT_LEVEL). A level with
/// limits is that level searching within the limits given instead of its
/// own (level 5 with millis 2000: level 5 for two seconds a turn).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct duke_request {
    /// The level, 1 to 5 (0: none).
    pub level: u8,
    /// The deepest iteration, in turns (0: none).
    pub depth: u32,
    /// A node budget (0: none).
    pub nodes: u64,
    /// Milliseconds a turn (0: none).
    pub millis: u64,
    /// The seed of the deliberate noise of levels 1 and 2.
    pub seed: u64,
    /// How many of the best decisions to list with their scores (0: none;
    /// a hint lists 3 when it is 0).
    pub top: u32,
    /// A hint: advice without a level's noise, at DUKE_HINT_LEVEL by default.
    pub hint: bool,
}

/// The AI's answer to a request for the game, as text lines: `best
/// <decision> <score>`, `pv <decision> ...`, then `top <decision> <score>`
/// for each listed decision, best first. Out-of-range numbers are
/// DUKE_INVALID_ARGUMENT with the engine's code (`level.range`,
/// `limits.depth`, ...); once the game is over, DUKE_WRONG_PHASE (code
/// `phase`). In setup the answer is the fixed setup's next placement. The
/// search uses the game's threads and evaluation.
#[no_mangle]
pub unsafe extern "C" fn duke_game_decide(
    game: *const duke_game,
    request: *const duke_request,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or live pointers; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        let r = unsafe { obj(request, "request")? };
        out_ptr(out_len, "out_len")?;
        let mut request = if r.hint {
            duke_engine::search::Request::hint()
        } else {
            duke_engine::search::Request::new()
        };
        request = with_level(request, r.level)?.with_seed(r.seed);
        if r.depth != 0 {
            request = request.with_depth(r.depth)?;
        }
        if r.nodes != 0 {
            request = request.with_nodes(r.nodes)?;
        }
        if r.millis != 0 {
            request = request.with_millis(r.millis)?;
        }
        if r.top != 0 {
            request = request.with_top(r.top)?;
        }
        let a = answer(g, request)?;
        let text = answer_text(&a);
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// An answer as the text lines of duke_game_decide and duke_game_hint.
fn answer_text(a: &duke_engine::search::Answer) -> String {
    let mut text = format!("best {} {}\npv", a.decision, a.score);
    for &d in &a.pv {
        text.push(' ');
        text.push_str(&d.to_string());
    }
    text.push('\n');
    for &(d, s) in &a.top {
        text.push_str(&format!("top {d} {s}\n"));
    }
    text
}

/// A hint at a level, as text lines: `best <decision> <score>`, `pv <decision> ...`,
/// then `top <decision> <score>` for the `k` best decisions. `level` is 1
/// to 5, or 0 for the hint level of every face (DUKE_HINT_LEVEL, 5: the
/// strongest, about a second).
#[no_mangle]
pub unsafe extern "C" fn duke_game_hint(
    game: *const duke_game,
    level: u8,
    k: u32,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out_len, "out_len")?;
        let request = with_level(duke_engine::search::Request::hint(), level)?.with_top(k)?;
        let text = answer_text(&answer(g, request)?);
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// The decision of one of the engine's players as text for duke_game_play:
/// `player` is "random", "greedy", "level1" to "level5" or search limits
/// such as "depth4" or "nodes20000" (`len` bytes);
/// `seed` feeds the random player and the noise of levels 1 and 2.
/// DUKE_PARSE_ERROR (code `player.name`) for another name; DUKE_WRONG_PHASE
/// in setup or once the game is over.
#[no_mangle]
pub unsafe extern "C" fn duke_game_player_decision(
    game: *const duke_game,
    player: *const c_char,
    player_len: usize,
    seed: u64,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; text and buffer contracts passed through.
        let g = unsafe { obj(game, "game")? };
        out_ptr(out_len, "out_len")?;
        let name = unsafe { text_in(player, player_len, "player")? };
        let p: duke_engine::search::Player = name.parse()?;
        let (d, _) = searching(g, |s| p.decide(&g.inner, s, seed))?;
        unsafe { text_out(&d.to_string(), buf, len, out_len) }
    })
}
