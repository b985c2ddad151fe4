//! serde: Position as DPN, Action as text, Game as its record with the seed.
#![cfg(feature = "serde")]

use duke_engine::{Action, Game, Position};

#[test]
fn position_and_action_as_text() {
    let pos = Position::standard();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let a: Action = "E4:D5xE5".parse().unwrap();
    assert_eq!(serde_json::to_string(&a).unwrap(), "\"E4:D5xE5\"");
    assert_eq!(serde_json::from_str::<Action>("\"e4:d5-e5\"").unwrap(), a);
    let err = serde_json::from_str::<Position>("\"2fdf1 l\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("expected 5 space-separated fields"),
        "{err}"
    );
}

#[test]
fn game_round_trips_with_its_seed() {
    let mut game = Game::standard(77);
    game.play_text("B1-B2").unwrap();
    game.play_text("E6-F6").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.record_with_seed(), game.record_with_seed());
    assert_eq!(back.draw().unwrap(), game.draw().unwrap());
}
