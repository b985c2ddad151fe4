//! The engine protocol's commands (see `docs/src/engine-protocol.md`):
//! reading a client's line into a [`Command`], and writing the engine's
//! answers. Shared by `duke engine` (the engine side) and `duke
//! tournament` (the referee's side of an external engine).

use duke_engine::Decision;
use duke_engine::{Action, Position, Troop};

/// The protocol's name and version, answered to `duke`.
pub const VERSION: &str = "duke-engine-protocol 1";

/// A limit of one `go`; unset parts come from the options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// `go depth N`.
    pub depth: Option<u32>,
    /// `go nodes N`.
    pub nodes: Option<u64>,
    /// `go movetime N`, in milliseconds.
    pub movetime: Option<u64>,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The standard start position (after the fixed setup).
    Standard,
    /// A position given as DPN.
    Dpn(Position),
}

/// One line from the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `duke`: identify, list the options, answer `dukeok`.
    Duke,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name N value V`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value, as text.
        value: String,
    },
    /// `newgame`.
    NewGame,
    /// `position startpos|dpn D [moves ...]`.
    Position {
        /// Where the game starts.
        start: Start,
        /// The actions played from there (levies whole, as records give them).
        moves: Vec<Action>,
    },
    /// `drawn T`: the troop the client's bag drew for the levy.
    Drawn(Troop),
    /// `go [depth N] [nodes N] [movetime N]`.
    Go(GoLimits),
    /// `stop`: answer now.
    Stop,
    /// `quit`.
    Quit,
    /// An empty line (ignored).
    Empty,
}

fn number<T: std::str::FromStr>(what: &str, text: Option<&str>) -> Result<T, String> {
    let text = text.ok_or_else(|| format!("{what}: a number is missing"))?;
    text.parse()
        .map_err(|_| format!("{what}: \"{text}\" is not a non-negative number"))
}

/// Reads one line of the client. The error names the problem.
pub fn parse(line: &str) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(Command::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let none = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(format!(
                "{head}: takes no arguments, found \"{}\"",
                rest.join(" ")
            ))
        }
    };
    match head {
        "duke" => none(Command::Duke),
        "isready" => none(Command::IsReady),
        "newgame" => none(Command::NewGame),
        "stop" => none(Command::Stop),
        "quit" => none(Command::Quit),
        "setoption" => {
            // setoption name <name> value <value>
            if rest.first() != Some(&"name") {
                return Err("setoption: expected \"setoption name <name> value <value>\"".into());
            }
            let v = rest.iter().position(|&w| w == "value").ok_or_else(|| {
                "setoption: expected \"setoption name <name> value <value>\"".to_string()
            })?;
            let name = rest[1..v].join(" ").to_ascii_lowercase();
            let value = rest[v + 1..].join(" ");
            if name.is_empty() || value.is_empty() {
                return Err("setoption: expected \"setoption name <name> value <value>\"".into());
            }
            Ok(Command::SetOption { name, value })
        }
        "position" => {
            let m = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            let start = match rest.first() {
                Some(&"start") | Some(&"startpos") if m == 1 => Start::Standard,
                Some(&"dpn") => {
                    let text = rest[1..m].join(" ");
                    Start::Dpn(
                        text.parse::<Position>()
                            .map_err(|e| format!("position: {e}"))?,
                    )
                }
                _ => {
                    return Err(
                        "position: expected \"position start [moves ...]\" or \"position dpn <DPN> [moves ...]\""
                            .into(),
                    )
                }
            };
            let moves = rest[(m + 1).min(rest.len())..]
                .iter()
                .map(|w| w.parse::<Action>().map_err(|e| format!("position: {e}")))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Command::Position { start, moves })
        }
        "drawn" => match rest.as_slice() {
            [t] if t.chars().count() == 1 => {
                let c = t.chars().next().unwrap_or(' ').to_ascii_uppercase();
                Troop::from_char(c)
                    .map(Command::Drawn)
                    .ok_or_else(|| format!("drawn: '{t}' is not a troop letter"))
            }
            _ => Err("drawn: expected one troop letter, as in \"drawn P\"".into()),
        },
        "go" => {
            let mut limits = GoLimits::default();
            let mut it = rest.iter();
            while let Some(&w) = it.next() {
                match w {
                    "depth" => limits.depth = Some(number("go depth", it.next().copied())?),
                    "nodes" => limits.nodes = Some(number("go nodes", it.next().copied())?),
                    "movetime" => {
                        limits.movetime = Some(number("go movetime", it.next().copied())?)
                    }
                    _ => {
                        return Err(format!(
                            "go: unknown limit \"{w}\" (depth, nodes or movetime)"
                        ))
                    }
                }
            }
            Ok(Command::Go(limits))
        }
        _ => Err(format!("unknown command \"{head}\"")),
    }
}

/// Reads a decision: the engine's text, or `draw`, the word for the levy
/// of the protocol's first version.
pub fn parse_decision(text: &str) -> Result<Decision, String> {
    if text == "draw" {
        return Ok(Decision::Levy);
    }
    text.parse::<Decision>().map_err(|e| e.to_string())
}

/// A score as the protocol writes it: Footmen with two decimals, or
/// `mate N` (N turns to the Duke's capture, negative when losing).
pub fn score_text(score: i32) -> String {
    let s = duke_engine::search::Score(score);
    match s.mate_in() {
        Some(n) => format!("mate {n}"),
        // The protocol writes no '+' sign.
        None => s.to_string().trim_start_matches('+').to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse("  "), Ok(Command::Empty));
        assert_eq!(
            parse("position start moves B1-B2 E6-F6"),
            Ok(Command::Position {
                start: Start::Standard,
                moves: vec!["B1-B2".parse().unwrap(), "E6-F6".parse().unwrap()]
            })
        );
        assert_eq!(
            parse("setoption name level value 3"),
            Ok(Command::SetOption {
                name: "level".into(),
                value: "3".into()
            })
        );
        assert_eq!(
            parse("go depth 3 movetime 100"),
            Ok(Command::Go(GoLimits {
                depth: Some(3),
                nodes: None,
                movetime: Some(100)
            }))
        );
        assert_eq!(parse("drawn p"), Ok(Command::Drawn(Troop::Pikeman)));
        assert_eq!(
            parse("go depth x").unwrap_err(),
            "go depth: \"x\" is not a non-negative number"
        );
        assert_eq!(parse("fly").unwrap_err(), "unknown command \"fly\"");
        assert!(parse("position start moves B1-Z9").is_err());
        assert!(parse("drawn Q").unwrap_err().contains("not a troop letter"));
    }

    #[test]
    fn scores() {
        assert_eq!(score_text(35), "0.35");
        assert_eq!(score_text(-135), "-1.35");
        assert_eq!(score_text(-5), "-0.05");
        assert_eq!(score_text(duke_engine::search::MATE - 3), "mate 3");
        assert_eq!(score_text(-duke_engine::search::MATE + 2), "mate -2");
    }
}
