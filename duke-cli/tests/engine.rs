//! `duke engine` driven through a scripted exchange of the engine
//! protocol, as a client (a GUI, a referee) would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duke"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine answers within a minute")
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let done = l.starts_with(prefix);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Sends `line` and expects exactly one answer, an error line.
    fn expect_error(&mut self, line: &str, contains: &str) {
        self.send(line);
        let l = self.line();
        assert!(
            l.starts_with("error ") && l.contains(contains),
            "{line:?} answered {l:?}, not an error naming {contains:?}"
        );
        // The engine keeps running.
        self.send("isready");
        assert_eq!(self.line(), "readyok");
    }
}

/// Asserts that `decision` is the levy (`levy`) or one of the actions
/// `duke actions` lists in `dpn`.
fn assert_listed(dpn: &str, decision: &str) {
    let legal = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(["actions", dpn])
        .output()
        .unwrap();
    let legal = String::from_utf8(legal.stdout).unwrap();
    assert!(
        decision == "levy" || legal.lines().any(|l| l == decision),
        "{decision} not in {legal}"
    );
}

fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|&w| w == name).unwrap();
    words[i + 1]
}

#[test]
fn scripted_exchange() {
    let mut e = Engine::start();
    e.send("duke");
    let id = e.until("dukeok");
    assert!(id[0].starts_with("id name duke-engine "), "{id:?}");
    assert!(id.iter().any(|l| l == "protocol duke-engine-protocol 1"));
    for name in ["level", "depth", "nodes", "time"] {
        assert!(
            id.iter()
                .any(|l| l.starts_with(&format!("option name {name} type spin"))),
            "no option {name}: {id:?}"
        );
    }
    e.send("isready");
    assert_eq!(e.line(), "readyok");

    // A search to a depth from a record's actions.
    e.send("position start moves B1-B2 E6-F6");
    e.send("go depth 2");
    let answer = e.until("bestdecision");
    let info = &answer[answer.len() - 2];
    assert!(info.starts_with("info depth 2 score "), "{answer:?}");
    let best = answer.last().unwrap();
    let decision = best.split_whitespace().nth(1).unwrap();
    // The decision is legal for Light in that position (or the levy).
    assert_listed(
        "2fd1f/6/6/6/1F4/2DF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 2 2",
        decision,
    );
    let score: f64 = field(best, "score").parse().unwrap();
    assert!(score.abs() < 10.0, "{best}");
    assert!(best.contains(" pv "), "{best}");

    // The start given by DPN searches as `position start` (no history in either).
    e.send("position start");
    e.send("go depth 3");
    let from_start = e.until("bestdecision").pop().unwrap();
    e.send("position dpn 2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
    e.send("go depth 3");
    assert_eq!(e.until("bestdecision").pop().unwrap(), from_start);

    // A drawn troop: the answer is its placement next to the Duke.
    e.send("position start");
    e.send("drawn P");
    e.send("go nodes 20000");
    let best = e.until("bestdecision").pop().unwrap();
    let placed = best.split_whitespace().nth(1).unwrap();
    assert!(
        ["P@B2", "P@C2", "P@D2"].contains(&placed),
        "{best}: not a Pikeman placed next to the Duke on C1"
    );

    // Options.
    e.send("setoption name level value 1");
    e.send("position start");
    e.send("go");
    assert!(e
        .until("bestdecision")
        .pop()
        .unwrap()
        .starts_with("bestdecision "));

    // A long search is stopped.
    e.send("setoption name level value 5");
    e.send("go depth 60");
    e.send("stop");
    let stopped = e.until("bestdecision").pop().unwrap();
    assert!(stopped.starts_with("bestdecision "), "{stopped}");

    // Malformed and refused commands: an error line each, and the engine goes on.
    e.expect_error("fly away", "unknown command \"fly\"");
    e.expect_error("go depth many", "\"many\" is not a non-negative number");
    e.expect_error("setoption name level value 9", "levels are 1 to 5");
    e.expect_error("setoption name hash value 9", "unknown option \"hash\"");
    e.expect_error("position start moves B1-B4", "B1-B4");
    e.expect_error("position dpn 6/6 l", "position:");
    e.expect_error("drawn Q", "not a troop letter");
    e.send("position start moves B1-B2");
    e.expect_error("drawn D", "no Duke in its bag");
    e.expect_error("isready now", "takes no arguments");

    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn threads_option() {
    // `--threads` sets the option's starting value, announced as its default.
    let mut e = Engine::start_with(&["--threads", "2"]);
    e.send("duke");
    let id = e.until("dukeok");
    assert!(
        id.iter()
            .any(|l| l == "option name threads type spin default 2 min 1 max 64"),
        "{id:?}"
    );
    // Two threads: a legal decision at a depth, and an answer within a time.
    e.send("position dpn 2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40");
    e.send("go depth 3");
    let answer = e.until("bestdecision");
    assert!(
        answer[answer.len() - 2].starts_with("info depth 3 "),
        "{answer:?}"
    );
    let decision = answer
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert_listed(
        "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
        &decision,
    );
    e.send("go movetime 200");
    let answer = e.until("bestdecision");
    let time: u64 = field(&answer[answer.len() - 2], "time").parse().unwrap();
    assert!(time < 200 + 400, "{answer:?}");
    // Back to one thread, and out-of-range counts refused.
    e.send("setoption name threads value 1");
    e.send("go depth 2");
    assert!(e
        .until("bestdecision")
        .pop()
        .unwrap()
        .starts_with("bestdecision "));
    e.expect_error(
        "setoption name threads value 0",
        "the search takes 1 to 64 threads",
    );
    e.expect_error(
        "setoption name threads value 65",
        "the search takes 1 to 64 threads",
    );
    e.expect_error(
        "setoption name threads value two",
        "is not a number (threads is 1 to 64)",
    );
    e.expect_error(
        "setoption name depth value 65",
        "a search's depth is 1 to 64",
    );
    e.expect_error("go depth 99", "go: depth 99");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
    // The argument is checked too.
    let out = Command::new(env!("CARGO_BIN_EXE_duke"))
        .args(["engine", "--threads", "0"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
}

#[test]
fn evalfile_loads_a_network_and_refuses_a_bad_file() {
    use duke_engine::search::nnue::Network;
    let dir = std::env::temp_dir().join(format!("duke-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("zero.nnue");
    std::fs::write(&good, Network::zeroed().to_bytes()).unwrap();
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"not a network").unwrap();
    let mut e = Engine::start();
    e.send("duke");
    let id = e.until("dukeok");
    assert!(
        id.iter()
            .any(|l| l == "option name evalfile type string default builtin"),
        "{id:?}"
    );
    e.expect_error(
        &format!("setoption name evalfile value {}", bad.display()),
        "[nnue.file]",
    );
    e.expect_error(
        "setoption name evalfile value /no/such/file",
        "/no/such/file",
    );
    // A zeroed network scores every position 0: the search says 0.00.
    e.send(&format!("setoption name evalfile value {}", good.display()));
    e.send("position start moves B1-B2");
    e.send("go depth 2");
    let best = e.until("bestdecision").pop().unwrap();
    assert_eq!(field(&best, "score"), "0.00", "{best}");
    // An empty value selects the hand-tuned evaluation, as its name does;
    // `builtin` goes back to the built-in network, the default, which
    // scores the position otherwise.
    let score = |e: &mut Engine, value: &str| {
        e.send(&format!("setoption name evalfile value {value}"));
        e.send("go depth 2");
        let best = e.until("bestdecision").pop().unwrap();
        field(&best, "score").to_string()
    };
    let hand = score(&mut e, "<empty>");
    assert_ne!(hand, "0.00");
    assert_eq!(score(&mut e, "hand-tuned"), hand);
    let builtin = score(&mut e, "builtin");
    assert_ne!(builtin, hand);
    e.send("quit");
    let mut fresh = Engine::start();
    fresh.send("position start moves B1-B2");
    fresh.send("go depth 2");
    let best = fresh.until("bestdecision").pop().unwrap();
    assert_eq!(field(&best, "score"), builtin, "{best}");
    fresh.send("quit");
    // The same file from the command line.
    let mut e = Engine::start_with(&["--eval-file", good.to_str().unwrap()]);
    e.send("go depth 1");
    let best = e.until("bestdecision").pop().unwrap();
    assert_eq!(field(&best, "score"), "0.00", "{best}");
    e.send("quit");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn rules_option_and_positions_with_a_sixth_field() {
    let mut e = Engine::start();
    e.send("duke");
    let hello = e.until("dukeok");
    assert!(
        hello
            .iter()
            .any(|l| l == "option name rules type string default standard"),
        "{hello:?}"
    );
    let dpn = "3d2/6/6/6/1F4/2D3 l -/- 0 0 coup,flags=F1/A3,score=0/0";
    // A position under other rules than the option's is refused, naming both.
    e.expect_error(
        &format!("position dpn {dpn}"),
        "the option rules is standard",
    );
    e.expect_error(
        "setoption name rules value coup+coup",
        "\"coup\" is given twice",
    );
    e.send("setoption name rules value coup");
    // Under rules with Flags the start is the referee's.
    e.expect_error("position start", "send \"position dpn <DPN>\"");
    e.send(&format!("position dpn {dpn} moves B2-B3"));
    e.send("go depth 2");
    let lines = e.until("bestdecision");
    let best = field(lines.last().unwrap(), "bestdecision");
    // Dark may relocate its Flag first, or play: any of its decisions.
    assert_listed(
        "3d2/6/6/1+F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0,relocate",
        best,
    );
    e.send("quit");
    e.child.wait().unwrap();
}

#[test]
fn any_line_gets_an_answer_and_the_engine_goes_on() {
    let mut e = Engine::start();
    // Not UTF-8, then a line past the limit: an error line each.
    e.stdin.write_all(b"go \xff\xfe depth 1\n").unwrap();
    e.stdin.flush().unwrap();
    let l = e.line();
    assert!(l.starts_with("error ") && l.contains("not UTF-8"), "{l}");
    let long = vec![b'x'; (1 << 20) + 5];
    e.stdin.write_all(&long).unwrap();
    e.stdin.write_all(b"\n").unwrap();
    let l = e.line();
    assert!(l.starts_with("error a line of 1048581 bytes"), "{l}");
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    // A FIFO as the weights file is refused at once (never opened to wait
    // for a writer), and so is a device.
    let fifo = std::env::temp_dir().join(format!("duke-fifo-{}", std::process::id()));
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        e.expect_error(
            &format!("setoption name evalfile value {}", fifo.display()),
            "not a regular file",
        );
        std::fs::remove_file(&fifo).ok();
    }
    e.expect_error(
        "setoption name evalfile value /dev/zero",
        "not a regular file",
    );
    e.send("quit");
    e.child.wait().unwrap();
}
