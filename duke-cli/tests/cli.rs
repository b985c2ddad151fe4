//! The `duke` program, driven as a person would: commands on stdin.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(args)
        .env_remove("CI")
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
    let stdout = String::from_utf8(out.stdout).unwrap();
    if args.first() == Some(&"play") {
        fits_80_columns(&stdout);
    }
    (
        stdout,
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// Every line of the game's output fits 80 columns. On a terminal the
/// player's typing ends each prompt's line; in a pipe the prompt and the
/// answer share one, so the prompts are taken off first.
fn fits_80_columns(out: &str) {
    let mut in_bag = false;
    for line in out.lines() {
        // A bag line wraps between its entries ("P×3 19%"), never inside one.
        if in_bag && line.starts_with("  ") && line.contains('%') {
            let first = line.split_whitespace().next().unwrap_or("");
            assert!(first.contains('×'), "a bag entry cut by the wrap: {line:?}");
        }
        in_bag =
            line.contains(" bag (") || (in_bag && line.starts_with("  ") && line.contains('%'));
        let mut rest = line;
        loop {
            if let Some(r) = rest.strip_prefix("> ") {
                rest = r;
            } else if let Some(r) = rest.strip_prefix("game over> ") {
                rest = r;
            } else if (rest.starts_with("place ") || rest.starts_with("pick a kind "))
                && rest.contains(")> ")
            {
                rest = &rest[rest.find(")> ").unwrap() + 3..];
            } else {
                break;
            }
        }
        assert!(
            rest.chars().count() <= 80,
            "wider than 80 columns: {rest:?}"
        );
        assert!(!rest.contains('\x1b'), "colour in a pipe: {rest:?}");
    }
}

/// A temporary directory for one test.
struct Dir(std::path::PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("duke-cli-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }

    /// Writes a record starting from `dpn` and returns its path.
    fn record(&self, name: &str, dpn: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, format!("duke-record 1\nstart {dpn}\n")).unwrap();
        p.display().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[test]
fn scripted_game_against_the_ai() {
    let dir = Dir::new("game");
    let saved = dir.0.join("saved.txt");
    // Light to move can take Dark's Duke with the Wizard (F5xF6).
    let endgame = dir.record("endgame.txt", "D4d/5W/6/6/6/6 l P/- 0 0");
    let script = format!(
        "d@c1\nf@b1\nf@d1\nb1\nhint\nb1-b2\nc1-c2\nlevy\nc2\nundo\nboard\nsave {}\nload {endgame}\nf5xf6\n",
        saved.display(),
    );
    let (out, _, ok) = run(&["play", "--level", "2", "--seed", "5"], &script);
    assert!(ok, "{out}");
    // Setup, with the AI's fixed setup after ours.
    assert!(
        out.contains("AI (Dark) takes the fixed setup: Duke D6, Footmen C6 and E6"),
        "{out}"
    );
    // Selecting a tile shows its chart, what it flips to and its targets.
    assert!(
        out.contains("your Footman on B1 (starting face up)      flips to"),
        "{out}"
    );
    assert!(
        out.contains("targets (marked on the board): B1-A1 (Move), B1-B2 (Move)"),
        "{out}"
    );
    // A hint, at the strongest level whatever the AI plays.
    assert!(out.contains("hint (level 5, "), "{out}");
    // An action in words, an illegal one with its reason, a levy drawn and placed.
    assert!(
        out.contains("you play B1-B2: your Footman B1 moves to B2"),
        "{out}"
    );
    assert!(
        out.contains("C1-C2: the Duke on C1 has no mark that reaches C2"),
        "{out}"
    );
    assert!(out.contains("you draw a"), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(std::fs::read_to_string(&saved)
        .unwrap()
        .starts_with("duke-record 1\nseed 5\n"));
    // The loaded endgame is won by capturing the Duke, announced in words.
    assert!(
        out.contains("you play F5xF6: your Wizard F5 takes Dark's Duke on F6"),
        "{out}"
    );
    assert!(
        out.contains("game over: Light wins: it captured the opposing Duke"),
        "{out}"
    );
    assert!(out.contains("you win"), "{out}");
}

#[test]
fn a_random_seed_by_default_printed_and_replayed_with_seed() {
    let seed_of = |out: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with("seed ")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let drawn = |out: &str| -> String {
        out.lines()
            .find(|l| l.contains("you draw "))
            .unwrap()
            .to_string()
    };
    let (a, _, _) = run(&["play"], "fixed\nlevy\n");
    let (b, _, _) = run(&["play"], "fixed\nlevy\n");
    let (sa, sb) = (seed_of(&a), seed_of(&b));
    assert_ne!(sa, sb, "two games without --seed had the same seed");
    assert!(a.contains(&format!("duke play --seed {sa} replays")), "{a}");
    // The printed seed replays the game's draws.
    let (again, _, _) = run(&["play", "--seed", &sa.to_string()], "fixed\nlevy\n");
    assert_eq!(drawn(&again), drawn(&a));
    assert_eq!(seed_of(&again), sa);
}

#[test]
fn help_has_a_legend_and_the_rules() {
    let (out, _, ok) = run(&["play", "--seed", "1"], "help\n");
    assert!(ok);
    for troop in [
        "A Assassin",
        "B Bowman",
        "C Champion",
        "D Duke",
        "F Footman",
        "G General",
        "I Priest",
        "K Knight",
        "L Longbowman",
        "M Marshall",
        "N Dragoon",
        "P Pikeman",
        "R Ranger",
        "S Seer",
        "W Wizard",
    ] {
        assert!(out.contains(troop), "{troop}: {out}");
    }
    assert!(out.contains("+ before a letter"), "{out}");
    assert!(
        out.contains("UPPERCASE letters are Light's tiles, lowercase Dark's"),
        "{out}"
    );
    for glyph in [
        '◇', '●', '○', '✦', '⌘', '◉', '↑', '↗', '→', '↘', '↓', '↙', '←', '↖', '⇑', '⇗', '⇒', '⇘',
        '⇓', '⇙', '⇐', '⇖', '!', '?', '·',
    ] {
        assert!(out.contains(glyph), "{glyph}: {out}");
    }
    let (rules, _, ok) = run(&["play", "--seed", "1"], "help rules\n");
    assert!(ok);
    for part in [
        "Setup:",
        "A turn is one of these",
        "Guard:",
        "The end:",
        "Jump Slide",
    ] {
        assert!(rules.contains(part), "{part}: {rules}");
    }
}

#[test]
fn help_and_board_work_at_the_setup_prompt() {
    let (out, _, ok) = run(&["play", "--seed", "1"], "help\nboard\nclear\n");
    assert!(ok);
    assert!(out.contains("commands:"), "{out}");
    assert!(out.contains("\n   A   B   C   D   E   F\n"), "{out}");
    assert!(out.contains("unknown command 'clear'"), "{out}");
    assert!(!out.contains("not a square"), "{out}");
}

#[test]
fn playing_dark_the_examples_are_darks_squares() {
    let (out, _, ok) = run(
        &["play", "--side", "dark", "--seed", "1"],
        "help\nd6\nc6\ne6\n",
    );
    assert!(ok);
    // The help's examples are Dark's own squares.
    assert!(out.contains("select a tile (e.g. e6)"), "{out}");
    assert!(out.contains("act: e6-e5 (move)"), "{out}");
    assert!(out.contains("place your Duke (C6 or D6)> "), "{out}");
    assert!(
        out.contains("'fixed' for Duke D6, Footmen C6 and E6"),
        "{out}"
    );
    assert!(out.contains("AI (Light) takes the fixed setup"), "{out}");
    // Light, the AI, moves first once the setup is done, said in words.
    let first = &out[out.find("you place the Footman on E6").expect(&out)..];
    let said = first.lines().nth(1).unwrap();
    assert!(
        said.starts_with("Light's ") || said.starts_with("Light levies: it draws "),
        "{said}"
    );
    // The board from Dark's side: rank 1 on top.
    assert!(out.contains("\n   F   E   D   C   B   A\n"), "{out}");
}

#[test]
fn unknown_commands_and_usage_lines() {
    let (out, _, ok) = run(
        &["play", "--seed", "1"],
        "fixed\nclear\nredo\nsave\nload\nnew x\n",
    );
    assert!(ok);
    assert!(out.contains("unknown command 'clear': type help"), "{out}");
    assert!(out.contains("nothing to redo"), "{out}");
    assert!(out.contains("usage: save <file>"), "{out}");
    assert!(out.contains("usage: load <file>"), "{out}");
    assert!(out.contains("usage: new [seed]"), "{out}");
    // The troop of a levy comes from the bag, not from the player.
    let (out, _, _) = run(&["play", "--seed", "1"], "fixed\nw@c2\nboard\n");
    assert!(
        out.contains("W@C2: the bag chooses the troop: type levy to draw one"),
        "{out}"
    );
    let after = &out[out.find("W@C2: the bag").unwrap()..];
    assert!(after.contains("your bag (16)"), "{after}");
}

#[test]
fn a_maneuver_while_a_drawn_troop_waits_asks_for_its_square() {
    let (out, _, ok) = run(&["play", "--seed", "1"], "fixed\nlevy\nb1-b2\n");
    assert!(ok);
    assert!(
        out.contains("b1-b2: place the drawn ") && out.contains(" first: type its square (C2)"),
        "{out}"
    );
}

#[test]
fn undo_and_redo() {
    let (out, _, ok) = run(
        &["play", "--seed", "2", "--level", "1"],
        "fixed\nb1-b2\nundo\nredo\n",
    );
    assert!(ok);
    assert!(out.contains("taken back"), "{out}");
    // Redo plays the player's action and the AI's reply again.
    let redo = &out[out.find("redo B1-B2").expect(&out)..];
    assert!(redo.lines().nth(1).unwrap().starts_with("redo "), "{redo}");
}

#[test]
fn the_game_stays_at_its_prompt_after_the_end() {
    let dir = Dir::new("end");
    let endgame = dir.record("endgame.txt", "D4d/5W/6/6/6/6 l P/- 0 0");
    let saved = dir.0.join("over.txt");
    let script = format!(
        "fixed\nload {endgame}\nf5xf6\nb1-b2\nsave {}\nundo\nredo\nnew 7\nquit\n",
        saved.display()
    );
    let (out, _, ok) = run(&["play", "--seed", "1"], &script);
    assert!(ok, "{out}");
    let end = &out[out.find("you win").expect(&out)..];
    assert!(end.contains("game over> "), "{end}");
    assert!(
        end.contains("the game is over: undo, record, save <file>, new, or quit"),
        "{end}"
    );
    assert!(std::fs::read_to_string(&saved)
        .unwrap()
        .contains("result light duke-captured"));
    assert!(end.contains("taken back"), "{end}");
    assert!(end.contains("redo F5xF6"), "{end}");
    assert!(end.contains("seed 7 (duke play --seed 7 replays"), "{end}");
    assert!(!out.contains("end of input"), "{out}");
}

#[test]
fn guard_marks_the_levy_squares_that_leave_the_duke_attacked() {
    let dir = Dir::new("guard");
    // Dark's Duke, other face up, slides down the C file onto Light's Duke.
    let rec = dir.record("guard.txt", "2+d3/6/6/6/6/2D3 l P/p 0 0");
    let (out, _, ok) = run(
        &["play", "--seed", "1", "--level", "1"],
        &format!("fixed\nload {rec}\nlevy\nb1\nno\nd1\nyes\nundo\nquit\n"),
    );
    assert!(ok, "{out}");
    // The Guard line names the attacker; the board marks B1 and D1.
    assert!(
        out.contains("Guard: your Duke on C1 is attacked by Dark's Duke on C6: save it"),
        "{out}"
    );
    assert!(out.contains("\n1  ·   ?   D   ?   ·   ·\n"), "{out}");
    assert!(
        out.contains("? a levy on B1 or D1 would leave your Duke in Guard"),
        "{out}"
    );
    // The draw shows the troop's two charts.
    let drawn = &out[out.find("you draw a Pikeman").expect(&out)..];
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines[1], "starting face (up when placed)      other face");
    assert_eq!(lines[2], "  ● · · · ●        · ✦ · ✦ ·");
    assert!(drawn.contains("place it on B1?, D1? or C2"), "{drawn}");
    // A placement there asks first; "no" keeps the draw waiting.
    assert!(
        out.contains("Place the Pikeman on B1 anyway? (yes/no)"),
        "{out}"
    );
    assert!(out.contains("not placed: choose another square"), "{out}");
    // "yes" places it, and the AI takes the Duke, said in words.
    assert!(out.contains("you place the Pikeman on D1"), "{out}");
    assert!(
        out.contains("Dark's Duke C6 takes your Duke on C1 (C6xC1)"),
        "{out}"
    );
    assert!(out.contains("you lose"), "{out}");
    // Undo still works after the end.
    assert!(
        out[out.find("you lose").unwrap()..].contains("taken back"),
        "{out}"
    );
}

#[test]
fn warns_when_the_duke_is_attacked_and_marks_forbidden_squares() {
    let dir = Dir::new("warn");
    // Dark's flipped Pikeman on C3 strikes B1 and D1; Light's Duke on C1.
    let rec = dir.record("pin.txt", "5d/6/6/2+p3/6/2D3 l -/- 0 0");
    let (out, _, ok) = run(
        &["play", "--level", "1", "--seed", "1"],
        &format!("fixed\nload {rec}\nc1-b1\n"),
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("! your Duke may not enter B1: the Pikeman on C3 would capture it"),
        "{out}"
    );
    assert!(out.contains("\n1  ·   !   D   !   ·   ·\n"), "{out}");
    // The refusal names the square the Duke would stand on.
    assert!(
        out.contains("C1-B1: it would leave your Duke on B1 open to capture"),
        "{out}"
    );
}

#[test]
fn refusals_name_the_right_square_and_articles_fit() {
    let dir = Dir::new("refuse");
    let rec = dir.record("levy.txt", "3d2/6/6/6/6/2D3 l A/a 0 0");
    let (out, _, ok) = run(
        &["play", "--seed", "1", "--level", "1"],
        &format!("fixed\nload {rec}\nlevy\nc1\n"),
    );
    assert!(ok, "{out}");
    assert!(out.contains("you draw an Assassin"), "{out}");
    assert!(out.contains("A@C1: C1 is not empty"), "{out}");
    assert!(!out.contains("not orthogonally next to it"), "{out}");
}

#[test]
fn one_glyph_per_chart_cell_for_move_and_command() {
    let dir = Dir::new("charts");
    let rec = dir.record("marshall.txt", "3d2/6/6/6/2+M3/2D3 l -/- 0 0");
    let (out, _, ok) = run(
        &["play", "--seed", "1"],
        &format!("fixed\nload {rec}\nc2\n"),
    );
    assert!(ok, "{out}");
    let sel = &out[out.find("your Marshall on C2").expect(&out)..];
    let rows: Vec<&str> = sel.lines().skip(1).take(5).collect();
    // Other face up: Move and Command on the three squares ahead; it flips
    // to Jumps and Slides.
    assert_eq!(rows[1], "  · ◉ ◉ ◉ ·        · · · · ·");
    for row in rows {
        for grid in row.trim().split("        ") {
            assert_eq!(grid.split(' ').count(), 5, "{row:?}");
            assert!(grid.split(' ').all(|c| c.chars().count() == 1), "{row:?}");
        }
    }
}

#[test]
fn hint_is_the_strongest_level_with_one_score_in_footmen() {
    // Whatever level the AI plays, the hint searches as level 5.
    for level in ["1", "4"] {
        let (out, _, ok) = run(&["play", "--seed", "3", "--level", level], "fixed\nhint\n");
        assert!(ok, "{out}");
        let head = out
            .lines()
            .find_map(|l| l.split_once("hint (level 5, "))
            .expect(&out)
            .1;
        let (depth, rest) = head.split_once(" turns ahead): ").expect(head);
        assert!(depth.parse::<u32>().unwrap() >= 3, "{head}");
        assert!(rest.contains("(in Footmen: 1.00 = a Footman"), "{head}");
        let (choice, score) = rest.split_once(" (").unwrap().0.split_once(", ").unwrap();
        let value: f64 = score.parse().unwrap();
        assert!(value.abs() < 20.0, "{score}");
        // One score: the alternatives are named without their own.
        let also = out
            .lines()
            .find_map(|l| l.trim().strip_prefix("also worth a look: "))
            .expect(&out);
        assert!(
            !also.contains('+') && !also.split(", ").any(|a| a == choice),
            "{also}"
        );
    }
}

#[test]
fn end_of_input_leaves_cleanly() {
    let (out, _, ok) = run(&["play"], "");
    assert!(ok);
    assert!(out.contains("place your Duke (C1 or D1)> "), "{out}");
    assert!(out.contains("end of input: leaving the game"), "{out}");
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
    assert!(out.contains("Light's ") && out.contains("Dark's "), "{out}");
}

#[test]
fn auto_with_a_delay_shows_each_turn_and_waits() {
    let start = Instant::now();
    let (out, _, ok) = run(
        &[
            "play", "--auto", "--level", "1", "--seed", "3", "--delay", "20",
        ],
        "",
    );
    let elapsed = start.elapsed();
    assert!(ok);
    let turns = out
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .count() as u32;
    assert!(turns > 0, "{out}");
    // A board after every turn but the last, and a pause after every turn.
    let boards = out.matches("\n   A   B   C   D   E   F\n").count() as u32;
    assert!(boards >= turns, "{boards} boards for {turns} turns");
    assert!(elapsed >= Duration::from_millis(20) * turns, "{elapsed:?}");
    // --delay belongs to --auto.
    let (_, err, ok) = run(&["play", "--delay", "5"], "");
    assert!(!ok && err.contains("--auto"), "{err}");
}

#[test]
fn help_for_every_command_and_completions() {
    let (out, _, ok) = run(&["--help"], "");
    assert!(ok);
    for cmd in [
        "play",
        "perft",
        "actions",
        "selfplay",
        "demo",
        "tournament",
        "sprt",
        "soak",
        "completions",
    ] {
        assert!(out.contains(&format!("  {cmd} ")), "{cmd}: {out}");
        let (help, _, ok) = run(&[cmd, "--help"], "");
        assert!(ok && help.contains("Usage: duke "), "{cmd}: {help}");
        for line in help.lines() {
            assert!(line.chars().count() <= 80, "{cmd}: {line}");
        }
    }
    // `moves` stays as another name for `actions`.
    let (listed, _, ok) = run(&["moves", "start"], "");
    assert!(ok && listed.lines().count() == 18, "{listed}");
    let (play, _, _) = run(&["play", "--help"], "");
    for opt in ["--side", "--level", "--seed", "--auto", "--delay"] {
        assert!(play.contains(opt), "{opt}: {play}");
    }
    let (bash, _, ok) = run(&["completions", "bash"], "");
    assert!(
        ok && bash.contains("_duke()") && bash.contains("tournament"),
        "{bash}"
    );
    let (_, err, ok) = run(&["play", "--level", "9"], "");
    assert!(!ok && err.contains("--level"), "{err}");
}

#[test]
fn perft_actions_and_errors() {
    let (out, _, ok) = run(&["perft", "start", "3"], "");
    assert!(ok && out.contains("perft 3 = 4694"), "{out}");
    let (out, _, ok) = run(
        &[
            "actions",
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
    // The same games by the first player's colour: two each.
    let sides = out
        .lines()
        .find_map(|l| l.strip_prefix("level1 as Light: "))
        .expect("a line by colour");
    let counts: u32 = sides
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u32>().ok())
        .sum();
    assert!(sides.contains("; as Dark: +") && counts == 4, "{out}");
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
    let (out, err, ok) = run(
        &["soak", "--games", "30", "--ai-games", "2", "--threads", "2"],
        "",
    );
    assert!(
        ok && out.contains("random: 30 games") && out.contains("level1 vs level2: 2 games"),
        "{out}"
    );
    assert!(out.contains("every invariant held"), "{out}");
    // No progress bar in a pipe outside CI.
    assert!(err.is_empty(), "{err}");
    let (_, err, ok) = run(&["tournament", "level9", "random"], "");
    assert!(!ok && err.contains("is not a player"), "{err}");
}

#[test]
fn progress_in_ci_logs_is_a_plain_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(["soak", "--games", "20", "--ai-games", "0"])
        .env("CI", "true")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success());
    assert!(err.starts_with("random: 20/20 games"), "{err}");
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
}

#[test]
fn strikes_and_commands_are_said_in_words() {
    let dir = Dir::new("words");
    let strike = dir.record("strike.txt", "3d2/6/3f2/6/2+P3/D5 l -/- 0 0");
    let command = dir.record("command.txt", "3d2/6/6/6/2+G3/2D3 l -/- 0 0");
    let (out, _, ok) = run(
        &["play", "--seed", "1", "--level", "1"],
        &format!("fixed\nload {strike}\nc2*d4\nload {command}\nc2:c1-b1\nrecord\n"),
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("you play C2*D4: your Pikeman C2 strikes Dark's Footman on D4"),
        "{out}"
    );
    assert!(
        out.contains("you play C2:C1-B1: your General C2 commands your Duke C1 to B1"),
        "{out}"
    );
    // The AI's replies are said in words too: "Dark's <troop> <square> ...".
    let replies = out
        .lines()
        .filter(|l| l.starts_with("Dark's ") && l.ends_with(')'))
        .count();
    assert!(replies >= 2, "{out}");
    assert!(out.contains("1. C2:C1-B1"), "{out}");
}

#[test]
fn expanded_play_help_passes_and_relocations_in_the_game() {
    // help lists the rules' commands and signs; help rules adds what they change.
    let (out, _, ok) = run(
        &["play", "--seed", "1", "--rules", "coup+mountain+fort"],
        "fixed\nfixed\nhelp\nhelp rules\n",
    );
    assert!(ok, "{out}");
    for part in [
        "under the rules coup+mountain+fort:",
        "relocate <sq>",
        "pass <a> <b>",
        "▲              the Mountain",
        "□              the Fort",
        "Expanded Play: the rules coup+mountain+fort",
        "Counting Coup: after setup each side places its Flag",
        "Nothing stands on the Mountain.",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
    // The standard game's help has none of it.
    let (out, _, _) = run(&["play", "--seed", "1"], "fixed\nhelp\nhelp rules\n");
    assert!(
        !out.contains("under the rules") && !out.contains("Expanded Play"),
        "{out}"
    );
    // A relocation after a point against Light, and a Flag's pass.
    let dir = Dir::new("expanded-commands");
    let reloc = dir.record(
        "reloc.txt",
        "3d2/6/6/6/4+f1/2D3 l -/- 0 1 coup,flags=F2/A5,score=0/1,relocate",
    );
    let pass = dir.record("pass.txt", "3d2/6/6/2F3/2F3/3D2 l -/- 0 1 flag,flags=A1/C3");
    let (out, _, ok) = run(
        &["play", "--seed", "1", "--level", "1"],
        &format!("fixed\nload {reloc}\nrelocate\nrelocate e4\nrelocate b1\nload {pass}\npass c3\npass c3 d4\npass c3 c2\n"),
    );
    assert!(ok, "{out}");
    for part in [
        "(relocate <square>: B1, D1 or C2)",
        "usage: relocate <square>",
        "flag@E4: ",
        "you play flag@B1: you move your Flag to B1",
        "usage: pass <holder's square> <square next to it>",
        "C3^D4: ",
        "you play C3^C2: your Footman C3 passes the Flag to the Footman on C2",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
}

#[test]
fn expanded_play_in_every_command() {
    // selfplay: the record names the rules and carries the terrain drawn.
    let (out, _, ok) = run(&["selfplay", "--seed", "3", "--rules", "coup+mountain"], "");
    assert!(ok, "{out}");
    assert!(out.contains("\nrules coup+mountain\n"), "{out}");
    assert!(
        out.contains(" mountain@") && out.contains(" flag@"),
        "{out}"
    );
    assert!(
        out.contains("# final position: ") && out.contains(" coup+mountain,mountain="),
        "{out}"
    );
    // perft and actions of a start under rules, and of a six-field DPN.
    let (out, err, ok) = run(&["perft", "start", "2", "--rules", "rider"], "");
    assert!(ok && out.contains("perft 2 = "), "{out}{err}");
    assert!(err.contains("start under rider (seed 0): "), "{err}");
    let dpn = "3d2/6/6/6/1F4/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0";
    let (out, _, ok) = run(&["actions", dpn], "");
    assert!(ok && out.lines().any(|l| l == "B2-B3"), "{out}");
    // A bad rules text: the engine's message, exit status 2.
    let (_, err, ok) = run(&["selfplay", "--rules", "coup+flag"], "");
    assert!(
        !ok && err.contains("\"flag\" is a second objective"),
        "{err}"
    );
    let (_, err, ok) = run(&["actions", "3d2/6/6/6/6/2D3 l -/- 0 0 standard"], "");
    assert!(
        !ok && err.contains("a sixth field names other rules"),
        "{err}"
    );
    // soak: random games with random starts and AI games under rules.
    let (out, _, ok) = run(
        &[
            "soak",
            "--games",
            "20",
            "--ai-games",
            "2",
            "--rules",
            "flag+fort+draft",
        ],
        "",
    );
    assert!(ok && out.starts_with("rules flag+fort+draft\n"), "{out}");
    assert!(
        out.contains("random: 20 games") && out.contains("every invariant held"),
        "{out}"
    );
}

#[test]
fn play_expanded_rules_from_the_draft_to_the_flags() {
    // The draft: Light picks second; then the setup; then the Flags.
    let (out, _, ok) = run(
        &["play", "--rules", "flag+draft", "--seed", "2", "--level", "1"],
        "pick Q\npick Marshall\nM\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nfixed\nrecord\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("The Duke under the rules flag+draft"), "{out}");
    assert!(out.contains("AI: Dark picks the Pikeman"), "{out}");
    assert!(out.contains("pick: \"Q\""), "{out}");
    assert!(out.contains("Other Objective: place Dark's Flag"), "{out}");
    assert!(out.contains("\nrules flag+draft\n"), "{out}");
    assert!(out.contains("turn 1, Light to move (you)"), "{out}");
    // Dark Rider: Light places five Pikemen, Dark (the AI) moves first.
    let (out, _, ok) = run(
        &[
            "play",
            "--rules",
            "rider+mountain",
            "--seed",
            "4",
            "--level",
            "1",
        ],
        "a1\nfixed\nfixed\nfixed\nfixed\nboard\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("setup (Dark Rider): place your five Pikemen"),
        "{out}"
    );
    assert!(out.contains("you place the Pikeman on A1"), "{out}");
    assert!(out.contains("AI: Dark places the Knight on"), "{out}");
    assert!(out.contains("▲ Mountain "), "{out}");
}

#[test]
fn hostile_arguments_and_files_cost_a_typed_error() {
    // A device or a directory is refused unread; standard input past a
    // record's limit is refused after reading just past it.
    let start = Instant::now();
    let (_, err, ok) = run(&["analyze", "/dev/zero"], "");
    assert!(
        !ok && err.contains("/dev/zero: not a regular file"),
        "{err}"
    );
    let (_, err, ok) = run(&["analyze", "/"], "");
    assert!(!ok && err.contains("not a regular file"), "{err}");
    let big = "x".repeat((1 << 20) + 10);
    let (_, err, ok) = run(&["analyze", "-"], &big);
    assert!(
        !ok && err.contains("a record is at most 1048576 bytes"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(30));
    // Counts in the engine's ranges, with its codes.
    for (args, code) in [
        (vec!["perft", "start", "99"], "perft.depth"),
        (
            vec!["soak", "--threads", "0", "--games", "1"],
            "threads.range",
        ),
        (
            vec!["soak", "--threads", "1000000", "--games", "1"],
            "threads.range",
        ),
        (
            vec!["tournament", "random", "random", "--threads", "100000"],
            "threads.range",
        ),
        (vec!["engine", "--time", "86400001"], "limits.millis"),
    ] {
        let (_, err, ok) = run(&args, "");
        assert!(!ok && err.contains(code), "{args:?}: {err}");
    }
    // SPRT counts whose sum would wrap.
    let (out, err, ok) = run(
        &[
            "sprt",
            "0,50",
            "9223372036854775807 0 0 0 0",
            "9223372036854775807 0 0 0 1",
        ],
        "",
    );
    assert!(
        !ok && out.is_empty() && err.contains("more than 1000000000000 pairs"),
        "{err}"
    );
}

#[test]
fn fixed_places_all_of_dark_riders_pikemen() {
    let (out, _, _) = run(
        &["play", "--rules", "rider", "--seed", "3"],
        "fixed\nquit\n",
    );
    for sq in ["A1", "B1", "C1", "D1", "E1"] {
        assert!(
            out.contains(&format!("you place the Pikeman on {sq}")),
            "{sq}: {out}"
        );
    }
    assert!(out.contains("AI: Dark places the Knight"), "{out}");
    assert!(out.contains("turn 2, Light to move (you)"), "{out}");
}

#[test]
fn the_books_transcripts_of_duke_play_are_what_it_prints() {
    // Each `text` block of the book that starts with `$ duke play` is a
    // session at a terminal: a line with `> ` is a prompt and what the
    // player typed after it, `...` leaves lines out, and every other line
    // is the program's. Piped, the program prints the same lines in the
    // same order, without the player's typing.
    let book = include_str!("../../docs/src/expanded.md");
    let mut blocks = 0;
    for block in book.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut lines = block.lines();
        let Some(command) = lines.next().and_then(|l| l.strip_prefix("$ duke ")) else {
            continue;
        };
        let args: Vec<&str> = command.split_whitespace().collect();
        let mut input = String::new();
        let mut expected: Vec<&str> = Vec::new();
        for line in lines.filter(|l| *l != "...") {
            match line.split_once("> ") {
                Some((prompt, typed)) => {
                    input.push_str(typed);
                    input.push('\n');
                    let end = prompt.len() + 2;
                    expected.push(&line[..end]);
                }
                None => expected.push(line.trim_end()),
            }
        }
        let (out, err, ok) = run(&args, &input);
        assert!(ok && err.is_empty(), "duke {command}: {err}");
        let mut rest = out.as_str();
        for piece in expected {
            let at = rest.find(piece).unwrap_or_else(|| {
                panic!("duke {command}: the book's line\n{piece}\nis not printed (in this order) in\n{out}")
            });
            rest = &rest[at + piece.len()..];
        }
        blocks += 1;
    }
    assert_eq!(blocks, 4, "the four transcripts of Expanded Play");
}
