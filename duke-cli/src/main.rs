//! `duke`: the command-line program of duke-engine. Run `duke --help`, or
//! `duke <command> --help` for one command.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

mod analyze;
mod external;
mod input;
mod play;
mod progress;
mod soak;
mod sprt;
mod text;
mod tournament;

use duke_cli::{engine, protocol};
use duke_engine::{divide, perft, Game, Position, Side};

/// The Duke (2013 core set) in the terminal
///
/// Play against the AI, count positions, list legal actions, run matches
/// between AI levels and soak tests of the rules engine.
#[derive(Parser)]
#[command(name = "duke", version, propagate_version = true, max_term_width = 80)]
#[command(after_help = "Start with `duke play`, then type `help` at its prompt.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game against the AI (commands on standard input; type `help`)
    #[command(after_help = "A script can play too: commands are read from standard \
input, one a line, and the game leaves cleanly at the end of its input.")]
    Play(PlayArgs),
    /// Count the leaf positions of a position to a depth (perft)
    Perft {
        /// The position as DPN, or `start` for the standard start position
        position: String,
        /// How many turns deep to count
        depth: u32,
        /// Print each first action with its own count first
        #[arg(long)]
        divide: bool,
    },
    /// List the legal actions of a position, one a line
    Moves {
        /// The position as DPN, or `start` for the standard start position
        position: String,
    },
    /// Play a random game and print its record and result
    Selfplay {
        /// The game's seed (its draws and the random choices)
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Perft of the start position to depth 5, then a random game
    Demo,
    /// A match between two players: paired seeds, colours swapped
    ///
    /// A player is built in (`random`, `greedy`, a level `1`-`5`, or search
    /// limits such as `depth4`, `nodes20000`, `millis500`) or
    /// `engine`, an external program speaking the engine protocol, given
    /// by `--engine` (once per `engine` player, in order). The referee
    /// draws every levy and judges every answer with the engine's arbiter:
    /// an illegal or late answer loses the game and is reported.
    #[command(
        after_help = "Example: duke tournament engine level3 --engine \"duke engine --level 4\" --sprt 0,50 --games 2000"
    )]
    Tournament {
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
        /// How many games to play at once
        #[arg(long, default_value_t = 1)]
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
    },
    /// Random and AI games, every invariant checked after every step
    ///
    /// Exits with status 1 at the first failure, naming the game and its seed.
    Soak {
        /// How many random games
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// How many level 1 vs level 2 games
        #[arg(long, default_value_t = 200)]
        ai_games: u64,
        /// The soak's seed (game i of each part has a seed derived from it)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many games to play at once
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Speak the engine protocol on standard input and output
    ///
    /// One command a line (`duke`, `isready`, `setoption`, `position`,
    /// `drawn`, `go`, `stop`, `quit`); see docs/src/engine-protocol.md.
    /// The arguments set the options' starting values.
    Engine {
        /// The level `go` plays without limits
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=5))]
        level: u8,
        /// A depth limit for every `go` (0: none)
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// A node limit for every `go` (0: none)
        #[arg(long, default_value_t = 0)]
        nodes: u64,
        /// A time limit in milliseconds for every `go` (0: none)
        #[arg(long, value_name = "MS", default_value_t = 0)]
        time: u64,
        /// Search threads (Lazy SMP); more than 1 is not deterministic
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=duke_engine::search::MAX_THREADS as i64))]
        threads: u16,
    },
    /// Score every turn of a game record with the AI: the score before and
    /// after, the best alternative, mistakes (?) and blunders (??)
    ///
    /// A mistake drops the score by 1 Footman or more, a blunder by 3 or
    /// more (scores capped at 20 Footmen), measured by searching every
    /// decision of the turn to the level's depth (at most 4). A levy is
    /// judged by the decision to levy (an expectation over the bag, so the
    /// draw's luck does not count) and by the square chosen for the troop.
    Analyze {
        /// The record file (`duke-record 1` text), or `-` for standard input
        record: String,
        /// The level whose search scores the turns, 1 to 5
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=5))]
        level: u8,
        /// Write JSON instead of text
        #[arg(long)]
        json: bool,
        /// Also write an SVG graph of the score over the game to FILE
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
    },
    /// Print a completion script for a shell
    ///
    /// For example `duke completions bash > /etc/bash_completion.d/duke`.
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
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
struct PlayArgs {
    /// Your side
    #[arg(long, value_enum, default_value = "light")]
    side: SideArg,
    /// The AI's level, 1 (weakest) to 5
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
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
}

/// Why the program stops early.
enum Failure {
    /// Bad input (exit status 2).
    Message(String),
    /// A check failed (exit status 1).
    Check(String),
    Io(io::Error),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Message(s)
    }
}

/// Writes a line to stdout; a closed pipe (`duke moves ... | head`) ends
/// the program quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(io::stdout().lock(), $($arg)*).map_err(Failure::Io)?
    };
}

fn parse_position(text: &str) -> Result<Position, String> {
    if text == "start" || text == "startpos" {
        return Ok(Position::standard());
    }
    text.parse().map_err(|e| format!("{e}"))
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft {
            position,
            depth,
            divide: divided,
        } => {
            let pos = parse_position(&position)?;
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
        Command::Moves { position } => {
            let pos = parse_position(&position)?;
            let mut list = pos.legal_actions();
            list.sort();
            for a in list.iter() {
                out!("{a}");
            }
            Ok(())
        }
        Command::Selfplay { seed } => selfplay(seed),
        Command::Demo => {
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
            selfplay(1)
        }
        Command::Play(args) => {
            let opts = play::Options {
                side: match args.side {
                    SideArg::Light => Side::Light,
                    SideArg::Dark => Side::Dark,
                },
                level: args.level,
                auto: args.auto,
                seed: args.seed,
                delay_ms: args.delay,
            };
            play::run(&opts).map_err(Failure::Io)
        }
        Command::Tournament {
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
        } => {
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
            let sprt = match sprt {
                Some(text) => {
                    let (elo0, elo1) = sprt::Sprt::parse(&text)?;
                    if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
                        return Err(Failure::Message(
                            "--alpha and --beta must lie between 0 and 0.5".into(),
                        ));
                    }
                    Some(sprt::Sprt {
                        elo0,
                        elo1,
                        alpha,
                        beta,
                    })
                }
                None => None,
            };
            let opts = tournament::Options {
                games: games.max(2),
                seed,
                threads,
                timeout: std::time::Duration::from_millis(timeout),
                sprt,
            };
            // The match prints as it goes: run it before locking stdout.
            let summary = tournament::run(&a, &b, &opts);
            out!("{summary}");
            Ok(())
        }
        Command::Soak {
            games,
            ai_games,
            seed,
            threads,
        } => {
            let opts = soak::Options {
                random_games: games,
                ai_games,
                seed,
                threads,
            };
            match soak::run(&opts) {
                Ok(summary) => {
                    out!("{summary}");
                    Ok(())
                }
                Err(failure) => Err(Failure::Check(format!("soak failed: {failure}"))),
            }
        }
        Command::Engine {
            level,
            depth,
            nodes,
            time,
            threads,
        } => engine::run(engine::Options {
            level,
            depth,
            nodes,
            time,
            threads: usize::from(threads),
        })
        .map_err(Failure::Io),
        Command::Analyze {
            record,
            level,
            json,
            svg,
        } => {
            let text = if record == "-" {
                io::read_to_string(io::stdin()).map_err(Failure::Io)?
            } else {
                std::fs::read_to_string(&record)
                    .map_err(|e| Failure::Message(format!("{record}: {e}")))?
            };
            let (game, turns) = analyze::run(&text, level)
                .map_err(|e| Failure::Message(format!("{record}: {e}")))?;
            if let Some(path) = svg {
                std::fs::write(&path, analyze::svg(&turns))
                    .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))?;
            }
            if json {
                out!("{}", analyze::to_json(&game, &turns, level));
            } else {
                write!(io::stdout().lock(), "{}", analyze::text(&turns, level))
                    .map_err(Failure::Io)?;
            }
            Ok(())
        }
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "duke", &mut io::stdout());
            Ok(())
        }
    }
}

fn selfplay(seed: u64) -> Result<(), Failure> {
    let game = random_game(seed);
    write!(io::stdout().lock(), "{}", game.record()).map_err(Failure::Io)?;
    out!("# final position: {}", game.position());
    match game.outcome() {
        Some(o) => out!("# {o}"),
        None => out!("# unfinished"),
    }
    Ok(())
}

/// A random game: the engine's random player on both sides, through the
/// engine's driver (the levy is one decision; the bag decides the troop).
fn random_game(seed: u64) -> Game {
    use duke_engine::search::{Driver, Player};
    let players = duke_engine::BySide::new(Player::Random, Player::Random);
    let mut driver = Driver::new(Game::standard(seed), players, seed);
    while driver.step().is_some() {}
    driver.into_parts().0
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("duke: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Check(e)) => {
            eprintln!("duke: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Message(e)) => {
            eprintln!("duke: {e}");
            ExitCode::from(2)
        }
    }
}
