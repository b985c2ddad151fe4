//! The arbiter: why an action is illegal, the levy as a chance event, and
//! the result of a game (SPEC §3, §4, §6).

use core::fmt;

use crate::charts::{chart, Mark};
use crate::masks::{ADJACENT, EMPTY, REACH};
use crate::{Action, ActionKind, ActionView, Bag, Bitboard, Position, Side, Square, Tile, Troop};

/// Why an action cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalReason {
    /// A Duke has been captured: the game is over.
    GameOver {
        /// The side whose Duke is gone.
        loser: Side,
    },
    /// No tile stands on the square.
    NoTile(Square),
    /// The tile on the square belongs to the side not to move.
    NotYours(Square, Tile),
    /// No mark of the tile's current face reaches the target.
    NoMark {
        /// The tile.
        tile: Tile,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
    },
    /// The face has a mark on the target, but of another kind than the
    /// action uses (a strike written as a relocation, say).
    WrongMark {
        /// The tile.
        tile: Tile,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
        /// The mark the face has there.
        mark: Mark,
    },
    /// The path is blocked: the square in between of a two-away Move, or a
    /// tile on a slide's line before the target.
    Blocked {
        /// The tile.
        tile: Tile,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
        /// The blocking square.
        by: Square,
    },
    /// The target holds a tile of the mover's own.
    OwnTile(Square),
    /// After the action the opponent could capture the mover's Duke (SPEC §4)
    /// on the square given: where the Duke stands after the action (its
    /// target when the action moves the Duke).
    ExposesDuke(Square),
    /// A strike at a square with no enemy tile.
    NoEnemyToStrike(Square),
    /// The tile's current face has no Command mark.
    NoCommand(Tile, Square),
    /// A square of a command is outside the commander's command area.
    NotInCommandArea {
        /// The commander's square.
        commander: Square,
        /// The square outside its area.
        square: Square,
    },
    /// A levy with an empty bag.
    BagEmpty,
    /// A levy of a troop that is not in the bag.
    NotInBag(Troop),
    /// A levy onto a square not orthogonally next to the mover's Duke.
    NotNextToDuke {
        /// The levy square.
        to: Square,
        /// The Duke's square.
        duke: Square,
    },
    /// A levy onto an occupied square (the Duke's own square included).
    Occupied(Square),
    /// Expanded Play: the game has been won by a rule of its objective.
    Won {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Expanded Play: nothing stands on the Mountain.
    Mountain(Square),
    /// Expanded Play: the line of a Jump, a Strike or a Command (or the
    /// first square of a Jump Slide, or the way of a Move or a Slide)
    /// crosses the Mountain or the Fort.
    TerrainBlocks {
        /// The tile whose mark it is (the commanded tile of a Command).
        tile: Tile,
        /// Its square.
        from: Square,
        /// The target.
        to: Square,
        /// The terrain in the way.
        terrain: crate::Terrain,
        /// Its square.
        at: Square,
    },
    /// Expanded Play: a tile standing on the Fort cannot be struck.
    FortStrike(Square),
    /// Counting Coup: the opponent's Flag's square is closed to the mover
    /// (no action ends on it, no Move or Slide passes it, no levy).
    ClosedFlag(Square),
    /// Other Objective: the mover's tiles never end on its own Flag.
    OwnFlag(Square),
    /// Dark Rider: a Pikeman on rank 6 is frozen: it has no action and
    /// cannot be captured.
    Frozen(Square),
    /// The mover's Duke has been captured: no levy (Counting Coup, Other
    /// Objective).
    NoDuke,
    /// A Flag pass: no Flag held by a tile of the mover on the square.
    NoFlag(Square),
    /// A Flag pass to a square that holds no tile of the mover next to the
    /// holder.
    PassTarget {
        /// The holder.
        holder: Square,
        /// The square given.
        to: Square,
    },
    /// A relocation of the Flag when none is pending.
    NoRelocation,
    /// A relocation onto a square that is not empty and next to a tile
    /// of the mover.
    RelocationSquare(Square),
    /// An action of setup (terrain, a Flag's placement, a pick) in play.
    NotInPlay(ActionKind),
}

/// An action that is not legal in the position it was tried in, with the reason.
///
/// ```
/// use duke_engine::{Action, Position, Square};
/// let pos = Position::standard();
/// let err = pos.play(Action::relocate(Square::B1, Square::B3)).unwrap_err();
/// assert_eq!(err.to_string(), "B1-B3: the Footman on B1 has no mark that reaches B3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalActionError {
    action: Action,
    reason: IllegalReason,
}

impl IllegalActionError {
    pub(crate) fn new(action: Action, reason: IllegalReason) -> IllegalActionError {
        IllegalActionError { action, reason }
    }

    /// The rejected action.
    pub fn action(&self) -> Action {
        self.action
    }

    /// Why it was rejected.
    pub fn reason(&self) -> IllegalReason {
        self.reason
    }

    /// The kind of failure: [`ErrorKind::Illegal`](crate::ErrorKind::Illegal).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Illegal
    }

    /// The stable code of the reason, e.g. `"illegal.blocked"` (see
    /// [`IllegalReason::code`]).
    pub fn code(&self) -> &'static str {
        self.reason.code()
    }
}

impl IllegalReason {
    /// A stable code for the reason, the same in Rust, Python (`.code`) and
    /// C (`duke_last_error_code`): `illegal.` and the reason in kebab case.
    ///
    /// ```
    /// use duke_engine::{Action, Position, Square};
    /// let err = Position::standard().play(Action::relocate(Square::B1, Square::B3)).unwrap_err();
    /// assert_eq!(err.code(), "illegal.no-mark");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            IllegalReason::GameOver { .. } => "illegal.game-over",
            IllegalReason::NoTile(_) => "illegal.no-tile",
            IllegalReason::NotYours(..) => "illegal.not-yours",
            IllegalReason::NoMark { .. } => "illegal.no-mark",
            IllegalReason::WrongMark { .. } => "illegal.wrong-mark",
            IllegalReason::Blocked { .. } => "illegal.blocked",
            IllegalReason::OwnTile(_) => "illegal.own-tile",
            IllegalReason::ExposesDuke(_) => "illegal.exposes-duke",
            IllegalReason::NoEnemyToStrike(_) => "illegal.no-enemy-to-strike",
            IllegalReason::NoCommand(..) => "illegal.no-command",
            IllegalReason::NotInCommandArea { .. } => "illegal.not-in-command-area",
            IllegalReason::BagEmpty => "illegal.bag-empty",
            IllegalReason::NotInBag(_) => "illegal.not-in-bag",
            IllegalReason::NotNextToDuke { .. } => "illegal.not-next-to-duke",
            IllegalReason::Occupied(_) => "illegal.occupied",
            IllegalReason::Won { .. } => "illegal.game-over",
            IllegalReason::Mountain(_) => "illegal.mountain",
            IllegalReason::TerrainBlocks { .. } => "illegal.terrain",
            IllegalReason::FortStrike(_) => "illegal.fort-strike",
            IllegalReason::ClosedFlag(_) => "illegal.closed-flag",
            IllegalReason::OwnFlag(_) => "illegal.own-flag",
            IllegalReason::Frozen(_) => "illegal.frozen",
            IllegalReason::NoDuke => "illegal.no-duke",
            IllegalReason::NoFlag(_) => "illegal.no-flag",
            IllegalReason::PassTarget { .. } => "illegal.pass-target",
            IllegalReason::NoRelocation => "illegal.no-relocation",
            IllegalReason::RelocationSquare(_) => "illegal.relocation-square",
            IllegalReason::NotInPlay(_) => "illegal.not-in-play",
        }
    }
}

impl fmt::Display for IllegalActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.action, self.reason)
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::GameOver { loser } => {
                write!(f, "the game is over: {loser}'s Duke has been captured")
            }
            IllegalReason::NoTile(sq) => write!(f, "there is no tile on {sq}"),
            IllegalReason::NotYours(sq, tile) => write!(
                f,
                "the {} on {sq} is {}'s, and {} is to move",
                tile.troop, tile.side, !tile.side
            ),
            IllegalReason::NoMark { tile, from, to } => {
                write!(
                    f,
                    "the {} on {from} has no mark that reaches {to}",
                    tile.troop
                )
            }
            IllegalReason::WrongMark {
                tile,
                from,
                to,
                mark,
            } => write!(
                f,
                "the {} on {from} has a {mark} mark on {to}, not the kind this action uses",
                tile.troop
            ),
            IllegalReason::Blocked { tile, from, to, by } => write!(
                f,
                "the way of the {} from {from} to {to} is blocked on {by}",
                tile.troop
            ),
            IllegalReason::OwnTile(sq) => write!(f, "{sq} holds a tile of your own"),
            IllegalReason::ExposesDuke(duke) => {
                write!(f, "it would leave your Duke on {duke} open to capture")
            }
            IllegalReason::NoEnemyToStrike(sq) => write!(f, "there is no enemy on {sq} to strike"),
            IllegalReason::NoCommand(tile, sq) => write!(
                f,
                "the {} on {sq} has no Command mark on its current face",
                tile.troop
            ),
            IllegalReason::NotInCommandArea { commander, square } => {
                write!(
                    f,
                    "{square} is not in the command area of the tile on {commander}"
                )
            }
            IllegalReason::BagEmpty => write!(f, "the bag is empty, so there is no levy"),
            IllegalReason::NotInBag(troop) => write!(f, "the bag holds no {troop}"),
            IllegalReason::NotNextToDuke { to, duke } => write!(
                f,
                "a levy goes next to the Duke (on {duke}), and {to} is not orthogonally next to it"
            ),
            IllegalReason::Occupied(sq) => write!(f, "{sq} is not empty"),
            IllegalReason::Won { winner, reason } => {
                write!(f, "the game is over ({})", Outcome::Win { winner, reason })
            }
            IllegalReason::Mountain(sq) => {
                write!(f, "{sq} is the Mountain's square, where nothing stands")
            }
            IllegalReason::TerrainBlocks {
                tile,
                from,
                to,
                terrain,
                at,
            } => write!(
                f,
                "the way of the {} from {from} to {to} is blocked by the {terrain} on {at}",
                tile.troop
            ),
            IllegalReason::FortStrike(sq) => {
                write!(f, "the tile on {sq} stands on the Fort, where it cannot be struck")
            }
            IllegalReason::ClosedFlag(sq) => write!(
                f,
                "{sq} holds the opposing Flag, whose square your tiles may not enter"
            ),
            IllegalReason::OwnFlag(sq) => {
                write!(f, "{sq} holds your own Flag, where your tiles may not end an action")
            }
            IllegalReason::Frozen(sq) => write!(
                f,
                "the Pikeman on {sq} stands on rank 6: it is frozen, with no action, and cannot be captured"
            ),
            IllegalReason::NoDuke => {
                write!(f, "your Duke has been captured, so there is no levy")
            }
            IllegalReason::NoFlag(sq) => write!(f, "no Flag held by a tile of yours stands on {sq}"),
            IllegalReason::PassTarget { holder, to } => write!(
                f,
                "a Flag passes from {holder} only to a tile of yours orthogonally next to it, and {to} is not one"
            ),
            IllegalReason::NoRelocation => {
                write!(f, "no relocation of the Flag is pending")
            }
            IllegalReason::RelocationSquare(sq) => write!(
                f,
                "the Flag relocates to an empty square next to a tile of yours, and {sq} is not one"
            ),
            IllegalReason::NotInPlay(kind) => {
                write!(f, "a {} action belongs to the setup, not to play", kind.as_str())
            }
        }
    }
}

impl core::error::Error for IllegalActionError {}

/// How a game ended (SPEC §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// It captured the opposing Duke.
    DukeCaptured,
    /// The opponent, to move, had no legal maneuver and could not levy.
    NoAction,
    /// Counting Coup: it scored its third point.
    Points,
    /// Other Objective: the opponent's Flag stands on its home row.
    FlagHome,
    /// Counting Coup or Other Objective: the opponent has no tile on the
    /// board.
    NoTiles,
    /// Dark Rider: Light captured the Knight.
    KnightCaptured,
    /// Dark Rider: three Light Pikemen on rank 6 at the end of Light's
    /// turn, Dark having captured at most one.
    PikemenHome,
    /// Dark Rider: Dark captured three Pikemen.
    PikemenCaptured,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position occurred for the third time.
    Repetition,
    /// 200 turns in a row without a capture or a levy.
    QuietTurns,
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// A short stable name for records: `duke-captured`, `no-action`,
    /// `repetition`, `quiet-turns` (the word of its [`Reason`]).
    pub fn reason_name(self) -> &'static str {
        self.reason().as_str()
    }

    /// Why the game ended.
    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } => Reason::Win(reason),
            Outcome::Draw(reason) => Reason::Draw(reason),
        }
    }
}

/// Why a game ended, a win's reason or a draw's, with one word each
/// (`Display`, `as_str`, `FromStr`): `duke-captured`, `no-action`,
/// `repetition`, `quiet-turns`, and Expanded Play's `points`,
/// `flag-home`, `no-tiles`, `knight-captured`, `pikemen-home` and
/// `pikemen-captured`.
///
/// ```
/// use duke_engine::{Reason, WinReason};
/// assert_eq!("no-action".parse::<Reason>(), Ok(Reason::Win(WinReason::NoAction)));
/// assert_eq!(Reason::ALL[..4].iter().map(|r| r.as_str()).collect::<Vec<_>>(), ["duke-captured", "no-action", "repetition", "quiet-turns"]);
/// assert_eq!("points".parse::<Reason>(), Ok(Reason::Win(WinReason::Points)));
/// assert_eq!("stalemate".parse::<Reason>().unwrap_err().code(), "name.reason");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A win, and why.
    Win(WinReason),
    /// A draw, and why.
    Draw(DrawReason),
}

impl Reason {
    /// Every reason, in order: the standard game's four, then Expanded
    /// Play's.
    pub const ALL: [Reason; 10] = [
        Reason::Win(WinReason::DukeCaptured),
        Reason::Win(WinReason::NoAction),
        Reason::Draw(DrawReason::Repetition),
        Reason::Draw(DrawReason::QuietTurns),
        Reason::Win(WinReason::Points),
        Reason::Win(WinReason::FlagHome),
        Reason::Win(WinReason::NoTiles),
        Reason::Win(WinReason::KnightCaptured),
        Reason::Win(WinReason::PikemenHome),
        Reason::Win(WinReason::PikemenCaptured),
    ];

    /// The word: `duke-captured`, `no-action`, `repetition`,
    /// `quiet-turns`, `points`, `flag-home`, `no-tiles`,
    /// `knight-captured`, `pikemen-home` or `pikemen-captured`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Win(WinReason::DukeCaptured) => "duke-captured",
            Reason::Win(WinReason::NoAction) => "no-action",
            Reason::Draw(DrawReason::Repetition) => "repetition",
            Reason::Draw(DrawReason::QuietTurns) => "quiet-turns",
            Reason::Win(WinReason::Points) => "points",
            Reason::Win(WinReason::FlagHome) => "flag-home",
            Reason::Win(WinReason::NoTiles) => "no-tiles",
            Reason::Win(WinReason::KnightCaptured) => "knight-captured",
            Reason::Win(WinReason::PikemenHome) => "pikemen-home",
            Reason::Win(WinReason::PikemenCaptured) => "pikemen-captured",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for Reason {
    type Err = crate::ParseNameError;

    /// The word, in any case.
    fn from_str(s: &str) -> Result<Reason, crate::ParseNameError> {
        crate::names::find(&Reason::ALL, Reason::as_str, s)
            .ok_or_else(|| crate::ParseNameError::new(crate::names::NameKind::Reason, s))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win {
                winner,
                reason: WinReason::DukeCaptured,
            } => write!(f, "{winner} wins: it captured the opposing Duke"),
            Outcome::Win {
                winner,
                reason: WinReason::NoAction,
            } => write!(
                f,
                "{winner} wins: {} has no legal maneuver and cannot levy",
                !winner
            ),
            Outcome::Win {
                winner,
                reason: WinReason::Points,
            } => write!(
                f,
                "{winner} wins: it scored three points next to the opposing Flag"
            ),
            Outcome::Win {
                winner,
                reason: WinReason::FlagHome,
            } => write!(
                f,
                "{winner} wins: it carried the opposing Flag to its home row"
            ),
            Outcome::Win {
                winner,
                reason: WinReason::NoTiles,
            } => write!(f, "{winner} wins: {} has no tile on the board", !winner),
            Outcome::Win {
                winner,
                reason: WinReason::KnightCaptured,
            } => write!(f, "{winner} wins: it captured the Knight"),
            Outcome::Win {
                winner,
                reason: WinReason::PikemenHome,
            } => write!(f, "{winner} wins: three of its Pikemen stand on rank 6"),
            Outcome::Win {
                winner,
                reason: WinReason::PikemenCaptured,
            } => write!(f, "{winner} wins: it captured three Pikemen"),
            Outcome::Draw(DrawReason::Repetition) => {
                write!(f, "draw: the same position occurred three times")
            }
            Outcome::Draw(DrawReason::QuietTurns) => {
                write!(f, "draw: 200 turns without a capture or a levy")
            }
        }
    }
}

/// The number of turns without a capture or levy that draws (SPEC §6).
pub const QUIET_LIMIT: u32 = 200;

/// One possible draw of a levy: a troop kind with its count in the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    /// The troop that may come out.
    pub troop: Troop,
    /// How many tiles of it the bag holds.
    pub count: u32,
    /// How many tiles the bag holds.
    pub total: u32,
}

impl Bag {
    /// Each troop kind in the bag with its chance to come out of the next
    /// draw (count / tiles in the bag), in kind order. The bags are public
    /// in The Duke: either side's may be shown at any time.
    ///
    /// ```
    /// use duke_engine::{Bag, Troop};
    /// let chances: Vec<_> = Bag::starting().chances().collect();
    /// assert_eq!(chances.len(), 14);
    /// assert_eq!((chances[0].troop, chances[0].count, chances[0].total), (Troop::Footman, 1, 16));
    /// ```
    pub fn chances(self) -> impl ExactSizeIterator<Item = Chance> + Clone {
        let total = self.total();
        let mut out = [Chance {
            troop: Troop::Duke,
            count: 0,
            total,
        }; 15];
        let mut n = 0;
        for (troop, count) in self.iter() {
            out[n] = Chance {
                troop,
                count: u32::from(count),
                total,
            };
            n += 1;
        }
        out.into_iter().take(n)
    }
}

impl Chance {
    /// The probability of this draw: `count / total`.
    pub fn probability(self) -> f64 {
        f64::from(self.count) / f64::from(self.total)
    }
}

impl Position {
    /// Whether the side to move may levy: its bag holds a tile and a square
    /// orthogonally next to its Duke is empty (SPEC §3).
    pub fn can_levy(&self) -> bool {
        !self.levy_squares().is_empty() && !self.bag(self.side).is_empty()
    }

    /// The empty squares orthogonally next to the mover's Duke.
    pub fn levy_squares(&self) -> Bitboard {
        match self.duke(self.side) {
            Some(k) if !self.rules.plays_standard() => {
                Bitboard(ADJACENT[k.index()] & !self.occupied().0 & !self.closed_to_levy())
            }
            Some(k) => Bitboard(ADJACENT[k.index()] & !self.occupied().0),
            None => Bitboard::EMPTY,
        }
    }

    /// The levy squares on which a placed tile would leave the mover's Duke
    /// open to capture: the guard rule does not restrict a levy (SPEC §3),
    /// so these placements are legal, and a program can warn before one.
    /// Empty when no levy is possible. Which troop is placed does not
    /// matter: a placed tile only fills its square (it may block a line).
    ///
    /// ```
    /// use duke_engine::{Bitboard, Position, Square};
    /// // Dark's Duke, other face up, slides down the C file onto Light's.
    /// let pos: Position = "2+d3/6/6/6/6/2D3 l P/p 0 0".parse().unwrap();
    /// assert!(pos.is_duke_attacked(pos.side_to_move()));
    /// // Only a tile on C2 blocks the line.
    /// let exposed: Bitboard = [Square::B1, Square::D1].into_iter().collect();
    /// assert_eq!(pos.exposed_levy_squares(), exposed);
    /// ```
    pub fn exposed_levy_squares(&self) -> Bitboard {
        let Some((troop, _)) = self.bag(self.side).iter().next() else {
            return Bitboard::EMPTY;
        };
        self.levy_squares()
            .into_iter()
            .filter(|&sq| {
                let mut after = *self;
                after.play_unchecked(Action::place(troop, sq));
                after.is_duke_attacked(self.side)
            })
            .collect()
    }

    /// The possible draws of a levy by the side to move, each troop kind
    /// with its probability (count / bag size); empty when no levy is possible.
    ///
    /// ```
    /// use duke_engine::{Position, Troop};
    /// let mut chances = Position::standard().levy_chances();
    /// assert_eq!(chances.len(), 14);
    /// let pike = chances.find(|c| c.troop == Troop::Pikeman).unwrap();
    /// assert_eq!(pike.probability(), 3.0 / 16.0);
    /// ```
    pub fn levy_chances(&self) -> impl ExactSizeIterator<Item = Chance> + Clone {
        let bag = if self.can_levy() {
            self.bag(self.side)
        } else {
            Bag::EMPTY
        };
        bag.chances()
    }

    /// Plays `action` if it is legal, returning the new position; otherwise
    /// says why not and leaves `self` as it was.
    ///
    /// ```
    /// use duke_engine::{Action, Position, Square};
    /// let pos = Position::standard();
    /// let next = pos.play(Action::relocate(Square::B1, Square::B2)).unwrap();
    /// assert_eq!(next.to_string(), "2fdf1/6/6/6/1+F4/2DF2 d ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 1 1");
    /// ```
    pub fn play(&self, action: Action) -> Result<Position, IllegalActionError> {
        let legal = self.legal_actions();
        match legal.iter().find(|&&a| a == action) {
            Some(&a) => {
                let mut next = *self;
                next.play_unchecked(a);
                Ok(next)
            }
            None => Err(IllegalActionError::new(
                action,
                self.explain_illegal(action),
            )),
        }
    }

    /// The legal action equal to `action` with its capture flag set as the
    /// position says, or why there is none.
    pub fn resolve(&self, action: Action) -> Result<Action, IllegalActionError> {
        self.legal_actions()
            .iter()
            .find(|&&a| a == action)
            .copied()
            .ok_or_else(|| IllegalActionError::new(action, self.explain_illegal(action)))
    }

    /// The result by the rules that need no history (SPEC §6 rules 1, 2
    /// and 4), in the spec's order; `None` while the game goes on. A game
    /// also checks repetition ([`crate::Game::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with_repetitions(1)
    }

    /// The result given how many times this position has occurred so far
    /// (this one included), by SPEC §6 in its order.
    pub fn outcome_with_repetitions(&self, occurrences: u32) -> Option<Outcome> {
        self.outcome_given(self.count_legal() == 0, occurrences)
    }

    /// SPEC §6 in its order, given whether the side to move has no legal
    /// action (so a caller that holds the legal list need not count again).
    pub(crate) fn outcome_given(&self, no_action: bool, occurrences: u32) -> Option<Outcome> {
        let mover = !self.side;
        if !self.rules.plays_standard() {
            // Expanded Play: the objective's wins first (the Duke's, the
            // points, a Flag home, no tiles, Dark Rider's).
            if let Some((winner, reason)) = self.decided() {
                return Some(Outcome::Win { winner, reason });
            }
        } else if self.duke(self.side).is_none() {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::DukeCaptured,
            });
        } else if self.duke(mover).is_none() {
            // Not reachable by play (the mover's Duke cannot be captured on
            // its own turn); a position built so still ends.
            return Some(Outcome::Win {
                winner: self.side,
                reason: WinReason::DukeCaptured,
            });
        }
        if no_action {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::NoAction,
            });
        }
        if occurrences >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.quiet() >= QUIET_LIMIT {
            return Some(Outcome::Draw(DrawReason::QuietTurns));
        }
        None
    }

    /// Explains why `action` (known not to be legal) is illegal.
    pub(crate) fn explain_illegal(&self, action: Action) -> IllegalReason {
        if !self.rules.plays_standard() {
            if let Some(reason) = self.explain_expanded(action) {
                return reason;
            }
        }
        if self.rules.objective() == crate::Objective::Duke {
            for side in [self.side, !self.side] {
                if self.duke(side).is_none() {
                    return IllegalReason::GameOver { loser: side };
                }
            }
        }
        let own_tile = |sq: Square| -> Result<Tile, IllegalReason> {
            match self.tile_at(sq) {
                None => Err(IllegalReason::NoTile(sq)),
                Some(t) if t.side != self.side => Err(IllegalReason::NotYours(sq, t)),
                Some(t) => Ok(t),
            }
        };
        let duke = self.duke(self.side).unwrap_or(Square::A1);
        match action.view() {
            ActionView::Place { troop, to } => {
                let bag = self.bag(self.side);
                if bag.is_empty() {
                    IllegalReason::BagEmpty
                } else if bag.count(troop) == 0 {
                    IllegalReason::NotInBag(troop)
                } else if to != duke && ADJACENT[duke.index()] & 1 << to.index() == 0 {
                    IllegalReason::NotNextToDuke { to, duke }
                } else {
                    IllegalReason::Occupied(to)
                }
            }
            ActionView::Relocate { from, to } => {
                let tile = match own_tile(from) {
                    Ok(t) => t,
                    Err(e) => return e,
                };
                let (reach, _) = self.pseudo_targets(from.index());
                if reach & 1 << to.index() != 0 {
                    // Name the square the Duke would stand on.
                    return IllegalReason::ExposesDuke(if from == duke { to } else { duke });
                }
                match self.mark_on(tile, from, to) {
                    None => IllegalReason::NoMark { tile, from, to },
                    Some((mark @ (Mark::Strike | Mark::Command), _)) => IllegalReason::WrongMark {
                        tile,
                        from,
                        to,
                        mark,
                    },
                    Some((_, Some(by))) => IllegalReason::Blocked { tile, from, to, by },
                    Some((_, None)) => IllegalReason::OwnTile(to),
                }
            }
            ActionView::Strike { from, target } => {
                let tile = match own_tile(from) {
                    Ok(t) => t,
                    Err(e) => return e,
                };
                match self.mark_on(tile, from, target) {
                    Some((Mark::Strike, _)) => {
                        if self.tile_at(target).is_some_and(|t| t.side != self.side) {
                            IllegalReason::ExposesDuke(duke)
                        } else {
                            IllegalReason::NoEnemyToStrike(target)
                        }
                    }
                    Some((mark, _)) => IllegalReason::WrongMark {
                        tile,
                        from,
                        to: target,
                        mark,
                    },
                    None => IllegalReason::NoMark {
                        tile,
                        from,
                        to: target,
                    },
                }
            }
            ActionView::Command {
                commander,
                from,
                to,
            } => {
                let tile = match own_tile(commander) {
                    Ok(t) => t,
                    Err(e) => return e,
                };
                let area = REACH[self.board[commander.index()] as usize][commander.index()].command;
                if area == 0 {
                    return IllegalReason::NoCommand(tile, commander);
                }
                for square in [from, to] {
                    if area & 1 << square.index() == 0 {
                        return IllegalReason::NotInCommandArea { commander, square };
                    }
                }
                if let Err(e) = own_tile(from) {
                    return e;
                }
                if self.tile_at(to).is_some_and(|t| t.side == self.side) {
                    return IllegalReason::OwnTile(to);
                }
                IllegalReason::ExposesDuke(if from == duke { to } else { duke })
            }
            ActionView::Pass { holder, .. } => IllegalReason::NoFlag(holder),
            ActionView::Flag { .. } => IllegalReason::NoRelocation,
            ActionView::Terrain { .. } | ActionView::Pick { .. } => {
                IllegalReason::NotInPlay(action.kind())
            }
        }
    }

    /// Why `action` is illegal by a rule of Expanded Play, `None` when
    /// the standard game's explanation holds (no mark, the way blocked by
    /// a tile, ...).
    fn explain_expanded(&self, action: Action) -> Option<IllegalReason> {
        use crate::Objective;
        if let Some((winner, reason)) = self.decided() {
            return Some(IllegalReason::Won { winner, reason });
        }
        let us = self.side;
        let objective = self.rules.objective();
        let mountain = self.mountain();
        let fort = self.fort();
        let opponent_flag = self.flag(!us);
        let own_flag = self.flag(us);
        let frozen = Bitboard(self.frozen_mask());
        // What the mover may not end on, with its reason.
        let closed = |sq: Square| -> Option<IllegalReason> {
            if Some(sq) == mountain {
                return Some(IllegalReason::Mountain(sq));
            }
            match objective {
                Objective::Coup if Some(sq) == opponent_flag => Some(IllegalReason::ClosedFlag(sq)),
                Objective::Flag if Some(sq) == own_flag => Some(IllegalReason::OwnFlag(sq)),
                Objective::Rider if us == Side::Dark && frozen.contains(sq) => {
                    Some(IllegalReason::Frozen(sq))
                }
                _ => None,
            }
        };
        let terrain_on = |from: Square, to: Square| -> Option<(crate::Terrain, Square)> {
            let line = crate::masks::CROSSED[from.index()][to.index()];
            for (t, sq) in [
                (crate::Terrain::Mountain, mountain),
                (crate::Terrain::Fort, fort),
            ] {
                if let Some(sq) = sq {
                    if line & 1 << sq.index() != 0 {
                        return Some((t, sq));
                    }
                }
            }
            None
        };
        let own_tile = |sq: Square| -> Result<Tile, IllegalReason> {
            match self.tile_at(sq) {
                None => Err(IllegalReason::NoTile(sq)),
                Some(t) if t.side != us => Err(IllegalReason::NotYours(sq, t)),
                Some(_) if frozen.contains(sq) => Err(IllegalReason::Frozen(sq)),
                Some(t) => Ok(t),
            }
        };
        let blocked = |tile: Tile, from: Square, to: Square| {
            terrain_on(from, to).map(|(terrain, at)| IllegalReason::TerrainBlocks {
                tile,
                from,
                to,
                terrain,
                at,
            })
        };
        match action.view() {
            ActionView::Place { troop, to } => {
                let bag = self.bag(us);
                Some(if bag.is_empty() {
                    IllegalReason::BagEmpty
                } else if bag.count(troop) == 0 {
                    IllegalReason::NotInBag(troop)
                } else if let Some(duke) = self.duke(us) {
                    if to != duke && ADJACENT[duke.index()] & 1 << to.index() == 0 {
                        IllegalReason::NotNextToDuke { to, duke }
                    } else if let Some(r) = closed(to) {
                        r
                    } else {
                        // The Fort's square too: no levy goes on it.
                        IllegalReason::Occupied(to)
                    }
                } else {
                    IllegalReason::NoDuke
                })
            }
            ActionView::Pass { holder, to } => {
                let held = [Side::Light, Side::Dark]
                    .into_iter()
                    .any(|s| self.flag(s) == Some(holder));
                if !held || self.tile_at(holder).is_none_or(|t| t.side != us) {
                    return Some(IllegalReason::NoFlag(holder));
                }
                Some(IllegalReason::PassTarget { holder, to })
            }
            ActionView::Flag { to } => Some(if !self.relocate {
                IllegalReason::NoRelocation
            } else {
                IllegalReason::RelocationSquare(to)
            }),
            ActionView::Terrain { .. } | ActionView::Pick { .. } => {
                Some(IllegalReason::NotInPlay(action.kind()))
            }
            ActionView::Relocate { from, to } => {
                let tile = match own_tile(from) {
                    Ok(t) => t,
                    Err(e) => return Some(e),
                };
                let mark = self.mark_on(tile, from, to).map(|m| m.0);
                mark?;
                if let Some(r) = closed(to) {
                    return Some(r);
                }
                match mark {
                    Some(Mark::Jump) => blocked(tile, from, to),
                    Some(Mark::Move) => blocked(tile, from, to).or_else(|| {
                        // A two-away Move through a closed square.
                        let mid = crate::masks::CROSSED[from.index()][to.index()];
                        (objective == Objective::Coup
                            && opponent_flag.is_some_and(|f| mid & 1 << f.index() != 0))
                        .then(|| IllegalReason::ClosedFlag(opponent_flag.unwrap_or(to)))
                    }),
                    Some(Mark::Slide | Mark::JumpSlide) => {
                        // The first square on the line that stops it.
                        let line = crate::masks::BETWEEN[from.index()][to.index()];
                        for sq in Bitboard(line) {
                            if Some(sq) == mountain || Some(sq) == fort {
                                let t = if Some(sq) == mountain {
                                    crate::Terrain::Mountain
                                } else {
                                    crate::Terrain::Fort
                                };
                                return Some(IllegalReason::TerrainBlocks {
                                    tile,
                                    from,
                                    to,
                                    terrain: t,
                                    at: sq,
                                });
                            }
                            if objective == Objective::Coup && Some(sq) == opponent_flag {
                                return Some(IllegalReason::ClosedFlag(sq));
                            }
                        }
                        None
                    }
                    _ => None,
                }
            }
            ActionView::Strike { from, target } => {
                let tile = match own_tile(from) {
                    Ok(t) => t,
                    Err(e) => return Some(e),
                };
                if self.mark_on(tile, from, target).map(|m| m.0) != Some(Mark::Strike) {
                    return None;
                }
                if Some(target) == fort && self.tile_at(target).is_some() {
                    return Some(IllegalReason::FortStrike(target));
                }
                if frozen.contains(target) {
                    return Some(IllegalReason::Frozen(target));
                }
                blocked(tile, from, target)
            }
            ActionView::Command {
                commander,
                from,
                to,
            } => {
                if let Err(e) = own_tile(commander) {
                    return Some(e);
                }
                let moved = match own_tile(from) {
                    Ok(t) => t,
                    Err(_) => return None,
                };
                if let Some(r) = closed(to) {
                    return Some(r);
                }
                blocked(moved, from, to)
            }
        }
    }

    /// The mark of the actor's current face that `action` uses: Move,
    /// Jump, Slide, Jump Slide, Strike or Command; `None` for a levy or
    /// when no tile of the mover has such a mark.
    ///
    /// ```
    /// use duke_engine::{Mark, Position};
    /// let pos = Position::standard();
    /// let a = pos.parse_action("B1-B2").unwrap();
    /// assert_eq!(pos.mark_of(a), Some(Mark::Move));
    /// ```
    pub fn mark_of(&self, action: Action) -> Option<Mark> {
        let tile = self.tile_at(action.actor()?)?;
        match action.view() {
            ActionView::Relocate { from, to } => self.mark_on(tile, from, to).map(|m| m.0),
            ActionView::Strike { from, target } => self.mark_on(tile, from, target).map(|m| m.0),
            ActionView::Command { commander, .. } => {
                (REACH[self.board[commander.index()] as usize][commander.index()].command != 0)
                    .then_some(Mark::Command)
            }
            ActionView::Place { .. }
            | ActionView::Pass { .. }
            | ActionView::Flag { .. }
            | ActionView::Terrain { .. }
            | ActionView::Pick { .. } => None,
        }
    }

    /// The legal actions of the tile on `sq`, each with the mark of its
    /// face that the action uses (what a program shows on the target
    /// squares); none for an empty square or a tile of the side not to
    /// move. An action that uses no mark is not listed: under Other
    /// Objective, a carrier's Flag pass ([`Position::actions_from`] lists
    /// every legal action of the tile, passes included).
    ///
    /// ```
    /// use duke_engine::{Mark, Position, Square};
    /// let pos = Position::standard();
    /// let targets: Vec<_> = pos.targets(Square::B1).map(|(a, m)| (a.to_string(), m)).collect();
    /// assert_eq!(targets, [("B1-A1".to_string(), Mark::Move), ("B1-B2".to_string(), Mark::Move)]);
    /// ```
    pub fn targets(&self, sq: Square) -> impl Iterator<Item = (Action, Mark)> + '_ {
        let list = self.actions_from(sq);
        (0..list.len()).filter_map(move |i| self.mark_of(list[i]).map(|m| (list[i], m)))
    }

    /// Which mark of `tile` on `from` lands on or strikes `to`, and for a
    /// relocation mark the first square that blocks it (slow; for messages).
    fn mark_on(&self, tile: Tile, from: Square, to: Square) -> Option<(Mark, Option<Square>)> {
        let sign = if tile.side == Side::Dark { -1 } else { 1 };
        let occupied = |sq: Square| self.board[sq.index()] != EMPTY;
        for cm in chart(tile.troop, tile.face) {
            let (dx, dy) = (cm.dx * sign, cm.dy * sign);
            match cm.mark {
                Mark::Slide | Mark::JumpSlide => {
                    let mut cur = from;
                    let mut blocked = None;
                    let mut first = cm.mark == Mark::JumpSlide;
                    while let Some(next) = cur.offset(dx, dy) {
                        cur = next;
                        if next == to && !first {
                            return Some((cm.mark, blocked));
                        }
                        if !first && blocked.is_none() && occupied(next) {
                            blocked = Some(next);
                        }
                        first = false;
                    }
                }
                mark => {
                    if from.offset(dx, dy) == Some(to) {
                        let far = dx.abs() == 2 || dy.abs() == 2;
                        let blocked = match from.offset(dx / 2, dy / 2) {
                            Some(mid) if mark == Mark::Move && far && occupied(mid) => Some(mid),
                            _ => None,
                        };
                        return Some((mark, blocked));
                    }
                }
            }
        }
        None
    }
}
