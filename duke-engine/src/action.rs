//! Actions: what a player does in a turn.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use crate::{Square, Troop};

/// What a player does in one turn (SPEC §3): a maneuver by one mark of one
/// tile, or a levy. Setup placements use the same form as a levy.
///
/// Packed in 32 bits for the hot path; [`Action::view`] expands it for
/// matching. The capture flag only decides how the action is written
/// (`B1xB2` rather than `B1-B2`): two actions that differ only in it are
/// equal and hash alike.
///
/// ```
/// use duke_engine::{Action, ActionView, Square, Troop};
/// let a: Action = "C3xC5".parse().unwrap();
/// assert_eq!(a, Action::relocate(Square::C3, Square::C5));
/// assert_eq!(a.to_string(), "C3xC5");
/// assert_eq!(Action::relocate(Square::C3, Square::C5).to_string(), "C3-C5");
/// let levy: Action = "p@c2".parse().unwrap();
/// assert_eq!(levy.view(), ActionView::Place { troop: Troop::Pikeman, to: Square::C2 });
/// assert_eq!(levy.to_string(), "P@C2");
/// ```
#[derive(Copy, Clone)]
pub struct Action(u32);

/// The kinds of action.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum ActionKind {
    /// The tile relocates by Move, Jump, Slide or Jump Slide.
    Relocate = 0,
    /// The tile strikes an enemy without moving.
    Strike = 1,
    /// The tile commands a friendly tile in its command area.
    Command = 2,
    /// A levy (or a setup placement): a troop placed on a square.
    Place = 3,
    /// Expanded Play: a Flag passed from its holder to a friendly tile
    /// next to it.
    Pass = 4,
    /// Expanded Play: a Flag placed in setup, or relocated after a point
    /// scored against it.
    Flag = 5,
    /// Expanded Play: the Mountain or the Fort placed (a chance outcome).
    Terrain = 6,
    /// Expanded Play: a kind picked in the draft.
    Pick = 7,
}

/// The two terrain tiles.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Terrain {
    /// The Mountain: never occupied; nothing passes it.
    Mountain = 0,
    /// The Fort: holds at most one tile; nothing passes it.
    Fort = 1,
}

impl Terrain {
    /// Both, in the order they are placed.
    pub const ALL: [Terrain; 2] = [Terrain::Mountain, Terrain::Fort];

    /// The word: `mountain` or `fort`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Terrain::Mountain => "mountain",
            Terrain::Fort => "fort",
        }
    }

    /// The index: 0 for the Mountain, 1 for the Fort.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Terrain::Mountain => "Mountain",
            Terrain::Fort => "Fort",
        })
    }
}

/// An [`Action`] expanded for matching.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ActionView {
    /// `from` lands on `to` by Move, Jump, Slide or Jump Slide.
    Relocate {
        /// The tile's square.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// The tile on `from` strikes the enemy on `target`.
    Strike {
        /// The striker's square (it stays).
        from: Square,
        /// The struck square.
        target: Square,
    },
    /// The commander on `commander` moves the friendly tile on `from` to `to`.
    Command {
        /// The commander's square (it stays).
        commander: Square,
        /// The commanded tile's square.
        from: Square,
        /// Where the commanded tile lands.
        to: Square,
    },
    /// A levied (or set-up) `troop` placed on `to`.
    Place {
        /// The troop placed.
        troop: Troop,
        /// Its square.
        to: Square,
    },
    /// The Flag held on `holder` passed to the friendly tile on `to`.
    Pass {
        /// The holder's square.
        holder: Square,
        /// The square of the tile that takes the Flag.
        to: Square,
    },
    /// A Flag placed on `to` (in setup), or the mover's own Flag
    /// relocated there.
    Flag {
        /// Its square.
        to: Square,
    },
    /// A terrain tile placed on `to`.
    Terrain {
        /// Which.
        terrain: Terrain,
        /// Its square.
        to: Square,
    },
    /// A kind picked in the draft.
    Pick {
        /// The kind.
        troop: Troop,
    },
}

/// The bit of a packed action that marks it as capturing.
const CAPTURE_SHIFT: u32 = 21;
const CAPTURE: u32 = 1 << CAPTURE_SHIFT;
/// The bits of a packed action that say which action it is: all but the
/// capture flag, which the position decides (equality and order use these).
pub(crate) const EQ_MASK: u32 = !CAPTURE;
/// Where the kind's three bits begin.
const KIND_SHIFT: u32 = 18;

impl Action {
    #[inline(always)]
    pub(crate) const fn pack(
        kind: ActionKind,
        a: usize,
        b: usize,
        c: usize,
        capture: bool,
    ) -> Action {
        Action(
            (kind as u32) << KIND_SHIFT
                | (a as u32) << 12
                | (b as u32) << 6
                | c as u32
                | if capture { CAPTURE } else { 0 },
        )
    }

    /// A relocation from `from` to `to` (Move, Jump, Slide or Jump Slide).
    pub const fn relocate(from: Square, to: Square) -> Action {
        Action::pack(ActionKind::Relocate, from as usize, to as usize, 0, false)
    }

    /// A strike by the tile on `from` at `target`.
    pub const fn strike(from: Square, target: Square) -> Action {
        Action::pack(ActionKind::Strike, from as usize, target as usize, 0, true)
    }

    /// A command by the tile on `commander`, moving the tile on `from` to `to`.
    pub const fn command(commander: Square, from: Square, to: Square) -> Action {
        Action::pack(
            ActionKind::Command,
            commander as usize,
            from as usize,
            to as usize,
            false,
        )
    }

    /// A levy (or setup placement) of `troop` on `to`.
    pub const fn place(troop: Troop, to: Square) -> Action {
        Action::pack(ActionKind::Place, troop as usize, to as usize, 0, false)
    }

    /// The Flag held on `holder` passed to the friendly tile on `to`.
    pub const fn pass(holder: Square, to: Square) -> Action {
        Action::pack(ActionKind::Pass, holder as usize, to as usize, 0, false)
    }

    /// A Flag placed (in setup) or relocated on `to`.
    pub const fn flag(to: Square) -> Action {
        Action::pack(ActionKind::Flag, 0, to as usize, 0, false)
    }

    /// `terrain` placed on `to` (a chance outcome of setup).
    pub const fn terrain(terrain: Terrain, to: Square) -> Action {
        Action::pack(ActionKind::Terrain, terrain as usize, to as usize, 0, false)
    }

    /// The draft's pick of `troop`.
    pub const fn pick(troop: Troop) -> Action {
        Action::pack(ActionKind::Pick, troop as usize, 0, 0, false)
    }

    /// The same action marked as capturing (or not): changes only how it is written.
    #[must_use]
    pub const fn with_capture(self, capture: bool) -> Action {
        Action(if capture {
            self.0 | CAPTURE
        } else {
            self.0 & !CAPTURE
        })
    }

    /// The bit offset of the target field (the landing or struck square).
    #[inline(always)]
    const fn target_shift(self) -> u32 {
        // Relocate, Strike, Place: field b; Command: field c.
        if (self.0 >> KIND_SHIFT) & 7 == ActionKind::Command as u32 {
            0
        } else {
            6
        }
    }

    /// The action with its target field set to `t` (the field must be 0).
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) const fn with_target(self, t: usize) -> Action {
        Action(self.0 | (t as u32) << self.target_shift())
    }

    /// The action without its capture flag and with its target field 0,
    /// and the target square's index.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) const fn split_target(self) -> (Action, usize) {
        let shift = self.target_shift();
        let target = (self.0 >> shift) & 63;
        (Action(self.0 & EQ_MASK & !(63 << shift)), target as usize)
    }

    /// This action (its square fields at `shift` empty) with square `to`
    /// there, flagged a capture when `enemy` holds `to`: no branch.
    #[inline(always)]
    pub(crate) const fn with_field(self, to: u32, shift: u32, enemy: u64) -> Action {
        let capture = ((enemy >> to) & 1) as u32;
        Action(self.0 | to << shift | capture << CAPTURE_SHIFT)
    }

    /// The kind.
    #[inline]
    pub const fn kind(self) -> ActionKind {
        match (self.0 >> KIND_SHIFT) & 7 {
            0 => ActionKind::Relocate,
            1 => ActionKind::Strike,
            2 => ActionKind::Command,
            3 => ActionKind::Place,
            4 => ActionKind::Pass,
            5 => ActionKind::Flag,
            6 => ActionKind::Terrain,
            _ => ActionKind::Pick,
        }
    }

    #[inline(always)]
    pub(crate) const fn a(self) -> usize {
        ((self.0 >> 12) & 63) as usize
    }

    #[inline(always)]
    pub(crate) const fn b(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    #[inline(always)]
    pub(crate) const fn c(self) -> usize {
        (self.0 & 63) as usize
    }

    /// Whether the action is marked as capturing (set on every generated or
    /// resolved action that captures; a strike always captures).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 & CAPTURE != 0
    }

    /// The expanded form.
    pub fn view(self) -> ActionView {
        let sq = |i: usize| Square::ALL[i % 36];
        match self.kind() {
            ActionKind::Relocate => ActionView::Relocate {
                from: sq(self.a()),
                to: sq(self.b()),
            },
            ActionKind::Strike => ActionView::Strike {
                from: sq(self.a()),
                target: sq(self.b()),
            },
            ActionKind::Command => ActionView::Command {
                commander: sq(self.a()),
                from: sq(self.b()),
                to: sq(self.c()),
            },
            ActionKind::Place => ActionView::Place {
                troop: Troop::ALL[self.a() % 15],
                to: sq(self.b()),
            },
            ActionKind::Pass => ActionView::Pass {
                holder: sq(self.a()),
                to: sq(self.b()),
            },
            ActionKind::Flag => ActionView::Flag { to: sq(self.b()) },
            ActionKind::Terrain => ActionView::Terrain {
                terrain: Terrain::ALL[self.a() & 1],
                to: sq(self.b()),
            },
            ActionKind::Pick => ActionView::Pick {
                troop: Troop::ALL[self.a() % 15],
            },
        }
    }

    /// The square of the tile that acts: the tile whose chart is used,
    /// or a Flag's holder for a pass; `None` for a placement, a Flag's,
    /// terrain or a pick.
    pub fn actor(self) -> Option<Square> {
        match self.kind() {
            ActionKind::Relocate | ActionKind::Strike | ActionKind::Command | ActionKind::Pass => {
                Some(Square::ALL[self.a() % 36])
            }
            ActionKind::Place | ActionKind::Flag | ActionKind::Terrain | ActionKind::Pick => None,
        }
    }

    /// The square a tile leaves or acts from: a relocation's and a
    /// strike's tile, a command's commanded tile, a pass's holder; `None`
    /// for a placement, a Flag's, terrain or a pick.
    ///
    /// ```
    /// use duke_engine::{Action, Square};
    /// let a: Action = "E4:D5-E5".parse().unwrap();
    /// assert_eq!(a.origin(), Some(Square::D5));
    /// assert_eq!("P@C2".parse::<Action>().unwrap().origin(), None);
    /// ```
    pub fn origin(self) -> Option<Square> {
        match self.view() {
            ActionView::Relocate { from, .. }
            | ActionView::Strike { from, .. }
            | ActionView::Command { from, .. } => Some(from),
            ActionView::Pass { holder, .. } => Some(holder),
            ActionView::Place { .. }
            | ActionView::Flag { .. }
            | ActionView::Terrain { .. }
            | ActionView::Pick { .. } => None,
        }
    }

    /// The troop placed (a levy or a setup placement) or picked (a draft),
    /// `None` for the other kinds.
    pub fn troop(self) -> Option<Troop> {
        match self.view() {
            ActionView::Place { troop, .. } | ActionView::Pick { troop } => Some(troop),
            _ => None,
        }
    }

    /// The square where something lands, is struck or is placed; `None`
    /// for a pick, which has none.
    pub fn to_square(self) -> Option<Square> {
        (self.kind() != ActionKind::Pick).then(|| self.target())
    }

    /// The square where something lands, is struck or is placed (A1 for a
    /// pick, which has none: see [`Action::to_square`]).
    #[inline]
    pub const fn target(self) -> Square {
        // Read from its field without building the view (the field of a
        // command is `c`, of every other kind `b`).
        Square::ALL[((self.0 >> self.target_shift()) & 63) as usize % 36]
    }

    /// The packed form, stable within a version (the capture flag included).
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// The action for packed bits known to describe one.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: u32) -> Action {
        Action(bits)
    }

    /// The number of keys [`Action::key`] gives: every key is below it.
    pub const KEYS: usize = (1 << 16) + 2 * 36 * 36 * 36;

    /// A dense index of the action, its capture mark included, below
    /// [`Action::KEYS`] and shared with no other action: for a table with a
    /// slot per action (the Python package keeps its shared `Action`
    /// objects in one). Relocations, strikes and placements take the
    /// packed bits above the third field (a shift); commands, whose three
    /// fields are squares, follow them.
    ///
    /// ```
    /// use duke_engine::Action;
    /// let a: Action = "C3xC5".parse().unwrap();
    /// let b: Action = "C3-C5".parse().unwrap();
    /// assert_eq!(a, b); // equal: the capture mark only changes the text
    /// assert_ne!(a.key(), b.key());
    /// assert!(a.key() < Action::KEYS);
    /// ```
    #[inline(always)]
    pub const fn key(self) -> usize {
        let bits = self.0 as usize;
        if (bits >> KIND_SHIFT) & 7 == ActionKind::Command as usize {
            let cap = (bits >> CAPTURE_SHIFT) & 1;
            (1 << 16) + ((cap * 36 + self.a()) * 36 + self.b()) * 36 + self.c()
        } else {
            // Below 2^22 with a third field of 0, as `from_bits` requires.
            bits >> 6
        }
    }

    /// The action for packed bits, if they describe one.
    pub fn from_bits(bits: u32) -> Option<Action> {
        let a = Action(bits);
        let ok = bits >> 22 == 0
            && match a.kind() {
                ActionKind::Place => a.a() < 15 && a.b() < 36 && a.c() == 0,
                ActionKind::Command => a.a() < 36 && a.b() < 36 && a.c() < 36,
                ActionKind::Relocate | ActionKind::Strike | ActionKind::Pass => {
                    a.a() < 36 && a.b() < 36 && a.c() == 0
                }
                ActionKind::Flag => a.a() == 0 && a.b() < 36 && a.c() == 0,
                ActionKind::Terrain => a.a() < 2 && a.b() < 36 && a.c() == 0,
                ActionKind::Pick => a.a() < 15 && a.b() == 0 && a.c() == 0,
            }
            && (a.kind() as u8 <= ActionKind::Place as u8 || !a.is_capture());
        ok.then_some(a)
    }
}

impl PartialEq for Action {
    #[inline]
    fn eq(&self, other: &Action) -> bool {
        self.0 & EQ_MASK == other.0 & EQ_MASK
    }
}

impl Eq for Action {}

impl Hash for Action {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 & EQ_MASK).hash(state)
    }
}

impl PartialOrd for Action {
    fn partial_cmp(&self, other: &Action) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Action {
    fn cmp(&self, other: &Action) -> core::cmp::Ordering {
        (self.0 & EQ_MASK).cmp(&(other.0 & EQ_MASK))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        match self.view() {
            ActionView::Relocate { from, to } => write!(f, "{from}{sep}{to}"),
            ActionView::Strike { from, target } => write!(f, "{from}*{target}"),
            ActionView::Command {
                commander,
                from,
                to,
            } => write!(f, "{commander}:{from}{sep}{to}"),
            ActionView::Place { troop, to } => write!(f, "{}@{to}", troop.char()),
            ActionView::Pass { holder, to } => write!(f, "{holder}^{to}"),
            ActionView::Flag { to } => write!(f, "flag@{to}"),
            ActionView::Terrain { terrain, to } => write!(f, "{}@{to}", terrain.as_str()),
            ActionView::Pick { troop } => write!(f, "pick:{}", troop.char()),
        }
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Action({self})")
    }
}

/// What the player to move decides: an [`Action`], or to levy, after
/// which the bag decides the troop and the player then decides its square
/// (a placement action). Written as the action's text, or `levy`.
///
/// Every face offers the player these: [`crate::Game::decisions`] lists
/// them, [`crate::Game::apply`] plays one, and the AI returns one.
///
/// ```
/// use duke_engine::{Action, Decision};
/// let levy: Decision = "levy".parse().unwrap();
/// assert_eq!(levy, Decision::Levy);
/// assert_eq!(levy.to_string(), "levy");
/// let d: Decision = "b1-b2".parse().unwrap();
/// assert_eq!(d, Decision::Act("B1-B2".parse::<Action>().unwrap()));
/// assert_eq!(d.to_string(), "B1-B2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// An action (a placement here carries its troop).
    Act(Action),
    /// Levy: draw a tile from the bag; the bag decides which.
    Levy,
}

impl Decision {
    /// The text of the levy decision.
    pub const LEVY_TEXT: &'static str = "levy";

    /// The action, `None` for the levy.
    pub const fn action(self) -> Option<Action> {
        match self {
            Decision::Act(a) => Some(a),
            Decision::Levy => None,
        }
    }

    /// Whether this is the levy decision.
    pub const fn is_levy(self) -> bool {
        matches!(self, Decision::Levy)
    }

    /// A lowercase word for its kind: `relocate`, `strike`, `command`,
    /// `place` or `levy`.
    pub const fn kind_str(self) -> &'static str {
        match self {
            Decision::Act(a) => a.kind().as_str(),
            Decision::Levy => Decision::LEVY_TEXT,
        }
    }
}

bitflags::bitflags! {
    /// What an action does, as a set of flags ([`Action::flags`]).
    ///
    /// ```
    /// use duke_engine::{Action, ActionFlags};
    /// let a: Action = "C3xC5".parse().unwrap();
    /// assert_eq!(a.flags(), ActionFlags::CAPTURE | ActionFlags::FLIP);
    /// let strike: Action = "C3*B5".parse().unwrap();
    /// assert!(strike.flags().contains(ActionFlags::STRIKE | ActionFlags::CAPTURE));
    /// assert_eq!("P@C2".parse::<Action>().unwrap().flags(), ActionFlags::PLACE);
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct ActionFlags: u8 {
        /// It takes an enemy tile (a strike always does).
        const CAPTURE = 1;
        /// The tile whose chart was used turns to its other face (every
        /// maneuver; a commanded tile keeps its face).
        const FLIP = 1 << 1;
        /// The tile strikes without moving.
        const STRIKE = 1 << 2;
        /// The tile commands a friendly tile.
        const COMMAND = 1 << 3;
        /// A troop is placed: a levy or a setup placement.
        const PLACE = 1 << 4;
    }
}

impl Action {
    /// What the action does, as flags.
    pub fn flags(self) -> ActionFlags {
        let mut f = match self.kind() {
            ActionKind::Relocate => ActionFlags::FLIP,
            ActionKind::Strike => ActionFlags::FLIP | ActionFlags::STRIKE,
            ActionKind::Command => ActionFlags::FLIP | ActionFlags::COMMAND,
            ActionKind::Place => ActionFlags::PLACE,
            ActionKind::Pass | ActionKind::Flag | ActionKind::Terrain | ActionKind::Pick => {
                ActionFlags::empty()
            }
        };
        f.set(ActionFlags::CAPTURE, self.is_capture());
        f
    }
}

impl From<Action> for Decision {
    fn from(a: Action) -> Decision {
        Decision::Act(a)
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Act(a) => a.fmt(f),
            Decision::Levy => f.write_str(Decision::LEVY_TEXT),
        }
    }
}

impl core::str::FromStr for Decision {
    type Err = crate::ParseActionError;

    /// `levy` (any case) or action text, with nothing before or after it
    /// (no space, no newline), as action text is read.
    fn from_str(s: &str) -> Result<Decision, Self::Err> {
        if s.eq_ignore_ascii_case(Decision::LEVY_TEXT) {
            Ok(Decision::Levy)
        } else {
            s.parse().map(Decision::Act)
        }
    }
}

impl ActionKind {
    /// Every kind, in order.
    pub const ALL: [ActionKind; 8] = [
        ActionKind::Relocate,
        ActionKind::Strike,
        ActionKind::Command,
        ActionKind::Place,
        ActionKind::Pass,
        ActionKind::Flag,
        ActionKind::Terrain,
        ActionKind::Pick,
    ];

    /// A lowercase word for the kind: `relocate`, `strike`, `command`,
    /// `place`, and for Expanded Play `pass`, `flag`, `terrain`, `pick`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ActionKind::Relocate => "relocate",
            ActionKind::Strike => "strike",
            ActionKind::Command => "command",
            ActionKind::Place => "place",
            ActionKind::Pass => "pass",
            ActionKind::Flag => "flag",
            ActionKind::Terrain => "terrain",
            ActionKind::Pick => "pick",
        }
    }
}

impl core::str::FromStr for ActionKind {
    type Err = crate::ParseNameError;

    /// `relocate`, `strike`, `command`, `place`, `pass`, `flag`,
    /// `terrain` or `pick`, in any case.
    ///
    /// ```
    /// use duke_engine::ActionKind;
    /// assert_eq!("Strike".parse(), Ok(ActionKind::Strike));
    /// assert_eq!("levy".parse::<ActionKind>().unwrap_err().code(), "name.action_kind");
    /// ```
    fn from_str(s: &str) -> Result<ActionKind, crate::ParseNameError> {
        crate::names::find(&ActionKind::ALL, ActionKind::as_str, s)
            .ok_or_else(|| crate::ParseNameError::new(crate::names::NameKind::ActionKind, s))
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The capacity of an [`ActionList`]: a bound on the legal actions of any
/// position. A test derives it from the masks (each tile of an army at its
/// best square with open rays, plus 14 troop kinds times 4 levy squares,
/// plus Expanded Play's 4 Flag passes and 36 relocations); the richest
/// position a hill climb found has 99.
pub const MAX_ACTIONS: usize = 248;

/// The target field of a relocation or a strike onto each square as the
/// generator writes it: the square at bit 6, and the capture flag where an
/// enemy tile stands ([`TargetFields::set_enemy`]). 64 entries, so that any
/// square index needs no bounds check; those past the board are never
/// listed.
#[cfg(feature = "alloc")]
#[derive(Clone)]
#[repr(align(16))]
pub(crate) struct TargetFields([u32; 64]);

#[cfg(feature = "alloc")]
impl TargetFields {
    /// Every square's field, no square holding an enemy.
    pub(crate) const fn new() -> TargetFields {
        let mut fields = [0; 64];
        let mut sq = 0;
        while sq < 64 {
            fields[sq] = (sq as u32) << 6;
            sq += 1;
        }
        TargetFields(fields)
    }

    /// Sets the capture flags of the board's squares: where `enemy` holds
    /// a tile. Four squares at a time, each four read from a table by the
    /// four bits of `enemy` (the compiler writes each four with one vector
    /// `or`): no loop over the tiles, no branch.
    #[inline(always)]
    pub(crate) fn set_enemy(&mut self, enemy: u64) {
        /// `FLAGS[bits]`: the capture flag of each of four squares.
        static FLAGS: [[u32; 4]; 16] = {
            let mut table = [[0; 4]; 16];
            let mut bits = 0;
            while bits < 16 {
                let mut i = 0;
                while i < 4 {
                    table[bits][i] = ((bits as u32 >> i) & 1) * CAPTURE;
                    i += 1;
                }
                bits += 1;
            }
            table
        };
        for group in 0..9 {
            let flags = &FLAGS[(enemy >> (4 * group)) as usize & 15];
            for (i, &flag) in flags.iter().enumerate() {
                let sq = 4 * group + i;
                self.0[sq] = (sq as u32) << 6 | flag;
            }
        }
    }
}

/// A list of actions with fixed capacity [`MAX_ACTIONS`]: no heap.
///
/// ```
/// use duke_engine::Position;
/// let actions = Position::standard().legal_actions();
/// assert_eq!(actions.len(), 18);
/// assert!(actions.iter().any(|a| a.to_string() == "B1-B2"));
/// ```
#[derive(Clone)]
pub struct ActionList {
    /// Room for [`MAX_ACTIONS`] and more: the generator writes at the
    /// length masked to eight bits, and up to eight slots past it (see
    /// [`ActionList::push_few_targets`]), which always fall inside without
    /// a bounds check. It never lists more than [`MAX_ACTIONS`].
    items: [Action; SLOTS],
    len: usize,
}

/// The slots of an [`ActionList`]: 256 lengths, and eight slots past the last.
const SLOTS: usize = 256 + 8;

impl ActionList {
    /// An empty list.
    #[inline]
    pub const fn new() -> ActionList {
        ActionList {
            items: [Action(0); SLOTS],
            len: 0,
        }
    }

    /// Appends an action.
    ///
    /// # Panics
    ///
    /// When the list is full; the generator never fills it (see [`MAX_ACTIONS`]).
    #[inline(always)]
    pub fn push(&mut self, a: Action) {
        assert!(
            self.len < MAX_ACTIONS,
            "an ActionList holds at most MAX_ACTIONS actions"
        );
        self.items[self.len] = a;
        self.len += 1;
    }

    /// Appends one action per square of `targets`, lowest first: `head`
    /// with the square in the field at bit `shift`, flagged a capture where
    /// `enemy` holds the square. The length stays in a register meanwhile
    /// (a store into the list could otherwise be taken to change it).
    ///
    /// Only for the generator, which never lists more than
    /// [`MAX_ACTIONS`] (the index is masked, so there is no bounds check).
    #[inline(always)]
    pub(crate) fn push_targets(&mut self, head: Action, shift: u32, mut targets: u64, enemy: u64) {
        let mut len = self.len;
        while targets != 0 {
            let to = targets.trailing_zeros();
            self.items[len & 255] = head.with_field(to, shift, enemy);
            len += 1;
            targets &= targets - 1;
        }
        debug_assert!(len <= MAX_ACTIONS);
        self.len = len;
    }

    /// [`ActionList::push_targets`] for sets of targets that are usually
    /// small (a tile's relocations): up to four are written without a
    /// branch on their number (four slots written, the length advanced by
    /// the count), so that the count varying from tile to tile costs no
    /// mispredicted loop exit; more go through the loop.
    #[inline(always)]
    pub(crate) fn push_few_targets(&mut self, head: Action, shift: u32, targets: u64, enemy: u64) {
        let len = self.len & 255;
        let n = targets.count_ones() as usize;
        if n > 4 {
            self.push_targets(head, shift, targets, enemy);
            return;
        }
        let slots: &mut [Action; 4] = (&mut self.items[len..len + 4])
            .try_into()
            .expect("four slots");
        let mut t = targets;
        for slot in slots {
            // Past the last target `t` is empty: the slot gets garbage that
            // the length does not cover.
            let to = t.trailing_zeros() & 63;
            *slot = head.with_field(to, shift, enemy);
            t &= t.wrapping_sub(1);
        }
        self.len = len + n;
    }

    /// [`ActionList::push_few_targets`] with each target's field read from
    /// `fields` (a relocation's or strike's: the square at bit 6 and the
    /// capture flag) rather than computed: a load and an `or` a slot. Up to
    /// eight targets are written without a loop (four slots, and four more
    /// when there are more than four), so that the count costs at most one
    /// branch that is not a loop's exit; more go through the loop.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn push_few_fields(&mut self, head: Action, targets: u64, fields: &TargetFields) {
        let len = self.len & 255;
        let n = targets.count_ones() as usize;
        let slots: &mut [Action; 8] = (&mut self.items[len..len + 8])
            .try_into()
            .expect("eight slots");
        // Past the last target only stop bits are left (one for each slot
        // after it): the slot gets the field of a square past the board,
        // garbage that the length does not cover.
        let mut t = targets | 0xff << 36;
        let (low, high) = slots.split_at_mut(4);
        for slot in low {
            *slot = Action(head.0 | fields.0[t.trailing_zeros() as usize & 63]);
            t &= t - 1;
        }
        if n > 4 {
            for slot in high {
                *slot = Action(head.0 | fields.0[t.trailing_zeros() as usize & 63]);
                t &= t - 1;
            }
            if n > 8 {
                self.len = len + 8;
                self.push_fields(head, t & ((1 << 36) - 1), fields);
                return;
            }
        }
        self.len = len + n;
    }

    /// [`ActionList::push_targets`] with each target's field read from
    /// `fields`, for relocations and strikes.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn push_fields(&mut self, head: Action, mut targets: u64, fields: &TargetFields) {
        let mut len = self.len;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            self.items[len & 255] = Action(head.0 | fields.0[to & 63]);
            len += 1;
            targets &= targets - 1;
        }
        debug_assert!(len <= MAX_ACTIONS);
        self.len = len;
    }

    /// Appends, for each troop in `troops` (a set of [`crate::Troop`]
    /// indices), the first `n` of `row` (placements of troop 0) with that
    /// troop: four slots written per troop without a branch on `n`, the
    /// list advanced by `n`.
    #[inline(always)]
    pub(crate) fn push_placements(&mut self, row: [Action; 4], n: usize, mut troops: u16) {
        while troops != 0 {
            let t = troops.trailing_zeros() << 12;
            let len = self.len & 255;
            let slots: &mut [Action; 4] = (&mut self.items[len..len + 4])
                .try_into()
                .expect("four slots");
            for (slot, a) in slots.iter_mut().zip(row) {
                *slot = Action(a.0 | t);
            }
            self.len = len + n;
            troops &= troops - 1;
        }
        debug_assert!(self.len <= MAX_ACTIONS);
    }

    /// Removes every action.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the actions for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(&Action) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if f(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Sorts by the packed form: a stable order for output.
    pub fn sort(&mut self) {
        self.items[..self.len].sort_unstable();
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl Deref for ActionList {
    type Target = [Action];
    #[inline]
    fn deref(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

impl core::ops::DerefMut for ActionList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Action] {
        &mut self.items[..self.len]
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = core::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(
        miri,
        ignore = "every packed form: too slow under Miri, and no unsafe code"
    )]
    fn keys_are_dense_and_shared_by_no_two_actions() {
        // Every packed form that is an action, capture mark included.
        let mut seen = alloc::vec![false; Action::KEYS];
        let mut count = 0;
        for bits in 0..1u32 << 22 {
            if let Some(a) = Action::from_bits(bits) {
                let k = a.key();
                assert!(k < Action::KEYS, "{a:?}: {k}");
                assert!(!seen[k], "{a:?}: key {k} twice");
                seen[k] = true;
                count += 1;
            }
        }
        // Relocations, strikes and placements with either mark, commands
        // with either mark; passes, Flags, terrain and picks unmarked.
        assert_eq!(
            count,
            2 * (36 * 36 * 2 + 15 * 36) + 2 * 36 * 36 * 36 + 36 * 36 + 36 + 2 * 36 + 15
        );
    }
}
