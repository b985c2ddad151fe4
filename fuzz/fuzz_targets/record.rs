//! The record reader: whatever it accepts is a consistent game whose own
//! record replays to it.
#![no_main]

use duke_engine::{audit, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in [Game::from_record(text), Game::from_record_with_seed(text, 7)]
        .into_iter()
        .flatten()
    {
        audit::check(&game).unwrap();
        audit::check_record(&game).unwrap();
        let with_seed = Game::from_record(&game.record_with_seed()).expect("own record reads");
        assert_eq!(with_seed.position(), game.position());
    }
});
