//! The C API called from Rust through its raw pointers: ownership, NULL
//! and short buffers, out-parameters left alone on error, and the last
//! error per thread. Small enough to run under Miri
//! (`cargo +nightly miri test -p duke-c --test ffi`), which checks every
//! pointer the library reads or writes.

use std::ffi::c_char;
use std::ptr;

use duke::*;

fn text(buf: &[c_char], len: usize) -> String {
    let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap()
}

fn last_code() -> String {
    let mut buf = [0 as c_char; 64];
    let n = unsafe { duke_last_error_code(buf.as_mut_ptr(), buf.len()) };
    text(&buf, n.min(63))
}

fn last_message() -> String {
    let mut buf = [0 as c_char; 256];
    let n = unsafe { duke_last_error_message(buf.as_mut_ptr(), buf.len()) };
    text(&buf, n.min(255))
}

const START: &str = "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 1";

#[test]
fn positions_own_and_free_and_check_pointers() {
    unsafe {
        let mut pos: *mut duke_position = ptr::null_mut();
        assert_eq!(
            duke_position_from_dpn(START.as_ptr().cast(), START.len(), &mut pos),
            duke_status::DukeOk
        );
        assert!(!pos.is_null());
        let mut buf = [0 as c_char; 128];
        let mut len = 0usize;
        assert_eq!(
            duke_position_to_dpn(pos, buf.as_mut_ptr(), buf.len(), &mut len),
            duke_status::DukeOk
        );
        assert_eq!(text(&buf, len), START);
        assert_eq!(buf[len], 0);
        // Too small: the length needed, nothing else.
        let mut small = [7 as c_char; 8];
        assert_eq!(
            duke_position_to_dpn(pos, small.as_mut_ptr(), small.len(), &mut len),
            duke_status::DukeBufferTooSmall
        );
        assert_eq!(len, START.len());
        assert_eq!(last_code(), "buffer-too-small");
        // NULLs are refused by name.
        assert_eq!(
            duke_position_to_dpn(ptr::null(), buf.as_mut_ptr(), buf.len(), &mut len),
            duke_status::DukeNullPointer
        );
        assert_eq!(last_message(), "pos is NULL");
        // A bad action: out untouched, the position unchanged.
        let mut next: *mut duke_position = ptr::dangling_mut();
        let bad = "B1-B3";
        assert_eq!(
            duke_position_play(pos, bad.as_ptr().cast(), bad.len(), &mut next),
            duke_status::DukeIllegalAction
        );
        assert_eq!(next, ptr::dangling_mut());
        assert_eq!(last_code(), "illegal.no-mark");
        let good = "B1-B2";
        assert_eq!(
            duke_position_play(pos, good.as_ptr().cast(), good.len(), &mut next),
            duke_status::DukeOk
        );
        let mut n = 0u64;
        assert_eq!(duke_position_perft(next, 2, &mut n), duke_status::DukeOk);
        assert!(n > 0);
        let mut copy: *mut duke_position = ptr::null_mut();
        assert_eq!(duke_position_clone(next, &mut copy), duke_status::DukeOk);
        let mut obs = vec![9u8; DUKE_OBS_LEN];
        assert_eq!(
            duke_position_observation(copy, DUKE_VIEW_MOVER, obs.as_mut_ptr(), obs.len()),
            duke_status::DukeOk
        );
        assert!(obs.iter().all(|&b| b <= 200));
        assert_eq!(
            duke_position_observation(copy, DUKE_VIEW_MOVER, obs.as_mut_ptr(), 10),
            duke_status::DukeBufferTooSmall
        );
        duke_position_free(copy);
        duke_position_free(next);
        duke_position_free(pos);
        duke_position_free(ptr::null_mut());
        // Not UTF-8.
        let bytes = [0xffu8, 0xfe];
        assert_eq!(
            duke_position_from_dpn(bytes.as_ptr().cast(), 2, &mut pos),
            duke_status::DukeInvalidUtf8
        );
    }
}

#[test]
fn a_game_through_the_api() {
    unsafe {
        let mut game: *mut duke_game = ptr::null_mut();
        assert_eq!(duke_game_new(3, &mut game), duke_status::DukeOk);
        let mut choices = [0u32; DUKE_MAX_ACTIONS];
        let mut phase = duke_phase::DukePhasePlay;
        let mut turns = 0;
        let mut x = 7u64;
        while phase != duke_phase::DukePhaseOver && turns < 12 {
            let mut n = 0usize;
            assert_eq!(
                duke_game_legal_indices(
                    game,
                    DUKE_VIEW_MOVER,
                    choices.as_mut_ptr(),
                    choices.len(),
                    &mut n
                ),
                duke_status::DukeOk
            );
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(
                duke_game_play_index(game, DUKE_VIEW_MOVER, choices[(x % n as u64) as usize]),
                duke_status::DukeOk
            );
            // A refused index changes nothing.
            assert_eq!(
                duke_game_play_index(game, DUKE_VIEW_MOVER, 99_999),
                duke_status::DukeInvalidArgument
            );
            assert_eq!(duke_game_phase(game, &mut phase), duke_status::DukeOk);
            turns += 1;
        }
        let mut done = false;
        assert_eq!(duke_game_undo(game, &mut done), duke_status::DukeOk);
        assert!(done);
        assert_eq!(duke_game_redo(game, &mut done), duke_status::DukeOk);
        let mut len = 0usize;
        assert_eq!(
            duke_game_record(game, false, ptr::null_mut(), 0, &mut len),
            duke_status::DukeBufferTooSmall
        );
        let mut record = vec![0 as c_char; len + 1];
        assert_eq!(
            duke_game_record(game, false, record.as_mut_ptr(), record.len(), &mut len),
            duke_status::DukeOk
        );
        let mut again: *mut duke_game = ptr::null_mut();
        assert_eq!(
            duke_game_from_record(record.as_ptr(), len, &mut again),
            duke_status::DukeOk
        );
        let (mut a, mut b) = (ptr::null_mut(), ptr::null_mut());
        assert_eq!(duke_game_position(game, &mut a), duke_status::DukeOk);
        assert_eq!(duke_game_position(again, &mut b), duke_status::DukeOk);
        let (mut ta, mut tb) = ([0 as c_char; 128], [0 as c_char; 128]);
        let (mut la, mut lb) = (0, 0);
        duke_position_to_dpn(a, ta.as_mut_ptr(), 128, &mut la);
        duke_position_to_dpn(b, tb.as_mut_ptr(), 128, &mut lb);
        assert_eq!(text(&ta, la), text(&tb, lb));
        duke_position_free(a);
        duke_position_free(b);
        duke_game_free(again);
        // Bad records: the code, and out left alone.
        let bad = "duke-record 2\n";
        let mut out: *mut duke_game = ptr::dangling_mut();
        assert_eq!(
            duke_game_from_record(bad.as_ptr().cast(), bad.len(), &mut out),
            duke_status::DukeRecordError
        );
        assert_eq!(out, ptr::dangling_mut());
        assert_eq!(last_code(), "record.header");
        assert_eq!(
            duke_game_undo(ptr::null_mut(), &mut done),
            duke_status::DukeNullPointer
        );
        assert_eq!(
            duke_game_undo(game, ptr::null_mut()),
            duke_status::DukeNullPointer
        );
        duke_game_free(game);
        duke_game_free(ptr::null_mut());
    }
}

#[test]
fn the_last_error_belongs_to_its_thread() {
    unsafe {
        let bad = "x";
        let mut pos = ptr::null_mut();
        assert_eq!(
            duke_position_from_dpn(bad.as_ptr().cast(), 1, &mut pos),
            duke_status::DukeParseError
        );
    }
    let code = last_code();
    let other = std::thread::spawn(|| {
        let mut game: *mut duke_game = ptr::null_mut();
        unsafe {
            duke_game_new(1, &mut game);
            let t = "A1-A1";
            duke_game_play(game, t.as_ptr().cast(), t.len());
            duke_game_free(game);
        }
        last_code()
    })
    .join()
    .unwrap();
    assert_eq!(other, "action.syntax");
    assert_eq!(last_code(), code);
    assert_eq!(code, "dpn.text");
}
