//! The start of a game, as decisions and chance events (SPEC §5 and
//! Expanded Play): the draft's picks, the setup's placements, the terrain
//! drawn from the game's generator and the Flags' placements, in the order
//! the rules give.
//!
//! | rules | the start of a game |
//! |---|---|
//! | standard, `coup`, `flag`, terrain | Light places its Duke and two Footmen, then Dark |
//! | `draft` | thirteen picks (Dark first, then in turns), then Dark sets up first |
//! | `rider` | Light places five Pikemen on rank 1, then Dark its Knight on rank 6 |
//! | `mountain`, `fort` | then the Mountain, then the Fort, each on an empty square drawn by the game's generator |
//! | `coup`, `flag` | then the two Flags, one at a time, the side that set up last placing first |
//!
//! A chance event (terrain) comes with the decision before it and goes
//! with it on undo; it is drawn from the game's seed and the position, so
//! undo never re-rolls it. A caller may give the terrain's squares instead
//! ([`Game::with_terrain`]); they are kept free during setup.

use core::fmt;

use crate::draw::draw_square;
use crate::masks::ADJACENT;
use crate::position::NO_SQUARE;
use crate::{
    zobrist, Action, ActionKind, ActionView, Bag, Bitboard, Game, GameError, Objective, Phase,
    Position, Rules, Side, Square, Terrain, Troop,
};

/// The thirteen kinds the draft picks, in the order the engine suggests
/// them: by their measured value, most valuable first (the evaluation's
/// Texel-fitted material value of a kind, mean of its faces, times its
/// tiles in an army; `search::eval::draft_pick` computes it, and a
/// test checks that this order is the one it gives).
pub(crate) const DRAFT_KINDS: [Troop; 13] = [
    Troop::Pikeman,
    Troop::Ranger,
    Troop::General,
    Troop::Marshall,
    Troop::Priest,
    Troop::Dragoon,
    Troop::Champion,
    Troop::Knight,
    Troop::Bowman,
    Troop::Assassin,
    Troop::Wizard,
    Troop::Seer,
    Troop::Longbowman,
];

/// The picks of a draft.
const PICKS: usize = 13;

/// The fixed setup of each side (SPEC §5): the computer's choice.
pub(crate) const FIXED_SETUP: [[Action; 3]; 2] = [
    [
        Action::place(Troop::Duke, Square::C1),
        Action::place(Troop::Footman, Square::B1),
        Action::place(Troop::Footman, Square::D1),
    ],
    [
        Action::place(Troop::Duke, Square::D6),
        Action::place(Troop::Footman, Square::C6),
        Action::place(Troop::Footman, Square::E6),
    ],
];

/// One step of a game's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// `side` picks a kind.
    Pick(Side),
    /// `side` places `troop`.
    Place(Side, Troop),
    /// The terrain tile is drawn (chance).
    Terrain(Terrain),
    /// `side` places the Flag of `flag`.
    Flag(Side, Side),
}

/// What a setup decision must respect, for the message of a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupRule {
    /// The Duke first, on C1 or D1 (Light) or C6 or D6 (Dark).
    DukeHome,
    /// A Footman on an empty square left of, right of or in front of the
    /// Duke.
    FootmanBeside,
    /// Dark Rider: Light's Pikemen on empty squares of rank 1.
    PikemanRank1,
    /// Dark Rider: Dark's Knight on an empty square of rank 6.
    KnightRank6,
    /// The draft: a kind not drafted yet, other than the Duke and the
    /// Footman.
    Pick,
    /// Counting Coup: a side's own Flag on an empty square of file A or F.
    CoupFlag,
    /// Other Objective: the opponent's Flag on an empty square of its home
    /// row.
    HomeFlag,
    /// Terrain comes from the game's generator, not from a player.
    Chance,
}

impl fmt::Display for SetupRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupRule::DukeHome => {
                "the Duke goes first, on C1 or D1 for Light and C6 or D6 for Dark"
            }
            SetupRule::FootmanBeside => {
                "a Footman goes on an empty square left of, right of or in front of its Duke"
            }
            SetupRule::PikemanRank1 => "Light places its five Pikemen on empty squares of rank 1",
            SetupRule::KnightRank6 => "Dark places its Knight on an empty square of rank 6",
            SetupRule::Pick => {
                "a pick names a kind not drafted yet, other than the Duke and the Footman"
            }
            SetupRule::CoupFlag => "a side's Flag goes on an empty square of file A or F",
            SetupRule::HomeFlag => {
                "a side places the opponent's Flag on an empty square of the opponent's home row"
            }
            SetupRule::Chance => "the terrain is drawn by the game, not placed by a player",
        })
    }
}

/// How many steps the start of a game under `rules` takes.
pub(crate) const fn setup_len(rules: Rules) -> usize {
    let draft = if rules.draft() { PICKS } else { 0 };
    let terrain = rules.mountain() as usize + rules.fort() as usize;
    let flags = if rules.objective().has_flags() { 2 } else { 0 };
    draft + 6 + terrain + flags
}

/// The step `i` of the start of a game under `rules` (below
/// [`setup_len`]).
pub(crate) fn slot(rules: Rules, mut i: usize) -> Slot {
    if rules.draft() {
        if i < PICKS {
            return Slot::Pick(if i.is_multiple_of(2) {
                Side::Dark
            } else {
                Side::Light
            });
        }
        i -= PICKS;
    }
    if i < 6 {
        if rules.objective() == Objective::Rider {
            return if i < 5 {
                Slot::Place(Side::Light, Troop::Pikeman)
            } else {
                Slot::Place(Side::Dark, Troop::Knight)
            };
        }
        let first = if rules.draft() {
            Side::Dark
        } else {
            Side::Light
        };
        let side = if i < 3 { first } else { !first };
        let troop = if i.is_multiple_of(3) {
            Troop::Duke
        } else {
            Troop::Footman
        };
        return Slot::Place(side, troop);
    }
    i -= 6;
    for (on, t) in [
        (rules.mountain(), Terrain::Mountain),
        (rules.fort(), Terrain::Fort),
    ] {
        if on {
            if i == 0 {
                return Slot::Terrain(t);
            }
            i -= 1;
        }
    }
    // The side that set up last places first: Dark, or Light after a draft.
    let first = if rules.draft() {
        Side::Light
    } else {
        Side::Dark
    };
    let placer = if i == 0 { first } else { !first };
    let flag = if rules.objective() == Objective::Coup {
        placer
    } else {
        !placer
    };
    Slot::Flag(placer, flag)
}

/// The side that moves first once the start is over.
pub(crate) const fn first_mover(rules: Rules) -> Side {
    match rules.objective() {
        Objective::Rider => Side::Dark,
        _ => Side::Light,
    }
}

impl Position {
    /// The position before the start of a game under `rules`: an empty
    /// board, the bags full (empty for a draft and for Dark Rider), the
    /// first to decide to move.
    pub(crate) fn before_setup_of(rules: Rules) -> Position {
        let mut pos = Position::blank();
        pos.rules = rules;
        pos.key ^= zobrist::rules(rules.index());
        if !rules.draft() && rules.objective() != Objective::Rider {
            pos.set_bag(Side::Light, Bag::starting());
            pos.set_bag(Side::Dark, Bag::starting());
        }
        pos
    }
}

impl Game {
    /// A new game under `rules` at its first decision of setup: the
    /// draft's first pick, or the first placement. The seed decides the
    /// levy's draws and the terrain.
    ///
    /// ```
    /// use duke_engine::{Game, Phase, Rules, Side};
    /// let game = Game::with_rules("coup+mountain".parse::<Rules>()?, 7);
    /// assert_eq!(game.phase(), Phase::Setup { side: Side::Light, troop: duke_engine::Troop::Duke });
    /// let draft = Game::with_rules("draft".parse::<Rules>()?, 7);
    /// assert_eq!(draft.phase(), Phase::Draft { side: Side::Dark });
    /// # Ok::<(), duke_engine::ParseRulesError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When `rules` is not a valid combination ([`Rules::check`]: Dark
    /// Rider with the draft); rules read from text always are.
    pub fn with_rules(rules: Rules, seed: u64) -> Game {
        assert!(rules.check().is_ok(), "{rules}: Dark Rider has no draft");
        Game::starting(rules, seed, [NO_SQUARE; 2])
    }

    /// A new game under `rules` whose terrain is given rather than drawn:
    /// the Mountain's and the Fort's squares (each `None` to draw it). The
    /// squares are kept free during setup. Refused (code `setup`) when the
    /// rules have no such terrain, when both are on one square, or when
    /// the squares leave no room for a setup.
    ///
    /// ```
    /// use duke_engine::{Game, Rules, Square};
    /// let rules: Rules = "mountain".parse()?;
    /// let mut game = Game::with_terrain(rules, 1, Some(Square::C3), None)?;
    /// while let Some(a) = game.setup_suggestion() {
    ///     game.play(a)?;
    /// }
    /// assert_eq!(game.position().mountain(), Some(Square::C3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_terrain(
        rules: Rules,
        seed: u64,
        mountain: Option<Square>,
        fort: Option<Square>,
    ) -> Result<Game, GameError> {
        let refuse = |why| Err(GameError::Terrain(why));
        if rules.check().is_err() {
            return refuse("Dark Rider has no draft");
        }
        if mountain.is_some() && !rules.mountain() || fort.is_some() && !rules.fort() {
            return refuse("the rules have no such terrain");
        }
        if mountain.is_some() && mountain == fort {
            return refuse("the Mountain and the Fort are on one square");
        }
        let given = [
            mountain.map_or(NO_SQUARE, |s| s as u8),
            fort.map_or(NO_SQUARE, |s| s as u8),
        ];
        let game = Game::starting(rules, seed, given);
        if !game.setup_possible() {
            return refuse("the terrain leaves no room for a setup");
        }
        Ok(game)
    }

    /// [`Game::with_terrain`] with its whole start then played by the
    /// engine's suggestions, as [`Game::set_up`] plays it: ready for the
    /// first turn, the Mountain and the Fort on the squares given (each
    /// `None` to draw it). Refused as [`Game::with_terrain`] refuses.
    ///
    /// ```
    /// use duke_engine::{Game, Phase, Rules, Square};
    /// let game = Game::set_up_with_terrain("coup+fort".parse::<Rules>()?, 1, None, Some(Square::C3))?;
    /// assert_eq!(game.phase(), Phase::Play);
    /// assert_eq!(game.position().fort(), Some(Square::C3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_up_with_terrain(
        rules: Rules,
        seed: u64,
        mountain: Option<Square>,
        fort: Option<Square>,
    ) -> Result<Game, GameError> {
        let mut game = Game::with_terrain(rules, seed, mountain, fort)?;
        while let Some(a) = game.setup_suggestion() {
            game.play(a)?;
        }
        Ok(game)
    }

    /// A game under `rules` with its whole start played by the engine's
    /// suggestions ([`Game::setup_suggestion`]: the fixed setups, the
    /// draft's picks in the engine's order, the first squares allowed for
    /// the Flags and the Pikemen) and its terrain drawn: ready for the
    /// first turn. Under the standard rules, the standard start position.
    ///
    /// ```
    /// use duke_engine::{Game, Phase, Rules};
    /// let game = Game::set_up("flag+fort".parse::<Rules>()?, 3);
    /// assert_eq!(game.phase(), Phase::Play);
    /// assert!(game.position().fort().is_some());
    /// # Ok::<(), duke_engine::ParseRulesError>(())
    /// ```
    pub fn set_up(rules: Rules, seed: u64) -> Game {
        let mut game = Game::with_rules(rules, seed);
        while let Some(a) = game.setup_suggestion() {
            game.play(a)
                .expect("the engine's suggestion is a legal decision of setup");
        }
        game
    }

    /// Whether a whole setup fits around the given terrain.
    fn setup_possible(&self) -> bool {
        let reserved = self.reserved();
        let free = |sq: Square| reserved & 1 << sq.index() == 0;
        if self.rules.objective() == Objective::Rider {
            let rank1 = Bitboard(0b111111);
            let rank6 = Bitboard(0b111111 << 30);
            return rank1.into_iter().filter(|&s| free(s)).count() >= 5
                && rank6.into_iter().any(free);
        }
        Side::ALL.into_iter().all(|side| {
            let homes = match side {
                Side::Light => [Square::C1, Square::D1],
                Side::Dark => [Square::C6, Square::D6],
            };
            homes.into_iter().any(|k| {
                free(k)
                    && Bitboard(ADJACENT[k.index()])
                        .into_iter()
                        .filter(|&s| free(s))
                        .count()
                        >= 2
            })
        })
    }

    /// The squares kept free during setup: the terrain given.
    fn reserved(&self) -> u64 {
        self.terrain_given
            .iter()
            .filter(|&&s| s < 36)
            .fold(0u64, |m, &s| m | 1 << s)
    }

    /// The phase of step `i` of the start.
    pub(crate) fn setup_phase(&self, i: usize) -> Phase {
        match slot(self.rules, i) {
            Slot::Pick(side) => Phase::Draft { side },
            Slot::Place(side, troop) => Phase::Setup { side, troop },
            Slot::Flag(side, flag) => Phase::Flags { side, flag },
            // Drawn with the decision before it: never waited on.
            Slot::Terrain(_) => Phase::Play,
        }
    }

    /// The legal decisions of step `i` of the start, into `out`.
    pub(crate) fn setup_actions(&self, i: usize) -> SetupList {
        let mut out = SetupList::new();
        let pos = &self.current;
        let occ = pos.occupied().0;
        let terrain = pos
            .terrain
            .iter()
            .chain(&self.terrain_given)
            .filter(|&&s| s < 36);
        let blocked = occ | terrain.fold(0u64, |m, &s| m | 1 << s);
        let squares = |mask: u64| Bitboard(mask & !blocked & ((1 << 36) - 1));
        match slot(self.rules, i) {
            Slot::Pick(_) => {
                for t in DRAFT_KINDS {
                    if !self.drafted(t) {
                        out.push(Action::pick(t));
                    }
                }
                // In the engine's order of kinds, not of preference.
                out.as_mut_slice().sort();
            }
            Slot::Place(side, troop) => {
                let allowed: u64 = match (troop, side) {
                    (Troop::Duke, Side::Light) => 1 << Square::C1 as u8 | 1 << Square::D1 as u8,
                    (Troop::Duke, Side::Dark) => 1 << Square::C6 as u8 | 1 << Square::D6 as u8,
                    (Troop::Footman, _) => pos.duke(side).map_or(0, |k| ADJACENT[k.index()]),
                    (Troop::Pikeman, _) => 0b111111,
                    (_, _) => 0b111111 << 30,
                };
                for sq in squares(allowed) {
                    out.push(Action::place(troop, sq));
                }
            }
            Slot::Flag(_, flag) => {
                let allowed: u64 = if self.rules.objective() == Objective::Coup {
                    // Files A and F.
                    0b100001_100001_100001_100001_100001_100001
                } else if flag == Side::Light {
                    0b111111
                } else {
                    0b111111 << 30
                };
                // Empty: no tile, no Flag, not the Mountain (the Fort is
                // empty when no tile stands on it).
                let flags = pos
                    .flags
                    .iter()
                    .filter(|&&s| s < 36)
                    .fold(0u64, |m, &s| m | 1 << s);
                let mountain = if pos.terrain[0] < 36 {
                    1 << pos.terrain[0]
                } else {
                    0
                };
                for sq in Bitboard(allowed & !occ & !flags & !mountain) {
                    out.push(Action::flag(sq));
                }
            }
            Slot::Terrain(_) => {}
        }
        out
    }

    /// Whether the draft has given `troop` to a side already.
    fn drafted(&self, troop: Troop) -> bool {
        self.steps
            .iter()
            .take(self.setup_len.min(PICKS))
            .any(|&(_, a)| a == Action::pick(troop))
    }

    /// The rule a refused setup decision broke.
    fn setup_rule(&self, i: usize) -> SetupRule {
        match slot(self.rules, i) {
            Slot::Pick(_) => SetupRule::Pick,
            Slot::Place(_, Troop::Duke) => SetupRule::DukeHome,
            Slot::Place(_, Troop::Footman) => SetupRule::FootmanBeside,
            Slot::Place(_, Troop::Pikeman) => SetupRule::PikemanRank1,
            Slot::Place(..) => SetupRule::KnightRank6,
            Slot::Flag(..) if self.rules.objective() == Objective::Coup => SetupRule::CoupFlag,
            Slot::Flag(..) => SetupRule::HomeFlag,
            Slot::Terrain(_) => SetupRule::Chance,
        }
    }

    /// Plays a decision of setup (checked against the step's list), then
    /// the chance events that follow it.
    pub(crate) fn play_setup(&mut self, action: Action) -> Result<(), GameError> {
        let i = self.steps.len();
        let side = self.side_to_decide();
        if !self.legal.list.contains(&action) {
            return Err(GameError::Setup {
                action,
                side,
                rule: self.setup_rule(i),
            });
        }
        self.apply_setup(action);
        self.chance_after_setup();
        self.setup_done();
        Ok(())
    }

    /// Applies one step of the start (a decision, or a terrain outcome).
    fn apply_setup(&mut self, action: Action) {
        let before = self.current;
        let i = self.steps.len();
        match (slot(self.rules, i), action.view()) {
            (Slot::Pick(side), ActionView::Pick { troop }) => {
                let pos = &mut self.current;
                let mut bag = pos.bag(side);
                for _ in 0..troop.army_count() {
                    bag = bag.with(troop);
                }
                pos.set_bag(side, bag);
                if i + 1 == PICKS {
                    // Each side adds one Footman to its bag.
                    for s in Side::ALL {
                        let b = pos.bag(s).with(Troop::Footman);
                        pos.set_bag(s, b);
                    }
                }
            }
            (Slot::Place(side, troop), ActionView::Place { to, .. }) => {
                self.current.set_side(side);
                self.current.setup_place(troop, to);
            }
            (Slot::Terrain(t), ActionView::Terrain { to, .. }) => {
                let pos = &mut self.current;
                pos.terrain[t.index()] = to as u8;
                pos.key ^= zobrist::terrain(t.index(), to as u8);
            }
            (Slot::Flag(_, flag), ActionView::Flag { to }) => {
                let pos = &mut self.current;
                pos.flags[flag.index()] = to as u8;
                pos.key ^= zobrist::flag(flag.index(), to as u8);
            }
            (slot, _) => unreachable!("{action} in {slot:?}"),
        }
        self.steps.push((before, action));
    }

    /// The terrain drawn after the decision that ends setup's placements:
    /// each from the given square or the game's generator.
    fn chance_after_setup(&mut self) {
        while self.steps.len() < self.setup_len {
            let Slot::Terrain(t) = slot(self.rules, self.steps.len()) else {
                return;
            };
            let given = self.terrain_given[t.index()];
            let to = if given < 36 {
                given
            } else {
                let pos = &self.current;
                let taken = pos.occupied().0
                    | pos
                        .terrain
                        .iter()
                        .filter(|&&s| s < 36)
                        .fold(0u64, |m, &s| m | 1 << s);
                draw_square(self.seed, pos, t.index() as u64, !taken & ((1 << 36) - 1))
            };
            self.apply_setup(Action::terrain(t, Square::ALL[to as usize]));
        }
    }

    /// After a step of setup: the side to decide next, and at the end the
    /// side that moves first and an empty repetition window.
    fn setup_done(&mut self) {
        let i = self.steps.len();
        if i < self.setup_len {
            let side = match slot(self.rules, i) {
                Slot::Pick(s) | Slot::Place(s, _) | Slot::Flag(s, _) => s,
                Slot::Terrain(_) => self.current.side_to_move(),
            };
            self.current.set_side(side);
        } else {
            self.current.set_side(first_mover(self.rules));
        }
        self.window = crate::repetition::Window::at(self.steps.len());
        self.refresh();
    }

    /// Places the fixed setup (SPEC §5) for the side setting up, which
    /// must not have placed anything yet (its Duke comes next).
    pub fn setup_fixed(&mut self) -> Result<(), GameError> {
        match self.phase() {
            Phase::Setup {
                side,
                troop: Troop::Duke,
            } => {
                for a in FIXED_SETUP[side.index()] {
                    self.play_setup(a)?;
                }
                self.redo.clear();
                Ok(())
            }
            phase => Err(GameError::Phase {
                request: crate::Request::FixedSetup,
                phase,
            }),
        }
    }

    /// In setup, the decision the engine suggests: the fixed setup's next
    /// placement (SPEC §5), or the first allowed when the side set up
    /// otherwise; in a draft, the most valuable kind left; for Dark
    /// Rider's tiles and the Flags, the first square allowed (under
    /// Counting Coup, the one nearest the placer's home row). `None`
    /// outside setup.
    ///
    /// ```
    /// use duke_engine::Game;
    /// let game = Game::new(1);
    /// assert_eq!(game.setup_suggestion().map(|a| a.to_string()), Some("D@C1".into()));
    /// assert_eq!(Game::standard(1).setup_suggestion(), None);
    /// ```
    pub fn setup_suggestion(&self) -> Option<Action> {
        let i = self.steps.len();
        if i >= self.setup_len {
            return None;
        }
        let list = self.legal();
        let fixed = match slot(self.rules, i) {
            Slot::Pick(_) => DRAFT_KINDS
                .into_iter()
                .map(Action::pick)
                .find(|a| list.contains(a)),
            Slot::Place(side, Troop::Duke | Troop::Footman) => FIXED_SETUP[side.index()]
                .into_iter()
                .find(|a| list.contains(a)),
            // Counting Coup: a side's own Flag nearest its home row (the
            // list runs from A1 to F6).
            Slot::Flag(Side::Dark, _) if self.rules.objective() == Objective::Coup => {
                list.last().copied()
            }
            _ => None,
        };
        fixed.or_else(|| list.first().copied())
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whether a step of the game is a chance event of setup (terrain).
    pub(crate) fn is_chance(action: Action) -> bool {
        action.kind() == ActionKind::Terrain
    }
}

/// The decisions of one setup step: at most sixteen (thirteen draft picks,
/// twelve squares for a Flag under Counting Coup, six for a placement), in
/// a list on the stack, so a step copies no more than it lists.
pub(crate) struct SetupList {
    items: [Action; 16],
    len: usize,
}

impl SetupList {
    fn new() -> SetupList {
        SetupList {
            items: [Action::place(Troop::Duke, Square::A1); 16],
            len: 0,
        }
    }

    fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }

    fn as_mut_slice(&mut self) -> &mut [Action] {
        &mut self.items[..self.len]
    }
}
