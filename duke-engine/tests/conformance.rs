//! The conformance vectors every face runs (`tests/data/conformance/`):
//! for fixed positions, the decisions a game offers in order (as text and
//! as action indices) and the decision `best_action()` gives with no
//! arguments. Rust checks them against the engine here; the Python, C and
//! JavaScript suites read the same files through their bindings. Run with
//! `DUKE_BLESS=1` to rewrite them from the engine.

use duke_engine::encode::{game_indices, Perspective};
use duke_engine::search::Level;
use duke_engine::{Game, Position};

const DECISIONS: &str = include_str!("../../tests/data/conformance/decisions.txt");
const POSITIONS: &str = include_str!("../../tests/data/positions.perft");

/// One line: the DPN, the decisions' texts, their indices (mover's view),
/// and the default decision, tab-separated.
fn line(dpn: &str) -> String {
    let game = Game::from_position(dpn.parse::<Position>().unwrap(), 1);
    let texts: Vec<String> = game.decisions().map(|d| d.to_string()).collect();
    let mut indices = Vec::new();
    game_indices(&game, Perspective::Mover, |i| indices.push(i.to_string()));
    let best = game
        .best_action(Level::default())
        .map_or("-".to_string(), |d| d.to_string());
    format!("{dpn}\t{}\t{}\t{best}", texts.join(" "), indices.join(" "))
}

fn dpns() -> Vec<String> {
    let mut out = vec![Position::standard().to_string()];
    out.extend(
        POSITIONS
            .lines()
            .filter_map(|l| l.strip_prefix("dpn "))
            .map(str::to_string),
    );
    // A position where no levy is possible and one with a bag of one troop.
    out.push("3d2/6/6/6/6/2D3 l -/- 0 0".into());
    out.push("3d2/6/6/6/6/2D3 l P/- 0 0".into());
    out
}

#[test]
fn decision_vectors_are_the_engines() {
    let mut want = String::from(
        "# Conformance vectors (duke-engine/tests/conformance.rs writes them with DUKE_BLESS=1).\n\
         # A game from each DPN (seed 1): its decisions in order as text, the same as action\n\
         # indices from the mover's point of view, and the decision best_action() gives with no\n\
         # arguments (the default level). Tab-separated; lists space-separated.\n",
    );
    for dpn in dpns() {
        want.push_str(&line(&dpn));
        want.push('\n');
    }
    if std::env::var_os("DUKE_BLESS").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/conformance/decisions.txt"
        );
        std::fs::write(path, &want).unwrap();
        return;
    }
    assert!(
        DECISIONS == want,
        "tests/data/conformance/decisions.txt differs from the engine: run `DUKE_BLESS=1 cargo test -p duke-engine --test conformance` and look at the diff"
    );
    assert!(DECISIONS.lines().filter(|l| !l.starts_with('#')).count() >= 15);
    assert!(DECISIONS.contains("\tlevy "), "no vector offers the levy");
}
