//! DPN read → write → read, and on every position read: the engine's
//! legal list equals the naive generator's, and every listed action plays.
#![no_main]

use duke_engine::Position;
use libfuzzer_sys::fuzz_target;

#[path = "../../duke-engine/tests/common/naive.rs"]
#[allow(dead_code)]
mod naive;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = text.parse::<Position>() else {
        return;
    };
    let out = pos.to_string();
    let back: Position = out.parse().expect("the DPN the engine writes reads back");
    assert_eq!(back, pos);
    assert_eq!(back.to_string(), out);
    assert_eq!(pos.key(), pos.key_from_scratch());
    let list = pos.legal_actions();
    let mut fast: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    for &a in list.iter() {
        let next = pos.play(a).expect("a listed action plays");
        assert_eq!(next.key(), next.key_from_scratch());
    }
    fast.sort();
    assert_eq!(fast, naive::Board::legal_texts(&out), "{out}");
    let _ = pos.outcome();
});
