//! `duke tournament`: matches between two players with paired seeds and
//! colours swapped, a progress bar, win/draw/loss and an Elo difference
//! with a 95% interval, then the first player's win/draw/loss as Light and
//! as Dark. Ctrl-C stops a match with the summary of the games finished.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use duke_engine::search::Searcher;
use duke_engine::Decision;
use duke_engine::{Game, Phase, Position, Rules, Side};

use crate::external::External;
use crate::progress::Progress;
use crate::sprt::{elo_text, Sprt, State, Verdict};
use duke_engine::search::Player;

/// A player of a match: built into the program, or an external engine
/// started from a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contestant {
    Builtin(Player),
    Engine(String),
}

impl Contestant {
    pub fn name(&self) -> String {
        match self {
            Contestant::Builtin(p) => p.to_string(),
            Contestant::Engine(c) => format!("\"{c}\""),
        }
    }
}

/// How a match is run.
pub struct Options {
    pub games: u32,
    pub seed: u64,
    pub threads: usize,
    /// The longest an external engine may take for one decision.
    pub timeout: Duration,
    pub sprt: Option<Sprt>,
    /// The rules of every game: under Expanded Play's, each game starts
    /// from [`Game::set_up`] with the pair's seed (its terrain drawn by
    /// it), so both games of a pair start alike.
    pub rules: Rules,
}

/// A contestant ready to play on one thread.
enum Seat {
    Builtin(Player, Box<Searcher>),
    /// The engine, started when first needed and again after it failed.
    Engine(String, Option<External>),
}

impl Seat {
    fn new(c: &Contestant) -> Seat {
        match c {
            Contestant::Builtin(p) => Seat::Builtin(*p, Box::new(Searcher::new())),
            Contestant::Engine(cmd) => Seat::Engine(cmd.clone(), None),
        }
    }

    fn new_game(&mut self, timeout: Duration, rules: Rules) -> Result<(), String> {
        if let Seat::Engine(cmd, engine) = self {
            if engine.is_none() {
                *engine = Some(External::start(cmd, timeout)?);
            }
            if let Err(e) = engine.as_mut().map_or(Ok(()), |e| e.new_game(rules)) {
                *engine = None;
                return Err(e);
            }
        }
        Ok(())
    }

    /// The seat's decision; an external engine's failure is an error.
    /// `start` is the position play began in, which an engine is sent
    /// under Expanded Play's rules (it cannot know the drawn terrain).
    fn decide(
        &mut self,
        game: &Game,
        start: &Position,
        seed: u64,
        timeout: Duration,
    ) -> Result<Decision, String> {
        match self {
            Seat::Builtin(p, searcher) => p
                .decide(game, searcher, seed)
                .map(|(d, _)| d)
                .map_err(|e| e.to_string()),
            Seat::Engine(_, engine) => {
                let Some(e) = engine.as_mut() else {
                    return Err("the engine is not running".into());
                };
                let d = e.decide(game, start, timeout);
                if d.is_err() {
                    // Start afresh for the next game.
                    *engine = None;
                }
                d
            }
        }
    }
}

/// Set by the first Ctrl-C (SIGINT): the games in play are abandoned
/// after their current decision, and the match ends with the summary of
/// the games finished.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop the match with its summary instead of killing the
/// program; a second Ctrl-C quits at once.
pub fn stop_on_interrupt() {
    // Err only when a handler is already set, which is then this one.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!(
            "duke tournament: stopping after the current decisions; the summary counts the games finished (Ctrl-C again to quit at once)"
        );
    });
}

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// A game under `rules` whose start is drawn from `seed`: its terrain,
/// and every decision of the draft, the setup and the Flags chosen at
/// random among the legal ones (as `duke soak` starts its random games),
/// so that the pairs of a match start from varied positions (Dark
/// Rider, with no chance in play, would otherwise repeat one game); both
/// games of a pair start alike, colours swapped.
fn set_up(rules: Rules, seed: u64) -> Game {
    let mut game = Game::with_rules(rules, seed);
    let mut i = 0;
    while !matches!(game.phase(), Phase::Play | Phase::Over(_)) {
        let choices: Vec<Decision> = game.decisions().collect();
        let pick = crate::soak::game_seed(seed, i);
        i += 1;
        game.apply(choices[(pick % choices.len() as u64) as usize])
            .expect("a decision the game lists is legal");
    }
    game
}

/// How one game ended for A: its score, and the failure of a player that
/// lost by an illegal or late answer.
struct GameResult {
    score: f64,
    failure: Option<String>,
}

fn play_game(
    seats: &mut [Seat; 2],
    names: &[String; 2],
    a_side: Side,
    seed: u64,
    timeout: Duration,
    rules: Rules,
) -> Option<GameResult> {
    let mut game = if rules.is_standard() {
        Game::standard(seed)
    } else {
        set_up(rules, seed)
    };
    let start = *game.position();
    let index = |side: Side| usize::from(side != a_side);
    // A failure after Ctrl-C is not the player's: the game is abandoned.
    let forfeit = |loser: usize, why: String| {
        (!interrupted()).then(|| GameResult {
            score: if loser == 0 { 0.0 } else { 1.0 },
            failure: Some(format!("{} loses: {why}", names[loser])),
        })
    };
    for (i, seat) in seats.iter_mut().enumerate() {
        if let Err(e) = seat.new_game(timeout, rules) {
            return forfeit(i, e);
        }
    }
    let mut turn = 0u64;
    while game.outcome().is_none() {
        if interrupted() {
            return None;
        }
        let i = index(game.side_to_decide());
        let d = match seats[i].decide(&game, &start, seed.wrapping_add(turn), timeout) {
            Ok(d) => d,
            Err(e) => return forfeit(i, format!("turn {}: {e}", game.turns().len() + 1)),
        };
        // The referee judges every answer: the draw of a levy only when
        // no troop waits, any action by the game's arbiter.
        let illegal = match (d, game.phase()) {
            (Decision::Levy, Phase::Levy { troop }) => Some(format!(
                "answered levy while its drawn {troop} waits to be placed"
            )),
            _ => match &seats[i] {
                Seat::Builtin(..) => {
                    game.apply(d)
                        .expect("the engine's players choose legal decisions");
                    None
                }
                Seat::Engine(..) => game
                    .apply(d)
                    .err()
                    .map(|e| format!("the illegal decision {}: {e}", d)),
            },
        };
        if let Some(why) = illegal {
            return forfeit(i, format!("turn {}: {why}", game.turns().len() + 1));
        }
        turn += 1;
    }
    Some(GameResult {
        score: match game.outcome().and_then(|o| o.winner()) {
            Some(w) if w == a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        failure: None,
    })
}

/// Wins, draws and losses of the first player.
fn tally(scores: impl Iterator<Item = f64>) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for s in scores {
        if s > 0.75 {
            wins += 1;
        } else if s < 0.25 {
            losses += 1;
        } else {
            draws += 1;
        }
    }
    (wins, draws, losses)
}

/// What the threads of a match share: the next game to take, the results
/// so far, the failures, the SPRT and the progress line.
struct Match<'a> {
    a: &'a Contestant,
    b: &'a Contestant,
    opts: &'a Options,
    names: [String; 2],
    total: u32,
    next: AtomicU32,
    halt: AtomicBool,
    results: Mutex<Vec<(u32, f64)>>,
    failures: Mutex<Vec<(u32, String)>>,
    sprt: Mutex<Option<State>>,
    progress: Progress,
}

impl Match<'_> {
    /// One thread: takes games until none is left, the SPRT decides or
    /// Ctrl-C stops the match.
    fn worker(&self) {
        let mut seats = [Seat::new(self.a), Seat::new(self.b)];
        while !self.halt.load(Ordering::Relaxed) && !interrupted() {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.total {
                break;
            }
            let pair_seed = self
                .opts
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add(u64::from(i / 2));
            let a_side = if i.is_multiple_of(2) {
                Side::Light
            } else {
                Side::Dark
            };
            let Some(result) = play_game(
                &mut seats,
                &self.names,
                a_side,
                pair_seed,
                self.opts.timeout,
                self.opts.rules,
            ) else {
                break;
            };
            if let Some(f) = &result.failure {
                let line = format!(
                    "game {} (seed {pair_seed}, {} as {a_side}): {f}",
                    i + 1,
                    self.names[0]
                );
                println!("{line}");
                self.failures.lock().unwrap().push((i, line));
            }
            self.record(i, result.score);
        }
    }

    /// Keeps game `i`'s score, feeds a finished pair to the SPRT (stopping
    /// the match when it decides) and updates the progress line.
    fn record(&self, i: u32, score: f64) {
        let mut r = self.results.lock().unwrap();
        r.push((i, score));
        if let Some(state) = self.sprt.lock().unwrap().as_mut() {
            let partner = r.iter().find(|&&(j, _)| j == i ^ 1).map(|&(_, s)| s);
            if let (Some(other), Verdict::Continue) = (partner, state.verdict) {
                state.add_pair(score, other);
                println!("{}", state.line());
                if state.verdict != Verdict::Continue {
                    self.halt.store(true, Ordering::Relaxed);
                }
            }
        }
        let (wins, draws, losses) = tally(r.iter().map(|&(_, s)| s));
        self.progress.update(
            r.len() as u64,
            &format!(
                "{} vs {}: +{wins} ={draws} -{losses}",
                self.names[0], self.names[1]
            ),
        );
    }

    /// The summary: the score with its Elo and 95% interval, the failures,
    /// and the SPRT's verdict.
    fn summary(self, secs: f64) -> Summary {
        let names = &self.names;
        let mut results = self.results.into_inner().unwrap();
        results.sort_by_key(|&(i, _)| i);
        let scores: Vec<f64> = results.iter().map(|&(_, s)| s).collect();
        let (wins, draws, losses) = tally(scores.iter().copied());
        self.progress.finish(
            scores.len() as u64,
            &format!("{} vs {}: +{wins} ={draws} -{losses}", names[0], names[1]),
        );
        let n = scores.len() as f64;
        let rules = self.opts.rules;
        let under = if rules.is_standard() {
            String::new()
        } else {
            format!(" under {rules}")
        };
        let mut out = if scores.is_empty() {
            format!(
                "{} vs {}{under}: no game finished, {secs:.1} s",
                names[0], names[1]
            )
        } else {
            let p = scores.iter().sum::<f64>() / n;
            let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
            let se = (var / n).sqrt();
            let (lo, hi) = (elo_text(p - 1.96 * se), elo_text(p + 1.96 * se));
            format!(
                "{} vs {}{under}: {} games (paired seeds, colours swapped): +{wins} ={draws} -{losses}, score {:.1}%, Elo {} (95% interval {lo} to {hi}), {secs:.1} s",
                names[0],
                names[1],
                scores.len(),
                100.0 * p,
                elo_text(p),
            )
        };
        if !scores.is_empty() {
            // Game `i` has the first player as Light when `i` is even.
            let by_side = |light: bool| {
                let (w, d, l) = tally(
                    results
                        .iter()
                        .filter(|&&(i, _)| i.is_multiple_of(2) == light)
                        .map(|&(_, s)| s),
                );
                format!("+{w} ={d} -{l}")
            };
            out.push_str(&format!(
                "\n{} as Light: {}; as Dark: {}",
                names[0],
                by_side(true),
                by_side(false)
            ));
        }
        let failures = self.failures.into_inner().unwrap();
        if !failures.is_empty() {
            out.push_str(&format!(
                "\n{} games lost by an illegal or late answer or a failed engine (listed above)",
                failures.len()
            ));
        }
        if let Some(state) = self.sprt.into_inner().unwrap() {
            out.push('\n');
            out.push_str(&state.verdict_line(&names[0]));
        }
        let interrupted = interrupted();
        if interrupted {
            out.push_str("\nstopped by Ctrl-C (SIGINT): the games in play then are not counted");
        }
        Summary {
            text: out,
            interrupted,
        }
    }
}

/// What a match prints at its end, and whether Ctrl-C stopped it.
pub struct Summary {
    pub text: String,
    pub interrupted: bool,
}

/// Plays the match on `threads` threads (each with its own players;
/// game `i` has the same seed and colours whatever the thread count, so
/// the result does not depend on it, except through time-limited levels
/// and external engines). With an SPRT, stops taking games once the test
/// decides, and prints its state after every pair. After
/// [`stop_on_interrupt`], Ctrl-C ends it early.
pub fn run(a: &Contestant, b: &Contestant, opts: &Options) -> Summary {
    let total = opts.games.div_ceil(2) * 2;
    let start = Instant::now();
    let game = Match {
        a,
        b,
        opts,
        names: [a.name(), b.name()],
        total,
        next: AtomicU32::new(0),
        halt: AtomicBool::new(false),
        results: Mutex::new(Vec::new()),
        failures: Mutex::new(Vec::new()),
        sprt: Mutex::new(opts.sprt.map(State::new)),
        progress: Progress::new("tournament", u64::from(total)),
    };
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| game.worker());
        }
    });
    game.summary(start.elapsed().as_secs_f64())
}
