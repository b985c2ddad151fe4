//! duke_game_set_network: a learned evaluation's weights file for a game's
//! AI searches (not under Miri: a search is too slow there).

use std::ffi::c_char;
use std::ptr;

use duke::*;
use duke_engine::search::nnue::Network;

fn best(game: *const duke_game) -> String {
    let limits = duke_search_limits {
        depth: 2,
        nodes: 0,
        millis: 0,
    };
    let mut buf = [0 as c_char; 64];
    let mut len = 0usize;
    let status = unsafe {
        duke_game_best_action_limits(game, &limits, buf.as_mut_ptr(), buf.len(), &mut len)
    };
    assert_eq!(status, duke_status::DukeOk);
    buf[..len].iter().map(|&c| c as u8 as char).collect()
}

#[test]
fn a_game_searches_with_a_network_and_refuses_a_bad_file() {
    unsafe {
        let mut game: *mut duke_game = ptr::null_mut();
        assert_eq!(duke_game_new(3, &mut game), duke_status::DukeOk);
        let bad = b"not a network";
        assert_eq!(
            duke_game_set_network(game, bad.as_ptr(), bad.len()),
            duke_status::DukeParseError
        );
        let mut code = [0 as c_char; 64];
        let n = duke_last_error_code(code.as_mut_ptr(), code.len());
        let code: String = code[..n].iter().map(|&c| c as u8 as char).collect();
        assert_eq!(code, "nnue.file");
        assert_eq!(
            duke_game_set_network(game, ptr::null(), 5),
            duke_status::DukeNullPointer
        );
        let builtin = best(game);
        assert_eq!(
            duke_game_set_network(game, ptr::null(), 0),
            duke_status::DukeOk
        );
        let hand = best(game);
        let file = Network::zeroed().to_bytes();
        assert_eq!(
            duke_game_set_network(game, file.as_ptr(), file.len()),
            duke_status::DukeOk
        );
        drop(file); // the game keeps its own copy
        let with_net = best(game);
        assert!(!with_net.is_empty());
        // Back to the hand-tuned evaluation: the same decision as before.
        assert_eq!(
            duke_game_set_network(game, ptr::null(), 0),
            duke_status::DukeOk
        );
        assert_eq!(best(game), hand);
        // By name: the built-in network (the default) and the hand-tuned
        // evaluation; an unknown name changes nothing.
        let name = |n: &str| duke_game_set_evaluation(game, n.as_ptr().cast(), n.len());
        assert_eq!(name("builtin"), duke_status::DukeOk);
        assert_eq!(best(game), builtin);
        assert_eq!(name("nnue"), duke_status::DukeParseError);
        let mut buf = [0 as c_char; 64];
        let n = duke_last_error_code(buf.as_mut_ptr(), buf.len());
        let text: String = buf[..n].iter().map(|&c| c as u8 as char).collect();
        assert_eq!(text, "nnue.name");
        assert_eq!(best(game), builtin);
        assert_eq!(name("hand-tuned"), duke_status::DukeOk);
        assert_eq!(best(game), hand);
        duke_game_free(game);
    }
}
