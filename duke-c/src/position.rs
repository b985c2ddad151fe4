//! `duke_position`: an immutable position handle.

use std::ffi::c_char;

use duke_engine::encode::{action_index, write_observation};

use duke_engine::render::{svg, SvgFlags, SvgOptions};
use duke_engine::{perft, Position, Side};
use duke_engine::{Decision, Perspective};

use crate::duke_perspective;
use crate::error::{
    buf_out, duke_status, guard, obj, out_ptr, text_in, text_out, write, Error, Result,
};

/// A position between turns. Opaque; never changed after creation.
pub struct duke_position {
    pub(crate) inner: Position,
}

/// The side to move.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum duke_side {
    /// Light (sets up and moves first).
    DukeLight = 0,
    /// Dark.
    DukeDark = 1,
}

pub(crate) fn perspective(p: duke_perspective) -> Result<Perspective> {
    match p {
        0 => Ok(Perspective::Absolute),
        1 => Ok(Perspective::Mover),
        2 => Ok(Perspective::Of(Side::Light)),
        3 => Ok(Perspective::Of(Side::Dark)),
        _ => Err(Error::new(
            duke_status::DukeInvalidArgument,
            format!(
                "perspective {p} is not one of DUKE_VIEW_ABSOLUTE, _MOVER, _LIGHT, _DARK (0 to 3)"
            ),
        )),
    }
}

pub(crate) fn boxed(pos: Position) -> *mut duke_position {
    Box::into_raw(Box::new(duke_position { inner: pos }))
}

/// Writes the actions' text, one per line, into a caller buffer.
pub(crate) unsafe fn actions_text(
    actions: &[duke_engine::Action],
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<()> {
    let mut text = String::new();
    for a in actions {
        text.push_str(&a.to_string());
        text.push('\n');
    }
    // SAFETY: the caller's contract on buf/len/out_len is passed through.
    unsafe { text_out(&text, buf, len, out_len) }
}

/// Writes action indices into a caller array of `len` entries.
pub(crate) unsafe fn indices_out(
    indices: impl ExactSizeIterator<Item = u32>,
    buf: *mut u32,
    len: usize,
    out_count: *mut usize,
) -> Result<()> {
    out_ptr(out_count, "out_count")?;
    let n = indices.len();
    if len < n {
        // SAFETY: checked non-NULL.
        unsafe { write(out_count, n) };
        return Err(Error::new(
            duke_status::DukeBufferTooSmall,
            format!("the buffer holds {len} indices; {n} are needed"),
        ));
    }
    // SAFETY: `len` writable entries by contract.
    let dst = unsafe { buf_out(buf, len, "buf")? };
    for (slot, i) in dst.iter_mut().zip(indices) {
        *slot = i;
    }
    // SAFETY: checked non-NULL.
    unsafe { write(out_count, n) };
    Ok(())
}

pub(crate) unsafe fn observation_out(
    rules: duke_engine::Rules,
    fill: impl FnOnce(&mut [u8]),
    buf: *mut u8,
    len: usize,
) -> Result<()> {
    let need = duke_engine::encode::observation_len(rules);
    if len < need {
        return Err(Error::new(
            duke_status::DukeBufferTooSmall,
            format!(
                "an observation under the rules {rules} needs {need} bytes; the buffer holds {len}"
            ),
        ));
    }
    // SAFETY: `len` writable bytes by contract.
    let dst = unsafe { buf_out(buf, len, "buf")? };
    fill(dst);
    Ok(())
}

/// Creates the standard start position.
#[no_mangle]
pub unsafe extern "C" fn duke_position_new(out: *mut *mut duke_position) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, boxed(Position::standard())) };
        Ok(())
    })
}

/// Reads DPN (`len` bytes of UTF-8 at `dpn`). DUKE_PARSE_ERROR names the
/// field and the problem.
#[no_mangle]
pub unsafe extern "C" fn duke_position_from_dpn(
    dpn: *const c_char,
    len: usize,
    out: *mut *mut duke_position,
) -> duke_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: contract on dpn/len.
        let text = unsafe { text_in(dpn, len, "dpn")? };
        let pos: Position = text.parse()?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, boxed(pos)) };
        Ok(())
    })
}

/// A copy of a position (free it too).
#[no_mangle]
pub unsafe extern "C" fn duke_position_clone(
    pos: *const duke_position,
    out: *mut *mut duke_position,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, boxed(p.inner)) };
        Ok(())
    })
}

/// Frees a position; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn duke_position_free(pos: *mut duke_position) {
    if !pos.is_null() {
        let _ = std::panic::catch_unwind(|| {
            // SAFETY: made by Box::into_raw in this library, freed once by contract.
            drop(unsafe { Box::from_raw(pos) });
        });
    }
}

/// Writes the DPN text.
#[no_mangle]
pub unsafe extern "C" fn duke_position_to_dpn(
    pos: *const duke_position,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let p = unsafe { obj(pos, "pos")? };
        unsafe { text_out(&p.inner.to_string(), buf, len, out_len) }
    })
}

/// Writes an SVG drawing of the position: every tile with the chart of its
/// face that is up, Dark's turned 180°. `flags` is a set of `DUKE_SVG_*`
/// (DUKE_SVG_DEFAULT draws the coordinates from Light's side); `square` a
/// square's side in pixels, 16 to 1024 (code `svg.size`), or 0 for the
/// default (72). Unknown flag bits are DUKE_INVALID_ARGUMENT.
#[no_mangle]
pub unsafe extern "C" fn duke_position_svg(
    pos: *const duke_position,
    flags: u32,
    square: u32,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let p = unsafe { obj(pos, "pos")? };
        let defaults = SvgOptions::default();
        let flags = u8::try_from(flags)
            .ok()
            .and_then(SvgFlags::from_bits)
            .ok_or_else(|| {
                Error::new(
                    duke_status::DukeInvalidArgument,
                    format!(
                        "flags {flags}: the bits are DUKE_SVG_FROM_DARK and DUKE_SVG_COORDINATES"
                    ),
                )
            })?;
        let square = if square == 0 {
            defaults.square
        } else {
            duke_engine::Limit::SvgSquare.check(square)?
        };
        let text = svg(
            &p.inner,
            &SvgOptions {
                square,
                flags,
                ..defaults
            },
        );
        unsafe { text_out(&text, buf, len, out_len) }
    })
}

/// What a position holds under Expanded Play besides its tiles: each a
/// square number (0 to 35) or DUKE_NO_SQUARE when the rules have none.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct duke_state {
    /// The Mountain's square.
    pub mountain: u8,
    /// The Fort's square.
    pub fort: u8,
    /// Light's Flag's square (Counting Coup and Other Objective).
    pub light_flag: u8,
    /// Dark's Flag's square.
    pub dark_flag: u8,
    /// Light's points (Counting Coup; 0 otherwise).
    pub light_points: u8,
    /// Dark's points.
    pub dark_points: u8,
    /// Whether the side to move may first relocate its Flag (Counting
    /// Coup).
    pub relocation_pending: bool,
}

/// The position's Expanded Play state: terrain, Flags, points and a
/// pending relocation (all empty in the standard game). Its rules are
/// duke_position_rules.
#[no_mangle]
pub unsafe extern "C" fn duke_position_state(
    pos: *const duke_position,
    out: *mut duke_state,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        let pos = &p.inner;
        let sq =
            |s: Option<duke_engine::Square>| s.map_or(crate::DUKE_NO_SQUARE, |s| s.index() as u8);
        let state = duke_state {
            mountain: sq(pos.mountain()),
            fort: sq(pos.fort()),
            light_flag: sq(pos.flag(Side::Light)),
            dark_flag: sq(pos.flag(Side::Dark)),
            light_points: pos.score(Side::Light) as u8,
            dark_points: pos.score(Side::Dark) as u8,
            relocation_pending: pos.relocation_pending(),
        };
        // SAFETY: checked non-NULL.
        unsafe { write(out, state) };
        Ok(())
    })
}

/// The position's rules as text ("standard", "coup+mountain", ...).
#[no_mangle]
pub unsafe extern "C" fn duke_position_rules(
    pos: *const duke_position,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let p = unsafe { obj(pos, "pos")? };
        unsafe { text_out(&p.inner.rules().to_string(), buf, len, out_len) }
    })
}

/// The side to move.
#[no_mangle]
pub unsafe extern "C" fn duke_position_side_to_move(
    pos: *const duke_position,
    out: *mut duke_side,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        let side = match p.inner.side_to_move() {
            Side::Light => duke_side::DukeLight,
            Side::Dark => duke_side::DukeDark,
        };
        // SAFETY: checked non-NULL.
        unsafe { write(out, side) };
        Ok(())
    })
}

/// The legal actions as text, one per line (a levy as `P@C2`, once per
/// troop kind and square).
#[no_mangle]
pub unsafe extern "C" fn duke_position_legal_actions(
    pos: *const duke_position,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract passed through.
        let p = unsafe { obj(pos, "pos")? };
        unsafe { actions_text(&p.inner.legal_actions(), buf, len, out_len) }
    })
}

/// The legal actions as indices of the action space (at most
/// DUKE_MAX_ACTIONS of them), in the same order as the text.
#[no_mangle]
pub unsafe extern "C" fn duke_position_legal_indices(
    pos: *const duke_position,
    view: duke_perspective,
    buf: *mut u32,
    len: usize,
    out_count: *mut usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        let persp = perspective(view)?;
        let list = p.inner.legal_actions();
        let it = list
            .iter()
            .map(|&a| action_index(Decision::Act(a), &p.inner, persp) as u32);
        // SAFETY: buffer contract passed through.
        unsafe { indices_out(it, buf, len, out_count) }
    })
}

/// Plays action text on a copy: `*out` receives the new position.
/// DUKE_ILLEGAL_ACTION says why an action is illegal.
#[no_mangle]
pub unsafe extern "C" fn duke_position_play(
    pos: *const duke_position,
    action: *const c_char,
    len: usize,
    out: *mut *mut duke_position,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; text contract.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        let text = unsafe { text_in(action, len, "action")? };
        let a = p.inner.parse_action(text)?;
        let next = p.inner.play(a)?;
        // SAFETY: checked non-NULL.
        unsafe { write(out, boxed(next)) };
        Ok(())
    })
}

/// perft (SPEC §9); a depth past DUKE_MAX_PERFT_DEPTH is
/// DUKE_INVALID_ARGUMENT (code `perft.depth`).
#[no_mangle]
pub unsafe extern "C" fn duke_position_perft(
    pos: *const duke_position,
    depth: u32,
    out: *mut u64,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle.
        let p = unsafe { obj(pos, "pos")? };
        out_ptr(out, "out")?;
        let depth: u32 = duke_engine::Limit::PerftDepth.check(depth)?;
        let n = perft(&p.inner, depth);
        // SAFETY: checked non-NULL.
        unsafe { write(out, n) };
        Ok(())
    })
}

/// Writes the observation planes (DUKE_OBS_LEN bytes under the standard
/// rules, DUKE_EXPANDED_OBS_LEN under any other; layout in the book's
/// encoding chapter).
#[no_mangle]
pub unsafe extern "C" fn duke_position_observation(
    pos: *const duke_position,
    view: duke_perspective,
    buf: *mut u8,
    len: usize,
) -> duke_status {
    guard(|| {
        // SAFETY: NULL or a live handle; buffer contract.
        let p = unsafe { obj(pos, "pos")? };
        let persp = perspective(view)?;
        unsafe {
            observation_out(
                p.inner.rules(),
                |b| write_observation(&p.inner, persp, b),
                buf,
                len,
            )
        }
    })
}

/// What the action text does, as DUKE_ACTION_* flags in `*out_flags`
/// (the syntax only, as written: `C3xC5` captures, `C3-C5` does not).
#[no_mangle]
pub unsafe extern "C" fn duke_action_flags(
    action: *const c_char,
    len: usize,
    out_flags: *mut u8,
) -> duke_status {
    guard(|| {
        out_ptr(out_flags, "out_flags")?;
        // SAFETY: text contract.
        let text = unsafe { text_in(action, len, "action")? };
        let a: duke_engine::Action = text.parse()?;
        // SAFETY: checked non-NULL.
        unsafe { write(out_flags, a.flags().bits()) };
        Ok(())
    })
}

/// The kinds of marks on one face of a troop (its letter, e.g. 'P'; face 0
/// the starting face, 1 the other), as DUKE_MARK_* flags in `*out_marks`.
#[no_mangle]
pub unsafe extern "C" fn duke_troop_marks(
    troop: c_char,
    face: u8,
    out_marks: *mut u8,
) -> duke_status {
    guard(|| {
        out_ptr(out_marks, "out_marks")?;
        let t = duke_engine::Troop::from_char(troop as u8 as char).ok_or_else(|| {
            Error::new(
                duke_status::DukeInvalidArgument,
                format!("troop {troop}: not a troop letter"),
            )
        })?;
        let f = match face {
            0 => duke_engine::Face::Starting,
            1 => duke_engine::Face::Flipped,
            _ => {
                return Err(Error::new(
                    duke_status::DukeInvalidArgument,
                    format!("face {face}: 0 (starting) or 1 (flipped)"),
                ))
            }
        };
        // SAFETY: checked non-NULL.
        unsafe { write(out_marks, duke_engine::marks(t, f).bits()) };
        Ok(())
    })
}
