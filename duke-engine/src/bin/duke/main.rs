//! `duke`: the command-line program of duke-engine.
//!
//! ```text
//! duke perft '<DPN>' <depth> [--divide]
//! duke moves '<DPN>'
//! duke selfplay [--seed N]
//! duke demo
//! duke play [--side light|dark] [--level N] [--seed N] [--auto]
//! duke tournament <player> <player> [--games N] [--seed N] [--threads N]
//! duke soak [--games N] [--ai-games N] [--seed N] [--threads N]
//! ```

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

mod play;
mod players;
mod soak;
mod tournament;

use duke_engine::{divide, perft, Game, Position, Side};

const USAGE: &str = "usage:
  duke perft '<DPN>' <depth> [--divide]   count leaf positions (SPEC §9); 'start' is the standard start position
  duke moves '<DPN>'                      list the legal actions, one a line
  duke selfplay [--seed N]                play a random game and print its record and result
  duke demo                               perft of the start position to depth 5, then a self-played game
  duke play [--side light|dark] [--level 1-5] [--seed N] [--auto]
                                          a game against the AI, commands on stdin ('help'); --auto: AI vs AI
  duke tournament <A> <B> [--games N] [--seed N] [--threads N]
                                          A and B: random, greedy, or a level 1-5; paired seeds, colours swapped
  duke soak [--games N] [--ai-games N] [--seed N] [--threads N]
                                          N random games and N level-1-vs-level-2 games (default 10000 and 200),
                                          every invariant checked after every step; exits 1 on the first failure";

/// Why the program stops early.
enum Failure {
    Usage(String),
    Io(io::Error),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Usage(s)
    }
}

impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure::Usage(s.to_string())
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

fn run(args: &[String]) -> Result<(), Failure> {
    match args.first().map(String::as_str) {
        Some("perft") => {
            let pos = parse_position(args.get(1).ok_or(USAGE)?)?;
            let depth: u32 = args
                .get(2)
                .ok_or(USAGE)?
                .parse()
                .map_err(|_| format!("depth \"{}\" is not a whole number", args[2]))?;
            let divided = args.get(3).map(String::as_str) == Some("--divide");
            if args.len() > 4 || (args.len() == 4 && !divided) {
                return Err(USAGE.into());
            }
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
        Some("moves") => {
            let pos = parse_position(args.get(1).ok_or(USAGE)?)?;
            if args.len() > 2 {
                return Err(USAGE.into());
            }
            let mut list = pos.legal_actions();
            list.sort();
            for a in list.iter() {
                out!("{a}");
            }
            Ok(())
        }
        Some("selfplay") => {
            let seed = match args.get(1).map(String::as_str) {
                None => 0,
                Some("--seed") => args
                    .get(2)
                    .ok_or(USAGE)?
                    .parse()
                    .map_err(|_| "the seed must be a whole number".to_string())?,
                Some(_) => return Err(USAGE.into()),
            };
            let game = random_game(seed);
            write!(io::stdout().lock(), "{}", game.record()).map_err(Failure::Io)?;
            out!("# final position: {}", game.position());
            match game.outcome() {
                Some(o) => out!("# {o}"),
                None => out!("# unfinished"),
            }
            Ok(())
        }
        Some("demo") => {
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
            run(&["selfplay".into(), "--seed".into(), "1".into()])
        }
        Some("play") => {
            let mut opts = play::Options {
                side: Side::Light,
                level: 3,
                auto: false,
                seed: 1,
            };
            let mut i = 1;
            while i < args.len() {
                let value = args.get(i + 1).map(String::as_str);
                match (args[i].as_str(), value) {
                    ("--auto", _) => {
                        opts.auto = true;
                        i += 1;
                        continue;
                    }
                    ("--side", Some("light" | "l")) => opts.side = Side::Light,
                    ("--side", Some("dark" | "d")) => opts.side = Side::Dark,
                    ("--level", Some(v)) => {
                        opts.level = v
                            .parse()
                            .ok()
                            .filter(|l| (1..=duke_engine::search::LEVELS).contains(l))
                            .ok_or("the level is 1 to 5")?
                    }
                    ("--seed", Some(v)) => {
                        opts.seed = v.parse().map_err(|_| "the seed must be a whole number")?
                    }
                    _ => return Err(USAGE.into()),
                }
                i += 2;
            }
            play::run(&opts).map_err(Failure::Io)
        }
        Some("tournament") => {
            let a = players::Player::parse(args.get(1).ok_or(USAGE)?)?;
            let b = players::Player::parse(args.get(2).ok_or(USAGE)?)?;
            let (mut games, mut seed, mut threads) = (200u32, 1u64, 1usize);
            let mut i = 3;
            while i < args.len() {
                let v = args.get(i + 1).ok_or(USAGE)?;
                match args[i].as_str() {
                    "--games" => games = v.parse().map_err(|_| "--games takes a whole number")?,
                    "--seed" => seed = v.parse().map_err(|_| "--seed takes a whole number")?,
                    "--threads" => {
                        threads = v.parse().map_err(|_| "--threads takes a whole number")?
                    }
                    _ => return Err(USAGE.into()),
                }
                i += 2;
            }
            out!("{}", tournament::run(a, b, games.max(2), seed, threads));
            Ok(())
        }
        Some("soak") => {
            let mut opts = soak::Options {
                random_games: 10_000,
                ai_games: 200,
                seed: 1,
                threads: 1,
            };
            let mut i = 1;
            while i < args.len() {
                let v = args.get(i + 1).ok_or(USAGE)?;
                let n: u64 = v
                    .parse()
                    .map_err(|_| format!("{} takes a whole number", args[i]))?;
                match args[i].as_str() {
                    "--games" => opts.random_games = n,
                    "--ai-games" => opts.ai_games = n,
                    "--seed" => opts.seed = n,
                    "--threads" => opts.threads = n as usize,
                    _ => return Err(USAGE.into()),
                }
                i += 2;
            }
            match soak::run(&opts) {
                Ok(summary) => {
                    out!("{summary}");
                    Ok(())
                }
                Err(failure) => Err(Failure::Usage(format!("soak failed: {failure}"))),
            }
        }
        _ => Err(USAGE.into()),
    }
}

/// A random game: a seeded xorshift chooses among the legal actions (a
/// levy is chosen per (kind, square) pair, as the list has it, then the
/// troop comes from the game's draw).
fn random_game(seed: u64) -> Game {
    let mut game = Game::standard(seed);
    let mut x = seed ^ 0x9E37_79B9_7F4A_7C15;
    while game.outcome().is_none() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let list = game.legal_actions();
        let a = list[(x % list.len() as u64) as usize];
        if a.kind() == duke_engine::ActionKind::Place {
            game.draw().expect("a levy in the list can be drawn");
            game.place(a.target()).expect("the levy square is free");
        } else {
            game.play(a).expect("a listed action is legal");
        }
    }
    game
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("duke: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(e)) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
