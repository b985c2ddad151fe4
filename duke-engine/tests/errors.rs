//! Bad input: a typed error with a clear message, never a panic, and the
//! position or game unchanged.

use duke_engine::{Action, Game, GameError, IllegalReason, Position};

fn pos(dpn: &str) -> Position {
    dpn.parse().unwrap()
}

#[test]
fn illegal_actions_say_why() {
    let start = Position::standard();
    let cases: [(&Position, &str, &str); 9] = [
        (&start, "C3-C4", "C3-C4: there is no tile on C3"),
        (
            &start,
            "C6-C5",
            "C6-C5: the Footman on C6 is Dark's, and Light is to move",
        ),
        (
            &start,
            "B1-B3",
            "B1-B3: the Footman on B1 has no mark that reaches B3",
        ),
        (&start, "B1-C1", "B1-C1: C1 holds a tile of your own"),
        (
            &start,
            "B1*B2",
            "B1*B2: the Footman on B1 has a Move mark on B2, not the kind this action uses",
        ),
        (
            &start,
            "C1:B1-B2",
            "C1:B1-B2: the Duke on C1 has no Command mark on its current face",
        ),
        (
            &start,
            "P@C3",
            "P@C3: a levy goes next to the Duke (on C1), and C3 is not orthogonally next to it",
        ),
        (&start, "P@B1", "P@B1: B1 is not empty"),
        (&start, "D@C2", "D@C2: the bag holds no Duke"),
    ];
    for (p, text, want) in cases {
        let err = p.parse_action(text).unwrap_err();
        assert_eq!(err.to_string(), want);
    }
    // Blocked: a two-away Move with the square in between taken, and a slide.
    let p = pos("3d2/6/6/1f4/1+F4/2D3 l -/- 0 0");
    let err = p.parse_action("B2-B4").unwrap_err().to_string();
    assert_eq!(
        err,
        "B2-B4: the way of the Footman from B2 to B4 is blocked on B3"
    );
    let p = pos("2fdf1/6/6/6/2F3/1FD3 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
    assert_eq!(
        p.parse_action("C1-A1").unwrap_err().to_string(),
        "C1-A1: the way of the Duke from C1 to A1 is blocked on B1"
    );
    // Exposes the Duke.
    let p = pos("2+d3/6/6/6/2F3/2D3 l -/- 0 0");
    assert_eq!(
        p.parse_action("C2-B2").unwrap_err().to_string(),
        "C2-B2: it would leave your Duke on C1 open to capture"
    );
    // A Duke that moves into danger: the square named is where it would stand.
    let p = pos("5d/6/6/2+p3/6/2D3 l -/- 0 0");
    assert_eq!(
        p.parse_action("C1-B1").unwrap_err().to_string(),
        "C1-B1: it would leave your Duke on B1 open to capture"
    );
    // A levy onto the Duke's own square: occupied, not "not next to it".
    let p = pos("3d2/6/6/6/6/2D3 l P/- 0 0");
    assert_eq!(
        p.parse_action("P@C1").unwrap_err().to_string(),
        "P@C1: C1 is not empty"
    );
    // No enemy to strike.
    let p = pos("3d2/6/6/6/2+P3/D5 l -/- 0 0");
    assert_eq!(
        p.parse_action("C2*D4").unwrap_err().to_string(),
        "C2*D4: there is no enemy on D4 to strike"
    );
    // Not in the command area.
    let p = pos("3d2/6/6/6/2+G3/2D3 l -/- 0 0");
    assert_eq!(
        p.parse_action("C2:C1-C3").unwrap_err().to_string(),
        "C2:C1-C3: C3 is not in the command area of the tile on C2"
    );
    // Empty bag, occupied levy square.
    let p = pos("3d2/6/6/6/6/2D3 l -/- 0 0");
    assert_eq!(
        p.parse_action("P@C2").unwrap_err().to_string(),
        "P@C2: the bag is empty, so there is no levy"
    );
    let p = pos("3d2/6/6/6/2F3/2D3 l P/- 0 0");
    assert_eq!(
        p.parse_action("P@C2").unwrap_err().to_string(),
        "P@C2: C2 is not empty"
    );
    // Game over.
    let p = pos("D4d/5W/6/6/6/6 l P/- 0 0")
        .play("F5xF6".parse().unwrap())
        .unwrap();
    let err = p.play("A6-A5".parse().unwrap()).unwrap_err();
    assert_eq!(
        err.reason(),
        IllegalReason::GameOver {
            loser: duke_engine::Side::Dark
        }
    );
}

#[test]
fn rejected_actions_change_nothing() {
    let p = Position::standard();
    let copy = p;
    for text in ["C1-C2", "B1-B3", "Z9", "P@C3", "C6-C5"] {
        let _ = p.parse_action(text);
        if let Ok(a) = text.parse::<Action>() {
            assert!(p.play(a).is_err());
        }
    }
    assert_eq!(p, copy);
}

fn game_snapshot(g: &Game) -> (String, String, String) {
    (
        g.record_with_seed(),
        g.position().to_string(),
        format!("{:?}", g.phase()),
    )
}

#[test]
fn game_rejects_actions_in_the_wrong_phase() {
    // Setup: a maneuver, a wrong placement, a draw.
    let mut g = Game::new(9);
    let before = game_snapshot(&g);
    assert_eq!(
        g.play_text("B1-B2").unwrap_err().to_string(),
        "B1-B2: Light sets up its Duke first, on C1 or D1"
    );
    assert_eq!(
        g.play_text("D@B1").unwrap_err().to_string(),
        "D@B1: Light sets up its Duke first, on C1 or D1"
    );
    assert_eq!(
        g.draw().unwrap_err().to_string(),
        "draw: Light is setting up and places its Duke next"
    );
    g.play_text("D@C1").unwrap();
    assert_eq!(
        g.play_text("F@C3").unwrap_err().to_string(),
        "F@C3: Light places a Footman on an empty square left of, right of or in front of its Duke"
    );
    assert!(g.undo());
    assert_eq!(game_snapshot(&g), before);

    // A drawn troop waits: only its placement is accepted.
    let mut g = Game::standard(4);
    let troop = g.draw().unwrap();
    let before = game_snapshot(&g);
    let err = g.play_text("B1-B2").unwrap_err();
    assert!(matches!(err, GameError::Phase { .. }));
    assert!(
        err.to_string()
            .contains(&format!("a drawn {troop} is waiting")),
        "{err}"
    );
    let other = if troop == duke_engine::Troop::Wizard {
        "K"
    } else {
        "W"
    };
    assert!(g.play_text(&format!("{other}@C2")).is_err());
    assert!(g.place(duke_engine::Square::C3).is_err());
    assert_eq!(game_snapshot(&g), before);

    // Over: nothing more.
    let mut g = Game::from_position(pos("2+P3/6/1DW1d1/6/4FN/+M1A+L1+F d -/- 3 141"), 0);
    let before = game_snapshot(&g);
    assert!(g
        .play_text("E4-D4")
        .unwrap_err()
        .to_string()
        .starts_with("E4-D4: the game is over (Light wins"));
    assert!(g.draw().is_err());
    assert_eq!(game_snapshot(&g), before);

    // No levy possible.
    let mut g = Game::from_position(pos("3d2/6/6/6/6/2D3 l -/- 0 0"), 0);
    assert_eq!(
        g.draw().unwrap_err().to_string(),
        "draw: no levy is possible: the bag is empty, so there is no levy"
    );
}

#[test]
fn malformed_text_gives_typed_errors() {
    let mut g = Game::standard(1);
    let before = game_snapshot(&g);
    for bad in [
        "", "B1", "B1-", "B1-B22", "é@C2", "B1—B2", "🦀", "B1-B2 ", "x@C2",
    ] {
        let err = g.play_text(bad).unwrap_err();
        assert!(matches!(err, GameError::Parse(_)), "{bad}: {err:?}");
        assert!(err.to_string().starts_with("action \""), "{err}");
    }
    assert_eq!(game_snapshot(&g), before);
}

#[test]
fn broken_records_name_the_line_and_turn() {
    let good = "duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n2. E6-F6\n";
    assert!(Game::from_record(good).is_ok());
    let cases = [
        ("", "record line 1: expected the header \"duke-record 1\""),
        ("duke-record 2\n", "record line 1: expected the header \"duke-record 1\""),
        ("duke-record 1\nseed x\n", "record line 2: the seed is not a whole number below 2^64"),
        ("duke-record 1\nsetup D@C1 F@B1 F@A1\n", "record line 2: F@A1: Light places a Footman on an empty square left of, right of or in front of its Duke"),
        ("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n3. E6-F6\n", "record line 4 (turn 2): expected turn number 2"),
        ("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n2. B2-B4\n", "record line 4 (turn 2): B2-B4: the Footman on B2 is Light's, and Dark is to move"),
        ("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1~B2\n", "record line 3 (turn 1): action \"B1~B2\": expected '-', 'x', '*', ':' or '^' after B1"),
        ("duke-record 1\nsetup D@C1 F@B1\n1. B1-B2\n", "record line 3 (turn 1): turns follow a setup that is not complete"),
        ("duke-record 1\n1. B1-B2\n", "record line 2: \"setup\" or \"start\" must come once, before the turns, and after \"rules\" and \"seed\""),
        ("duke-record 1\nstart 2fdf1/6/6/6/6/1FDF2 q -/- 0 0\n", "record line 2: dpn field \"side\": expected 'l' or 'd', found \"q\""),
        ("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\nresult light duke-captured\n", "record line 3: the record has a result but the game is not over"),
        ("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\nhello\n", "record line 3: expected \"rules ...\", \"seed N\", \"setup ...\", \"start <DPN>\", \"N. <action>\" or \"result ...\""),
    ];
    for (text, want) in cases {
        let err = Game::from_record(text).unwrap_err();
        assert_eq!(err.to_string(), want, "{text:?}");
    }
}

#[test]
fn record_replays_without_the_seed_and_keeps_it_secret() {
    let mut a = Game::standard(1234);
    let mut b = Game::standard(98765);
    for g in [&mut a, &mut b] {
        g.play_text("B1-B2").unwrap();
        // An outside troop, the same in both.
        g.play_levy("P@D5".parse().unwrap()).unwrap();
    }
    assert_eq!(a.record(), b.record());
    assert_eq!(a.position().to_string(), b.position().to_string());
    assert!(!a.record().contains("1234"));
    assert!(!format!("{a:?}").contains("1234"));
    assert!(a.record_with_seed().contains("seed 1234"));
}

#[test]
fn records_and_dpn_past_their_limits_are_refused_unread() {
    use duke_engine::dpn::MAX_DPN_LEN;
    use duke_engine::record::MAX_RECORD_LEN;
    let long = format!(
        "duke-record 1\n{}",
        "# a comment\n".repeat(MAX_RECORD_LEN / 12 + 1)
    );
    let err = Game::from_record(&long).unwrap_err();
    assert_eq!(err.code(), "record.size");
    assert!(
        err.to_string()
            .contains("a record is at most 1048576 bytes"),
        "{err}"
    );
    let dpn = format!("{} 0", Position::standard()) + &" ".repeat(MAX_DPN_LEN);
    let err = dpn.parse::<Position>().unwrap_err();
    assert_eq!(err.code(), "dpn.text");
    // Just under the limits, what is valid still reads.
    let ok = format!("duke-record 1\n{}", "# a comment\n".repeat(1000));
    assert!(Game::from_record(&ok).is_ok());
}
