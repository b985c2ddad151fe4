//! The shared bad-input corpus, `tests/data/bad_inputs.txt`: every entry
//! must be refused with the code it gives, leaving things as they were.
//! The Python and C suites read the same file.

use duke_engine::audit::Snapshot;
use duke_engine::{Game, Position, Square};

const CORPUS: &str = include_str!("../../tests/data/bad_inputs.txt");

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                other => panic!("bad escape \\{other:?} in the corpus"),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_bad_input_gives_its_code() {
    let mut counts = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    for (n, line) in CORPUS.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let raw: Vec<&str> = line.split('\t').collect();
        let (kind, code) = (raw[0], raw[1]);
        let last = unescape(raw[raw.len() - 1]);
        let mut fields: Vec<&str> = raw.clone();
        let n_fields = fields.len();
        fields[n_fields - 1] = &last;
        let at = format!("bad_inputs.txt line {}: {line:?}", n + 1);
        let got = match (kind, &fields[2..]) {
            ("dpn", [text]) => text.parse::<Position>().map(drop).map_err(|e| e.code()),
            ("square", [text]) => text.parse::<Square>().map(drop).map_err(|e| e.code()),
            ("action", [dpn, text]) => {
                let pos: Position = dpn.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                let parsed = pos.parse_action(text).map(drop).map_err(|e| e.code());
                // Through a game too: the same code, and the game unchanged.
                let mut game = Game::from_position(pos, 1);
                let before = Snapshot::of(&game);
                // A whole levy is the game's explicit call for a troop from
                // outside; every other action plays as with `play`.
                let played = text
                    .parse()
                    .map_err(duke_engine::GameError::from)
                    .and_then(|a| game.play_levy(a))
                    .map_err(|e| e.code());
                assert_eq!(played, parsed, "{at}: the game and the position disagree");
                assert_eq!(
                    Snapshot::of(&game),
                    before,
                    "{at}: a refused action changed the game"
                );
                parsed
            }
            ("play", [dpn, text]) => {
                let pos: Position = dpn.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                let mut game = Game::from_position(pos, 1);
                let before = Snapshot::of(&game);
                let played = game.play_text(text).map(drop).map_err(|e| e.code());
                assert_eq!(
                    Snapshot::of(&game),
                    before,
                    "{at}: a refused action changed the game"
                );
                played
            }
            ("record", [text]) => Game::from_record(text).map(drop).map_err(|e| e.code()),
            ("rules", [text]) => text
                .parse::<duke_engine::Rules>()
                .map(drop)
                .map_err(|e| e.code()),
            _ => panic!("{at}: malformed corpus line"),
        };
        if got != Err(code) {
            failures.push(format!("{at}: got {got:?}, expected {code}"));
        }
        *counts.entry(kind).or_insert(0) += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The corpus is not empty by accident.
    assert!(
        counts.values().all(|&c| c >= 3) && counts.len() == 6,
        "{counts:?}"
    );
}
