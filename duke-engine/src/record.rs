//! The game record: a text that carries the setup and every turn, each
//! levy with its drawn troop, so that a game replays without its seed.
//!
//! ```text
//! duke-record 1
//! seed 42                 (only in Game::record_with_seed)
//! setup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6
//! 1. B1-B2
//! 2. P@C5
//! 3. C1-D1
//! result light duke-captured
//! ```
//!
//! - The first line is `duke-record 1`. Blank lines and lines starting
//!   with `#` are ignored.
//! - `rules <text>` (Expanded Play; none for the standard game) names the
//!   rules (`coup+mountain`), before `setup` or `start`.
//! - `seed N` (optional) is the game's seed, for draws after the record.
//! - `setup` lists the start of the game in order: the placements (SPEC
//!   §5), and under Expanded Play the draft's picks (`pick:W`), the terrain
//!   drawn (`mountain@C3`, `fort@D4`) and the Flags placed (`flag@A4`); a
//!   game that began from a position has `start <DPN>` instead.
//! - Each turn is one line, `N. <action>` (SPEC §8 action text), numbered
//!   from 1. A levy is written with the troop that was drawn (`P@C5`). A
//!   Flag relocated before the turn's action (Counting Coup) comes first on
//!   the turn's line: `7. flag@A3 B2-B3`.
//! - `result <light|dark|draw> <reason>` (optional) closes a finished
//!   game; a reader checks it against the replayed game. Reasons are
//!   `duke-captured`, `no-action`, `repetition` and `quiet-turns`.
//!
//! ```
//! use duke_engine::Game;
//! let mut game = Game::standard(1);
//! game.play_text("B1-B2").unwrap();
//! let text = game.record();
//! assert_eq!(text, "duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n");
//! let back = Game::from_record(&text).unwrap();
//! assert_eq!(back.position(), game.position());
//! let err = Game::from_record("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B3\n").unwrap_err();
//! assert_eq!(err.to_string(), "record line 3 (turn 1): B1-B3: the Footman on B1 has no mark that reaches B3");
//! ```

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::{Game, GameError, Outcome, ParseDpnError, Position};

/// A record that could not be read: names the line, the turn when there
/// is one, and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    line: usize,
    turn: Option<u32>,
    kind: RecordErrorKind,
}

/// What is wrong with a record line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The first line is not `duke-record 1`.
    Header,
    /// A `rules` line that cannot be read.
    Rules(crate::ParseRulesError),
    /// A `rules` line that disagrees with the rules of the `start`
    /// position.
    StartRules {
        /// The rules line's.
        record: crate::Rules,
        /// The start position's.
        start: crate::Rules,
    },
    /// A line that is none of the known kinds.
    UnknownLine,
    /// A `seed` that is not a number.
    Seed,
    /// A `start` position that is not valid DPN.
    Start(ParseDpnError),
    /// A second `setup` or `start` line, or one after the turns began.
    Misplaced,
    /// A turn number out of sequence.
    TurnNumber {
        /// The number expected.
        expected: u32,
    },
    /// An action the game refused.
    Action(GameError),
    /// The record ends before setup is complete but has turns.
    SetupIncomplete,
    /// Expanded Play: turns follow a setup line that lacks the square of a
    /// terrain tile the rules draw, so the record would not replay the
    /// game it was written from.
    TerrainMissing(crate::Terrain),
    /// The record is longer than [`MAX_RECORD_LEN`] bytes.
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The `result` line does not match the replayed game.
    Result {
        /// What the replayed game says, `None` when it is not over.
        actual: Option<String>,
    },
}

impl RecordError {
    fn new(line: usize, turn: Option<u32>, kind: RecordErrorKind) -> RecordError {
        RecordError { line, turn, kind }
    }

    /// The line (from 1).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The turn of that line, if it is a turn.
    pub fn turn(&self) -> Option<u32> {
        self.turn
    }

    /// The problem.
    pub fn problem(&self) -> &RecordErrorKind {
        &self.kind
    }

    /// The kind of failure: [`ErrorKind::Record`](crate::ErrorKind::Record).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Record
    }

    /// A stable code for the problem, the same in Rust, Python (`.code`)
    /// and C (`duke_last_error_code`): `record.header`,
    /// `record.unknown-line`, `record.seed`, `record.start`,
    /// `record.misplaced`, `record.turn-number`, `record.action`,
    /// `record.setup-incomplete`, `record.result` or `record.size`.
    ///
    /// ```
    /// use duke_engine::Game;
    /// let err = Game::from_record("duke-record 2\n").unwrap_err();
    /// assert_eq!(err.code(), "record.header");
    /// ```
    pub fn code(&self) -> &'static str {
        match self.kind {
            RecordErrorKind::Header => "record.header",
            RecordErrorKind::Rules(_) | RecordErrorKind::StartRules { .. } => "record.rules",
            RecordErrorKind::UnknownLine => "record.unknown-line",
            RecordErrorKind::Seed => "record.seed",
            RecordErrorKind::Start(_) => "record.start",
            RecordErrorKind::Misplaced => "record.misplaced",
            RecordErrorKind::TurnNumber { .. } => "record.turn-number",
            RecordErrorKind::Action(_) => "record.action",
            RecordErrorKind::SetupIncomplete | RecordErrorKind::TerrainMissing(_) => {
                "record.setup-incomplete"
            }
            RecordErrorKind::Result { .. } => "record.result",
            RecordErrorKind::TooLong { .. } => "record.size",
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record line {}", self.line)?;
        if let Some(turn) = self.turn {
            write!(f, " (turn {turn})")?;
        }
        f.write_str(": ")?;
        match &self.kind {
            RecordErrorKind::Header => f.write_str("expected the header \"duke-record 1\""),
            RecordErrorKind::Rules(e) => e.fmt(f),
            RecordErrorKind::StartRules { record, start } => write!(
                f,
                "the rules line says {record}, and the start position's rules are {start}"
            ),
            RecordErrorKind::UnknownLine => f.write_str(
                "expected \"rules ...\", \"seed N\", \"setup ...\", \"start <DPN>\", \"N. <action>\" or \"result ...\"",
            ),
            RecordErrorKind::Seed => f.write_str("the seed is not a whole number below 2^64"),
            RecordErrorKind::Start(e) => e.fmt(f),
            RecordErrorKind::Misplaced => f.write_str(
                "\"setup\" or \"start\" must come once, before the turns, and after \"rules\" and \"seed\"",
            ),
            RecordErrorKind::TurnNumber { expected } => {
                write!(f, "expected turn number {expected}")
            }
            RecordErrorKind::Action(e) => e.fmt(f),
            RecordErrorKind::SetupIncomplete => {
                f.write_str("turns follow a setup that is not complete")
            }
            RecordErrorKind::TerrainMissing(t) => write!(
                f,
                "turns follow a setup line without the {t}'s square, which the rules draw (like {}@C3)",
                t.as_str()
            ),
            RecordErrorKind::Result { actual: Some(a) } => {
                write!(f, "the result line does not match the game, which ends \"{a}\"")
            }
            RecordErrorKind::Result { actual: None } => {
                f.write_str("the record has a result but the game is not over")
            }
            RecordErrorKind::TooLong { len } => write!(
                f,
                "{len} bytes: a record is at most {MAX_RECORD_LEN} bytes (the records of real games are far shorter)"
            ),
        }
    }
}

impl core::error::Error for RecordError {}

/// The longest record read, in bytes (1 MiB; longer text is refused with
/// `record.size` without being read).
pub const MAX_RECORD_LEN: usize = 1 << 20;

pub(crate) fn read(text: &str, seed_override: Option<u64>) -> Result<Game, RecordError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError::new(
            1,
            None,
            RecordErrorKind::TooLong { len: text.len() },
        ));
    }
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    match lines.next() {
        Some((_, "duke-record 1")) => {}
        Some((n, _)) => return Err(RecordError::new(n, None, RecordErrorKind::Header)),
        None => return Err(RecordError::new(1, None, RecordErrorKind::Header)),
    }
    let mut seed = None;
    let mut rules: Option<crate::Rules> = None;
    let mut game: Option<Game> = None;
    let mut turn = 0u32;
    let mut result: Option<(usize, &str)> = None;
    // A terrain the rules draw that the setup line does not carry: the
    // record would not replay the writer's game.
    let mut terrain_missing = None;
    for (n, line) in lines {
        let err = |kind| RecordError::new(n, None, kind);
        if result.is_some() {
            return Err(err(RecordErrorKind::UnknownLine));
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "seed" if game.is_none() && seed.is_none() => {
                seed = Some(
                    rest.parse::<u64>()
                        .map_err(|_| err(RecordErrorKind::Seed))?,
                );
            }
            "rules" if game.is_none() && rules.is_none() => {
                rules = Some(rest.parse().map_err(|e| err(RecordErrorKind::Rules(e)))?);
            }
            "setup" | "start" | "rules" if game.is_some() => {
                return Err(err(RecordErrorKind::Misplaced))
            }
            "setup" => {
                let rules = rules.unwrap_or_default();
                let seed = seed_override.or(seed).unwrap_or(0);
                // The terrain the record carries is the game's, drawn
                // where the game draws it: given to the game from the start.
                let mut given = [None, None];
                for a in rest.split_whitespace() {
                    if let Ok(crate::ActionView::Terrain { terrain, to }) =
                        a.parse::<crate::Action>().map(crate::Action::view)
                    {
                        given[terrain.index()] = Some(to);
                    }
                }
                terrain_missing = if rules.mountain() && given[0].is_none() {
                    Some(crate::Terrain::Mountain)
                } else if rules.fort() && given[1].is_none() {
                    Some(crate::Terrain::Fort)
                } else {
                    None
                };
                let mut g = if given == [None, None] {
                    Game::with_rules(rules, seed)
                } else {
                    Game::with_terrain(rules, seed, given[0], given[1])
                        .map_err(|e| err(RecordErrorKind::Action(e)))?
                };
                for a in rest.split_whitespace() {
                    let action: crate::Action = a
                        .parse()
                        .map_err(|e| err(RecordErrorKind::Action(GameError::from(e))))?;
                    if action.kind() == crate::ActionKind::Terrain {
                        // Placed by the game after the decision before it.
                        let placed = g.actions().any(|x| x == action);
                        if !placed {
                            return Err(err(RecordErrorKind::Misplaced));
                        }
                        continue;
                    }
                    g.play(action)
                        .map_err(|e| err(RecordErrorKind::Action(e)))?;
                }
                game = Some(g);
            }
            "start" => {
                let pos: Position = rest.parse().map_err(|e| err(RecordErrorKind::Start(e)))?;
                if let Some(r) = rules {
                    if r != pos.rules() {
                        return Err(err(RecordErrorKind::StartRules {
                            record: r,
                            start: pos.rules(),
                        }));
                    }
                }
                game = Some(Game::from_position(
                    pos,
                    seed_override.or(seed).unwrap_or(0),
                ));
            }
            "result" => result = Some((n, rest)),
            _ if word.ends_with('.')
                && word[..word.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
            {
                let g = game.as_mut().ok_or(err(RecordErrorKind::Misplaced))?;
                let number = word[..word.len() - 1].parse::<u32>().ok();
                turn += 1;
                let err = |kind| RecordError::new(n, Some(turn), kind);
                if number != Some(turn) {
                    return Err(err(RecordErrorKind::TurnNumber { expected: turn }));
                }
                if g.actions().len() < g.setup_len() {
                    return Err(err(RecordErrorKind::SetupIncomplete));
                }
                if let Some(t) = terrain_missing {
                    return Err(err(RecordErrorKind::TerrainMissing(t)));
                }
                // A record carries each levy whole, its troop drawn then;
                // a relocation of a Flag comes before the turn's action.
                let mut words = rest.split_whitespace();
                let (first, second) = (words.next().unwrap_or(""), words.next());
                if words.next().is_some() {
                    return Err(err(RecordErrorKind::UnknownLine));
                }
                let play = |g: &mut Game, text: &str| {
                    text.parse()
                        .map_err(crate::GameError::from)
                        .and_then(|a| g.play_levy(a))
                        .map_err(|e| err(RecordErrorKind::Action(e)))
                };
                if let Some(second) = second {
                    if !first.starts_with("flag@") {
                        return Err(err(RecordErrorKind::UnknownLine));
                    }
                    play(g, first)?;
                    play(g, second)?;
                } else {
                    play(g, first)?;
                }
            }
            _ => return Err(err(RecordErrorKind::UnknownLine)),
        }
    }
    let game = game.unwrap_or_else(|| {
        Game::with_rules(
            rules.unwrap_or_default(),
            seed_override.or(seed).unwrap_or(0),
        )
    });
    if let Some((n, text)) = result {
        let actual = game.outcome().map(outcome_text);
        if actual.as_deref() != Some(text) {
            return Err(RecordError::new(
                n,
                None,
                RecordErrorKind::Result { actual },
            ));
        }
    }
    Ok(game)
}

impl Game {
    /// The record text without the seed (see [`crate::record`]).
    pub fn record(&self) -> String {
        self.write_record(false)
    }

    /// The record text with the seed, so that further draws replay too.
    /// Keep it private where the draws must stay secret.
    pub fn record_with_seed(&self) -> String {
        self.write_record(true)
    }

    fn write_record(&self, with_seed: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "duke-record 1");
        if !self.rules().is_standard() {
            let _ = writeln!(out, "rules {}", self.rules());
        }
        if with_seed {
            let _ = writeln!(out, "seed {}", self.seed());
        }
        if self.setup_len() == 0 {
            let _ = writeln!(out, "start {}", self.start_position());
        } else {
            out.push_str("setup");
            for &(_, a) in self.steps().iter().take(self.setup_len()) {
                let _ = write!(out, " {a}");
            }
            out.push('\n');
        }
        let mut number = 0;
        let mut relocation = false;
        for a in self.turns() {
            if !relocation {
                number += 1;
                let _ = write!(out, "{number}.");
            }
            let _ = write!(out, " {a}");
            // A relocation shares its line with the turn's action.
            relocation = a.kind() == crate::ActionKind::Flag;
            if !relocation {
                out.push('\n');
            }
        }
        if relocation {
            out.push('\n');
        }
        if let Some(outcome) = self.outcome() {
            let _ = writeln!(out, "result {}", outcome_text(outcome));
        }
        out
    }

    /// Reads a record (see [`crate::record`]) into the game it describes.
    /// A record without a seed gets seed 0 for later draws; see
    /// [`Game::from_record_with_seed`].
    pub fn from_record(text: &str) -> Result<Game, crate::record::RecordError> {
        read(text, None)
    }

    /// Reads a record, using `seed` for later draws whether or not the
    /// record carries one.
    pub fn from_record_with_seed(
        text: &str,
        seed: u64,
    ) -> Result<Game, crate::record::RecordError> {
        read(text, Some(seed))
    }
}

/// The `result` line's text of an outcome: the winner (or `draw`) and the reason.
pub(crate) fn outcome_text(outcome: Outcome) -> String {
    let mut s = String::new();
    let _ = match outcome.winner() {
        Some(side) => write!(
            s,
            "{} {}",
            side.name().to_ascii_lowercase(),
            outcome.reason_name()
        ),
        None => write!(s, "draw {}", outcome.reason_name()),
    };
    s
}
