//! Progress on stderr: an `indicatif` bar on a terminal; in CI logs (the
//! `CI` variable set, stderr not a terminal) a plain line every few
//! seconds; otherwise nothing, so pipes and files get only the results.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often the plain CI line is written.
const CI_EVERY: Duration = Duration::from_secs(5);

enum Mode {
    Bar(ProgressBar),
    /// The time of the last line written.
    Plain(Mutex<Instant>),
    Hidden,
}

/// The progress of `len` steps (games) of a labelled job.
pub struct Progress {
    mode: Mode,
    label: String,
    len: u64,
    start: Instant,
}

fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

impl Progress {
    pub fn new(label: &str, len: u64) -> Progress {
        let mode = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(len);
            let style =
                ProgressStyle::with_template("{prefix}: [{wide_bar}] {pos}/{len} {msg} {elapsed}")
                    .expect("a valid template")
                    .progress_chars("#>-");
            bar.set_style(style);
            bar.set_prefix(label.to_string());
            Mode::Bar(bar)
        } else if in_ci() {
            Mode::Plain(Mutex::new(Instant::now()))
        } else {
            Mode::Hidden
        };
        Progress {
            mode,
            label: label.to_string(),
            len,
            start: Instant::now(),
        }
    }

    /// `done` steps of `len` are done; `message` says how it goes.
    pub fn update(&self, done: u64, message: &str) {
        match &self.mode {
            Mode::Bar(bar) => {
                bar.set_position(done);
                bar.set_message(message.to_string());
            }
            Mode::Plain(last) => {
                let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                if last.elapsed() >= CI_EVERY {
                    *last = Instant::now();
                    self.line(done, message);
                }
            }
            Mode::Hidden => {}
        }
    }

    fn line(&self, done: u64, message: &str) {
        eprintln!(
            "{}: {done}/{} {message} ({:.0} s)",
            self.label,
            self.len,
            self.start.elapsed().as_secs_f64()
        );
    }

    /// Ends the bar (or writes the last plain line).
    pub fn finish(&self, done: u64, message: &str) {
        match &self.mode {
            Mode::Bar(bar) => {
                bar.set_position(done);
                bar.set_message(message.to_string());
                bar.finish();
            }
            Mode::Plain(_) => self.line(done, message),
            Mode::Hidden => {}
        }
    }
}
