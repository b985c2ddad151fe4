//! Reads its input as a sequence of choices that drive a game through
//! setup, maneuvers, levies with drawn and with outside troops, undo,
//! redo and refused actions. After every step: `audit::check` (key,
//! 19 tiles a side, list, result), `audit::check_undo_redo` (undo gives the
//! exact state back), the legal list against the naive generator, and a
//! refused action leaves the game as it was. At the end the record replays.
//! A first byte of 128 or more picks Expanded Play's rules (one of the 27
//! other than the standard game's) for the game.
#![no_main]

use duke_engine::audit::{self, Snapshot};
use duke_engine::{Action, Game, Phase, Rules, Square, Troop};
use libfuzzer_sys::fuzz_target;

#[path = "../../duke-engine/tests/common/naive.rs"]
#[allow(dead_code)]
mod naive;

fn naive_agrees(game: &Game) {
    if game.phase() != Phase::Play {
        return;
    }
    let pos = game.position();
    let mut fast: Vec<String> = pos.legal_actions().iter().map(|a| a.to_string()).collect();
    fast.sort();
    assert_eq!(fast, naive::Board::legal_texts(&pos.to_string()), "{pos}");
}

fuzz_target!(|data: &[u8]| {
    let (seed, ops) = match data.split_first() {
        Some((&s, rest)) => (u64::from(s), rest),
        None => (0, data),
    };
    let rules = if seed >= 128 {
        Rules::all()
            .filter(|r| !r.is_standard())
            .nth(seed as usize % 27)
            .unwrap_or_default()
    } else {
        Rules::STANDARD
    };
    let mut game = Game::with_rules(rules, seed);
    let mut ops = ops.iter().copied();
    let mut naive_checks = 0;
    while let Some(op) = ops.next() {
        let arg = ops.next().unwrap_or(0) as usize;
        let list = game.legal_actions();
        let stepped = match op % 10 {
            // Any legal action (in play, a levy here is an outside troop).
            0..=3 if !list.is_empty() => {
                game.play_levy(list[arg % list.len()]).expect("a listed action plays");
                true
            }
            4 => game.draw().is_ok(),
            5 => {
                let sq = Square::ALL[arg % 36];
                let before = Snapshot::of(&game);
                let ok = game.place(sq).is_ok();
                if !ok {
                    assert_eq!(Snapshot::of(&game), before);
                }
                ok
            }
            6 => {
                game.undo();
                false
            }
            7 => {
                game.redo();
                false
            }
            8 => {
                // Any action at all: refused ones change nothing.
                let (a, b, c) = (
                    Square::ALL[arg % 36],
                    Square::ALL[(arg / 36) % 36],
                    Square::ALL[ops.next().unwrap_or(0) as usize % 36],
                );
                let action = match (arg / 7) % 7 {
                    0 => Action::relocate(a, b),
                    1 => Action::strike(a, b),
                    2 => Action::command(a, b, c),
                    3 => Action::pass(a, b),
                    4 => Action::flag(c),
                    5 => Action::pick(Troop::ALL[arg % 15]),
                    _ => Action::place(Troop::ALL[arg % 15], c),
                };
                let before = Snapshot::of(&game);
                let legal = game.is_legal(action);
                match game.play(action) {
                    Ok(()) => {
                        assert!(legal);
                        true
                    }
                    Err(_) => {
                        assert!(!legal);
                        assert_eq!(Snapshot::of(&game), before);
                        false
                    }
                }
            }
            // The engine's suggestion in setup (the fixed setup, a pick,
            // a Flag's square).
            _ => match game.setup_suggestion() {
                Some(a) => game.play(a).is_ok(),
                None => game.setup_fixed().is_ok(),
            },
        };
        audit::check(&game).unwrap();
        if stepped {
            audit::check_undo_redo(&mut game).unwrap();
            audit::check(&game).unwrap();
            // The naive generator is slow: check the first positions of each input.
            if naive_checks < 4 {
                naive_agrees(&game);
                naive_checks += 1;
            }
        }
    }
    audit::check_record(&game).unwrap();
});
