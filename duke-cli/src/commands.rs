//! The subcommands of `duke`: each one's arguments (clap) and its `run`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::ValueEnum;
use duke_cli::engine;
use duke_engine::search::{ANALYSIS_LEVEL, DEFAULT_LEVEL, LEVELS, MAX_DEPTH};
use duke_engine::{divide, perft, Game, Limit, Position, Rules, Side};

use crate::{analyze, play, soak, sprt, tournament};

/// Why the program stops early.
pub enum Failure {
    /// Bad input (exit status 2).
    Message(String),
    /// A check failed (exit status 1).
    Check(String),
    Io(io::Error),
    /// Stopped by Ctrl-C after printing what it had (exit status 130).
    Interrupted,
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Message(s)
    }
}

impl Failure {
    /// Says why on standard error and gives the exit status: 2 for bad
    /// input, 1 for a failed check or an I/O error, 130 (the shells'
    /// status for SIGINT) for Ctrl-C; a closed pipe (`duke actions ... |
    /// head`) is a success.
    pub fn exit_code(self) -> ExitCode {
        let (text, code) = match self {
            Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Failure::Io(e) => (e.to_string(), 1),
            Failure::Check(e) => (e, 1),
            Failure::Message(e) => (e, 2),
            Failure::Interrupted => ("interrupted".to_string(), 130),
        };
        eprintln!("duke: {text}");
        ExitCode::from(code)
    }
}

/// Writes a line to stdout; a closed pipe (`duke actions ... | head`) ends
/// the program quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(io::stdout().lock(), $($arg)*).map_err(Failure::Io)?
    };
}

/// A number in one of the engine's ranges, checked by the engine (its
/// error names the range and its code); with `zero`, also 0, which means
/// "none" for a limit.
fn in_range<T: TryFrom<i128>>(text: &str, limit: Limit, zero: bool) -> Result<T, String> {
    let n: i128 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a whole number"))?;
    if zero && n == 0 {
        return T::try_from(0).map_err(|_| "0".to_string());
    }
    limit
        .check::<T>(n)
        .map_err(|e| format!("{e} [{}]", e.code()))
}

fn parse_threads(text: &str) -> Result<usize, String> {
    in_range(text, Limit::Threads, false)
}

fn parse_perft_depth(text: &str) -> Result<u32, String> {
    in_range(text, Limit::PerftDepth, false)
}

fn parse_millis_or_zero(text: &str) -> Result<u64, String> {
    in_range(text, Limit::Millis, true)
}

/// The rules of `--rules`, read by the engine (its error names the word).
fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse()
        .map_err(|e: duke_engine::ParseRulesError| e.to_string())
}

/// A position argument: DPN (six fields under Expanded Play), or `start`:
/// the start of a game under `rules`, set up by the engine's suggestions
/// with its terrain drawn from `seed` (the standard start under the
/// standard rules), whose DPN is then said on standard error.
fn parse_position(text: &str, rules: Rules, seed: u64) -> Result<Position, String> {
    if text == "start" || text == "startpos" {
        if rules.is_standard() {
            return Ok(Position::standard());
        }
        let pos = *Game::set_up(rules, seed).position();
        eprintln!("start under {rules} (seed {seed}): {pos}");
        return Ok(pos);
    }
    text.parse().map_err(|e| format!("{e}"))
}

/// Which side you play.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    /// Light: you set up first and move first
    #[value(alias = "l")]
    Light,
    /// Dark: the AI (Light) moves first
    #[value(alias = "d")]
    Dark,
}

#[derive(clap::Args)]
pub struct PlayArgs {
    /// Your side
    #[arg(long, value_enum, default_value = "light")]
    side: SideArg,
    /// The AI's level, 1 (weakest) to 5
    #[arg(long, default_value_t = DEFAULT_LEVEL, value_parser = clap::value_parser!(u8).range(1..=i64::from(LEVELS)))]
    level: u8,
    /// The game's seed; without it a random seed is chosen and printed, and
    /// `--seed` with that number replays the same draws
    #[arg(long)]
    seed: Option<u64>,
    /// Watch the AI play itself (both sides at the level)
    #[arg(long)]
    auto: bool,
    /// With --auto: wait this many milliseconds after each turn (default:
    /// 700 when the output is a terminal, otherwise 0)
    #[arg(long, value_name = "MS", requires = "auto")]
    delay: Option<u64>,
    /// The rules: `standard`, or Expanded Play's words joined by `+`
    /// (`coup`, `flag` or `rider`; `mountain`, `fort`; `draft`), as in
    /// `coup+mountain`
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
}

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The position as DPN (with its sixth field under Expanded Play), or
    /// `start` for the start position
    position: String,
    /// How many turns deep to count (at most the engine's perft depth, 12)
    #[arg(value_parser = parse_perft_depth)]
    depth: u32,
    /// Print each first action with its own count first
    #[arg(long)]
    divide: bool,
    /// With `start`: the rules whose start it is (set up by the engine's
    /// suggestions, the terrain drawn from --seed)
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
    /// With `start` and terrain in --rules: the seed that draws it
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl PerftArgs {
    pub fn run(self) -> Result<(), Failure> {
        let PerftArgs {
            position,
            depth,
            divide: divided,
            rules,
            seed,
        } = self;
        let pos = parse_position(&position, rules, seed)?;
        let start = Instant::now();
        let total = if divided && depth > 0 {
            let mut total = 0;
            for (action, n) in divide(&pos, depth) {
                out!("{action} {n}");
                total += n;
            }
            out!("");
            total
        } else {
            perft(&pos, depth)
        };
        let secs = start.elapsed().as_secs_f64();
        out!("perft {depth} = {total}");
        eprintln!(
            "{:.3} s, {:.1} M leaves/s",
            secs,
            total as f64 / secs.max(1e-9) / 1e6
        );
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct ActionsArgs {
    /// The position as DPN (with its sixth field under Expanded Play), or
    /// `start` for the start position
    position: String,
    /// With `start`: the rules whose start it is (set up by the engine's
    /// suggestions, the terrain drawn from --seed)
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
    /// With `start` and terrain in --rules: the seed that draws it
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl ActionsArgs {
    pub fn run(self) -> Result<(), Failure> {
        let ActionsArgs {
            position,
            rules,
            seed,
        } = self;
        let pos = parse_position(&position, rules, seed)?;
        let mut list = pos.legal_actions();
        list.sort();
        for a in list.iter() {
            out!("{a}");
        }
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// The game's seed (its draws, its terrain and the random choices)
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The rules (`standard`, or Expanded Play's, as `coup+mountain`); the
    /// start is the engine's suggested setup
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
}

impl SelfplayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let SelfplayArgs { seed, rules } = self;
        selfplay(seed, rules)
    }
}

#[derive(clap::Args)]
pub struct TournamentArgs {
    /// The first player: `random`, `greedy`, a level `1`-`5` (also `level3`),
    /// search limits (`depth4`, `nodes20000`, `millis500`), or `engine`
    a: String,
    /// The second player, as the first
    b: String,
    /// An external engine's command line (program and arguments,
    /// split on spaces), for each `engine` player in order
    #[arg(long = "engine", value_name = "COMMAND")]
    engines: Vec<String>,
    /// How many games (rounded up to an even number, at least 2); with
    /// --sprt, the most it plays
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// The match's seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games to play at once (1 to the engine's thread limit, 64)
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// The longest an external engine may take for one decision, in
    /// milliseconds (a later answer loses)
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    timeout: u64,
    /// Stop when the sequential probability ratio test of "the first
    /// player is elo1 stronger" against "elo0 stronger" decides
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The SPRT's false positive rate
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    alpha: f64,
    /// The SPRT's false negative rate
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    beta: f64,
    /// The rules of every game: `standard`, or Expanded Play's words
    /// joined by `+` (`coup+mountain`); under Expanded Play each pair of
    /// games starts from its own start drawn by the pair's seed (the
    /// terrain, and the draft, the setup and the Flags at random)
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
}

impl TournamentArgs {
    pub fn run(self) -> Result<(), Failure> {
        let TournamentArgs {
            a,
            b,
            engines,
            games,
            seed,
            threads,
            timeout,
            sprt,
            alpha,
            beta,
            rules,
        } = self;
        let mut engines = engines.into_iter();
        let mut contestant = |text: &str| -> Result<tournament::Contestant, String> {
            if text.eq_ignore_ascii_case("engine") {
                engines.next().map(tournament::Contestant::Engine).ok_or_else(|| {
                    "player \"engine\" needs an --engine \"<program> <args>\" (one per engine player)"
                        .to_string()
                })
            } else {
                text.parse::<duke_engine::search::Player>()
                    .map(tournament::Contestant::Builtin)
                    .map_err(|e| e.to_string())
            }
        };
        let (a, b) = (contestant(&a)?, contestant(&b)?);
        if engines.next().is_some() {
            return Err(Failure::Message(
                "more --engine options than `engine` players".into(),
            ));
        }
        let sprt = sprt
            .map(|text| sprt::Sprt::new(&text, alpha, beta).map_err(|e| format!("--sprt: {e}")))
            .transpose()?;
        let opts = tournament::Options {
            games: games.max(2),
            seed,
            threads,
            timeout: std::time::Duration::from_millis(timeout),
            sprt,
            rules,
        };
        tournament::stop_on_interrupt();
        // The match prints as it goes: run it before locking stdout.
        let summary = tournament::run(&a, &b, &opts);
        out!("{}", summary.text);
        if summary.interrupted {
            return Err(Failure::Interrupted);
        }
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct SprtArgs {
    /// The hypotheses: "the first player is elo1 stronger" against
    /// "elo0 stronger", as for `duke tournament --sprt`
    #[arg(value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    hypotheses: String,
    /// Pentanomial counts: five numbers of pairs each, the pairs that
    /// scored 0, 1/2, 1, 3/2 and 2 points for the first player; several
    /// are added up
    #[arg(value_name = "COUNTS", required = true)]
    counts: Vec<String>,
    /// The test's false positive rate
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The test's false negative rate
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
}

impl SprtArgs {
    pub fn run(self) -> Result<(), Failure> {
        let SprtArgs {
            hypotheses,
            counts,
            alpha,
            beta,
        } = self;
        let test = sprt::Sprt::new(&hypotheses, alpha, beta)?;
        let mut penta = [0u64; 5];
        for text in &counts {
            for (total, c) in penta.iter_mut().zip(sprt::parse_counts(text)?) {
                *total = total
                    .checked_add(c)
                    .ok_or_else(|| format!("\"{text}\": too many pairs"))?;
            }
        }
        // The sum of the five counts is checked too (a wrapped sum would
        // give a score past 100% and a verdict from nonsense).
        penta
            .iter()
            .try_fold(0u64, |a, &c| a.checked_add(c))
            .filter(|&t| t <= sprt::MAX_PAIRS)
            .ok_or_else(|| format!("the counts add up to more than {} pairs", sprt::MAX_PAIRS))?;
        let state = sprt::State::with_counts(test, penta);
        let elo = state
            .elo_line()
            .ok_or_else(|| "no pairs: the counts add up to 0".to_string())?;
        out!("{elo}");
        out!("{}", state.verdict_line("the first player"));
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct SoakArgs {
    /// How many random games
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// How many level 1 vs level 2 games
    #[arg(long, default_value_t = 200)]
    ai_games: u64,
    /// The soak's seed (game i of each part has a seed derived from it)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games to play at once (1 to the engine's thread limit, 64)
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// The rules (`standard`, or Expanded Play's, as `coup+mountain`);
    /// random games make every decision of the start at random too
    #[arg(long, default_value = "standard", value_parser = parse_rules)]
    rules: Rules,
}

impl SoakArgs {
    pub fn run(self) -> Result<(), Failure> {
        let SoakArgs {
            games,
            ai_games,
            seed,
            threads,
            rules,
        } = self;
        let opts = soak::Options {
            random_games: games,
            ai_games,
            seed,
            threads,
            rules,
        };
        match soak::run(&opts) {
            Ok(summary) => {
                out!("{summary}");
                Ok(())
            }
            Err(failure) => Err(Failure::Check(format!("soak failed: {failure}"))),
        }
    }
}

#[derive(clap::Args)]
pub struct EngineArgs {
    /// The level `go` plays without limits
    #[arg(long, default_value_t = LEVELS, value_parser = clap::value_parser!(u8).range(1..=i64::from(LEVELS)))]
    level: u8,
    /// A depth limit for every `go` (0: none)
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// A node limit for every `go` (0: none)
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// A time limit in milliseconds for every `go` (0: none; at most a day)
    #[arg(long, value_name = "MS", default_value_t = 0, value_parser = parse_millis_or_zero)]
    time: u64,
    /// Search threads (Lazy SMP); more than 1 is not deterministic
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=duke_engine::search::MAX_THREADS as i64))]
    threads: u16,
    /// The evaluation: `builtin` (the built-in network, the default; under
    /// Expanded Play's rules other than the standard game's, the
    /// hand-tuned evaluation with the objective's terms), `hand-tuned`, or
    /// a learned network's weights file (see the AI chapter)
    #[arg(long, value_name = "FILE|builtin|hand-tuned")]
    eval_file: Option<String>,
}

impl EngineArgs {
    pub fn run(self) -> Result<(), Failure> {
        let EngineArgs {
            level,
            depth,
            nodes,
            time,
            threads,
            eval_file,
        } = self;
        engine::run(
            engine::Options {
                level,
                depth,
                nodes,
                time,
                threads: usize::from(threads),
            },
            eval_file.as_deref(),
        )
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => Failure::Message(e.to_string()),
            _ => Failure::Io(e),
        })
    }
}

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The record file (`duke-record 1` text), or `-` for standard input
    record: String,
    /// The level whose search scores the turns, 1 to 5
    #[arg(long, default_value_t = ANALYSIS_LEVEL, value_parser = clap::value_parser!(u8).range(1..=i64::from(LEVELS)))]
    level: u8,
    /// Write JSON instead of text
    #[arg(long)]
    json: bool,
    /// Also write an SVG graph of the score over the game to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

impl AnalyzeArgs {
    pub fn run(self) -> Result<(), Failure> {
        let AnalyzeArgs {
            record,
            level,
            json,
            svg,
        } = self;
        // At most a record's length is read, from a regular file or
        // standard input (`/dev/zero` or a FIFO is refused unread).
        let bytes =
            duke_cli::bounded::read_file(&record, duke_engine::record::MAX_RECORD_LEN, "record")
                .map_err(Failure::Message)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Message(format!("{record}: a record is UTF-8 text")))?;
        let (game, turns) =
            analyze::run(&text, level).map_err(|e| Failure::Message(format!("{record}: {e}")))?;
        if let Some(path) = svg {
            std::fs::write(&path, analyze::svg(&turns))
                .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))?;
        }
        if json {
            out!("{}", analyze::to_json(&game, &turns, level));
        } else {
            write!(io::stdout().lock(), "{}", analyze::text(&turns, level)).map_err(Failure::Io)?;
        }
        Ok(())
    }
}

impl PlayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let args = self;
        let opts = play::Options {
            side: match args.side {
                SideArg::Light => Side::Light,
                SideArg::Dark => Side::Dark,
            },
            level: args.level,
            auto: args.auto,
            seed: args.seed,
            delay_ms: args.delay,
            rules: args.rules,
        };
        play::run(&opts).map_err(Failure::Io)
    }
}

/// Perft of the start position to depth 5, then a random game.
pub fn demo() -> Result<(), Failure> {
    let pos = Position::standard();
    out!("standard start position: {pos}");
    for depth in 1..=5 {
        let start = Instant::now();
        let n = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        out!(
            "perft {depth} = {n:>9}   ({:.1} M leaves/s)",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
    out!("");
    out!("a random game (seed 1):");
    selfplay(1, Rules::STANDARD)
}

fn selfplay(seed: u64, rules: Rules) -> Result<(), Failure> {
    let game = random_game(seed, rules);
    write!(io::stdout().lock(), "{}", game.record()).map_err(Failure::Io)?;
    out!("# final position: {}", game.position());
    match game.outcome() {
        Some(o) => out!("# {o}"),
        None => out!("# unfinished"),
    }
    Ok(())
}

/// A random game: the engine's random player on both sides, through the
/// engine's driver (the levy is one decision; the bag decides the troop),
/// from the start the engine sets up under `rules`.
fn random_game(seed: u64, rules: Rules) -> Game {
    use duke_engine::search::{Driver, Player};
    let players = duke_engine::BySide::new(Player::Random, Player::Random);
    let mut driver = Driver::new(Game::set_up(rules, seed), players, seed);
    while driver.step().is_some() {}
    driver.into_parts().0
}
