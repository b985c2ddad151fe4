//! A game: setup, play with history, undo and redo, the levy as a chance
//! event, the result, and the record text.

use alloc::vec::Vec;
use core::fmt;

use crate::draw::draw_troop;
use crate::movegen::Listing;
use crate::position::NO_SQUARE;
use crate::repetition::Window;
use crate::setup::{setup_len, SetupRule, FIXED_SETUP};
use crate::{
    Action, ActionKind, ActionList, Chance, IllegalActionError, Objective, Outcome,
    ParseActionError, Position, Rules, Side, Square, Troop,
};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The draft (Expanded Play's `draft`): `side` picks a kind next.
    Draft {
        /// The side picking.
        side: Side,
    },
    /// `side` is placing its setup tiles; `troop` goes next (SPEC §5).
    Setup {
        /// The side placing.
        side: Side,
        /// The troop it places next: its Duke, then two Footmen.
        troop: Troop,
    },
    /// Counting Coup or Other Objective: `side` places the Flag of `flag`.
    Flags {
        /// The side placing.
        side: Side,
        /// Whose Flag it is.
        flag: Side,
    },
    /// The side to move chooses an action.
    Play,
    /// The side to move drew `troop` and must place it next to its Duke.
    Levy {
        /// The drawn troop.
        troop: Troop,
    },
    /// The game is over.
    Over(Outcome),
}

/// Why a game refused a request. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// Action text that could not be read.
    Parse(ParseActionError),
    /// An action that is not legal in the position.
    Illegal(IllegalActionError),
    /// A decision of setup (a placement, a pick, a Flag) that the rules
    /// do not allow.
    Setup {
        /// The decision.
        action: Action,
        /// The side deciding.
        side: Side,
        /// The rule it broke.
        rule: SetupRule,
    },
    /// Terrain given to a new game that the rules cannot take
    /// ([`Game::with_terrain`]).
    Terrain(&'static str),
    /// The request does not fit the phase of the game.
    Phase {
        /// What was asked.
        request: Request,
        /// The phase the game is in.
        phase: Phase,
    },
    /// The side to move cannot levy now.
    NoLevy(IllegalActionError),
    /// A whole levy (`P@C2`) given to [`Game::play`] while the game's bag
    /// decides the troop: levy first ([`Game::draw`], or
    /// [`Decision::Levy`](crate::Decision::Levy)), then place; a troop that
    /// comes from outside goes through [`Game::play_levy`].
    BagDecides(Action),
}

impl GameError {
    /// A stable code, the same in Rust, Python (`.code`) and C
    /// (`duke_last_error_code`): `action.syntax`, an illegal reason's code
    /// (`illegal.…`, see [`crate::IllegalReason::code`]), `setup` for an
    /// action in setup other than the placement SPEC §5 allows next, or
    /// `phase` for a request that does not fit the game's phase.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Parse(e) => e.code(),
            GameError::Illegal(e) | GameError::NoLevy(e) => e.code(),
            GameError::Setup { .. } | GameError::Terrain(_) => "setup",
            GameError::Phase { .. } => "phase",
            GameError::BagDecides(_) => "levy.bag",
        }
    }

    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse)
    /// for unreadable text, `Illegal` for a rule broken (a levy that is not
    /// possible, a whole levy where the bag decides), `Phase` for a request
    /// out of phase or a setup placement out of order.
    pub fn kind(&self) -> crate::ErrorKind {
        match self {
            GameError::Parse(_) => crate::ErrorKind::Parse,
            GameError::Illegal(_) | GameError::NoLevy(_) | GameError::BagDecides(_) => {
                crate::ErrorKind::Illegal
            }
            GameError::Setup { .. } | GameError::Terrain(_) | GameError::Phase { .. } => {
                crate::ErrorKind::Phase
            }
        }
    }
}

/// What was asked of a game, for [`GameError::Phase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Playing this action.
    Play(Action),
    /// Drawing a tile for a levy.
    Draw,
    /// Placing a drawn tile.
    Place(Square),
    /// Placing the fixed setup.
    FixedSetup,
    /// The AI's decision (a face's `best_action` or `hint`).
    Ai,
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Play(a) => write!(f, "{a}"),
            Request::Draw => f.write_str("draw"),
            Request::Place(sq) => write!(f, "place on {sq}"),
            Request::FixedSetup => f.write_str("fixed setup"),
            Request::Ai => f.write_str("the AI's decision"),
        }
    }
}

impl Phase {
    /// A lowercase word for the phase: `setup`, `play`, `levy` (a drawn
    /// troop waits to be placed), `over`, and Expanded Play's `draft` and
    /// `flags`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Phase::Draft { .. } => "draft",
            Phase::Flags { .. } => "flags",
            Phase::Setup { .. } => "setup",
            Phase::Play => "play",
            Phase::Levy { .. } => "levy",
            Phase::Over(_) => "over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Draft { side } => write!(f, "{side} picks a kind for the draft next"),
            Phase::Flags { side, flag } if side == flag => {
                write!(f, "{side} places its Flag next")
            }
            Phase::Flags { side, flag } => write!(f, "{side} places {flag}'s Flag next"),
            Phase::Setup { side, troop } => {
                write!(f, "{side} is setting up and places its {troop} next")
            }
            Phase::Play => f.write_str("the game is in play"),
            Phase::Levy { troop } => write!(
                f,
                "a drawn {troop} is waiting to be placed next to the Duke (play {}@<square>)",
                troop.char()
            ),
            Phase::Over(outcome) => write!(f, "the game is over ({outcome})"),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Parse(e) => e.fmt(f),
            GameError::Illegal(e) => e.fmt(f),
            GameError::Setup {
                action,
                side,
                rule: SetupRule::DukeHome,
            } => {
                let (a, b) = match side {
                    Side::Light => ("C1", "D1"),
                    Side::Dark => ("C6", "D6"),
                };
                write!(f, "{action}: {side} sets up its Duke first, on {a} or {b}")
            }
            GameError::Setup {
                action,
                side,
                rule: SetupRule::FootmanBeside,
            } => write!(
                f,
                "{action}: {side} places a Footman on an empty square left of, right of or in front of its Duke"
            ),
            GameError::Setup { action, rule, .. } => write!(f, "{action}: {rule}"),
            GameError::Terrain(why) => write!(f, "the terrain given: {why}"),
            GameError::Phase { request, phase } => write!(f, "{request}: {phase}"),
            GameError::NoLevy(e) => write!(f, "draw: no levy is possible: {}", e.reason()),
            GameError::BagDecides(action) => write!(
                f,
                "{action}: the bag decides the levied troop: levy first (draw), then place the drawn troop; \
                 play_levy takes a troop that comes from outside (a record, a physical game, a server)"
            ),
        }
    }
}

impl core::error::Error for GameError {}

impl From<ParseActionError> for GameError {
    fn from(e: ParseActionError) -> GameError {
        GameError::Parse(e)
    }
}

/// A game of The Duke: setup, then turns, with history for undo and redo,
/// the result, a seeded bag generator, and the record text.
///
/// The draw of a levy comes from the game's seed and the position it is
/// drawn in, so undo never re-rolls: go back to a position and levy again,
/// and the same troop comes out (SPEC §7). The seed is never shown by
/// `Debug`, by the record (unless asked for) or by any accessor.
///
/// ```
/// use duke_engine::{Game, Phase};
/// let mut game = Game::standard(7);
/// game.play_text("B1-B2").unwrap();
/// game.play_text("E6-F6").unwrap();
/// let troop = game.draw().unwrap();
/// assert_eq!(game.phase(), Phase::Levy { troop });
/// game.place("C2".parse().unwrap()).unwrap();
/// game.undo();
/// assert_eq!(game.draw().unwrap(), troop); // undo never re-rolls
/// ```
#[derive(Clone)]
pub struct Game {
    pub(crate) seed: u64,
    pub(crate) rules: Rules,
    /// The terrain's squares given at the start (`NO_SQUARE` to draw).
    pub(crate) terrain_given: [u8; 2],
    pub(crate) setup_len: usize,
    start: Position,
    pub(crate) steps: Vec<(Position, Action)>,
    pub(crate) current: Position,
    pub(crate) redo: Vec<Action>,
    pending: Option<Troop>,
    outcome: Option<Outcome>,
    /// The current position's legal actions while in play, or the legal
    /// decisions of setup (else empty), kept so that a turn generates
    /// them once.
    pub(crate) legal: Listing,
    /// The placements of a drawn troop (at most four squares), so that
    /// [`Game::legal`] can lend them.
    few: [Action; 4],
    few_len: u8,
    /// The steps since play began that the current position can repeat.
    pub(crate) window: Window<16>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("position", &self.current)
            .field("phase", &self.phase())
            .field("actions", &self.actions().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A new game in setup: Light places its Duke first.
    pub fn new(seed: u64) -> Game {
        Game::starting(Rules::STANDARD, seed, [NO_SQUARE; 2])
    }

    /// A new game under `rules` at its first step of setup, with the
    /// terrain `given` (or drawn).
    pub(crate) fn starting(rules: Rules, seed: u64, given: [u8; 2]) -> Game {
        let start = Position::before_setup_of(rules);
        let mut game = Game {
            seed,
            rules,
            terrain_given: given,
            setup_len: setup_len(rules),
            start,
            steps: Vec::new(),
            current: start,
            redo: Vec::new(),
            pending: None,
            outcome: None,
            legal: Listing::new(),
            few: [Action::place(Troop::Duke, Square::A1); 4],
            few_len: 0,
            window: Window::at(0),
        };
        game.current.set_side(match game.setup_phase(0) {
            Phase::Draft { side } | Phase::Setup { side, .. } => side,
            _ => Side::Light,
        });
        game.start = game.current;
        game.refresh();
        game
    }

    /// A game set up with both fixed setups: the standard start position.
    pub fn standard(seed: u64) -> Game {
        let mut game = Game::new(seed);
        for side in FIXED_SETUP {
            for a in side {
                game.play_setup(a).expect("the fixed setup is legal");
            }
        }
        game
    }

    /// A game that starts in `position` (no setup).
    pub fn from_position(position: Position, seed: u64) -> Game {
        let mut game = Game {
            seed,
            rules: position.rules(),
            terrain_given: [NO_SQUARE; 2],
            setup_len: 0,
            start: position,
            steps: Vec::new(),
            current: position,
            redo: Vec::new(),
            pending: None,
            outcome: None,
            legal: Listing::new(),
            few: [Action::place(Troop::Duke, Square::A1); 4],
            few_len: 0,
            window: Window::at(0),
        };
        game.refresh();
        game
    }

    /// Starts this game again from the standard start position with a new
    /// seed, keeping its buffers (no heap allocation once they have grown).
    ///
    /// ```
    /// use duke_engine::Game;
    /// let mut game = Game::with_rules("coup+mountain".parse().unwrap(), 3);
    /// while let Some(a) = game.setup_suggestion() {
    ///     game.play(a).unwrap();
    /// }
    /// let d = game.decisions().last().unwrap();
    /// game.apply(d).unwrap();
    /// game.reset_standard(9);
    /// assert_eq!(game.record(), duke_engine::Game::standard(9).record());
    /// assert_eq!(game.legal(), duke_engine::Game::standard(9).legal());
    /// ```
    pub fn reset_standard(&mut self, seed: u64) {
        self.seed = seed;
        self.rules = Rules::STANDARD;
        self.terrain_given = [NO_SQUARE; 2];
        self.setup_len = 6;
        self.start = Position::before_setup();
        self.steps.clear();
        self.redo.clear();
        self.pending = None;
        self.current = self.start;
        self.window = Window::at(0);
        // The list of the first setup step, which the setup is checked
        // against (the old game's list is stale).
        self.refresh();
        for side in FIXED_SETUP {
            for a in side {
                self.play_setup(a).expect("the fixed setup is legal");
            }
        }
    }

    /// Every step so far: the position before it and the action taken.
    pub(crate) fn steps(&self) -> &[(Position, Action)] {
        &self.steps
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the game began in (before setup, or the one given).
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        if self.steps.len() < self.setup_len {
            return self.setup_phase(self.steps.len());
        }
        if let Some(outcome) = self.outcome {
            return Phase::Over(outcome);
        }
        match self.pending {
            Some(troop) => Phase::Levy { troop },
            None => Phase::Play,
        }
    }

    /// The result, once the game is over (SPEC §6, repetition included).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.steps.len() < self.setup_len {
            None
        } else {
            self.outcome
        }
    }

    /// Every action so far, setup placements first (`next_back()` gives the
    /// last one without walking them all).
    pub fn actions(&self) -> impl DoubleEndedIterator<Item = Action> + ExactSizeIterator + '_ {
        self.steps.iter().map(|&(_, a)| a)
    }

    /// The turns played since setup.
    pub fn turns(&self) -> impl DoubleEndedIterator<Item = Action> + ExactSizeIterator + '_ {
        self.steps[self.setup_len.min(self.steps.len())..]
            .iter()
            .map(|&(_, a)| a)
    }

    /// How many times the current position has occurred since play began
    /// (this occurrence included; SPEC §6 rule 3).
    #[inline]
    pub fn repetitions(&self) -> u32 {
        if self.steps.len() < self.setup_len {
            return 0;
        }
        if self.rules.objective() == Objective::Coup {
            return self.coup_repetitions();
        }
        // The window (see `crate::repetition`): only positions since the
        // last capture or levy, at the same side to move, with the same key,
        // compared whole.
        let cur = &self.current;
        self.window.count(
            &self.steps,
            cur.key(),
            |(p, _)| p.key(),
            |i| self.steps[i].0.same_position(cur),
        )
    }

    /// [`Game::repetitions`] under Counting Coup. A relocation does not
    /// pass the turn, so positions with the same side to move are not
    /// always two apart; and the position after a relocation is not
    /// counted (Expanded Play). A plain count over the window.
    #[cold]
    #[inline(never)]
    fn coup_repetitions(&self) -> u32 {
        let cur = &self.current;
        let start = self.window.start().max(self.setup_len);
        let counted = (start..self.steps.len()).filter(|&i| {
            let (p, _) = &self.steps[i];
            let after_relocation =
                i > self.setup_len && self.steps[i - 1].1.kind() == ActionKind::Flag;
            !after_relocation && p.key() == cur.key() && p.same_position(cur)
        });
        1 + counted.count() as u32
    }

    /// Recomputes the legal list and the result after any change.
    pub(crate) fn refresh(&mut self) {
        self.refresh_here();
    }

    /// [`Game::refresh`] written into its caller: the one a turn takes
    /// ([`Game::push`]) saves a call.
    #[inline(always)]
    fn refresh_here(&mut self) {
        if self.steps.len() < self.setup_len {
            self.outcome = None;
            let few = self.setup_actions(self.steps.len());
            self.legal.list.clear();
            for &a in few.as_slice() {
                self.legal.list.push(a);
            }
            return;
        }
        self.current.generate_into(&mut self.legal);
        let no_action = self.legal.list.is_empty();
        let relocated = self.rules.objective() == Objective::Coup
            && self.steps.len() > self.setup_len
            && self
                .steps
                .last()
                .is_some_and(|&(_, a)| a.kind() == ActionKind::Flag);
        self.outcome = if relocated {
            // A relocation is not a turn: only the rule of no action is
            // checked after it (Expanded Play's decision 16).
            no_action.then(|| Outcome::Win {
                winner: !self.current.side_to_move(),
                reason: crate::WinReason::NoAction,
            })
        } else {
            self.current.outcome_given(no_action, self.repetitions())
        };
    }

    /// The legal actions now, borrowed: setup placements in setup, the
    /// placements of the drawn troop when a draw waits, the position's
    /// actions in play (a levy once per troop kind in the bag and free
    /// square, as [`Game::position_actions`]), nothing once the game is
    /// over. Kept by the game, so a turn lists them once and copies
    /// nothing: the loop for random or many games.
    ///
    /// ```
    /// use duke_engine::{ActionKind, Game};
    /// let mut game = Game::standard(1);
    /// let mut x = 1u64;
    /// while game.outcome().is_none() {
    ///     let list = game.legal();
    ///     x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     let a = list[((x >> 33) % list.len() as u64) as usize];
    ///     if a.kind() == ActionKind::Place {
    ///         // A levy: the troop comes from the bag, the square was chosen.
    ///         game.draw().unwrap();
    ///         game.place(a.target()).unwrap();
    ///     } else {
    ///         game.play(a).unwrap();
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn legal(&self) -> &[Action] {
        match self.phase() {
            Phase::Play | Phase::Setup { .. } | Phase::Draft { .. } | Phase::Flags { .. } => {
                &self.legal.list
            }
            Phase::Levy { .. } => &self.few[..usize::from(self.few_len)],
            Phase::Over(_) => &[],
        }
    }

    /// The legal actions now, as [`Game::legal`] lends them, copied into a
    /// list of their own.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        for &a in self.legal() {
            list.push(a);
        }
        list
    }

    /// The Zobrist keys of the positions since play began, before the
    /// current one, oldest first (what a search needs to see repetitions).
    pub fn history_keys(&self) -> Vec<u64> {
        self.steps[self.setup_len.min(self.steps.len())..]
            .iter()
            .map(|(p, _)| p.key())
            .collect()
    }

    /// The decisions of the player to decide, as every face offers them:
    /// in play, [`Decision::Levy`](crate::Decision::Levy) first while a
    /// levy is possible, then every maneuver; after the draw, the drawn
    /// troop's placements; in setup, the placements allowed; nothing once
    /// the game is over. The same decisions, in the same order, as the
    /// indices of [`crate::encode::game_indices`]. Choosing among them
    /// uniformly and playing the choice with [`Game::apply`] plays by the
    /// rules: the bag, not the player, decides a levied troop.
    ///
    /// ```
    /// use duke_engine::{Decision, Game};
    /// let mut game = Game::standard(1);
    /// let mut x = 7u64;
    /// while game.outcome().is_none() {
    ///     let decisions: Vec<Decision> = game.decisions().collect();
    ///     x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     let d = decisions[((x >> 33) % decisions.len() as u64) as usize];
    ///     game.apply(d).unwrap(); // a levy draws; the placement is the next decision
    /// }
    /// ```
    pub fn decisions(&self) -> Decisions<'_> {
        let list = self.legal();
        let levies = if matches!(self.phase(), Phase::Play) {
            list.iter()
                .take_while(|a| a.kind() == ActionKind::Place)
                .count()
        } else {
            0
        };
        Decisions {
            levy: levies > 0,
            rest: list[levies..].iter(),
        }
    }

    /// Whether [`Game::apply`] accepts `decision` now.
    pub fn is_decision_legal(&self, decision: crate::Decision) -> bool {
        match decision {
            crate::Decision::Levy => matches!(self.phase(), Phase::Play) && self.current.can_levy(),
            crate::Decision::Act(a) => self.is_legal(a),
        }
    }

    /// Whether `action` would be accepted by [`Game::play`] now (a whole
    /// levy in play is not: see [`Game::play_levy`]).
    pub fn is_legal(&self, action: Action) -> bool {
        !(action.kind() == ActionKind::Place && matches!(self.phase(), Phase::Play))
            && self.legal().contains(&action)
    }

    /// The current position's legal actions while the game is in play, a
    /// levy once per (troop kind, square) as SPEC §9 lists them; empty in
    /// setup and once the game is over. Borrowed, not copied.
    pub fn position_actions(&self) -> &[Action] {
        if self.outcome.is_some() || self.steps.len() < self.setup_len {
            &[]
        } else {
            &self.legal.list
        }
    }

    /// Plays an action: a setup placement in setup; a maneuver in play;
    /// after [`Game::draw`], the drawn troop's placement. A whole levy
    /// (`P@C2`) in play is refused with [`GameError::BagDecides`]: the bag
    /// decides the troop, so levy first ([`Game::draw`] or
    /// [`Game::apply`] of [`Decision::Levy`](crate::Decision::Levy)), then
    /// place. A troop that comes from outside goes through
    /// [`Game::play_levy`]. Clears the redo list. On error nothing changes.
    ///
    /// ```
    /// use duke_engine::{Game, GameError};
    /// let mut game = Game::standard(1);
    /// let err = game.play_text("P@C2").unwrap_err();
    /// assert!(matches!(err, GameError::BagDecides(_)));
    /// assert_eq!(err.code(), "levy.bag");
    /// ```
    pub fn play(&mut self, action: Action) -> Result<(), GameError> {
        if action.kind() == ActionKind::Place && matches!(self.phase(), Phase::Play) {
            return Err(GameError::BagDecides(action));
        }
        self.play_any(action)
    }

    /// Plays a whole levy whose troop came from outside the game's bag: a
    /// record, a physical game, a server. The troop must be in the
    /// mover's bag and the square free next to its Duke. Any other action
    /// plays as with [`Game::play`]. On error nothing changes.
    ///
    /// ```
    /// use duke_engine::{Game, Square, Troop};
    /// let mut game = Game::standard(1);
    /// game.play_levy("P@C2".parse().unwrap()).unwrap();
    /// let placed = game.position().tile_at(Square::C2).map(|t| t.troop);
    /// assert_eq!(placed, Some(Troop::Pikeman));
    /// ```
    pub fn play_levy(&mut self, action: Action) -> Result<(), GameError> {
        self.play_any(action)
    }

    /// [`Game::play`] with whole levies accepted in play.
    fn play_any(&mut self, action: Action) -> Result<(), GameError> {
        match self.phase() {
            Phase::Setup { .. } | Phase::Draft { .. } | Phase::Flags { .. } => {
                self.play_setup(action)?
            }
            Phase::Over(_) => {
                return Err(GameError::Phase {
                    request: Request::Play(action),
                    phase: self.phase(),
                })
            }
            Phase::Levy { troop } => {
                // Only a placement of the drawn troop (read without
                // building the action's view).
                if action.kind() != ActionKind::Place || action.a() != troop as usize {
                    return Err(GameError::Phase {
                        request: Request::Play(action),
                        phase: self.phase(),
                    });
                }
                let a = self.resolve(action)?;
                self.push(a);
            }
            Phase::Play => {
                let a = self.resolve(action)?;
                self.push(a);
            }
        }
        self.redo.clear();
        Ok(())
    }

    /// The legal action equal to `action` from the kept list, or why not.
    #[inline(always)]
    fn resolve(&self, action: Action) -> Result<Action, GameError> {
        match self.legal.find(&self.current, action) {
            Some(a) => Ok(a),
            None => Err(self.illegal(action)),
        }
    }

    /// Why `action` is not legal now.
    #[cold]
    #[inline(never)]
    fn illegal(&self, action: Action) -> GameError {
        GameError::Illegal(IllegalActionError::new(
            action,
            self.current.explain_illegal(action),
        ))
    }

    /// Reads action text and plays it (see [`Game::play`]).
    pub fn play_text(&mut self, text: &str) -> Result<Action, GameError> {
        let action: Action = text.parse()?;
        self.play(action)?;
        Ok(self.steps.last().map_or(action, |&(_, a)| a))
    }

    fn push(&mut self, action: Action) {
        let before = self.current;
        self.current.play_unchecked(action);
        self.steps.push((before, action));
        self.window
            .push(before.key(), self.current.quiet() == 0, self.steps.len());
        self.pending = None;
        self.refresh_here();
    }

    /// Draws a tile for a levy from the game's generator. The troop is
    /// shown at once; the same player then places it with [`Game::place`]
    /// (or plays `<letter>@<square>`). Drawing again before placing returns
    /// the same troop.
    pub fn draw(&mut self) -> Result<Troop, GameError> {
        match self.phase() {
            Phase::Play => {}
            Phase::Levy { troop } => return Ok(troop),
            phase => {
                return Err(GameError::Phase {
                    request: Request::Draw,
                    phase,
                })
            }
        }
        if !self.current.can_levy() {
            let bag = self.current.bag(self.current.side_to_move());
            let duke = self
                .current
                .duke(self.current.side_to_move())
                .unwrap_or(Square::A1);
            let reason = if bag.is_empty() {
                crate::IllegalReason::BagEmpty
            } else {
                crate::IllegalReason::Occupied(duke)
            };
            let troop = bag.iter().next().map_or(Troop::Footman, |(t, _)| t);
            return Err(GameError::NoLevy(IllegalActionError::new(
                Action::place(troop, duke),
                reason,
            )));
        }
        let troop = self.draw_for(&self.current);
        self.await_placement(troop);
        Ok(troop)
    }

    /// The drawn `troop` waits to be placed: the game lists its placements.
    fn await_placement(&mut self, troop: Troop) {
        self.pending = Some(troop);
        let mut few = [Action::place(troop, Square::A1); 4];
        let mut n = 0;
        for (slot, sq) in few.iter_mut().zip(self.current.levy_squares()) {
            *slot = Action::place(troop, sq);
            n += 1;
        }
        (self.few, self.few_len) = (few, n);
    }

    /// Places the drawn troop on `square`, next to the Duke.
    pub fn place(&mut self, square: Square) -> Result<(), GameError> {
        match self.phase() {
            Phase::Levy { troop } => self.play(Action::place(troop, square)),
            phase => Err(GameError::Phase {
                request: Request::Place(square),
                phase,
            }),
        }
    }

    /// The troop drawn and waiting to be placed, if any.
    pub fn pending_draw(&self) -> Option<Troop> {
        self.pending
    }

    /// What is in a side's bag now: a troop drawn and waiting to be placed
    /// is out of it (the position counts it until it is placed). The bags
    /// are public; show either at any time.
    ///
    /// ```
    /// use duke_engine::{Game, Side};
    /// let mut game = Game::new(7);
    /// game.setup_fixed().unwrap();
    /// game.setup_fixed().unwrap();
    /// assert_eq!(game.bag(Side::Light).total(), 16);
    /// game.draw().unwrap();
    /// assert_eq!(game.bag(Side::Light).total(), 15);
    /// assert_eq!(game.position().bag(Side::Light).total(), 16);
    /// ```
    pub fn bag(&self, side: Side) -> crate::Bag {
        let bag = self.current.bag(side);
        match self.pending {
            Some(troop) if side == self.current.side_to_move() => bag.without(troop).unwrap_or(bag),
            _ => bag,
        }
    }

    /// The possible draws of a levy now, with their probabilities.
    pub fn levy_chances(&self) -> impl ExactSizeIterator<Item = Chance> + Clone {
        let pos = if matches!(self.phase(), Phase::Play) {
            self.current
        } else {
            let mut p = self.current;
            p.bags = [crate::Bag::EMPTY; 2];
            p
        };
        pos.levy_chances()
    }

    fn draw_for(&self, pos: &Position) -> Troop {
        draw_troop(self.seed, pos)
    }

    /// Takes back the last action, or, when a draw waits, the draw (the
    /// same troop comes out again). Returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        if self.pending.take().is_some() {
            return true;
        }
        // Chance events of setup (terrain) go with the decision before
        // them: drawn again the same way when it is played again.
        while self.steps.len() > 1 && self.steps.last().is_some_and(|&(_, a)| Game::is_chance(a)) {
            self.steps.pop();
        }
        let Some((before, action)) = self.steps.pop() else {
            return false;
        };
        self.current = before;
        self.redo.push(action);
        // The window as the position's quiet count says (a capture or levy
        // taken back opens the one before it again).
        let play = self.steps.len().saturating_sub(self.setup_len);
        let back = (self.current.quiet() as usize).min(play);
        self.window = Window::over(&self.steps, self.steps.len() - back, |(p, _)| p.key());
        self.refresh();
        true
    }

    /// Plays again the last action taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<Action> {
        let action = self.redo.pop()?;
        let saved = core::mem::take(&mut self.redo);
        let result = self.play_any(action);
        self.redo = saved;
        match result {
            Ok(()) => Some(action),
            Err(_) => {
                self.redo.push(action);
                None
            }
        }
    }

    /// How many actions [`Game::redo`] can play again.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The game's seed (the record with the seed writes it).
    pub(crate) fn seed(&self) -> u64 {
        self.seed
    }

    pub(crate) fn setup_len(&self) -> usize {
        self.setup_len
    }
}

/// The decisions of a game's player to decide ([`Game::decisions`]):
/// the levy first when it is offered, then actions from the game's list.
#[derive(Clone, Debug)]
pub struct Decisions<'a> {
    levy: bool,
    rest: core::slice::Iter<'a, Action>,
}

impl Iterator for Decisions<'_> {
    type Item = crate::Decision;

    #[inline]
    fn next(&mut self) -> Option<crate::Decision> {
        if core::mem::take(&mut self.levy) {
            return Some(crate::Decision::Levy);
        }
        self.rest.next().map(|&a| crate::Decision::Act(a))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::from(self.levy) + self.rest.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Decisions<'_> {}

impl Default for Game {
    fn default() -> Game {
        Game::standard(0)
    }
}

impl ActionKind {
    /// A word for the kind: `relocate`, `strike`, `command` or `place`
    /// (the same as [`ActionKind::as_str`]).
    pub fn name(self) -> &'static str {
        self.as_str()
    }
}

impl Game {
    /// Applies a decision: [`Decision::Levy`](crate::Decision::Levy)
    /// draws for a levy and returns the troop; an action is played.
    pub fn apply(&mut self, decision: crate::Decision) -> Result<Option<Troop>, GameError> {
        match decision {
            crate::Decision::Levy => self.draw().map(Some),
            crate::Decision::Act(a) => self.play(a).map(|()| None),
        }
    }

    /// The side whose decision it is: the placer in setup, the side to
    /// move otherwise (also while its drawn troop waits).
    pub fn side_to_decide(&self) -> Side {
        match self.phase() {
            Phase::Setup { side, .. } | Phase::Draft { side } | Phase::Flags { side, .. } => side,
            _ => self.current.side_to_move(),
        }
    }

    /// Draws `troop` for a levy instead of taking it from the game's
    /// generator, for callers that choose the draw themselves with the
    /// bag's probabilities ([`Game::levy_chances`]), as the chance nodes of
    /// a game-tree library do. The troop then waits to be placed as after
    /// [`Game::draw`]. Fails, changing nothing, outside play (or when
    /// another troop already waits), when no levy is possible, or when the
    /// bag holds no such troop.
    ///
    /// ```
    /// use duke_engine::{Game, Phase, Troop};
    /// let mut game = Game::standard(1);
    /// game.draw_troop(Troop::Pikeman).unwrap();
    /// assert_eq!(game.phase(), Phase::Levy { troop: Troop::Pikeman });
    /// assert!(game.draw_troop(Troop::Duke).is_err());
    /// ```
    pub fn draw_troop(&mut self, troop: Troop) -> Result<(), GameError> {
        match self.phase() {
            Phase::Play => {}
            Phase::Levy { troop: waiting } if waiting == troop => return Ok(()),
            phase => {
                return Err(GameError::Phase {
                    request: Request::Draw,
                    phase,
                })
            }
        }
        if !self.current.can_levy() {
            // The same error as a draw from the generator.
            return self.draw().map(|_| ());
        }
        let bag = self.current.bag(self.current.side_to_move());
        if bag.count(troop) == 0 {
            let duke = self
                .current
                .duke(self.current.side_to_move())
                .unwrap_or(Square::A1);
            return Err(GameError::NoLevy(IllegalActionError::new(
                Action::place(troop, duke),
                crate::IllegalReason::NotInBag(troop),
            )));
        }
        self.await_placement(troop);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every earlier position since play began that equals the current
    /// one, counted without the window (SPEC §6 rule 3 as written).
    fn naive_repetitions(game: &Game) -> u32 {
        let cur = game.position();
        1 + game.steps()[game.setup_len()..]
            .iter()
            .filter(|(p, _)| p.same_position(cur))
            .count() as u32
    }

    #[test]
    fn window_and_lent_list_agree_with_plain_counts_through_undo() {
        let mut rng = crate::testgen::TestRng::new(0x2545_F491_4F6C_DD1D);
        let mut next = |n: usize| rng.below(n);
        let mut repeated = 0;
        // Miri runs a short walk (the crate has no unsafe code).
        let (games, steps) = if cfg!(miri) { (2, 60) } else { (400, 400) };
        for seed in 0..games {
            let mut game = Game::new(seed);
            for _ in 0..steps {
                // The lent list is the one each phase defines.
                let want: Vec<Action> = match game.phase() {
                    Phase::Play => game.position().legal_actions().to_vec(),
                    Phase::Levy { troop } => game
                        .position()
                        .levy_squares()
                        .into_iter()
                        .map(|sq| Action::place(troop, sq))
                        .collect(),
                    Phase::Setup { side, troop } => {
                        // SPEC §5: the Duke on its home row's C or D, a
                        // Footman left of, right of or in front of it.
                        let rank = if side == Side::Light { 0 } else { 5 };
                        let home = |f: u8| Square::from_coords(f, rank);
                        let allowed: Vec<Square> = if troop == Troop::Duke {
                            [home(2), home(3)].into_iter().flatten().collect()
                        } else {
                            let k = game.position().duke(side).unwrap();
                            let front = if side == Side::Light { 1 } else { -1 };
                            [k.offset(-1, 0), k.offset(1, 0), k.offset(0, front)]
                                .into_iter()
                                .flatten()
                                .collect()
                        };
                        let mut v: Vec<Action> = allowed
                            .into_iter()
                            .filter(|&sq| game.position().tile_at(sq).is_none())
                            .map(|sq| Action::place(troop, sq))
                            .collect();
                        v.sort();
                        v
                    }
                    Phase::Draft { .. } | Phase::Flags { .. } => unreachable!("standard rules"),
                    Phase::Over(_) => Vec::new(),
                };
                assert_eq!(game.legal(), &want[..]);
                assert_eq!(&game.legal_actions()[..], &want[..]);
                if game.outcome().is_some() {
                    break;
                }
                if game.phase() == Phase::Play {
                    assert_eq!(game.repetitions(), naive_repetitions(&game));
                    repeated += u32::from(game.repetitions() > 1);
                }
                // Mostly forward, sometimes back (the window is rebuilt).
                if next(8) == 0 {
                    game.undo();
                    continue;
                }
                let a = want[next(want.len())];
                if game.phase() == Phase::Play && a.kind() == ActionKind::Place {
                    game.draw().unwrap();
                    game.place(a.target()).unwrap();
                } else {
                    game.play(a).unwrap();
                }
            }
        }
        assert!(
            cfg!(miri) || repeated > 0,
            "no repeated position was reached"
        );
    }
}
