//! Property tests over random games.

mod common;

use common::naive::Board;
use duke_engine::{Action, ActionKind, Game, Phase, Position, Side, Square, Troop};
use proptest::prelude::*;

/// Plays `choices` from the standard start: each picks an action from the
/// legal list by index. Returns every position reached (the start first).
fn walk(choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::standard();
    let mut out = vec![pos];
    for &c in choices {
        let list = pos.legal_actions();
        if list.is_empty() {
            break;
        }
        pos.play_unchecked(list[c as usize % list.len()]);
        out.push(pos);
    }
    out
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..160)
}

proptest! {
    // 256 cases by default; PROPTEST_CASES=N runs more.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
    ))]

    #[test]
    fn incremental_key_equals_recomputed(c in choices()) {
        for pos in walk(&c) {
            prop_assert_eq!(pos.key(), pos.key_from_scratch());
        }
    }

    #[test]
    fn dpn_round_trip(c in choices()) {
        for pos in walk(&c) {
            if pos.duke(Side::Light).is_none() || pos.duke(Side::Dark).is_none() {
                continue; // DPN describes positions with both Dukes
            }
            let text = pos.to_string();
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(back, pos);
            prop_assert_eq!(back.key(), pos.key());
            prop_assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn legal_list_agrees_with_is_legal(c in choices(), probes in prop::collection::vec((0u8..36, 0u8..36, 0u8..36, 0u8..4), 40)) {
        let pos = *walk(&c).last().unwrap();
        let list = pos.legal_actions();
        for &a in list.iter() {
            prop_assert!(pos.is_legal(a));
            prop_assert!(pos.play(a).is_ok());
        }
        for (x, y, z, kind) in probes {
            let (sx, sy, sz) = (Square::ALL[x as usize], Square::ALL[y as usize], Square::ALL[z as usize]);
            let a = match kind {
                0 => Action::relocate(sx, sy),
                1 => Action::strike(sx, sy),
                2 => Action::command(sx, sy, sz),
                _ => Action::place(Troop::ALL[z as usize % 15], sy),
            };
            prop_assert_eq!(pos.is_legal(a), list.contains(&a));
            let before = pos;
            let played = pos.play(a);
            prop_assert_eq!(played.is_ok(), list.contains(&a));
            prop_assert_eq!(pos, before);
        }
    }

    #[test]
    fn same_actions_as_naive_generator(c in choices()) {
        let pos = *walk(&c).last().unwrap();
        let mut fast: Vec<String> = pos.legal_actions().iter().map(|a| a.to_string()).collect();
        fast.sort();
        prop_assert_eq!(fast, Board::legal_texts(&pos.to_string()), "{}", pos);
    }

    #[test]
    fn no_legal_maneuver_leaves_the_duke_capturable(c in choices()) {
        let pos = *walk(&c).last().unwrap();
        let me = pos.side_to_move();
        for &a in pos.legal_actions().iter() {
            let mut child = pos;
            child.play_unchecked(a);
            if a.kind() == ActionKind::Place || child.duke(!me).is_none() {
                continue; // a levy is never restricted; a Duke capture is always legal
            }
            prop_assert!(!child.is_duke_attacked(me), "{} after {}", pos, a);
        }
    }

    #[test]
    fn duke_attacked_iff_the_mover_can_take_it(c in choices()) {
        // The attack test (used by the interface and the AI) against the
        // legal list, which the property above checks against the naive
        // generator: the waiting side's Duke is attacked exactly when the
        // mover has an action landing on or striking its square.
        for pos in walk(&c) {
            let me = pos.side_to_move();
            if let (Some(_), Some(theirs)) = (pos.duke(me), pos.duke(!me)) {
                let takes = pos
                    .legal_actions()
                    .iter()
                    .any(|a| a.kind() != ActionKind::Place && a.target() == theirs);
                prop_assert_eq!(pos.is_duke_attacked(!me), takes, "{}", pos);
                prop_assert_eq!(pos.attackers(me, theirs).is_empty(), !takes, "{}", pos);
            }
        }
    }

    #[test]
    fn perft_unchanged_under_mirror_and_colour_swap(c in prop::collection::vec(any::<u16>(), 0..80)) {
        let pos = *walk(&c).last().unwrap();
        let n = duke_engine::perft(&pos, 2);
        prop_assert_eq!(duke_engine::perft(&pos.mirrored(), 2), n);
        prop_assert_eq!(duke_engine::perft(&pos.colour_swapped(), 2), n);
    }

    #[test]
    fn game_play_undo_redo_and_tile_count(seed in any::<u64>(), c in prop::collection::vec(any::<u16>(), 0..200)) {
        let mut game = Game::standard(seed);
        let mut captured = [0u32; 2];
        let mut history = vec![(*game.position(), captured)];
        for &choice in &c {
            if game.outcome().is_some() {
                break;
            }
            let list = game.legal_actions();
            let a = list[choice as usize % list.len()];
            let before = *game.position();
            if a.kind() == ActionKind::Place {
                let troop = game.draw().unwrap();
                prop_assert_eq!(game.phase(), Phase::Levy { troop });
                // Undo of the draw and drawing again gives the same troop.
                prop_assert!(game.undo());
                prop_assert_eq!(game.draw().unwrap(), troop);
                game.place(a.target()).unwrap();
                // A levy taken back and taken again draws the same troop.
                prop_assert!(game.undo());
                prop_assert_eq!(game.position(), &before);
                prop_assert_eq!(game.draw().unwrap(), troop);
                game.place(a.target()).unwrap();
            } else {
                let victim = before.tile_at(a.target()).filter(|t| t.side != before.side_to_move() || a.kind() == ActionKind::Strike);
                game.play(a).unwrap();
                if let Some(v) = victim {
                    captured[v.side as usize] += 1;
                }
            }
            let pos = *game.position();
            prop_assert_eq!(pos.key(), pos.key_from_scratch());
            for side in Side::ALL {
                prop_assert_eq!(pos.tiles_in_play(side) + captured[side as usize], 19);
            }
            history.push((pos, captured));
        }
        // Undo everything back to the start, checking each position exactly.
        let turns = game.turns().len();
        for i in (0..turns).rev() {
            prop_assert!(game.undo());
            prop_assert_eq!(game.position(), &history[i].0);
            prop_assert_eq!(game.position().key(), history[i].0.key());
        }
        // Redo everything: the same positions again, levies included.
        for item in history.iter().skip(1) {
            prop_assert!(game.redo().is_some());
            prop_assert_eq!(game.position(), &item.0);
        }
    }

    #[test]
    fn record_round_trip(seed in any::<u64>(), c in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut game = Game::standard(seed);
        for &choice in &c {
            if game.outcome().is_some() {
                break;
            }
            let list = game.legal_actions();
            let a = list[choice as usize % list.len()];
            if a.kind() == ActionKind::Place {
                game.draw().unwrap();
                game.place(a.target()).unwrap();
            } else {
                game.play(a).unwrap();
            }
        }
        let back = Game::from_record(&game.record()).unwrap();
        prop_assert_eq!(back.position(), game.position());
        prop_assert_eq!(back.outcome(), game.outcome());
        prop_assert_eq!(back.record(), game.record());
        // With the seed, further draws agree too.
        let mut with_seed = Game::from_record(&game.record_with_seed()).unwrap();
        let mut original = game.clone();
        if original.draw().is_ok() {
            prop_assert_eq!(with_seed.draw().unwrap(), original.pending_draw().unwrap());
        }
    }
}
