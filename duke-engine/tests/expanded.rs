//! Expanded Play against the plain generator of `common/naive.rs`, which
//! learns the same rules from the spec with its own geometry: the legal
//! actions of random positions of every rules combination, perft, and the
//! rulebook's worked examples told as the rulebook tells them.

mod common;

use common::naive::Board;
use duke_engine::{
    perft, Action, ActionKind, Decision, Game, Objective, Outcome, Phase, Position, Rules, Side,
    Square, Terrain, WinReason,
};

/// Positions of seeded random games under `rules`, from the start the
/// engine sets up (so the terrain and Flags are drawn and placed), every
/// `every`-th turn, while the game goes on.
fn positions(rules: Rules, games: u64, every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut game = Game::with_rules(rules, seed);
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut turn = 0;
        while game.outcome().is_none() && turn < 400 {
            let decisions: Vec<Decision> = game.decisions().collect();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = decisions[(x % decisions.len() as u64) as usize];
            game.apply(d).unwrap();
            if game.phase() == Phase::Play && game.outcome().is_none() {
                turn += 1;
                if turn % every == 0 {
                    out.push(*game.position());
                }
            }
        }
    }
    out
}

fn texts(pos: &Position) -> Vec<String> {
    let mut t: Vec<String> = pos.legal_actions().iter().map(|a| a.to_string()).collect();
    t.sort();
    t
}

#[test]
#[cfg_attr(miri, ignore)]
fn the_generator_agrees_with_the_plain_one_under_every_rules() {
    let mut checked = 0;
    for rules in Rules::all() {
        for pos in positions(rules, 6, 5) {
            let dpn = pos.to_string();
            let back: Position = dpn.parse().unwrap_or_else(|e| panic!("{dpn}: {e}"));
            assert_eq!(back, pos, "{dpn}");
            assert_eq!(texts(&pos), Board::legal_texts(&dpn), "{rules}: {dpn}");
            assert_eq!(
                pos.count_legal() as usize,
                pos.legal_actions().len(),
                "{dpn}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
#[cfg_attr(miri, ignore)]
fn perft_agrees_with_the_plain_one_under_every_rules() {
    for rules in Rules::all() {
        for pos in positions(rules, 2, 17).into_iter().take(2) {
            let dpn = pos.to_string();
            let board = Board::from_dpn(&dpn);
            assert_eq!(perft(&pos, 2), board.perft(2), "{rules}: {dpn}");
        }
    }
}

/// A position from a DPN under Expanded Play.
fn pos(dpn: &str) -> Position {
    dpn.parse().unwrap_or_else(|e| panic!("{dpn}: {e}"))
}

fn legal(p: &Position, text: &str) -> bool {
    p.legal_actions().iter().any(|a| a.to_string() == text)
}

#[test]
fn the_rulebooks_mountain_stops_the_pikemans_strikes_not_the_bowmans_diagonals() {
    // The rulebook: the Pikeman, its other side up (Strikes two ahead and
    // one to each side), stands behind the Mountain; both lines of its
    // Strikes pass through the Mountain's square, so the Knight and the
    // Footman on those squares are safe this turn.
    let pikeman = pos("d5/1k1f2/6/2+P3/6/5D l -/- 0 0 mountain,mountain=C4");
    assert!(!legal(&pikeman, "C3*B5") && !legal(&pikeman, "C3*D5"));
    // Without the Mountain both Strikes are made.
    let open = pos("d5/6/1k1f2/6/2+P3/5D l -/- 0 0");
    assert!(legal(&open, "C2*B4") && legal(&open, "C2*D4"));
    // Trade the Pikeman for the Bowman, its other side up: the lines to the
    // Marshall and the Priest beside the Mountain touch its square only at a
    // corner ("kitty corner"), so both Strikes are made; the third, straight
    // ahead, crosses the Mountain and is not.
    let bowman = pos("d5/2f3/1m1i2/2+B3/6/5D l -/- 0 0 mountain,mountain=C4");
    assert!(legal(&bowman, "C3*B4") && legal(&bowman, "C3*D4"));
    assert!(!legal(&bowman, "C3*C5"));
}

#[test]
fn the_rulebooks_general_commands_to_b_or_c_but_not_d_or_e() {
    // The General, its other side up, on C2: Square A (its left, B2) holds
    // the Pikeman; the Mountain stands behind the General on Square D (C1).
    // The Pikeman may go to Square B (its right, D2) or C (a back corner,
    // B1), but not into the Mountain (D) nor to the far back corner E (D1),
    // whose line crosses the Mountain.
    let general = pos("d4s/6/6/6/1P+G3/5D l -/- 0 0 mountain,mountain=C1");
    assert!(legal(&general, "C2:B2-D2"), "Square B");
    assert!(legal(&general, "C2:B2-B1"), "Square C");
    assert!(!legal(&general, "C2:B2-C1"), "Square D, the Mountain");
    assert!(
        !legal(&general, "C2:B2-D1"),
        "Square E, behind the Mountain"
    );
    // The Fort in the Mountain's place: the Pikeman may go into the Fort (D)
    // but not past it to E.
    let fort = pos("d4s/6/6/6/1P+G3/5D l -/- 0 0 fort,fort=C1");
    assert!(legal(&fort, "C2:B2-C1") && !legal(&fort, "C2:B2-D1"));
    // A General standing on the Fort cannot command from its left to its
    // right: that line crosses its own square (decision 14).
    let on_fort = pos("d4s/6/6/6/1P+G3/5D l -/- 0 0 fort,fort=C2");
    assert!(!legal(&on_fort, "C2:B2-D2") && legal(&on_fort, "C2:B2-B1"));
}

#[test]
fn lines_are_blocked_exactly_where_the_spec_says() {
    // A Knight on C3 (Jumps (±1, 2)): with the Mountain on C4 the Jumps to
    // B5 and D5 both cross C4; with it on D4 only D5 does.
    let knight = |m: &str| pos(&format!("d5/6/6/2K3/6/5D l -/- 0 0 mountain,mountain={m}"));
    let open = pos("d5/6/6/2K3/6/5D l -/- 0 0");
    assert!(legal(&open, "C3-B5") && legal(&open, "C3-D5"));
    let c4 = knight("C4");
    assert!(!legal(&c4, "C3-B5") && !legal(&c4, "C3-D5"));
    let d4 = knight("D4");
    assert!(legal(&d4, "C3-B5") && !legal(&d4, "C3-D5"));
    // A Slide stops before the Mountain, and on the Fort.
    let duke = |state: &str| pos(&format!("d5/6/6/6/6/5D l -/- 0 0 {state}"));
    let m = duke("mountain,mountain=C1");
    assert!(legal(&m, "F1-D1") && !legal(&m, "F1-C1") && !legal(&m, "F1-B1"));
    let f = duke("fort,fort=C1");
    assert!(legal(&f, "F1-C1") && !legal(&f, "F1-B1"));
}

#[test]
fn the_fort_holds_one_tile_which_cannot_be_struck() {
    // Light's Footman on C3 moves onto the empty Fort on C4; a tile of
    // Light on the Fort cannot be struck.
    let p = pos("d5/6/6/2F3/6/2D3 l -/- 0 0 fort,fort=C4");
    assert!(legal(&p, "C3-C4"));
    let struck = pos("d5/6/2f3/2F3/6/2D3 d -/- 0 0 fort,fort=C3");
    assert!(struck
        .legal_actions()
        .iter()
        .all(|a| a.kind() != ActionKind::Strike || a.target() != Square::C3));
    // No levy goes on the Fort or the Mountain.
    let levy = pos("5d/6/6/6/6/2D3 l P/- 0 0 mountain+fort,mountain=C2,fort=B1");
    let squares: Vec<Square> = levy.levy_squares().into_iter().collect();
    assert_eq!(squares, [Square::D1]);
}

#[test]
fn counting_coup_scores_a_point_and_lets_the_opponent_relocate() {
    // Light's Footman on B2 moves to B3, next to Dark's Flag on A3: a point,
    // and Dark may relocate its Flag before its turn.
    let p = pos("3d2/6/6/6/1F4/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0");
    let next = p.play(p.parse_action("B2-B3").unwrap()).unwrap();
    assert_eq!(next.score(Side::Light), 1);
    assert!(next.relocation_pending());
    assert!(next
        .to_string()
        .ends_with("coup,flags=F1/A3,score=1/0,relocate"));
    // The relocation is listed beside Dark's actions, and is not a turn.
    let relocation = next.parse_action("flag@E6").unwrap();
    let after = next.play(relocation).unwrap();
    assert_eq!(after.side_to_move(), Side::Dark);
    assert_eq!(after.turn(), next.turn());
    assert_eq!(after.flag(Side::Dark), Some(Square::E6));
    assert!(!after.relocation_pending());
    // The opposing Flag's square is closed: no action ends on it.
    assert!(!legal(&p, "B2-A3") && !legal(&p, "B2xA3"));
}

#[test]
fn a_tile_that_began_next_to_the_flag_scores_nothing() {
    // Light's Footman, its other side up, on A4 begins next to Dark's Flag
    // on A3 and steps diagonally to B3, next to the Flag again: no point
    // (Expanded Play's decision 8). From B5, two squares off, the same
    // Footman's step to A4 scores.
    let p = pos("3d2/6/+F5/6/6/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0");
    let a = p.parse_action("A4-B3").unwrap();
    assert_eq!(p.play(a).unwrap().score(Side::Light), 0);
    let q = pos("3d2/1+F4/6/6/6/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0");
    let a = q.parse_action("B5-A4").unwrap();
    assert_eq!(q.play(a).unwrap().score(Side::Light), 1);
}

#[test]
fn the_rulebooks_other_objective_story() {
    // Joshua plays Light, Frank Dark; Frank's Flag lies exposed on C2, one
    // square from Joshua's home edge.
    let start = pos("d5/3p2/6/1WF2+b/4K1/5D l -/- 0 30 flag,flags=E1/C2");
    let mut game = Game::from_position(start, 1);
    // Joshua moves his Footman onto the Flag, picking it up.
    game.play_text("C3-C2").unwrap();
    assert_eq!(game.position().flag(Side::Dark), Some(Square::C2));
    // Frank strikes Joshua's Knight with his Bowman, flipping it.
    game.play_text("F3*E2").unwrap();
    // Joshua brings his Wizard next to the Footman.
    game.play_text("B3-B2").unwrap();
    // Frank cannot strike the Footman, nor move onto his own Flag's square
    // to take it: he moves his Pikeman.
    let frank = game.position();
    assert!(
        frank
            .legal_actions()
            .iter()
            .all(|a| a.target() != Square::C2),
        "{:?}",
        frank.legal_actions()
    );
    game.play_text("D5-C4").unwrap();
    // Joshua passes the Flag from the Footman to the Wizard.
    game.play_text("C2^B2").unwrap();
    assert_eq!(game.position().flag(Side::Dark), Some(Square::B2));
    // Frank's Pikeman strikes the Wizard, leaving the Flag alone on B2.
    game.play_text("C4*B2").unwrap();
    let end = game.position();
    assert_eq!(end.flag(Side::Dark), Some(Square::B2));
    assert_eq!(end.tile_at(Square::B2), None);
    assert_eq!(game.outcome(), None);
}

#[test]
fn other_objective_is_won_by_carrying_the_flag_home() {
    // Light's Footman holds Dark's Flag on C2 and steps to C1, Light's home
    // row: Light wins.
    let p = pos("3d2/6/6/6/2F3/3D2 l -/- 0 0 flag,flags=A1/C2");
    let mut game = Game::from_position(p, 1);
    game.play_text("C2-C1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Light,
            reason: WinReason::FlagHome
        })
    );
    // A side never ends on its own Flag: Light may not move onto A1.
    let own = pos("3d2/6/6/6/F5/3D2 l -/- 0 0 flag,flags=A1/C5");
    assert!(!legal(&own, "A2-A1"));
    // A pass moves the Flag to a neighbouring tile, and is a turn.
    let pass = pos("3d2/6/6/6/2FF2/3D2 l -/- 0 0 flag,flags=A1/C2");
    let after = pass.play(pass.parse_action("C2^D2").unwrap()).unwrap();
    assert_eq!(after.flag(Side::Dark), Some(Square::D2));
    assert_eq!(after.side_to_move(), Side::Dark);
}

#[test]
fn dark_rider_freezes_pikemen_on_rank_6_and_ends_at_three() {
    // A Light Pikeman on rank 6 is frozen: no action, and the Knight cannot
    // take it.
    let p = pos("P4k/6/6/6/6/PPPP2 d -/- 0 0 rider");
    assert!(p.legal_actions().iter().all(|a| a.target() != Square::A6));
    let light = pos("P4k/6/6/6/6/PPPP2 l -/- 0 0 rider");
    assert!(light
        .legal_actions()
        .iter()
        .all(|a| a.actor() != Some(Square::A6)));
    // Three Pikemen captured: Dark has won.
    let won = pos("5k/6/6/6/6/PP4 l -/- 0 0 rider");
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win {
            winner: Side::Dark,
            reason: WinReason::PikemenCaptured
        })
    );
    assert!(won.legal_actions().is_empty());
}

#[test]
fn the_start_of_every_rules_runs_as_decisions_and_chance() {
    for rules in Rules::all() {
        let game = Game::set_up(rules, 11);
        assert_eq!(game.phase(), Phase::Play, "{rules}");
        let pos = game.position();
        assert_eq!(pos.rules(), rules);
        assert_eq!(pos.mountain().is_some(), rules.mountain());
        assert_eq!(pos.fort().is_some(), rules.fort());
        assert_eq!(
            pos.flag(Side::Light).is_some(),
            rules.objective().has_flags()
        );
        let first = if rules.objective() == Objective::Rider {
            Side::Dark
        } else {
            Side::Light
        };
        assert_eq!(pos.side_to_move(), first, "{rules}");
        // The record replays without the seed, terrain and all.
        let back = Game::from_record(&game.record()).unwrap();
        assert_eq!(back.position(), pos, "{}", game.record());
        // Undo takes the terrain back with the decision before it, and the
        // same terrain comes out again.
        if rules.mountain() || rules.fort() {
            let mut g = Game::with_rules(rules, 5);
            let mut placed = Vec::new();
            while let Some(a) = g.setup_suggestion() {
                g.play(a).unwrap();
                placed.push(a);
            }
            let terrain: Vec<Action> = g
                .actions()
                .filter(|a| a.kind() == ActionKind::Terrain)
                .collect();
            while g.actions().any(|a| a.kind() == ActionKind::Terrain) {
                assert!(g.undo());
            }
            while g.redo().is_some() {}
            let again: Vec<Action> = g
                .actions()
                .filter(|a| a.kind() == ActionKind::Terrain)
                .collect();
            assert_eq!(terrain, again, "{rules}");
        }
    }
}

#[test]
fn the_rulebooks_draft_story() {
    // Kristian picks first (Dark here), Dawson second (Light): the picks of
    // the rulebook's story in its order (its General is Dawson's), then the
    // three kinds of the site's army it does not have.
    let rules: Rules = "draft".parse().unwrap();
    let mut game = Game::with_rules(rules, 9);
    for pick in [
        "P", "W", "C", "B", "S", "I", "K", "G", "M", "R", "N", "A", "L",
    ] {
        game.play_text(&format!("pick:{pick}")).unwrap();
    }
    let pos = game.position();
    use duke_engine::Troop::*;
    for (side, kinds) in [
        (
            Side::Dark,
            [
                Pikeman, Champion, Seer, Knight, Marshall, Dragoon, Longbowman,
            ]
            .as_slice(),
        ),
        (
            Side::Light,
            [Wizard, Bowman, Priest, General, Ranger, Assassin].as_slice(),
        ),
    ] {
        for &t in kinds {
            assert!(pos.bag(side).count(t) > 0, "{side} {t}");
            assert_eq!(pos.bag(!side).count(t), 0, "{side} {t}");
        }
        // Each takes one Footman into its bag.
        assert_eq!(pos.bag(side).count(Footman), 1);
    }
    assert_eq!(pos.bag(Side::Dark).count(Pikeman), 3);
    // Kristian (who picked first) sets up first; Dawson takes the first turn.
    assert_eq!(
        game.phase(),
        Phase::Setup {
            side: Side::Dark,
            troop: Duke
        }
    );
    while let Some(a) = game.setup_suggestion() {
        game.play(a).unwrap();
    }
    assert_eq!(game.position().side_to_move(), Side::Light);
}

#[test]
fn the_draft_gives_each_kind_to_one_side() {
    let rules: Rules = "draft".parse().unwrap();
    let mut game = Game::with_rules(rules, 3);
    assert_eq!(game.phase(), Phase::Draft { side: Side::Dark });
    let err = game.play_text("pick:D").unwrap_err();
    assert_eq!(err.code(), "setup");
    game.play_text("pick:W").unwrap();
    assert_eq!(game.phase(), Phase::Draft { side: Side::Light });
    assert!(game.play_text("pick:W").is_err(), "a kind is drafted once");
    while let Some(a) = game.setup_suggestion() {
        game.play(a).unwrap();
    }
    let pos = game.position();
    for troop in duke_engine::Troop::ALL {
        let holds = |s: Side| pos.bag(s).count(troop) > 0 || !pos.troops(s, troop).is_empty();
        if !matches!(
            troop,
            duke_engine::Troop::Duke | duke_engine::Troop::Footman
        ) {
            assert!(!(holds(Side::Light) && holds(Side::Dark)), "{troop}");
        }
    }
    assert_eq!(pos.bag(Side::Dark).count(duke_engine::Troop::Wizard), 1);
    // Dark set up first; Light moves first.
    assert_eq!(pos.side_to_move(), Side::Light);
    let setup: Vec<String> = game.actions().map(|a| a.to_string()).collect();
    assert_eq!(&setup[13], "D@D6");
}

#[test]
fn given_terrain_is_kept_free_and_placed() {
    let rules: Rules = "mountain+fort".parse().unwrap();
    let game = Game::with_terrain(rules, 1, Some(Square::C3), Some(Square::D4)).unwrap();
    let g = {
        let mut g = game;
        while let Some(a) = g.setup_suggestion() {
            g.play(a).unwrap();
        }
        g
    };
    assert_eq!(
        g.position().terrain_square(Terrain::Mountain),
        Some(Square::C3)
    );
    assert_eq!(g.position().fort(), Some(Square::D4));
    let bad = Game::with_terrain(rules, 1, Some(Square::C1), Some(Square::D1)).unwrap_err();
    assert_eq!(bad.code(), "setup");
    assert!(Game::with_terrain(Rules::STANDARD, 1, Some(Square::C3), None).is_err());
}

#[test]
#[cfg_attr(miri, ignore)]
fn every_step_of_random_games_keeps_the_invariants_under_every_rules() {
    use duke_engine::audit;
    let mut checked = 0;
    for rules in Rules::all() {
        for seed in 0..2u64 {
            let mut game = Game::with_rules(rules, seed);
            let mut x = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
            let mut steps = 0;
            while game.outcome().is_none() && steps < 300 {
                let decisions: Vec<Decision> = game.decisions().collect();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                game.apply(decisions[(x % decisions.len() as u64) as usize])
                    .unwrap();
                audit::check(&game).unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}"));
                checked += 1;
                if steps % 7 == 0 {
                    audit::check_undo_redo(&mut game)
                        .unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}"));
                }
                steps += 1;
            }
            audit::check_record(&game).unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}"));
        }
    }
    assert!(checked > 3000, "{checked} steps");
}
