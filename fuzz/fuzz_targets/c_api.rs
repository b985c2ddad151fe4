//! The C API's entry points driven with arbitrary bytes through their
//! `extern "C"` functions: DPN, action text and records of any bytes and
//! length, and buffers, levels, counts and views of any size. Every call
//! returns a status (never a crash, a panic through the boundary or a
//! write past a buffer), and a refused play leaves the game's record as it
//! was.
#![no_main]

use std::ffi::c_char;
use std::ptr::null_mut;

use duke::*;
use libfuzzer_sys::fuzz_target;

/// The game's record with the seed, as text.
unsafe fn record(game: *const duke_game) -> Vec<u8> {
    let mut buf = vec![0u8; 1 << 16];
    let mut len = 0usize;
    let st = unsafe { duke_game_record(game, true, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(st, duke_status::DukeOk);
    buf.truncate(len);
    buf
}

fuzz_target!(|data: &[u8]| {
    let Some((&op, rest)) = data.split_first() else {
        return;
    };
    let text = rest.as_ptr().cast::<c_char>();
    let n = rest.len();
    let b = |i: usize| rest.get(i).copied().unwrap_or(0);
    // SAFETY: every pointer passed is valid for the length given (or NULL
    // where the API allows it), and every handle is freed once.
    unsafe {
        let mut game = null_mut();
        assert_eq!(duke_game_new(u64::from(b(0)), &mut game), duke_status::DukeOk);
        // A few decisions first, so that calls meet more than the start.
        for k in 0..usize::from(b(1) % 8) {
            let mut idx = [0u32; DUKE_MAX_ACTIONS + 1];
            let mut count = 0usize;
            if duke_game_legal_indices(game, DUKE_VIEW_MOVER, idx.as_mut_ptr(), idx.len(), &mut count)
                != duke_status::DukeOk
                || count == 0
            {
                break;
            }
            let i = idx[usize::from(b(2 + k)) % count];
            assert_eq!(duke_game_play_index(game, DUKE_VIEW_MOVER, i), duke_status::DukeOk);
        }
        let mut out = [0u8; 64];
        let cap = usize::from(b(0)) % (out.len() + 1);
        let mut len = 0usize;
        match op % 8 {
            0 => {
                let mut pos = null_mut();
                if duke_position_from_dpn(text, n, &mut pos) == duke_status::DukeOk {
                    let mut dpn = [0u8; 512];
                    let st = duke_position_to_dpn(pos, dpn.as_mut_ptr().cast(), cap, &mut len);
                    assert!(matches!(st, duke_status::DukeOk | duke_status::DukeBufferTooSmall));
                    duke_position_free(pos);
                } else {
                    assert!(pos.is_null());
                }
            }
            1 | 2 => {
                let before = record(game);
                let st = if op % 8 == 1 {
                    duke_game_play(game, text, n)
                } else {
                    duke_game_play_levy(game, text, n)
                };
                if st != duke_status::DukeOk {
                    assert_eq!(record(game), before, "a refused play changed the game");
                }
            }
            3 => {
                let mut other = null_mut();
                if duke_game_from_record(text, n, &mut other) == duke_status::DukeOk {
                    duke_game_free(other);
                } else {
                    assert!(other.is_null());
                }
            }
            4 => {
                let st = duke_game_legal_actions(game, out.as_mut_ptr().cast(), cap, &mut len);
                assert!(matches!(st, duke_status::DukeOk | duke_status::DukeBufferTooSmall));
                assert!(st == duke_status::DukeBufferTooSmall || len <= cap);
            }
            5 => {
                // Levels 4 and 5 search for up to a second: only their checks.
                let level = b(3);
                if !(4..=5).contains(&level) {
                    let _ = duke_game_best_action(game, level, 0, out.as_mut_ptr().cast(), cap, &mut len);
                }
            }
            6 => {
                let level = b(3);
                let k = u32::from_le_bytes([b(4), b(5), b(6), b(7)]);
                if !(4..=5).contains(&level) {
                    let _ = duke_game_hint(game, level, k, out.as_mut_ptr().cast(), cap, &mut len);
                }
            }
            _ => {
                let mut idx = [0u32; 16];
                let view = u32::from(b(3));
                let st = duke_game_legal_indices(game, view, idx.as_mut_ptr(), cap % 17, &mut len);
                assert!(matches!(
                    st,
                    duke_status::DukeOk | duke_status::DukeBufferTooSmall | duke_status::DukeInvalidArgument
                ));
            }
        }
        duke_game_free(game);
    }
});
