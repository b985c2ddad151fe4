//! Action text read against positions reached by the input's first bytes
//! (each picks a legal action from the standard start, up to a newline);
//! the rest is the text. When the first byte is 128 or more, the walk
//! starts instead from a position of `tests/data/expanded.perft` (Expanded
//! Play), the byte choosing which. Accepted text is legal, writes back and plays;
//! refused text that names a well-formed action names an illegal one.
#![no_main]

use duke_engine::{Action, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(0);
    let (walk, rest) = data.split_at(split);
    let Ok(text) = std::str::from_utf8(rest.get(1..).unwrap_or(&[])) else {
        return;
    };
    static EXPANDED: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    let expanded = EXPANDED.get_or_init(|| {
        include_str!("../../tests/data/expanded.perft")
            .lines()
            .filter_map(|l| l.strip_prefix("dpn "))
            .map(|d| d.parse().expect("the perft file's DPN"))
            .collect()
    });
    let (mut pos, walk) = match walk.split_first() {
        Some((&b, rest)) if b >= 128 => (expanded[b as usize % expanded.len()], rest),
        _ => (Position::standard(), walk),
    };
    for &b in walk {
        let list = pos.legal_actions();
        if list.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.play_unchecked(list[b as usize % list.len()]);
    }
    let before = pos;
    if let Ok(a) = text.parse::<Action>() {
        let again: Action = a.to_string().parse().expect("an action's text reads back");
        assert_eq!(again, a);
    }
    match pos.parse_action(text) {
        Ok(a) => {
            assert!(pos.is_legal(a), "{text} accepted in {pos} but not legal");
            assert_eq!(pos.parse_action(&a.to_string()), Ok(a));
            pos.play(a).expect("an accepted action plays");
        }
        Err(_) => {
            if let Ok(a) = text.parse::<Action>() {
                assert!(!pos.is_legal(a), "{text} refused in {pos} but legal");
            }
        }
    }
    assert_eq!(pos, before);
});
