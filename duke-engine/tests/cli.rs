//! The `duke` program, driven as a person would: commands on stdin.
#![cfg(all(feature = "std", feature = "search"))]

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

#[test]
fn scripted_game_against_the_ai() {
    let dir = std::env::temp_dir().join(format!("duke-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("saved.txt");
    let endgame = dir.join("endgame.txt");
    // Light to move can take Dark's Duke with the Wizard (F5xF6).
    std::fs::write(&endgame, "duke-record 1\nstart D4d/5W/6/6/6/6 l P/- 0 0\n").unwrap();
    let script = format!(
        "d@c1\nf@b1\nf@d1\nb1\nhint\nb1-b2\nc1-c2\nlevy\nc2\nundo\nboard\nsave {}\nload {}\nf5xf6\n",
        saved.display(),
        endgame.display()
    );
    let (out, _, ok) = run(&["play", "--level", "2", "--seed", "5"], &script);
    assert!(ok, "{out}");
    // Setup, with the AI's fixed setup after ours.
    assert!(out.contains("AI (Dark) takes the fixed setup"), "{out}");
    // Selecting a tile shows its chart, what it flips to and its targets.
    assert!(
        out.contains("your Footman on B1 (starting face up)      flips to"),
        "{out}"
    );
    assert!(out.contains("targets: B1-A1 (Move), B1-B2 (Move)"), "{out}");
    // A hint at the level.
    assert!(out.contains("hint (level 2): "), "{out}");
    // An action, an illegal one with its reason, a levy drawn and placed.
    assert!(out.contains("you play B1-B2"), "{out}");
    assert!(
        out.contains("C1-C2: the Duke on C1 has no mark that reaches C2"),
        "{out}"
    );
    assert!(out.contains("you draw a "), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(std::fs::read_to_string(&saved)
        .unwrap()
        .starts_with("duke-record 1\nseed 5\n"));
    // The loaded endgame is won by capturing the Duke.
    assert!(
        out.contains("game over: Light wins: it captured the opposing Duke"),
        "{out}"
    );
    assert!(out.contains("you win"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn warns_when_the_duke_is_attacked_and_marks_forbidden_squares() {
    let dir = std::env::temp_dir().join(format!("duke-cli-w-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("pin.txt");
    // Dark's flipped Pikeman on C3 strikes B1 and D1; Light's Duke on C1.
    std::fs::write(&rec, "duke-record 1\nstart 5d/6/6/2+p3/6/2D3 l -/- 0 0\n").unwrap();
    let (out, _, ok) = run(
        &["play", "--level", "1"],
        &format!("fixed\nload {}\n", rec.display()),
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("! your Duke may not enter B1: the Pikeman on C3 would capture it"),
        "{out}"
    );
    assert!(out.contains("1   ·   !   D   !   ·   ·"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn end_of_input_leaves_cleanly() {
    let (out, _, ok) = run(&["play"], "");
    assert!(ok);
    assert!(out.trim_end().ends_with("place your Duke>"), "{out}");
    let (out, _, ok) = run(&["play"], "fixed\n");
    assert!(ok);
    assert!(out.contains("end of input: leaving the game"), "{out}");
}

#[test]
fn auto_plays_a_whole_game() {
    let (out, _, ok) = run(&["play", "--auto", "--level", "1", "--seed", "3"], "");
    assert!(ok);
    assert!(out.contains("game over: "), "{out}");
    assert!(out.contains("duke-record 1"), "{out}");
}

#[test]
fn perft_moves_and_errors() {
    let (out, _, ok) = run(&["perft", "start", "3"], "");
    assert!(ok && out.contains("perft 3 = 4694"), "{out}");
    let (out, _, ok) = run(
        &[
            "moves",
            "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
        ],
        "",
    );
    assert!(ok && out.lines().count() == 67, "{out}");
    let (_, err, ok) = run(&["perft", "nonsense", "3"], "");
    assert!(
        !ok && err.contains("expected 5 space-separated fields"),
        "{err}"
    );
    let (out, _, ok) = run(&["tournament", "level1", "random", "--games", "4"], "");
    assert!(ok && out.contains("level1 vs random: 4 games"), "{out}");
    let (two, _, ok) = run(
        &[
            "tournament",
            "level2",
            "level1",
            "--games",
            "6",
            "--threads",
            "2",
        ],
        "",
    );
    let (one, _, _) = run(&["tournament", "level2", "level1", "--games", "6"], "");
    // Without time limits the result does not depend on the threads.
    let result = |s: &str| s.split(", score").next().unwrap_or("").to_string();
    assert!(ok && result(&two) == result(&one), "{two}\n{one}");
    let (out, _, ok) = run(
        &["soak", "--games", "30", "--ai-games", "2", "--threads", "2"],
        "",
    );
    assert!(
        ok && out.contains("random: 30 games") && out.contains("level1 vs level2: 2 games"),
        "{out}"
    );
    assert!(out.contains("every invariant held"), "{out}");
}
