//! One test per rule of SPEC §3–7, with the worked examples of the game
//! site's rules page.

use duke_engine::{
    Action, ActionKind, DrawReason, Face, Game, Outcome, Phase, Position, Side, Square, Tile,
    Troop, WinReason,
};
use Square::*;

fn pos(dpn: &str) -> Position {
    dpn.parse().unwrap_or_else(|e| panic!("{dpn}: {e}"))
}

fn texts(list: impl IntoIterator<Item = Action>) -> Vec<String> {
    let mut v: Vec<String> = list.into_iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

fn from(p: &Position, sq: Square) -> Vec<String> {
    texts(p.actions_from(sq).iter().copied())
}

#[test]
fn duke_with_footman_in_front_slides_along_the_back_row() {
    // Duke C1, Footmen C2 and B1: the Duke can slide to D1, E1 or F1.
    let p = pos("2fdf1/6/6/6/2F3/1FD3 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
    assert_eq!(from(&p, C1), ["C1-D1", "C1-E1", "C1-F1"]);
    // D1 is left open for a levy.
    assert_eq!(p.levy_squares(), D1.into());
}

#[test]
fn standard_setup_duke_cannot_move_and_c2_is_the_levy_square() {
    let p = Position::standard();
    assert!(from(&p, C1).is_empty());
    assert_eq!(p.levy_squares(), C2.into());
    assert_eq!(
        p.legal_actions()
            .iter()
            .filter(|a| a.kind() == ActionKind::Place)
            .count(),
        14
    );
}

#[test]
fn footman_b1_b2_then_reads_its_other_face() {
    let mut game = Game::standard(1);
    game.play_text("B1-B2").unwrap();
    assert_eq!(
        game.position().tile_at(B2),
        Some(Tile::new(Troop::Footman, Side::Light, Face::Flipped))
    );
    game.play_text("E6-F6").unwrap();
    // B4 (while B3 is empty), A3, C3, or a diagonal step back (A1; C1 holds the Duke).
    assert_eq!(
        from(game.position(), B2),
        ["B2-A1", "B2-A3", "B2-B4", "B2-C3"]
    );
    // With B3 occupied, B4 is blocked.
    let p = pos("3d2/6/6/1f4/1+F4/2D3 l -/- 0 0");
    assert_eq!(from(&p, B2), ["B2-A1", "B2-A3", "B2-C3"]);
}

#[test]
fn corner_duke_with_own_tile_above_has_no_move() {
    // After C1-F1 the Duke shows its other face: it slides up and down the F file.
    let p = pos("3d2/6/6/6/5F/1F3+D l -/- 0 0");
    assert!(from(&p, F1).is_empty());
    // Only two levy squares in the corner, one of them taken.
    assert_eq!(p.levy_squares(), E1.into());
    let open = pos("+d5/6/6/6/6/1F3+D l -/- 0 0");
    assert_eq!(
        from(&open, F1),
        ["F1-F2", "F1-F3", "F1-F4", "F1-F5", "F1-F6"]
    );
}

#[test]
fn a_tile_between_an_enemy_slide_and_its_duke_shows_fewer_targets() {
    // Dark's flipped Duke slides down the C file; the Footman on C2 shields C1.
    let pinned = pos("2+d3/6/6/6/2F3/2D3 l -/- 0 0");
    assert_eq!(from(&pinned, C2), ["C2-C3"]);
    let free = pos("2d3/6/6/6/2F3/2D3 l -/- 0 0");
    assert_eq!(from(&free, C2), ["C2-B2", "C2-C3", "C2-D2"]);
}

#[test]
fn command_moves_the_duke_without_flipping_it_and_flips_the_commander() {
    let p = pos("3d2/6/6/6/2+G3/2D3 l -/- 0 0");
    let after = p.play("C2:C1-B1".parse().unwrap()).unwrap();
    assert_eq!(
        after.tile_at(B1),
        Some(Tile::new(Troop::Duke, Side::Light, Face::Starting))
    );
    assert_eq!(
        after.tile_at(C2),
        Some(Tile::new(Troop::General, Side::Light, Face::Starting))
    );
    assert_eq!(after.duke(Side::Light), Some(B1));
    // The command area of a flipped General: left, right and the three behind.
    let targets = from(&p, C2);
    assert!(targets.contains(&"C2:C1-B2".to_string()));
    assert!(targets.contains(&"C2:C1-D1".to_string()));
}

#[test]
fn command_captures_on_the_destination() {
    // Dark's flipped Marshall on C4 commands B3, C3, D3 (its front).
    let p = pos("5d/6/2+m3/1fF3/6/D5 d -/- 0 0");
    let a = p.parse_action("C4:B3-C3").unwrap();
    assert_eq!(a.to_string(), "C4:B3xC3");
    let after = p.play(a).unwrap();
    assert_eq!(after.tile_at(C3).map(|t| t.side), Some(Side::Dark));
    assert_eq!(after.tile_at(C3).map(|t| t.face), Some(Face::Starting));
    assert_eq!(after.quiet(), 0);
}

#[test]
fn strike_captures_without_moving_and_flips_the_striker() {
    let p = pos("3d2/6/3f2/6/2+P3/D5 l -/- 0 0");
    assert!(from(&p, C2).contains(&"C2*D4".to_string()));
    let after = p.play(Action::strike(C2, D4)).unwrap();
    assert_eq!(after.tile_at(D4), None);
    assert_eq!(
        after.tile_at(C2),
        Some(Tile::new(Troop::Pikeman, Side::Light, Face::Starting))
    );
}

#[test]
fn strike_with_no_enemy_gives_no_action() {
    let p = pos("3d2/6/3F2/6/2+P3/D5 l -/- 0 0");
    assert!(!from(&p, C2).iter().any(|t| t.contains('*')));
}

#[test]
fn jump_slide_ignores_the_first_square() {
    let p = pos("d5/2p3/6/2f3/2A3/3D2 l -/- 0 0");
    assert_eq!(from(&p, C2), ["C2-C4", "C2xC5"]);
}

#[test]
fn strike_attacks_count_for_the_guard_rule() {
    // Dark's flipped Pikeman on C3 strikes B1 and D1.
    let p = pos("5d/6/6/2+p3/6/2D3 l -/- 0 0");
    assert_eq!(from(&p, C1), ["C1-A1", "C1-E1", "C1-F1"]);
}

#[test]
fn command_attacks_count_for_the_guard_rule() {
    // Dark's flipped General on C3 commands B3, D3, B4, C4, D4 (turned 180°).
    let attacked = pos("5d/6/1D1f2/2+g3/6/6 l -/- 0 0");
    assert!(attacked.is_duke_attacked(Side::Light));
    let alone = pos("5d/6/1D4/2+g3/6/6 l -/- 0 0");
    assert!(!alone.is_duke_attacked(Side::Light));
}

#[test]
fn capturing_the_enemy_duke_is_always_legal() {
    // Dark's Duke on F6 slides along rank 6 onto Light's Duke on A6.
    let p = pos("D4d/5W/6/6/6/6 l P/- 0 0");
    assert!(p.is_duke_attacked(Side::Light));
    let legal = texts(p.legal_actions().iter().copied());
    // Capture the Duke (by the Duke itself or the Wizard), block on E6,
    // or levy: a levy is never restricted, even one that does not help.
    assert_eq!(legal, ["A6xF6", "F5-E6", "F5xF6", "P@A5", "P@B6"]);
    let won = p.play("F5xF6".parse().unwrap()).unwrap();
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::DukeCaptured
        })
    );
    assert!(won.legal_actions().is_empty());
}

#[test]
fn a_maneuver_that_captures_the_duke_wins_even_when_its_own_duke_hangs() {
    // Light's Footman on A2 is the only shield of its Duke on A1 against
    // Dark's flipped Duke on A6; moving it still wins if it takes the Duke.
    let p = pos("+d5/6/6/6/F5/D5 l -/- 0 0");
    assert_eq!(from(&p, A2), ["A2-A3"]);
    let p = pos("6/6/6/1+d4/F5/D5 l -/- 0 0");
    // Now the Dark Duke on B3 is one step away and not on the A file.
    assert!(from(&p, A2).contains(&"A2-B2".to_string()));
}

#[test]
fn levy_chances_follow_the_bag() {
    let p = Position::standard();
    let total: f64 = p.levy_chances().map(|c| c.probability()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let pike = p
        .levy_chances()
        .find(|c| c.troop == Troop::Pikeman)
        .unwrap();
    assert_eq!((pike.count, pike.total), (3, 16));
    let foot = p
        .levy_chances()
        .find(|c| c.troop == Troop::Footman)
        .unwrap();
    assert_eq!((foot.count, foot.total), (1, 16));
    // No levy square: no chances.
    let blocked = pos("2fdf1/6/6/6/2F3/1FDF2 l ABCGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
    assert_eq!(blocked.levy_chances().len(), 0);
}

#[test]
fn levy_places_a_starting_face_tile_and_resets_quiet() {
    let p = pos("3d2/6/6/6/6/2D3 l P/- 7 30");
    let after = p.play("P@C2".parse().unwrap()).unwrap();
    assert_eq!(
        after.tile_at(C2),
        Some(Tile::new(Troop::Pikeman, Side::Light, Face::Starting))
    );
    assert_eq!(after.bag(Side::Light).total(), 0);
    assert_eq!((after.quiet(), after.turn()), (0, 31));
}

#[test]
fn no_action_and_no_levy_loses() {
    let p = pos("2+P3/6/1DW1d1/6/4FN/+M1A+L1+F d -/- 3 141");
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::NoAction
        })
    );
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::standard(5);
    let cycle = [
        "B1-B2", "E6-E5", "B2-A1", "E5-F6", "A1-A2", "F6-F5", "A2-B1", "F5-E6",
    ];
    for round in 0..2 {
        for (i, a) in cycle.iter().enumerate() {
            assert_eq!(game.outcome(), None, "round {round} step {i}");
            game.play_text(a).unwrap();
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(matches!(game.phase(), Phase::Over(_)));
    assert!(game.play_text("B1-B2").is_err());
    // Undo leaves the draw behind.
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
}

#[test]
fn two_hundred_quiet_turns_draw_and_win_rules_come_first() {
    let p = pos("3d2/6/6/6/6/1FD3 l -/- 199 300");
    let after = p.play("B1-B2".parse().unwrap()).unwrap();
    assert_eq!(after.quiet(), 200);
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::QuietTurns)));
    // A 200th quiet turn that leaves the opponent without an action is a win.
    let p = pos("2+P3/6/1DW1d1/6/4F1/+M1A+L1+F l -/- 199 140");
    let a = p.parse_action("E2-F2").unwrap();
    let after = p.play(a).unwrap();
    assert_eq!(after.quiet(), 200);
    assert_eq!(after.count_legal(), 0);
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::NoAction
        })
    );
}

#[test]
fn setup_follows_spec_5() {
    let mut game = Game::new(3);
    assert_eq!(
        game.phase(),
        Phase::Setup {
            side: Side::Light,
            troop: Troop::Duke
        }
    );
    assert_eq!(
        texts(game.legal_actions().iter().copied()),
        ["D@C1", "D@D1"]
    );
    game.play_text("D@D1").unwrap();
    assert_eq!(
        texts(game.legal_actions().iter().copied()),
        ["F@C1", "F@D2", "F@E1"]
    );
    game.play_text("F@D2").unwrap();
    game.play_text("F@E1").unwrap();
    assert_eq!(
        game.phase(),
        Phase::Setup {
            side: Side::Dark,
            troop: Troop::Duke
        }
    );
    game.setup_fixed().unwrap();
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(
        game.position().to_string(),
        "2fdf1/6/6/6/3F2/3DF1 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0"
    );
    assert_eq!(game.position().key(), game.position().key_from_scratch());
    // With a Footman in front the Duke can already slide to A1..C1.
    assert_eq!(from(game.position(), D1), ["D1-A1", "D1-B1", "D1-C1"]);
}

#[test]
fn undo_never_rerolls() {
    let mut game = Game::standard(11);
    let first = game.draw().unwrap();
    game.place(C2).unwrap();
    assert!(game.undo());
    assert_eq!(game.draw().unwrap(), first);
    game.place(C2).unwrap();
    // Different seeds draw independently, but the same seed always agrees.
    let again = {
        let mut g = Game::standard(11);
        g.draw().unwrap()
    };
    assert_eq!(again, first);
}

#[test]
fn draws_follow_the_bag_distribution() {
    // Over many seeds, the first draw is a Pikeman about 3 times in 16.
    let n = 16_000;
    let pikes = (0..n)
        .filter(|&s| Game::standard(s).draw().unwrap() == Troop::Pikeman)
        .count();
    let expected = n as f64 * 3.0 / 16.0;
    let sd = (n as f64 * 3.0 / 16.0 * 13.0 / 16.0).sqrt();
    assert!(
        (pikes as f64 - expected).abs() < 5.0 * sd,
        "{pikes} Pikemen in {n} draws"
    );
}

#[test]
fn outside_troop_levy_is_accepted_when_in_the_bag() {
    let mut game = Game::standard(2);
    // Plain play refuses a whole levy: the bag decides the troop.
    let err = game.play_text("N@C2").unwrap_err();
    assert_eq!(err.code(), "levy.bag");
    assert!(err.to_string().contains("levy first"), "{err}");
    game.play_levy("N@C2".parse().unwrap()).unwrap();
    assert_eq!(
        game.position().tile_at(C2).map(|t| t.troop),
        Some(Troop::Dragoon)
    );
    let mut game = Game::from_position(pos("3d2/6/6/6/6/2D3 l P/- 0 0"), 0);
    let err = game.play_levy("W@C2".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "W@C2: the bag holds no Wizard");
}

#[test]
fn exposed_levy_squares_are_the_levies_after_which_the_duke_is_attacked() {
    // Positions along seeded random games: for every troop in the bag and
    // every levy square, the placement leaves the mover's Duke attacked
    // exactly on the exposed squares.
    let mut seen_exposed = 0;
    for seed in 0..40u64 {
        let mut game = Game::standard(seed);
        let mut x = seed | 1;
        while game.outcome().is_none() {
            let pos = *game.position();
            let exposed = pos.exposed_levy_squares();
            assert_eq!(exposed & !pos.levy_squares(), duke_engine::Bitboard::EMPTY);
            if !pos.is_duke_attacked(pos.side_to_move()) {
                assert!(exposed.is_empty(), "{pos}");
            }
            for (troop, _) in pos.bag(pos.side_to_move()).iter() {
                for sq in pos.levy_squares() {
                    let after = pos.play(Action::place(troop, sq)).unwrap();
                    let attacked = after.is_duke_attacked(pos.side_to_move());
                    assert_eq!(
                        attacked,
                        exposed.into_iter().any(|s| s == sq),
                        "{pos} {troop}@{sq}"
                    );
                    seen_exposed += usize::from(attacked);
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let list = game.legal_actions();
            game.play_levy(list[(x % list.len() as u64) as usize])
                .unwrap();
        }
    }
    assert!(seen_exposed > 0, "no position had an exposed levy square");
}

#[test]
fn a_chosen_draw_is_checked_and_placed_like_a_drawn_one() {
    let mut game = Game::standard(5);
    let before = game.record_with_seed();
    // Not in the bag: refused, nothing changes.
    let err = game.draw_troop(Troop::Duke).unwrap_err();
    assert!(err.to_string().contains("no Duke"), "{err}");
    assert_eq!(game.phase(), Phase::Play);
    game.draw_troop(Troop::Wizard).unwrap();
    assert_eq!(
        game.phase(),
        Phase::Levy {
            troop: Troop::Wizard
        }
    );
    // The same troop again is accepted; another is out of phase.
    game.draw_troop(Troop::Wizard).unwrap();
    assert!(game.draw_troop(Troop::Footman).is_err());
    // Undo takes the chosen draw back.
    assert!(game.undo());
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.record_with_seed(), before);
    game.draw_troop(Troop::Wizard).unwrap();
    let sq = game.legal_actions()[0].target();
    game.place(sq).unwrap();
    assert_eq!(
        game.position().tile_at(sq).map(|t| t.troop),
        Some(Troop::Wizard)
    );
    assert_eq!(game.position().bag(Side::Light).count(Troop::Wizard), 0);
}
