//! `duke analyze`: text, JSON and the SVG graph of a game's scores.

use std::process::Command;

fn duke(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// The start of a random game (`duke selfplay --seed 4`): on turn 3 Light
/// had a win in one (the AI's "mate 1") and played D1-E1 instead, a blunder
/// at any level.
const RECORD: &str = "duke-record 1
setup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6
1. P@C2
2. F@D5
3. D1-E1
4. E6-F6
5. G@D1
";

fn record_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("duke-analyze-{}-{name}", std::process::id()));
    std::fs::write(&path, RECORD).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn text_marks_the_blunder() {
    let path = record_file("text");
    let (out, err, ok) = duke(&["analyze", &path, "--level", "2"]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("# level 2, every decision searched to depth 2"),
        "{out}"
    );
    let turn3 = out
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    assert!(
        turn3.contains("D1-E1??") && turn3.contains("mate 1"),
        "{turn3}"
    );
    assert!(out.contains("Light: 0 mistakes, 1 blunders"), "{out}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn json_agrees_with_the_thresholds_and_svg_has_a_point_a_turn() {
    let path = record_file("json");
    let svg = format!("{path}.svg");
    let (out, err, ok) = duke(&["analyze", &path, "--level", "3", "--json", "--svg", &svg]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let turns = v["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 5);
    assert_eq!(v["mistake"], 100);
    assert_eq!(v["blunder"], 300);
    for t in turns {
        let (before, after, drop) = (
            t["before"].as_i64().unwrap(),
            t["after"].as_i64().unwrap(),
            t["drop"].as_i64().unwrap(),
        );
        let cap = |s: i64| s.clamp(-2000, 2000);
        assert_eq!(drop, (cap(before) - cap(after)).max(0), "{t}");
        let mark = match drop {
            d if d >= 300 => "blunder",
            d if d >= 100 => "mistake",
            _ => "good",
        };
        assert_eq!(t["mark"], mark, "{t}");
        assert!(t["best"].as_str().is_some_and(|b| !b.is_empty()));
    }
    assert_eq!(turns[2]["played"], "D1-E1");
    assert_eq!(turns[2]["mark"], "blunder");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let line = picture
        .lines()
        .find(|l| l.starts_with("<polyline"))
        .unwrap();
    assert_eq!(line.split('"').nth(1).unwrap().split(' ').count(), 6);
    assert!(picture.contains("<title>turn 3 Light D1-E1??"), "{picture}");
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(svg);
}

#[test]
fn a_bad_record_is_refused() {
    let path = std::env::temp_dir().join(format!("duke-analyze-{}-bad", std::process::id()));
    std::fs::write(
        &path,
        "duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B4\n",
    )
    .unwrap();
    let (_, err, ok) = duke(&["analyze", path.to_str().unwrap()]);
    assert!(
        !ok && err.contains("record line 3 (turn 1): B1-B4"),
        "{err}"
    );
    let (_, err, ok) = duke(&["analyze", "/nonexistent/record"]);
    assert!(!ok && err.contains("/nonexistent/record"), "{err}");
    let _ = std::fs::remove_file(path);
}

/// Level 5's blunders around a levy in two games it lost to rusty-duke,
/// each past the analysis depth of 4: the analysis searches levy turns
/// deeper and marks both.
#[test]
fn level_5_analysis_marks_the_blunders_around_a_levy() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/level5/");
    for (file, line) in [
        ("loss2-turn17.txt", "G@E2??"),
        ("loss3-turn46.txt", "N@C4??"),
    ] {
        let (out, err, ok) = duke(&["analyze", &format!("{data}{file}"), "--level", "5"]);
        assert!(ok, "{err}");
        let turn = out
            .lines()
            .find(|l| l.contains(line))
            .unwrap_or_else(|| panic!("{file}: {out}"));
        assert!(turn.contains("mate") || turn.contains("-19."), "{turn}");
    }
}
