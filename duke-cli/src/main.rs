//! `duke`: the command-line program of duke-engine. Run `duke --help`, or
//! `duke <command> --help` for one command.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod analyze;
mod commands;
mod external;
mod input;
mod play;
mod progress;
mod soak;
mod sprt;
mod text;
mod tournament;

use commands::{
    demo, ActionsArgs, AnalyzeArgs, EngineArgs, Failure, PerftArgs, PlayArgs, SelfplayArgs,
    SoakArgs, SprtArgs, TournamentArgs,
};
use duke_cli::protocol;

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
    Perft(PerftArgs),
    /// List the legal actions of a position, one a line
    #[command(alias = "moves")]
    Actions(ActionsArgs),
    /// Play a random game and print its record and result
    Selfplay(SelfplayArgs),
    /// Perft of the start position to depth 5, then a random game
    Demo,
    /// A match between two players: paired seeds, colours swapped
    ///
    /// A player is built in (`random`, `greedy`, a level `1`-`5`, or search
    /// limits such as `depth4`, `nodes20000`, `millis500`) or
    /// `engine`, an external program speaking the engine protocol, given
    /// by `--engine` (once per `engine` player, in order). The referee
    /// draws every levy and judges every answer with the engine's arbiter:
    /// an illegal or late answer loses the game and is reported. Ctrl-C
    /// stops the match and prints the summary of the games finished.
    #[command(
        after_help = "Example: duke tournament engine level3 --engine \"duke engine --level 4\" --sprt 0,50 --games 2000"
    )]
    Tournament(TournamentArgs),
    /// The SPRT of counted game pairs: its LLR, verdict and Elo
    ///
    /// For the pentanomial counts that `duke tournament --sprt` prints
    /// after every pair. Several COUNTS are added up: one test played in
    /// several runs with different seeds, the way fishtest adds up the
    /// batches of its workers.
    #[command(after_help = "Example: duke sprt 0,50 \"2 0 15 2 0\" \"5 3 27 3 8\"")]
    Sprt(SprtArgs),
    /// Random and AI games, every invariant checked after every step
    ///
    /// Exits with status 1 at the first failure, naming the game and its seed.
    Soak(SoakArgs),
    /// Speak the engine protocol on standard input and output
    ///
    /// One command a line (`duke`, `isready`, `setoption`, `position`,
    /// `drawn`, `go`, `stop`, `quit`); see docs/src/engine-protocol.md.
    /// The arguments set the options' starting values.
    Engine(EngineArgs),
    /// Score every turn of a game record with the AI: the score before and
    /// after, the best alternative, mistakes (?) and blunders (??)
    ///
    /// A mistake drops the score by 1 Footman or more, a blunder by 3 or
    /// more (scores capped at 20 Footmen), measured by searching every
    /// decision of the turn to the level's depth (at most 4). A levy is
    /// judged by the decision to levy (an expectation over the bag, so the
    /// draw's luck does not count) and by the square chosen for the troop.
    /// At level 5 a marked turn, a levy and a turn after which the score
    /// jumps are searched again, up to depth 6 (see the AI chapter).
    Analyze(AnalyzeArgs),
    /// Print a completion script for a shell
    ///
    /// For example `duke completions bash > /etc/bash_completion.d/duke`.
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
}

/// Runs one subcommand; each lives in [`commands`].
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Play(args) => args.run(),
        Command::Perft(args) => args.run(),
        Command::Actions(args) => args.run(),
        Command::Selfplay(args) => args.run(),
        Command::Demo => demo(),
        Command::Tournament(args) => args.run(),
        Command::Sprt(args) => args.run(),
        Command::Soak(args) => args.run(),
        Command::Engine(args) => args.run(),
        Command::Analyze(args) => args.run(),
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "duke", &mut std::io::stdout());
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli.command).map_or_else(Failure::exit_code, |()| ExitCode::SUCCESS)
}
