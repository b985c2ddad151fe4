//! `duke tournament` with external engines through `--engine`: the
//! program's own `duke engine` processes, and engines that answer
//! illegally or too late (shell scripts written by the test).

use std::process::Command;

fn duke(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(args)
        .env_remove("CI")
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// The result part of the summary line (before the score and time).
fn result(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.contains(" games (paired"))
        .unwrap_or("");
    line.split_once(": ")
        .map(|(_, r)| r)
        .unwrap_or("")
        .split(", score")
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn two_duke_engine_processes_play_a_match() {
    let engine = |level: u8| format!("{} engine --level {level}", env!("CARGO_BIN_EXE_duke"));
    let (out, err, ok) = duke(&[
        "tournament",
        "engine",
        "engine",
        "--engine",
        &engine(3),
        "--engine",
        &engine(1),
        "--games",
        "4",
    ]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("4 games (paired seeds, colours swapped)"),
        "{out}"
    );
    assert!(!out.contains("loses"), "{out}");
    // Level 3 has no noise and no time limit: the engine through the
    // protocol plays the games the built-in level 3 plays.
    let (builtin, _, _) = duke(&["tournament", "level3", "level1", "--games", "4"]);
    let (external, _, _) = duke(&[
        "tournament",
        "engine",
        "level1",
        "--games",
        "4",
        "--engine",
        &engine(3),
    ]);
    assert_eq!(result(&builtin), result(&external), "{builtin}\n{external}");
}

fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn illegal_and_late_answers_lose_and_are_reported() {
    let dir = std::env::temp_dir().join(format!("duke-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Identifies itself, then answers every go with an action no Footman has.
    let illegal = script(
        &dir,
        "illegal.sh",
        "while read -r line; do case \"$line\" in\n\
         duke) echo dukeok ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestdecision B1-B4 score 0.00 pv B1-B4' ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    );
    let (out, _, ok) = duke(&[
        "tournament",
        "engine",
        "random",
        "--engine",
        &illegal,
        "--games",
        "2",
    ]);
    assert!(ok, "{out}");
    assert!(
        result(&out).starts_with("2 games") && result(&out).contains("+0 =0 -2"),
        "{out}"
    );
    assert!(
        out.contains("loses: turn 1: the illegal decision B1-B4: B1-B4: the Footman on B1 has no mark that reaches B4")
            || out.contains("loses: turn 2: the illegal decision B1-B4"),
        "{out}"
    );
    assert!(
        out.contains("2 games lost by an illegal or late answer"),
        "{out}"
    );
    // Never answers go.
    let late = script(
        &dir,
        "late.sh",
        "while read -r line; do case \"$line\" in\n\
         duke) echo dukeok ;;\n\
         isready) echo readyok ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    );
    let (out, _, ok) = duke(&[
        "tournament",
        "random",
        "engine",
        "--engine",
        &late,
        "--games",
        "2",
        "--timeout",
        "200",
    ]);
    assert!(ok, "{out}");
    assert!(result(&out).contains("+2 =0 -0"), "{out}");
    assert!(
        out.contains("loses: turn ") && out.contains("no bestdecision within the time allowed"),
        "{out}"
    );
    // A levy's draw is the referee's: answering the levy (here in the protocol's first word, draw) while a troop waits loses.
    let drawer = script(
        &dir,
        "drawer.sh",
        "while read -r line; do case \"$line\" in\n\
         duke) echo dukeok ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestdecision draw score 0.00 pv draw' ;;\n\
         quit) exit 0 ;;\n\
         esac; done\n",
    );
    let (out, _, ok) = duke(&[
        "tournament",
        "engine",
        "random",
        "--engine",
        &drawer,
        "--games",
        "2",
    ]);
    assert!(ok, "{out}");
    assert!(out.contains("answered levy while its drawn"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    // Usage errors.
    let (_, err, ok) = duke(&["tournament", "engine", "random"]);
    assert!(!ok && err.contains("needs an --engine"), "{err}");
    let (_, err, ok) = duke(&["tournament", "level1", "random", "--engine", "x"]);
    assert!(!ok && err.contains("more --engine options"), "{err}");
    let (_, err, ok) = duke(&["tournament", "level1", "random", "--sprt", "50,0"]);
    assert!(!ok && err.contains("must be below"), "{err}");
}

#[test]
fn sprt_stops_when_the_test_decides() {
    // Level 3 against random: H1 (at least 50 Elo stronger) is accepted
    // long before 400 games.
    let (out, err, ok) = duke(&[
        "tournament",
        "level3",
        "random",
        "--games",
        "400",
        "--sprt",
        "0,50",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("sprt: 1 pairs, pentanomial ["), "{out}");
    assert!(
        out.contains("H1 accepted: level3 is at least 50 Elo stronger"),
        "{out}"
    );
    let games: u32 = result(&out).split(' ').next().unwrap().parse().unwrap();
    assert!(games < 400, "{out}");
    // And H0 for random against level 3.
    let (out, _, _) = duke(&[
        "tournament",
        "random",
        "level3",
        "--games",
        "400",
        "--sprt",
        "0,50",
    ]);
    assert!(out.contains("H0 accepted"), "{out}");
}

/// The last `sprt:` line of a match's output, without its prefix.
fn last_sprt_line(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("sprt: "))
        .unwrap_or("")
}

#[test]
fn duke_sprt_gives_the_matchs_own_llr_and_adds_runs_up() {
    // A short match that stops before any verdict: its last line's counts,
    // given to `duke sprt`, give the LLR the match printed.
    let (out, err, ok) = duke(&[
        "tournament",
        "level1",
        "random",
        "--games",
        "12",
        "--sprt",
        "0,5",
    ]);
    assert!(ok, "{out}{err}");
    let line = last_sprt_line(&out);
    assert!(line.starts_with("6 pairs, pentanomial ["), "{out}");
    let counts = line.split(['[', ']']).nth(1).unwrap();
    let (calc, err, ok) = duke(&["sprt", "0,5", counts]);
    assert!(ok, "{calc}{err}");
    assert!(
        calc.ends_with(&format!("{line}\n")),
        "{calc}\nshould end with\n{line}"
    );
    assert!(calc.starts_with("12 games in 6 pairs: score "), "{calc}");
    // Two runs of one test add up: [2 0 15 2 0] and [5 3 27 3 8].
    let (split, _, ok) = duke(&["sprt", "0,50", "2 0 15 2 0", "5,3,27,3,8"]);
    assert!(ok, "{split}");
    let (whole, _, _) = duke(&["sprt", "0,50", "7 3 42 5 8"]);
    assert_eq!(split, whole);
    assert!(
        whole.contains(
            "no verdict yet (more games needed); 65 pairs, pentanomial [7 3 42 5 8], LLR -1.411"
        ),
        "{whole}"
    );
    let (won, _, _) = duke(&["sprt", "0,50", "0 0 10 20 30"]);
    assert!(
        won.contains("H1 accepted: the first player is at least 50 Elo stronger"),
        "{won}"
    );
    // Bad input: a usage error naming the problem.
    for (args, says) in [
        (
            &["sprt", "0,50", "1 2 3"][..],
            "is not five counts of pairs",
        ),
        (&["sprt", "0,50", "0 0 0 0 0"], "no pairs"),
        (&["sprt", "50,0", "1 1 1 1 1"], "must be below"),
        (
            &["sprt", "0,50", "1 1 1 1 1", "--alpha", "0.7"],
            "--alpha and --beta",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_duke"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn ctrl_c_stops_a_match_with_the_summary_of_the_games_finished() {
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    // As at a terminal: the match in its own process group, and Ctrl-C
    // sent to the whole group. The engines are level 1 through the
    // protocol, and the narrow test does not decide in a few pairs.
    let engine = format!("{} engine --level 1", env!("CARGO_BIN_EXE_duke"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args([
            "tournament",
            "engine",
            "engine",
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--games",
            "100000",
            "--sprt",
            "0,5",
        ])
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    while !out.contains("sprt: 3 pairs") {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "{out}");
        out.push_str(&line);
    }
    let group = format!("-{}", child.id());
    let kill = Command::new("kill")
        .args(["-INT", "--", &group])
        .status()
        .unwrap();
    assert!(kill.success());
    stdout.read_to_string(&mut out).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{out}{err}");
    assert!(
        err.contains("stopping after the current decisions"),
        "{err}"
    );
    // The summary of the games finished, none of them lost to an engine
    // that Ctrl-C reached, and the test's state.
    assert!(
        out.contains(" games (paired seeds, colours swapped): +"),
        "{out}"
    );
    assert!(!out.contains("loses"), "{out}");
    assert!(
        out.contains("no verdict yet (more games needed); "),
        "{out}"
    );
    assert!(
        out.ends_with("stopped by Ctrl-C (SIGINT): the games in play then are not counted\n"),
        "{out}"
    );
    let counted: u64 = last_sprt_line(&out)
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(counted >= 3, "{out}");
}
