//! An external engine as a tournament player: a child process spoken to
//! through the engine protocol (`docs/src/engine-protocol.md`). The
//! referee (the tournament) owns the game and its bag; the engine only
//! answers decisions, and every answer is judged by the engine's arbiter.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use duke_engine::Decision;
use duke_engine::{Game, Phase, Position, Rules};

use crate::protocol::parse_decision;

/// How long an engine may take at least to start and identify itself
/// (or more, up to the decision's timeout).
const HELLO: Duration = Duration::from_secs(5);

/// A running engine.
pub struct External {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    hello: Duration,
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give it a moment to leave on its own, then end it.
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl External {
    /// Starts `command` (a program and its arguments, split on spaces) and
    /// waits for its `dukeok`.
    pub fn start(command: &str, timeout: Duration) -> Result<External, String> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| "--engine: the command is empty".to_string())?;
        let mut cmd = Command::new(program);
        cmd.args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group: Ctrl-C at the terminal reaches the
        // referee, which ends the match with its summary and then the
        // engine, and not the engine, which would die in mid-game.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("engine \"{command}\": cannot start it: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = External {
            command: command.to_string(),
            child,
            stdin,
            lines,
            hello: timeout.max(HELLO),
        };
        engine.send("duke")?;
        engine.wait_for("dukeok", Instant::now() + engine.hello)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine \"{}\" stopped reading: {e}", self.command))
    }

    /// The lines up to the first that starts with `word`, that line
    /// returned; an `error` line or silence past `deadline` fails.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let first = line.split_whitespace().next().unwrap_or("");
                    if first == word {
                        return Ok(line);
                    }
                    if first == "error" {
                        return Err(format!("answered \"{line}\""));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no {word} within the time allowed"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("exited before its {word}"))
                }
            }
        }
    }

    /// A new game under `rules` (set by the option `rules` when they are
    /// not the standard game's).
    pub fn new_game(&mut self, rules: Rules) -> Result<(), String> {
        if !rules.is_standard() {
            self.send(&format!("setoption name rules value {rules}"))?;
        }
        self.send("newgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + self.hello)
            .map(|_| ())
    }

    /// The engine's decision in `game`, within `timeout`. The decision is
    /// read, not judged: the caller's arbiter judges it. Under Expanded
    /// Play's rules the engine is sent `start`, the position play began
    /// in (its terrain and Flags are the referee's), as DPN.
    pub fn decide(
        &mut self,
        game: &Game,
        start: &Position,
        timeout: Duration,
    ) -> Result<Decision, String> {
        let mut position = if start.rules().is_standard() {
            String::from("position start")
        } else {
            format!("position dpn {start}")
        };
        let turns: Vec<String> = game.turns().map(|a| a.to_string()).collect();
        if !turns.is_empty() {
            position.push_str(" moves ");
            position.push_str(&turns.join(" "));
        }
        self.send(&position)?;
        if let Phase::Levy { troop } = game.phase() {
            self.send(&format!("drawn {}", troop.char()))?;
        }
        self.send("go")?;
        let deadline = Instant::now() + timeout;
        let line = match self.wait_for("bestdecision", deadline) {
            Ok(line) => line,
            Err(e) => {
                // Late: stop it and take the answer that comes, so that the
                // next game starts clean.
                let _ = self.send("stop");
                let _ = self.wait_for("bestdecision", Instant::now() + Duration::from_secs(5));
                return Err(e);
            }
        };
        let word = line.split_whitespace().nth(1).unwrap_or("");
        parse_decision(word).map_err(|e| format!("answered \"{line}\": {e}"))
    }
}
