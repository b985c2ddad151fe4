//! `duke engine` fed arbitrary lines: the engine never crashes or panics
//! (a panic aborts the fuzzer, on the search thread too), answers every
//! line that is no command with an `error` line, and stops a search it
//! was given when told to, so a run never hangs. The bounded line reader
//! of `duke engine` (`duke_cli::bounded::read_line`) reads the raw bytes
//! first.
#![no_main]

use std::io::Write;
use std::sync::{Arc, Mutex};

use duke_cli::engine::{Engine, Options, Output};
use duke_cli::protocol;
use libfuzzer_sys::fuzz_target;

/// The engine's answers, kept to be counted.
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn errors(out: &Mutex<Vec<u8>>) -> usize {
    let text = out.lock().unwrap();
    text.split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"error "))
        .count()
}

/// The line limit of the runs here: small, so inputs reach it.
const MAX_LINE: usize = 64;

fuzz_target!(|data: &[u8]| {
    // The bounded line reader: text lines within the limit, without their
    // end; longer lines only counted.
    let mut input = data;
    while let Some(line) = duke_cli::bounded::read_line(&mut input, MAX_LINE).unwrap() {
        match line {
            duke_cli::bounded::Line::Text(t) => assert!(t.len() <= MAX_LINE && !t.contains('\n')),
            duke_cli::bounded::Line::TooLong(n) => assert!(n > MAX_LINE as u64),
            duke_cli::bounded::Line::NotUtf8 => {}
        }
    }
    // The raw bytes through the engine's own loop (long and non-UTF-8
    // lines answered with an error line), then line by line as below.
    {
        let out = Arc::new(Mutex::new(Vec::new()));
        let options = Options {
            level: 1,
            ..Options::default()
        };
        let mut engine = Engine::new(options, Output::new(Sink(Arc::clone(&out))));
        let short: Vec<u8> = data.iter().copied().take(400).collect();
        let _ = engine.serve(&mut &short[..], MAX_LINE).unwrap();
        engine.handle("stop");
        engine.join();
    }
    let text = String::from_utf8_lossy(data);
    let out = Arc::new(Mutex::new(Vec::new()));
    // Level 1 by default, so that a plain `go` is quick; the input may set
    // any option, and ends with `stop`.
    let options = Options {
        level: 1,
        ..Options::default()
    };
    let mut engine = Engine::new(options, Output::new(Sink(Arc::clone(&out))));
    for line in text.lines().take(64) {
        let before = errors(&out);
        let refused = protocol::parse(line).is_err();
        let go_on = engine.handle(line);
        if refused {
            assert_eq!(
                errors(&out),
                before + 1,
                "a line that is no command gets one error line: {line:?}"
            );
        }
        if !go_on {
            return;
        }
    }
    engine.handle("stop");
    engine.join();
});
