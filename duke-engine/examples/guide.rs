//! The Rust guide of the book, as a program CI runs: positions, actions,
//! errors, a game with a levy, records, the encoders and the AI.
//!
//! Run: `cargo run -p duke-engine --example guide`

use duke_engine::encode::{action_index, ACTION_SPACE, DRAW};

use duke_engine::search::Request;
use duke_engine::{perft, Action, Game, Phase, Position, Square};
use duke_engine::{Decision, Perspective};

fn main() {
    // ANCHOR: positions
    // Positions: the standard start, its legal actions and perft.
    let pos = Position::standard();
    assert_eq!(
        pos.to_string(),
        "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0"
    );
    assert_eq!(pos.legal_actions().len(), 18);
    assert_eq!(perft(&pos, 4), 66_854);

    // Any position from DPN; a bad one is refused with the field at fault.
    let mid: Position = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40"
        .parse()
        .expect("valid DPN");
    assert_eq!(mid.legal_actions().len(), 67);
    let err = "2fdf1/6/6/6/6/1FDF2 x -/- 0 0"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(err.code(), "dpn.side");
    // ANCHOR_END: positions

    // ANCHOR: actions
    // Action text is read and checked against a position; an illegal
    // action comes back with its reason, and nothing changes.
    let err = pos.parse_action("C1-C2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "C1-C2: the Duke on C1 has no mark that reaches C2"
    );
    assert_eq!(err.code(), "illegal.no-mark");
    let next = pos.play(Action::relocate(Square::B1, Square::B2)).unwrap();
    assert_eq!(next.turn(), 1);
    for &a in pos.actions_from(Square::B1).iter() {
        println!("{a}: {}", pos.mark_of(a).expect("a maneuver has a mark"));
    }
    // ANCHOR_END: actions

    // ANCHOR: game
    // A game: the levy is a decision, a chance event (the draw) and a placement.
    let mut game = Game::standard(42);
    for c in game.levy_chances() {
        println!("{}: {}/{}", c.troop, c.count, c.total);
    }
    let troop = game.draw().unwrap();
    assert_eq!(game.phase(), Phase::Levy { troop });
    game.place(Square::C2).unwrap();
    assert!(game.undo());
    assert_eq!(game.draw().unwrap(), troop); // undo never re-rolls
    game.place(Square::C2).unwrap();

    // The record replays without the seed.
    let record = game.record();
    print!("{record}");
    let back = Game::from_record(&record).unwrap();
    assert_eq!(back.position(), game.position());
    // ANCHOR_END: game

    // ANCHOR: encode
    // The encoders: an action's index in the fixed action space.
    let b1b2 = pos.parse_action("B1-B2").unwrap();
    let i = action_index(Decision::Act(b1b2), &pos, Perspective::Mover);
    assert_eq!(i, 36 + 7); // from B1 (1) to B2 (7)
    assert!(i < ACTION_SPACE && DRAW == ACTION_SPACE - 1);
    // ANCHOR_END: encode

    // ANCHOR: ai
    // The AI: what level 3 plays in the game's current decision.
    let request = Request::new().with_level(3).expect("levels are 1 to 5");
    let result = request.decide(&game).expect("the game is not over");
    match result.decision {
        Decision::Act(a) => println!("level 3 plays {a} (score {})", result.score),
        Decision::Levy => println!("level 3 levies (score {})", result.score),
    }
    // ANCHOR_END: ai
}
