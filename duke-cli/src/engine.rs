//! `duke engine`: the AI behind the engine protocol
//! (`docs/src/engine-protocol.md`), one command a line on standard input,
//! answers on standard output. A search runs on its own thread so that
//! `stop`, `isready` and `quit` are heard while it thinks. [`Engine`]
//! takes lines and writes its answers to any output (the fuzz target
//! `engine_protocol` drives it so).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use duke_engine::search::nnue::{self, Network};
use duke_engine::search::{
    Input, Limits, Request, Searcher, LEVELS, MAX_DEPTH, MAX_MILLIS, MAX_THREADS,
};
use duke_engine::{Game, Limit, Phase, Rules, Troop};

use crate::bounded;
use crate::protocol::{self, score_text, Command, GoLimits, Start};

/// The options a client can set; `duke engine`'s arguments give their
/// starting values.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The level `go` plays without limits.
    pub level: u8,
    /// A depth for every `go` (0: none).
    pub depth: u32,
    /// A node budget for every `go` (0: none).
    pub nodes: u64,
    /// Milliseconds for every `go` (0: none).
    pub time: u64,
    /// Search threads.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            level: LEVELS,
            depth: 0,
            nodes: 0,
            time: 0,
            threads: 1,
        }
    }
}

struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
}

/// Where the engine's answers go, shared with the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Answers written to `w`.
    pub fn new(w: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    fn say(&self, line: &str) {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn error(&self, message: &str) {
        self.say(&format!("error {message}"));
    }
}

/// The longest protocol line read, in bytes (1 MiB, a record's limit:
/// a `position` line with a whole game's actions is far shorter).
pub const MAX_LINE: usize = duke_engine::record::MAX_RECORD_LEN;

/// The engine behind the protocol: [`Engine::handle`] takes one line.
pub struct Engine {
    options: Options,
    /// The rules set by `setoption name rules` (the standard game unless
    /// set): `position start` is their start, and `position dpn` must be
    /// under them.
    rules: Rules,
    game: Game,
    drawn: Option<Troop>,
    searcher: Option<Searcher>,
    running: Option<Running>,
    out: Output,
    /// The evaluation set by `setoption name evalfile` (the built-in
    /// network unless set): a network, or the hand-tuned one (`None`).
    network: Option<Arc<Network>>,
    /// Its name or the file it came from, as the client named it.
    eval_file: String,
}

impl Engine {
    /// An engine with these starting options, answering to `out`.
    pub fn new(options: Options, out: Output) -> Engine {
        Engine {
            options,
            rules: Rules::STANDARD,
            game: Game::standard(0),
            drawn: None,
            searcher: Some(Searcher::new()),
            running: None,
            out,
            network: nnue::default_network(),
            eval_file: nnue::default_name().to_string(),
        }
    }

    /// Waits for the search thread and takes its searcher back.
    pub fn join(&mut self) {
        if let Some(r) = self.running.take() {
            match r.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    self.out
                        .error("the search failed; a new searcher takes its place");
                    self.searcher = Some(Searcher::new());
                }
            }
        }
    }

    fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    /// Handles one line; `false` once the client said `quit`. A line
    /// that is no command, or a command that cannot be done now, is
    /// answered with one `error` line.
    pub fn handle(&mut self, line: &str) -> bool {
        // A search that has answered is over: take its searcher back.
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.answered.load(Ordering::Acquire))
        {
            self.join();
        }
        let command = match protocol::parse(line) {
            Ok(c) => c,
            Err(e) => {
                self.out.error(&e);
                return true;
            }
        };
        match command {
            Command::Empty => {}
            Command::Quit => {
                self.stop();
                return false;
            }
            Command::Stop => self.stop(),
            Command::IsReady => self.out.say("readyok"),
            Command::Duke => self.identify(),
            _ if self.running.is_some() => self
                .out
                .error("busy: a search is running (send stop, or wait for its bestdecision)"),
            Command::SetOption { name, value } => {
                if let Err(e) = self.set_option(&name, &value) {
                    self.out.error(&e);
                }
            }
            Command::NewGame => {
                self.game = Game::set_up(self.rules, 0);
                self.drawn = None;
            }
            Command::Position { start, moves } => {
                let mut game = match start {
                    Start::Standard if self.rules.is_standard() => Game::standard(0),
                    Start::Standard => {
                        // The terrain and the Flags are the referee's: only it
                        // knows the start, and sends it as DPN.
                        self.out.error(&format!(
                            "position: under the rules {} the start is the referee's (its terrain and Flags): send \"position dpn <DPN>\" with its sixth field",
                            self.rules
                        ));
                        return true;
                    }
                    Start::Dpn(pos) if pos.rules() != self.rules => {
                        self.out.error(&format!(
                            "position: the position's rules are {}, and the option rules is {} (setoption name rules value {})",
                            pos.rules(),
                            self.rules,
                            pos.rules()
                        ));
                        return true;
                    }
                    Start::Dpn(pos) => Game::from_position(pos, 0),
                };
                for (i, a) in moves.iter().enumerate() {
                    // A position's levies carry their troops (a record's).
                    if let Err(e) = game.play_levy(*a) {
                        self.out
                            .error(&format!("position: action {} ({a}): {e}", i + 1));
                        return true;
                    }
                }
                self.game = game;
                self.drawn = None;
            }
            Command::Drawn(troop) => {
                if let Err(e) = self.set_drawn(troop) {
                    self.out.error(&e);
                }
            }
            Command::Go(limits) => {
                if let Err(e) = self.go(limits) {
                    self.out.error(&e);
                }
            }
        }
        true
    }

    /// Answers the lines of `input` until `quit` (`false`) or its end
    /// (`true`), each line held to `max_line` bytes: a longer one, or one
    /// that is not UTF-8, is answered with an error line, and the engine
    /// goes on.
    pub fn serve(&mut self, input: &mut impl io::BufRead, max_line: usize) -> io::Result<bool> {
        while let Some(line) = bounded::read_line(input, max_line)? {
            let keep_going = match line {
                bounded::Line::Text(text) => self.handle(&text),
                bounded::Line::TooLong(len) => {
                    self.out.error(&format!(
                        "a line of {len} bytes: the protocol's lines are at most {max_line} bytes"
                    ));
                    true
                }
                bounded::Line::NotUtf8 => {
                    self.out.error("a line that is not UTF-8 text");
                    true
                }
            };
            if !keep_going {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn identify(&self) {
        self.out.say(&format!(
            "id name duke-engine {}",
            env!("CARGO_PKG_VERSION")
        ));
        self.out.say("id author the duke-engine authors");
        self.out.say(&format!("protocol {}", protocol::VERSION));
        let o = self.options;
        self.out.say(&format!(
            "option name level type spin default {} min 1 max {LEVELS}",
            o.level
        ));
        self.out.say(&format!(
            "option name depth type spin default {} min 0 max {MAX_DEPTH}",
            o.depth
        ));
        self.out.say(&format!(
            "option name nodes type spin default {} min 0 max 1000000000000",
            o.nodes
        ));
        self.out.say(&format!(
            "option name time type spin default {} min 0 max {MAX_MILLIS}",
            o.time
        ));
        self.out.say(&format!(
            "option name threads type spin default {} min 1 max {MAX_THREADS}",
            o.threads
        ));
        self.out.say(&format!(
            "option name evalfile type string default {}",
            self.eval_file
        ));
        self.out.say(&format!(
            "option name rules type string default {}",
            self.rules
        ));
        self.out.say("dukeok");
    }

    /// Selects the evaluation: `builtin` (the built-in network),
    /// `hand-tuned` (also an empty value, or `<empty>`), or a network's
    /// weights file. At most a weights file's length is read, so a device
    /// or a huge file cannot stall the engine.
    pub fn set_eval_file(&mut self, path: &str) -> Result<(), String> {
        let name = if path.is_empty() || path == "<empty>" {
            nnue::HAND_TUNED
        } else {
            path
        };
        if let Ok(evaluation) = nnue::Evaluation::by_name(name) {
            self.network = evaluation.network();
            self.eval_file = name.to_string();
            return Ok(());
        }
        // A regular file only (a FIFO would block `isready`), at most a
        // weights file's length.
        let bytes = bounded::read_file(path, nnue::FILE_LEN, "weights file")
            .map_err(|e| format!("setoption evalfile: {e}"))?;
        let net = Network::from_bytes(&bytes)
            .map_err(|e| format!("setoption evalfile: {path}: {e} [{}]", e.code()))?;
        self.network = Some(Arc::new(net));
        self.eval_file = path.to_string();
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name == "evalfile" {
            return self.set_eval_file(value);
        }
        if name == "rules" {
            // The engine reads the rules text; its error names the word.
            self.rules = value
                .parse::<Rules>()
                .map_err(|e| format!("setoption rules: {e}"))?;
            self.game = Game::set_up(self.rules, 0);
            self.drawn = None;
            return Ok(());
        }
        // A number in the engine's range for `limit`; with `unset`, 0 is
        // allowed too and leaves the limit unset.
        let number = |limit: Limit, unset: bool| -> Result<i128, String> {
            let (lo, hi) = limit.bounds();
            let lo = if unset { 0 } else { lo };
            let n: i128 = value.parse().map_err(|_| {
                format!("setoption {name}: \"{value}\" is not a number ({name} is {lo} to {hi})")
            })?;
            if unset && n == 0 {
                return Ok(0);
            }
            limit
                .check::<i128>(n)
                .map_err(|e| format!("setoption: {e}"))
        };
        // The checked number fits the option's type.
        fn fit<T: TryFrom<i128>>(n: i128) -> T {
            T::try_from(n)
                .ok()
                .expect("checked against the engine's range")
        }
        match name {
            "level" => self.options.level = fit(number(Limit::Level, false)?),
            "depth" => self.options.depth = fit(number(Limit::Depth, true)?),
            "nodes" => self.options.nodes = fit(number(Limit::Nodes, true)?),
            "time" => self.options.time = fit(number(Limit::Millis, true)?),
            "threads" => self.options.threads = fit(number(Limit::Threads, false)?),
            _ => {
                return Err(format!(
                    "setoption: unknown option \"{name}\" (level, depth, nodes, time, threads, evalfile or rules)"
                ))
            }
        }
        Ok(())
    }

    fn set_drawn(&mut self, troop: Troop) -> Result<(), String> {
        let pos = self.game.position();
        if self.game.phase() != Phase::Play {
            return Err(format!("drawn: no levy now: {}", self.game.phase()));
        }
        if !pos.can_levy() {
            return Err(format!(
                "drawn: {} cannot levy now (an empty bag or no free square next to its Duke)",
                pos.side_to_move()
            ));
        }
        if !pos.bag(pos.side_to_move()).iter().any(|(t, _)| t == troop) {
            return Err(format!(
                "drawn: {} has no {troop} in its bag",
                pos.side_to_move()
            ));
        }
        self.drawn = Some(troop);
        Ok(())
    }

    fn go(&mut self, go: GoLimits) -> Result<(), String> {
        let input = match Input::of(&self.game).map_err(|e| format!("go: {e}"))? {
            Input::Search {
                position, history, ..
            } => Input::Search {
                position,
                drawn: self.drawn,
                history,
            },
            setup => setup,
        };
        let nonzero32 = |n: u32| (n > 0).then_some(n);
        let nonzero64 = |n: u64| (n > 0).then_some(n);
        let limits = Limits {
            depth: go.depth.or(nonzero32(self.options.depth)),
            nodes: go.nodes.or(nonzero64(self.options.nodes)),
            millis: go.movetime.or(nonzero64(self.options.time)),
        };
        let request = Request::new()
            .with_level(self.options.level)
            .and_then(|r| r.with_limits(limits))
            .map_err(|e| format!("go: {e}"))?;
        let mut searcher = self.searcher.take().unwrap_or_default();
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(Some(stop.clone()));
        if searcher.network().map(Arc::as_ptr) != self.network.as_ref().map(Arc::as_ptr) {
            searcher.set_network(self.network.clone());
        }
        let request = request
            .with_threads(self.options.threads as u64)
            .map_err(|e| format!("go: {e}"))?;
        let done = answered.clone();
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let start = Instant::now();
            let result = searcher
                .answer(&input, &request)
                .expect("go checks the request's numbers");
            let pv: Vec<String> = result.pv.iter().map(|&d| d.to_string()).collect();
            let score = score_text(result.score);
            out.say(&format!(
                "info depth {} score {score} nodes {} time {} pv {}",
                result.depth,
                result.nodes,
                start.elapsed().as_millis(),
                pv.join(" ")
            ));
            done.store(true, Ordering::Release);
            out.say(&format!(
                "bestdecision {} score {score} pv {}",
                result.decision,
                pv.join(" ")
            ));
            searcher
        });
        self.running = Some(Running {
            handle,
            stop,
            answered,
        });
        Ok(())
    }
}

/// Runs the engine until `quit` or the end of its input, evaluating with
/// the network in `eval_file` when one is given.
pub fn run(options: Options, eval_file: Option<&str>) -> io::Result<()> {
    let mut engine = Engine::new(options, Output::new(io::stdout()));
    if let Some(path) = eval_file {
        engine
            .set_eval_file(path)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    }
    let stdin = io::stdin();
    if !engine.serve(&mut stdin.lock(), MAX_LINE)? {
        return Ok(());
    }
    // The end of the input: finish the search under way, then leave.
    engine.join();
    Ok(())
}
