//! The players every face uses: a uniformly random player, a one-ply
//! greedy player, the AI's levels and a search within limits, named by one
//! parser (`random`, `greedy`, `level1` ... `level5`, `depth4`,
//! `nodes20000`, `millis500`). Every choice goes through the engine (the
//! root decisions, the evaluation, the search).

use core::fmt;
use core::str::FromStr;

use super::{evaluate, root_decisions, Answer, Request, Searcher, LEVELS};
use crate::{Action, Decision, Game, GameError, Phase, Troop};

/// Who decides.
///
/// ```
/// use duke_engine::search::Player;
/// let p: Player = "level3".parse().unwrap();
/// assert_eq!(p, Player::Level(3));
/// assert_eq!(p.to_string(), "level3");
/// assert_eq!("greedy".parse::<Player>(), Ok(Player::Greedy));
/// let err = "level9".parse::<Player>().unwrap_err();
/// assert_eq!(err.code(), "player.name");
/// let search: Player = "depth4+millis500".parse().unwrap();
/// assert_eq!(search.to_string(), "depth4+millis500");
/// assert!("depth0".parse::<Player>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Uniform over the decisions (each maneuver, the levy as one), from a
    /// generator seeded by the caller's seed and the position.
    Random,
    /// The decision with the best static evaluation one ply ahead (the
    /// levy scored by its expected best placement).
    Greedy,
    /// A difficulty level of the AI, 1 to [`LEVELS`].
    Level(u8),
    /// A search within limits (quiescence on, no noise), written
    /// `depthN`, `nodesN` or `millisN`, joined by `+` for more than one;
    /// each in the engine's range (see [`Limits::check`](super::Limits::check)).
    Search(super::Limits),
}

/// A name that is no player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayerError {
    text: crate::names::TextSnippet,
}

impl ParsePlayerError {
    /// The stable code: `player.name`.
    pub const fn code(&self) -> &'static str {
        "player.name"
    }

    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }
}

impl fmt::Display for ParsePlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a player: random, greedy, a level 1 to {LEVELS} (level1 ... level{LEVELS}), or search limits in range (depth4, nodes20000, millis500, or joined: depth6+millis1000)",
            self.text
        )
    }
}

impl core::error::Error for ParsePlayerError {}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// `random`, `greedy`, `level1` to `level5` (or the bare number), in
    /// any case.
    fn from_str(text: &str) -> Result<Player, ParsePlayerError> {
        let err = || ParsePlayerError {
            text: crate::names::TextSnippet::new(text.as_bytes()),
        };
        let t = text.trim();
        if t.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if t.eq_ignore_ascii_case("greedy") {
            return Ok(Player::Greedy);
        }
        let n = match t.get(..5) {
            Some(head) if head.eq_ignore_ascii_case("level") => &t[5..],
            _ => t,
        };
        if let Ok(k) = n.parse::<u8>() {
            return if (1..=LEVELS).contains(&k) {
                Ok(Player::Level(k))
            } else {
                Err(err())
            };
        }
        // Search limits: depthN, nodesN, millisN, joined by '+'.
        let mut limits = super::Limits::default();
        for part in t.split('+') {
            let split = part.find(|c: char| c.is_ascii_digit()).ok_or_else(err)?;
            let (name, number) = part.split_at(split);
            let value: u64 = number.parse().map_err(|_| err())?;
            match name.to_ascii_lowercase().as_str() {
                "depth" => limits.depth = Some(u32::try_from(value).map_err(|_| err())?),
                "nodes" => limits.nodes = Some(value),
                "millis" => limits.millis = Some(value),
                _ => return Err(err()),
            }
        }
        limits.check().map(Player::Search).map_err(|_| err())
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Level(k) => write!(f, "level{k}"),
            Player::Search(l) => {
                let mut sep = "";
                for (name, v) in [
                    ("depth", l.depth.map(u64::from)),
                    ("nodes", l.nodes),
                    ("millis", l.millis),
                ] {
                    if let Some(v) = v {
                        write!(f, "{sep}{name}{v}")?;
                        sep = "+";
                    }
                }
                Ok(())
            }
        }
    }
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

impl Player {
    /// The decision of this player in `game`, which must be in play or
    /// have a drawn troop waiting; in setup or once it is over, the phase
    /// error (code `phase`).
    /// `seed` feeds the random player and the noise of levels 1 and 2.
    /// A level or a search also gives the AI's [`Answer`] (score, depth,
    /// line).
    ///
    /// ```
    /// use duke_engine::search::{Player, Searcher};
    /// use duke_engine::Game;
    /// let mut game = Game::standard(1);
    /// let mut searcher = Searcher::new();
    /// let mut turn = 0;
    /// while let Ok((d, _)) = Player::Greedy.decide(&game, &mut searcher, turn) {
    ///     game.apply(d).unwrap();
    ///     turn += 1;
    /// }
    /// assert!(game.outcome().is_some());
    /// ```
    pub fn decide(
        self,
        game: &Game,
        searcher: &mut Searcher,
        seed: u64,
    ) -> Result<(Decision, Option<Answer>), GameError> {
        self.decide_top(game, searcher, seed, 0)
    }

    /// [`Player::decide`] with a level's or a search's `top` best
    /// decisions listed in its answer (see [`Request::with_top`]).
    pub fn decide_top(
        self,
        game: &Game,
        searcher: &mut Searcher,
        seed: u64,
        top: usize,
    ) -> Result<(Decision, Option<Answer>), GameError> {
        let troop = match game.phase() {
            Phase::Play => None,
            Phase::Levy { troop } => Some(troop),
            phase => {
                return Err(GameError::Phase {
                    request: crate::Request::Ai,
                    phase,
                })
            }
        };
        let pos = game.position();
        Ok(match self {
            Player::Random => {
                let roots = root_decisions(pos, troop);
                let mut x = seed ^ pos.key() ^ 0x9E37_79B9_7F4A_7C15;
                xorshift(&mut x);
                (
                    roots[(xorshift(&mut x) % roots.len() as u64) as usize],
                    None,
                )
            }
            Player::Greedy => (greedy(pos, troop), None),
            Player::Level(_) | Player::Search(_) => {
                let request = self.request(seed, top).expect("a level or a search");
                let answer = searcher
                    .decide(game, &request)
                    .expect("a player's request is in range, for a game in play");
                (answer.decision, Some(answer))
            }
        })
    }

    /// The AI request a level or a search makes (`None` for the random
    /// and greedy players, which do not search), with `seed` for the
    /// noise, the searcher's threads kept.
    pub fn request(self, seed: u64, top: usize) -> Option<Request> {
        let r = match self {
            Player::Level(k) => Request::new().with_level(k).ok()?,
            Player::Search(limits) => Request::new().with_limits(limits).ok()?,
            Player::Random | Player::Greedy => return None,
        };
        r.with_seed(seed).with_top(top as u64).ok()
    }
}

/// The greedy player's choice.
fn greedy(pos: &crate::Position, troop: Option<Troop>) -> Decision {
    let roots = root_decisions(pos, troop);
    let mut best = (i32::MIN, roots[0]);
    for &d in &roots {
        let score = match d {
            Decision::Act(a) => {
                let mut child = *pos;
                child.play_unchecked(a);
                // The child's score for its mover: the same side after a
                // relocation of a Flag, the other side after anything else.
                let s = super::tree::decided_score(&child, 0).unwrap_or_else(|| evaluate(&child));
                if super::tree::keeps_turn(a) {
                    s
                } else {
                    -s
                }
            }
            Decision::Levy => {
                let bag = pos.bag(pos.side_to_move());
                let mut sum = 0i64;
                for (t, n) in bag.iter() {
                    let best_sq = pos
                        .levy_squares()
                        .into_iter()
                        .map(|sq| {
                            let mut child = *pos;
                            child.play_unchecked(Action::place(t, sq));
                            -evaluate(&child)
                        })
                        .max()
                        .unwrap_or(0);
                    sum += i64::from(n) * i64::from(best_sq);
                }
                (sum / i64::from(bag.total().max(1))) as i32
            }
        };
        if score > best.0 {
            best = (score, d);
        }
    }
    best.1
}

/// What one decision of a [`Driver`]'s game was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The side that decided.
    pub side: crate::Side,
    /// The decision, applied to the game.
    pub decision: Decision,
    /// The AI's answer, for a level or a search.
    pub result: Option<Answer>,
    /// The troop the bag gave, for the levy.
    pub drawn: Option<Troop>,
}

/// Plays a game between two players, one decision at a time, and reports
/// each: the one driver of the `duke` program's self-play and soak and of
/// Python's `play_games`. Decision `t` (from 0) is made with the seed
/// `seed + t`, which feeds the random player and the noise of levels 1 and
/// 2; the bag's draws come from the game's own seed.
///
/// ```
/// use duke_engine::search::{Driver, Player};
/// use duke_engine::{BySide, Game};
/// let mut driver = Driver::new(Game::standard(3), BySide::new(Player::Greedy, Player::Random), 3);
/// let mut levies = 0;
/// while let Some(step) = driver.step() {
///     levies += usize::from(step.drawn.is_some());
/// }
/// assert!(driver.game().outcome().is_some());
/// assert_eq!(levies, driver.game().turns().filter(|a| a.kind() == duke_engine::ActionKind::Place).count());
/// ```
pub struct Driver {
    game: Game,
    players: crate::BySide<Player>,
    searcher: Searcher,
    seed: u64,
    decisions: u64,
    top: usize,
}

impl Driver {
    /// A driver for `game` between `players`, seeded by `seed`.
    pub fn new(game: Game, players: crate::BySide<Player>, seed: u64) -> Driver {
        Driver::with_searcher(game, players, seed, Searcher::new())
    }

    /// A driver that searches with `searcher` (to keep one table's
    /// allocation across games; [`Driver::into_parts`] gives it back).
    pub fn with_searcher(
        game: Game,
        players: crate::BySide<Player>,
        seed: u64,
        searcher: Searcher,
    ) -> Driver {
        Driver {
            game,
            players,
            searcher,
            seed,
            decisions: 0,
            top: 0,
        }
    }

    /// The game as it stands (before the next decision).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to check or take back between decisions (the driver goes
    /// on from whatever the game is then).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The searcher the levels use (to set its threads or stop flag).
    pub fn searcher_mut(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// Makes the levels and searches list their `k` best decisions in
    /// each step's answer (see [`Request::with_top`]).
    pub fn set_top(&mut self, k: usize) {
        self.top = k;
    }

    /// The decisions made so far.
    pub fn decisions(&self) -> u64 {
        self.decisions
    }

    /// The game and the searcher, once the driver is done with them.
    pub fn into_parts(self) -> (Game, Searcher) {
        (self.game, self.searcher)
    }

    /// Makes and applies the next decision; `None` once the game is over
    /// (or in setup, which the players do not play).
    pub fn step(&mut self) -> Option<Step> {
        let side = self.game.side_to_decide();
        let seed = self.seed.wrapping_add(self.decisions);
        let (decision, result) = self.players[side]
            .decide_top(&self.game, &mut self.searcher, seed, self.top)
            .ok()?;
        let drawn = self
            .game
            .apply(decision)
            .expect("the engine's players choose legal decisions");
        self.decisions += 1;
        Some(Step {
            side,
            decision,
            result,
            drawn,
        })
    }
}
