//! `duke play` in a pseudo-terminal, as a person runs it: the line editor
//! is on, colours are on, and each line is typed after its prompt shows.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The program on the slave side of a new pseudo-terminal.
struct Pty {
    master: File,
    child: Child,
    /// Everything the program wrote, colour codes taken out.
    seen: String,
    /// How much of `seen` the last `expect` consumed.
    mark: usize,
}

impl Pty {
    fn spawn(args: &[&str]) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: 60,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two new descriptors into the two ints.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty failed");
        // SAFETY: both descriptors were just opened and are owned here.
        let (master, slave) = unsafe { (File::from_raw_fd(master), File::from_raw_fd(slave)) };
        let child = Command::new(env!("CARGO_BIN_EXE_duke"))
            .args(args)
            .env_remove("CI")
            .env("TERM", "xterm")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .spawn()
            .unwrap();
        Pty {
            master,
            child,
            seen: String::new(),
            mark: 0,
        }
    }

    /// Reads until `needle` appears after the last match (or fails after
    /// `secs` seconds); returns the text up to and including it.
    fn expect(&mut self, needle: &str, secs: u64) -> String {
        let end = Instant::now() + Duration::from_secs(secs);
        let mut raw = Vec::new();
        loop {
            if let Some(at) = self.seen[self.mark..].find(needle) {
                let upto = self.mark + at + needle.len();
                let text = self.seen[self.mark..upto].to_string();
                self.mark = upto;
                return text;
            }
            let left = end.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "no {needle:?} within {secs} s; the program wrote:\n{}",
                &self.seen[self.mark..]
            );
            let mut fds = libc::pollfd {
                fd: self.master.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            let ready = unsafe { libc::poll(&mut fds, 1, left.as_millis().min(1000) as i32) };
            if ready <= 0 {
                continue;
            }
            let mut buf = [0u8; 4096];
            let n = self.master.read(&mut buf).unwrap_or(0);
            assert!(n > 0, "the program closed the terminal before {needle:?}");
            raw.extend_from_slice(&buf[..n]);
            // Keep an incomplete UTF-8 sequence for the next read.
            let valid = match std::str::from_utf8(&raw) {
                Ok(s) => s.len(),
                Err(e) => e.valid_up_to(),
            };
            let text = std::str::from_utf8(&raw[..valid]).unwrap();
            self.seen.push_str(&plain(text));
            raw.drain(..valid);
        }
    }

    /// Types a line and Enter.
    fn send(&mut self, line: &str) {
        self.master
            .write_all(format!("{line}\r").as_bytes())
            .unwrap();
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The text without ANSI escape sequences and carriage returns.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                // CSI: ESC [ parameters final-byte.
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for d in chars.by_ref() {
                        if ('@'..='~').contains(&d) {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            _ => out.push(c),
        }
    }
    out
}

/// A record file starting from `dpn`, in a fresh temporary directory.
fn record(name: &str, dpn: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("duke-pty-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("start.txt");
    std::fs::write(&path, format!("duke-record 1\nstart {dpn}\n")).unwrap();
    let text = path.display().to_string();
    (dir, text)
}

/// `duke play` at its first turn, then `load` of a record starting from
/// `dpn` typed at its prompt; the record's directory to remove.
fn loaded(name: &str, dpn: &str) -> (std::path::PathBuf, Pty) {
    let (dir, rec) = record(name, dpn);
    let mut t = Pty::spawn(&["play", "--seed", "1", "--level", "1"]);
    t.expect("place your Duke (C1 or D1)> ", 10);
    t.send("fixed");
    t.expect("turn 1, Light to move (you)", 10);
    t.expect("> ", 10);
    t.send(&format!("load {rec}"));
    (dir, t)
}

#[test]
fn targets_are_marked_on_the_board_and_the_hint_is_the_strongest_levels() {
    let mut t = Pty::spawn(&["play", "--seed", "3", "--level", "1"]);
    t.expect("place your Duke (C1 or D1)> ", 10);
    t.send("fixed");
    t.expect("turn 1, Light to move (you)", 10);
    t.expect("> ", 10);
    t.send("b1");
    let shown = t.expect(
        "targets (marked on the board): B1-A1 (Move), B1-B2 (Move)",
        10,
    );
    // The Footman on B1 moves to A1 and B2: both carry the Move glyph
    // right after their square's content.
    assert!(shown.contains("\n2  ·   ●   ·   ·   ·   ·\n"), "{shown}");
    assert!(shown.contains("\n1  ●   F   D   F   ·   ·\n"), "{shown}");
    t.expect("> ", 10);
    t.send("hint");
    // Level 5 at its time (about a second), whatever level the AI plays.
    let hint = t.expect("also worth a look: ", 60);
    let head = hint
        .lines()
        .find(|l| l.starts_with("hint (level 5, "))
        .unwrap_or_else(|| panic!("{hint}"));
    assert!(head.contains(" turns ahead): "), "{head}");
    assert!(hint.contains("(in Footmen: 1.00 = a Footman"), "{hint}");
    t.send("quit");
}

#[test]
fn a_pinned_tile_says_what_it_shields() {
    // Light's flipped Footman on B1 steps diagonally or two ahead: every
    // step leaves rank 1, where Dark's Duke on F1 slides to Light's on A1.
    let (dir, mut t) = loaded("pin", "6/6/6/F5/6/D+F3d l -/- 0 0");
    t.expect("> ", 10);
    t.send("b1");
    t.expect(
        "no legal action: it shields the Duke on A1 from the Duke on F1",
        10,
    );
    t.send("quit");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_forbidden_square_with_a_tile_is_marked_on_that_square() {
    // Light's Duke on C1 slides along rank 1: it could take Dark's Footman
    // on D1, but Dark's Footman on E1 guards it.
    let (dir, mut t) = loaded("danger", "3d2/6/6/6/6/2Dff1 l -/- 0 0");
    let board = t.expect(
        "your Duke may not enter D1: the Footman on E1 would capture it",
        10,
    );
    // The `!` follows the f on D1, inside D1's three columns.
    assert!(board.contains("\n1  ·   ·   D   f!  f   ·\n"), "{board}");
    t.send("quit");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_game_under_expanded_rules_in_a_terminal() {
    let mut t = Pty::spawn(&[
        "play",
        "--rules",
        "coup+mountain",
        "--seed",
        "3",
        "--level",
        "1",
    ]);
    t.expect("place your Duke (C1 or D1)> ", 10);
    t.send("fixed");
    t.expect("place your Flag (", 10);
    t.send("fixed");
    let board = t.expect("turn 1, Light to move (you)", 10);
    // The Mountain and both Flags on the board, and named under it.
    assert!(
        board.contains('▲') && board.matches('⚑').count() >= 4,
        "{board}"
    );
    assert!(board.contains("▲ Mountain "), "{board}");
    t.expect("> ", 10);
    t.send("help");
    t.expect("under the rules coup+mountain:", 10);
    t.expect("relocate <sq>", 10);
    t.expect("> ", 10);
    t.send("pass a1 a2");
    t.expect("A1^A2: ", 10);
    t.send("quit");
}
