//! Batched games for reinforcement learning: `n` games stepped together,
//! writing observations, masks, rewards and done flags into caller
//! buffers, and starting a new game wherever one ends.

use alloc::vec::Vec;
use core::fmt;

use crate::encode::{
    action_from_index, action_index, action_space, for_each_target_index, game_decision, map_sq,
    observation_len, target_base, turned, write_game_mask, write_game_observation, Shown,
    ACTION_SPACE, DRAW, OBS_LEN,
};

use crate::draw::draw_troop;
use crate::movegen::Sink;
use crate::repetition::Window;
use crate::zobrist::mix;
use crate::{Action, ActionKind, Game, Position, Rules, Side, Troop};
use crate::{Decision, Perspective};

/// The most groups a position's decisions can form: per tile of an army,
/// its relocations, its strikes, and one group for each friendly tile in
/// its command area (a test derives the bound from the charts), plus the
/// slot written past the last group and dropped.
const GROUPS: usize = 35;

/// The slots a game keeps for its groups: `GROUPS` rounded up to a power
/// of two, so that a slot index masked to six bits needs no bounds check.
const SLOTS: usize = 64;

/// The target squares of a group: bits 0..36; the head sits above.
const TARGETS: u64 = (1 << 36) - 1;
const HEAD_SHIFT: u32 = 40;

/// The decisions of a game as sets of targets. Each group is one of:
///
/// - one tile's relocations;
/// - one tile's strikes;
/// - one commanded tile's commands;
/// - the placements of the drawn troop.
///
/// A group is packed in one word: the targets in the low 36 bits, and
/// above them the head, an action whose target field is 0. The action for
/// a target is the head with the target filled in. The levy is one flag
/// (a game offers it as one decision, [`DRAW`]). Groups are written
/// without a branch per tile and with none per action: random stepping
/// needs a count and the `k`-th decision, a step a membership test.
#[derive(Clone)]
#[repr(C)]
struct Decisions {
    /// The number of groups.
    len: u8,
    /// In play: whether a levy is possible.
    levy: bool,
    /// The number of actions in the groups.
    count: u16,
    /// The side whose decisions these are (the side to move): what the
    /// action-space index of a decision depends on besides its action, so
    /// that choosing one reads only this struct's first groups.
    side: Side,
    groups: [u64; SLOTS],
}

impl Decisions {
    const fn new() -> Decisions {
        Decisions {
            len: 0,
            levy: false,
            count: 0,
            side: Side::Light,
            groups: [0; SLOTS],
        }
    }

    /// Replaces the decisions with those `fill` gives a [`Builder`], the
    /// decisions of `side`.
    #[inline(always)]
    fn fill(&mut self, side: Side, fill: impl FnOnce(&mut Builder<'_>)) {
        let mut b = Builder {
            groups: &mut self.groups,
            len: 0,
            count: 0,
            levy: false,
        };
        fill(&mut b);
        let (len, count, levy) = (b.len, b.count, b.levy);
        // At most GROUPS - 1 groups and MAX_ACTIONS actions (tests bound both).
        debug_assert!(len < GROUPS);
        self.len = len as u8;
        self.count = count as u16;
        self.levy = levy;
        self.side = side;
    }

    #[inline(always)]
    fn groups(&self) -> &[u64] {
        &self.groups[..usize::from(self.len)]
    }

    #[inline(always)]
    fn head(group: u64) -> Action {
        Action::from_bits_unchecked((group >> HEAD_SHIFT) as u32)
    }

    /// `action` if it is listed (returned as given: its capture flag set by
    /// whoever decoded it).
    #[inline]
    fn find(&self, action: Action) -> Option<Action> {
        let (head, target) = action.split_target();
        let head = u64::from(head.to_bits());
        self.groups()
            .iter()
            .any(|&g| g >> HEAD_SHIFT == head && g & 1 << target != 0)
            .then_some(action)
    }

    /// The `k`-th listed action (`k < count`), in the order of the groups
    /// and, within one, of the targets: its group's head and its target.
    /// Its capture flag is not set: it only decides how an action is
    /// written, and a batch game keeps its actions to replay them.
    #[inline]
    fn nth(&self, k: u32) -> (Action, usize) {
        // Most games have at most four groups: the group among the first
        // four is found without a branch. Slots past `len` hold old groups,
        // counted as they are: the running counts from `len` on are at
        // least `count`, which `k` is under, so they never decide.
        let count = |i: usize| (self.groups[i] & TARGETS).count_ones();
        let (c0, c1, c2, c3) = (count(0), count(1), count(2), count(3));
        let (s1, s2, s3) = (c0, c0 + c1, c0 + c1 + c2);
        if k < s3 + c3 {
            let (p1, p2, p3) = (k >= s1, k >= s2, k >= s3);
            let j = usize::from(p1) + usize::from(p2) + usize::from(p3);
            let before = u32::from(p1) * c0 + u32::from(p2) * c1 + u32::from(p3) * c2;
            let g = self.groups[j];
            return (Decisions::head(g), select(g & TARGETS, k - before));
        }
        let mut k = k - (s3 + c3);
        for &g in &self.groups[4..usize::from(self.len)] {
            let targets = g & TARGETS;
            let n = targets.count_ones();
            if k < n {
                return (Decisions::head(g), select(targets, k));
            }
            k -= n;
        }
        unreachable!("k < count")
    }
}

/// The index of the `k`-th set bit of `x` (`k < x.count_ones()`), without
/// a branch on the data: halves of 32, 16 and 8 bits, each time the upper
/// one when the lower holds at most `k` set bits (counted by POPCNT), then
/// the bit within the byte by a table.
#[inline(always)]
fn select(x: u64, k: u32) -> usize {
    let (mut x, mut k, mut base) = (x, k, 0u32);
    for half in [32u32, 16, 8] {
        let low = x & ((1u64 << half) - 1);
        let c = low.count_ones();
        // All ones when the bit is in the upper half.
        let up = 0u32.wrapping_sub(u32::from(k >= c));
        let shift = half & up;
        x >>= shift;
        k -= c & up;
        base += shift;
    }
    base as usize + SELECT_IN_BYTE[k as usize & 7][(x & 0xFF) as usize] as usize
}

/// `SELECT_IN_BYTE[r][b]`: the index of the `r`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut i) = (0, 0);
        while i < 8 {
            if b & 1 << i != 0 {
                table[r][b] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// Fills the groups of a [`Decisions`] while its counters stay in
/// registers (a local value), written back once at the end.
struct Builder<'a> {
    groups: &'a mut [u64; SLOTS],
    len: usize,
    count: u32,
    levy: bool,
}

impl Builder<'_> {
    /// Adds a group (kept only when it has a target).
    #[inline(always)]
    fn push(&mut self, head: Action, targets: u64) {
        self.groups[self.len & (SLOTS - 1)] = targets | u64::from(head.to_bits()) << HEAD_SHIFT;
        self.len += usize::from(targets != 0);
        self.count += targets.count_ones();
    }
}

impl Sink for Builder<'_> {
    #[inline(always)]
    fn relocations(&mut self, from: usize, targets: u64, enemy: u64) {
        let _ = enemy;
        self.push(
            Action::pack(ActionKind::Relocate, from, 0, 0, false),
            targets,
        );
    }
    #[inline(always)]
    fn strikes(&mut self, from: usize, targets: u64) {
        self.push(Action::pack(ActionKind::Strike, from, 0, 0, false), targets);
    }
    #[inline(always)]
    fn commands(&mut self, commander: usize, from: usize, targets: u64, enemy: u64) {
        let _ = enemy;
        self.push(
            Action::pack(ActionKind::Command, commander, from, 0, false),
            targets,
        );
    }
    #[inline(always)]
    fn levies(&mut self, _: crate::Bag, _: u64) {
        self.levy = true;
    }
    // A batch plays the standard game, which has no Flags.
    fn passes(&mut self, _: usize, _: u64) {
        debug_assert!(false, "a batch game has no Flags");
    }
    fn flag_squares(&mut self, _: u64) {
        debug_assert!(false, "a batch game has no Flags");
    }
}

/// A key with its low half cleared: what a batch game's history keeps of
/// a key (the repetition window's filter reads the top byte).
#[inline(always)]
fn high_key(key: u64) -> u64 {
    key & !u64::from(u32::MAX)
}

/// No index chosen (larger than any index of the action space).
const NOT_CHOSEN: u32 = u32::MAX;

/// The standard start position and its decisions, built once for a
/// batch: every episode starts from a copy.
struct Start {
    pos: Position,
    decisions: Decisions,
}

impl Start {
    fn new() -> Start {
        let pos = Position::standard();
        let mut decisions = Decisions::new();
        decisions.fill(pos.side_to_move(), |b| pos.generate(b));
        Start { pos, decisions }
    }
}

/// One game of a batch: what [`Game`] holds, cut to what stepping needs.
/// Its first cache line holds all that choosing a decision reads and
/// writes: the chosen decision, a waiting draw, the decisions' counts and
/// their first five groups. That line is also what a step reads first. A
/// batch of 1024 games is more than a core's first-level cache, and each
/// line a game touches is fetched again at every pass over the batch.
#[derive(Clone)]
#[repr(C, align(64))]
struct Env {
    /// The decision [`VecGame::random_actions`] chose for this game (or a
    /// step decoded and accepted), valid while the batch's
    /// [`VecGame::chosen`] entry for the game holds its index.
    chosen: Decision,
    /// The troop drawn and waiting to be placed.
    pending: Option<Troop>,
    /// In play: the maneuvers and the levy flag; with a draw waiting: the
    /// placements.
    decisions: Decisions,
    pos: Position,
    seed: u64,
    /// Every action of the episode (to rebuild it as a [`Game`]), each with
    /// the high half of the key of the position before it ([`high_key`]:
    /// eight bytes a step; positions whose halves are equal are compared
    /// whole, as for equal keys).
    history: Vec<(u32, Action)>,
    /// The steps of `history` since the last capture or levy, the only
    /// ones the current position can repeat (SPEC §6 rule 3), as
    /// [`Game`] keeps them; they start from `window_start`.
    window: Window,
    window_start: Position,
}

/// The indices the last mask written for a game set, so that the next
/// update clears only those: the first `len`, or, when they did not fit,
/// [`MaskShown::OVERFLOW`] (the next update clears the whole mask).
/// Random games set a dozen at a time; a list of all of them (up to
/// [`crate::MAX_ACTIONS`] + 1) would spread every game's list over more
/// memory than the updates touch.
#[derive(Clone)]
#[repr(C, align(64))]
struct MaskShown {
    len: u16,
    indices: [u16; MaskShown::ROOM],
}

impl MaskShown {
    /// The room of the list (a power of two). Random games never set
    /// more than about 40 indices; the unit tests keep a short list so
    /// that both ways of clearing are exercised often.
    const ROOM: usize = if cfg!(test) { 16 } else { 64 };
    /// A `len` that says the indices did not fit.
    const OVERFLOW: u16 = u16::MAX;
    const EMPTY: MaskShown = MaskShown {
        len: 0,
        indices: [0; MaskShown::ROOM],
    };
}

impl Env {
    fn new(seed: u64, start: &Start) -> Env {
        Env {
            pos: start.pos,
            pending: None,
            seed,
            chosen: Decision::Levy,
            // Reserved once so that stepping does not allocate: an episode's
            // history grows past 256 actions only in long games, and keeps
            // its room after.
            history: Vec::with_capacity(256),
            window: Window::at(0),
            decisions: start.decisions.clone(),
            window_start: start.pos,
        }
    }

    /// Starts a new episode with `seed`.
    fn reset(&mut self, seed: u64, start: &Start) {
        self.pos = start.pos;
        self.seed = seed;
        self.pending = None;
        self.history.clear();
        self.window_start = start.pos;
        self.window = Window::at(0);
        self.decisions.clone_from(&start.decisions);
    }

    #[inline]
    fn generate(&mut self) {
        let pos = &self.pos;
        self.decisions.fill(pos.side_to_move(), |b| pos.generate(b));
    }

    /// How many times the current position has occurred in the episode
    /// (this one included), as [`Game::repetitions`] counts: keys first,
    /// then, for an equal key, the position rebuilt and compared whole.
    #[inline]
    fn repetitions(&self) -> u32 {
        let start = self.window.start();
        self.window.count(
            &self.history,
            high_key(self.pos.key()),
            |&(k, _)| u64::from(k) << 32,
            |i| {
                let mut p = self.window_start;
                for &(_, a) in &self.history[start..i] {
                    p.play_unchecked(a);
                }
                p.same_position(&self.pos)
            },
        )
    }

    /// Whether `decision` is accepted now; the action as listed (capture
    /// flag set) if so.
    #[inline]
    fn accept(&self, decision: Decision) -> Option<Decision> {
        match (self.pending, decision) {
            (None, Decision::Levy) => self.decisions.levy.then_some(Decision::Levy),
            (None, Decision::Act(a)) if a.kind() == ActionKind::Place => None,
            (_, Decision::Act(a)) => self.decisions.find(a).map(Decision::Act),
            (Some(_), Decision::Levy) => None,
        }
    }

    /// Applies an accepted decision; the result if the game ended.
    #[inline]
    fn apply(&mut self, decision: Decision) -> Option<crate::Outcome> {
        let action = match decision {
            Decision::Levy => {
                let troop = draw_troop(self.seed, &self.pos);
                self.pending = Some(troop);
                let squares = self.pos.levy_squares().0;
                self.decisions.fill(self.pos.side_to_move(), |b| {
                    b.push(Action::place(troop, crate::Square::A1), squares)
                });
                return None;
            }
            Decision::Act(a) => a,
        };
        let before_key = self.pos.key();
        self.pos.play_unchecked(action);
        self.pending = None;
        self.history.push(((before_key >> 32) as u32, action));
        let reset = self.pos.quiet() == 0;
        self.window.push(before_key, reset, self.history.len());
        if reset {
            self.window_start = self.pos;
        }
        self.generate();
        let no_action = self.decisions.len == 0 && !self.decisions.levy;
        self.pos.outcome_given(no_action, self.repetitions())
    }

    /// The index of a decision chosen uniformly from a random `r`; the
    /// decision is kept as chosen.
    #[inline]
    fn decision_index(&mut self, r: u64, persp: Perspective) -> u32 {
        let d = &self.decisions;
        let count = u32::from(d.count);
        let choices = count + u32::from(self.pending.is_none() && d.levy);
        // The high bits of r × choices: uniform up to 2^-64 per decision.
        let k = ((u128::from(r) * u128::from(choices)) >> 64) as u32;
        let (index, decision) = if k < count {
            let (head, target) = d.nth(k);
            let action = head.with_target(target);
            let index = if head.kind() == ActionKind::Command {
                action_index(Decision::Act(action), &self.pos, persp)
            } else {
                // What `turned` gives for the position, from the decisions.
                let turn = persp.viewer_when(d.side) == Side::Dark;
                debug_assert_eq!(turn, turned(&self.pos, persp));
                target_base(head, turn) + map_sq(target, turn)
            };
            (index as u32, Decision::Act(action))
        } else {
            (DRAW as u32, Decision::Levy)
        };
        self.chosen = decision;
        index
    }

    /// Sets the index of every accepted decision in a mask whose other
    /// bytes are 0, and remembers them in `shown`.
    #[inline]
    fn set_mask(&self, persp: Perspective, shown: &mut MaskShown, out: &mut [u8]) {
        const ROOM: usize = MaskShown::ROOM;
        let out = &mut out[..ACTION_SPACE];
        let (pos, list) = (&self.pos, &mut shown.indices);
        let turn = turned(pos, persp);
        let mut n = 0;
        for &g in self.decisions.groups() {
            let (head, mut targets) = (Decisions::head(g), g & TARGETS);
            if head.kind() == ActionKind::Command {
                for_each_target_index(head, targets, pos, persp, |i| {
                    out[i] = 1;
                    list[n % ROOM] = i as u16;
                    n += 1;
                });
                continue;
            }
            let base = target_base(head, turn);
            // Four slots without a branch (most groups have at most four
            // targets): a slot past the last target writes the draw's
            // byte, which is written last with its own value, and is not
            // counted.
            let first = n;
            n += (targets.count_ones() as usize).min(4);
            for j in 0..4 {
                let i = base + map_sq(targets.trailing_zeros() as usize & 63, turn);
                let i = if targets != 0 { i } else { DRAW };
                out[i] = 1;
                list[(first + j) % ROOM] = i as u16;
                targets &= targets.wrapping_sub(1);
            }
            while targets != 0 {
                let i = base + map_sq(targets.trailing_zeros() as usize, turn);
                out[i] = 1;
                list[n % ROOM] = i as u16;
                n += 1;
                targets &= targets - 1;
            }
        }
        let levy = self.pending.is_none() && self.decisions.levy;
        out[DRAW] = u8::from(levy);
        list[n % ROOM] = DRAW as u16;
        // Every slot written (up to three past the last index) was inside
        // the list, or the list is not kept.
        shown.len = if n + 4 <= ROOM {
            (n + usize::from(levy)) as u16
        } else {
            MaskShown::OVERFLOW
        };
    }

    /// Clears what the last mask set (`shown`) and sets what is accepted now.
    #[inline]
    fn update_mask(&self, persp: Perspective, shown: &mut MaskShown, out: &mut [u8]) {
        match shown.len {
            MaskShown::OVERFLOW => out.fill(0),
            len => {
                for &i in &shown.indices[..usize::from(len)] {
                    out[usize::from(i)] = 0;
                }
            }
        }
        self.set_mask(persp, shown, out);
    }

    fn game(&self) -> Game {
        let mut game = Game::standard(self.seed);
        for &(_, a) in &self.history {
            let played = if a.kind() == ActionKind::Place {
                game.draw().and_then(|_| game.place(a.target()))
            } else {
                game.play(a)
            };
            debug_assert!(played.is_ok());
        }
        if self.pending.is_some() {
            let _ = game.draw();
        }
        game
    }
}

/// The standard game's batch: games from the standard start position,
/// each cut to what stepping needs (see [`Env`]). [`VecGame`] under the
/// standard rules.
struct Standard {
    envs: Vec<Env>,
    /// Per game, the index whose decision the game keeps as chosen
    /// ([`Env::chosen`]), or [`NOT_CHOSEN`]: [`VecGame::random_actions`]
    /// writes it, a step given that index takes the decision without
    /// decoding and checking it again (it was drawn from the decisions, or
    /// checked), and every step clears it. Apart from the games, so that
    /// checking a step's indices reads 4 bytes a game, not a cache line.
    chosen: Vec<u32>,
    start: Start,
    /// What the observations last written showed, per game (empty before
    /// the first write), apart from the games: only the updates read it.
    shown: Vec<Shown>,
    /// What the masks last written set, per game (empty before the first
    /// write).
    masks_shown: Vec<MaskShown>,
    seed: u64,
    episodes: u64,
    rng: u64,
    persp: Perspective,
}

/// A step was refused: nothing was stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// A buffer has the wrong length.
    Length {
        /// The buffer.
        what: &'static str,
        /// The length it has.
        got: usize,
        /// The length it needs.
        need: usize,
    },
    /// An action index that game `env` does not accept now.
    Illegal {
        /// The game.
        env: usize,
        /// The index.
        index: u32,
    },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Length { what, got, need } => {
                write!(f, "{what} has length {got}, expected {need}")
            }
            StepError::Illegal { env, index } => {
                write!(
                    f,
                    "env {env}: action index {index} is not a legal decision now"
                )
            }
        }
    }
}

impl core::error::Error for StepError {}

impl StepError {
    /// The kind of failure: `Range` for a buffer's length, `Illegal` for
    /// an index a game does not accept.
    pub const fn kind(&self) -> crate::ErrorKind {
        match self {
            StepError::Length { .. } => crate::ErrorKind::Range,
            StepError::Illegal { .. } => crate::ErrorKind::Illegal,
        }
    }

    /// The stable code: `step.length` or `step.illegal`.
    pub const fn code(&self) -> &'static str {
        match self {
            StepError::Length { .. } => "step.length",
            StepError::Illegal { .. } => "step.illegal",
        }
    }
}

/// The most games one [`VecGame`] holds. Under the standard rules a game
/// takes about 1 KB (`size_of` of its state, 996 bytes today) and 8 bytes
/// for each action of its episode, and its observation and mask 9,289
/// bytes: a batch of this many games in episodes of 200 actions holds
/// about 0.8 GB. Under other rules each game is a whole [`Game`] (2,272
/// bytes) that keeps a position and an action (104 bytes) for each action
/// of its episode, with an observation and mask of 9,988 bytes: about
/// 2.5 GB for the same batch.
pub const MAX_GAMES: usize = 1 << 16;

/// A batch size outside 1 to [`MAX_GAMES`], or a batch the heap cannot
/// hold.
///
/// ```
/// use duke_engine::batch::{VecGame, MAX_GAMES};
/// use duke_engine::Perspective;
/// let Err(err) = VecGame::try_new(1 << 40, 1, Perspective::Mover) else { unreachable!() };
/// assert_eq!(err.code(), "batch.size");
/// assert_eq!(err.to_string(), format!("a batch of {} games: the most is {MAX_GAMES}", 1u64 << 40));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSizeError {
    n: usize,
}

impl BatchSizeError {
    /// The kind of failure: [`ErrorKind::Range`](crate::ErrorKind::Range).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Range
    }

    /// The stable code: `batch.size`.
    pub const fn code(&self) -> &'static str {
        "batch.size"
    }
}

impl fmt::Display for BatchSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.n == 0 {
            f.write_str("a batch of 0 games: a batch needs at least one game")
        } else if self.n > MAX_GAMES {
            write!(f, "a batch of {} games: the most is {MAX_GAMES}", self.n)
        } else {
            write!(f, "a batch of {} games: out of memory", self.n)
        }
    }
}

impl core::error::Error for BatchSizeError {}

impl Standard {
    /// `n` games, all at the standard start position.
    fn new(n: usize, seed: u64, persp: Perspective) -> Standard {
        let start = Start::new();
        let envs = (0..n as u64)
            .map(|k| Env::new(VecGame::episode_seed(seed, k), &start))
            .collect();
        Standard {
            envs,
            chosen: alloc::vec![NOT_CHOSEN; n],
            start,
            shown: Vec::new(),
            masks_shown: Vec::new(),
            seed,
            episodes: n as u64,
            rng: first_random(seed),
            persp,
        }
    }

    /// The number of games.
    fn len(&self) -> usize {
        self.envs.len()
    }

    /// The position of game `i`.
    ///
    /// # Panics
    ///
    /// When `i >= len()`.
    fn position(&self, i: usize) -> &Position {
        &self.envs[i].pos
    }

    /// The troop game `i` drew and waits to place, if any.
    ///
    /// # Panics
    ///
    /// When `i >= len()`.
    fn pending_draw(&self, i: usize) -> Option<Troop> {
        self.envs[i].pending
    }

    /// Game `i` rebuilt as a [`Game`] (its seed, every action of the
    /// episode, and a waiting draw), or `None` past the end.
    fn game(&self, i: usize) -> Option<Game> {
        self.envs.get(i).map(Env::game)
    }

    /// Applies one decision per game (indices of the action space). The
    /// reward is for the player who made the decision: +1 when it won the
    /// game, -1 when it lost, 0 otherwise. A finished game is replaced by a
    /// new one and its done flag set. If any index is refused, no game moves.
    fn step(
        &mut self,
        actions: &[u32],
        rewards: &mut [f32],
        dones: &mut [u8],
    ) -> Result<(), StepError> {
        let n = self.envs.len();
        debug_assert!(actions.len() == n && rewards.len() == n && dones.len() == n);
        // Every index checked before any game moves; one decoded here is
        // kept as chosen (it stays valid until the game changes, also if a
        // later game refuses its index).
        for (env, (chosen, &index)) in self.chosen.iter_mut().zip(actions).enumerate() {
            if *chosen != index {
                let game = &mut self.envs[env];
                let decision = action_from_index(index as usize, &game.pos, self.persp)
                    .and_then(|d| game.accept(d))
                    .ok_or(StepError::Illegal { env, index })?;
                game.chosen = decision;
                *chosen = index;
            }
        }
        self.chosen.fill(NOT_CHOSEN);
        for ((env, reward), done) in self.envs.iter_mut().zip(rewards).zip(dones) {
            let mover = env.pos.side_to_move();
            match env.apply(env.chosen) {
                Some(outcome) => {
                    *reward = reward_of(outcome, mover);
                    *done = 1;
                    env.reset(VecGame::episode_seed(self.seed, self.episodes), &self.start);
                    self.episodes += 1;
                }
                None => {
                    *reward = 0.0;
                    *done = 0;
                }
            }
        }
        Ok(())
    }

    /// Chooses for every game a decision uniformly among those it accepts
    /// (each maneuver, the levy as one decision, then each square for the
    /// drawn troop), from the batch's own seeded generator.
    fn random_actions(&mut self, out: &mut [u32]) {
        for ((env, chosen), slot) in self.envs.iter_mut().zip(&mut self.chosen).zip(out) {
            *slot = env.decision_index(next_random(&mut self.rng), self.persp);
            *chosen = *slot;
        }
    }

    /// Writes every game's observation, `len() * OBS_LEN` bytes.
    fn write_observations(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("observations", out.len(), self.envs.len() * OBS_LEN)?;
        out.fill(0);
        self.shown.clear();
        self.shown.resize(self.envs.len(), Shown::BLANK);
        self.update_observations(out)
    }

    /// Brings `out` up to date with every game's observation, writing only
    /// the bytes that changed since this batch last wrote observations
    /// there. `out` must hold exactly what that write left (a buffer the
    /// caller does not change, as the Python binding's read-only array);
    /// a batch that never wrote observations writes them whole. The result
    /// is byte for byte what [`VecGame::write_observations`] gives.
    fn update_observations(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("observations", out.len(), self.envs.len() * OBS_LEN)?;
        if self.shown.len() != self.envs.len() {
            return self.write_observations(out);
        }
        for ((env, shown), chunk) in self
            .envs
            .iter()
            .zip(&mut self.shown)
            .zip(out.chunks_exact_mut(OBS_LEN))
        {
            shown.update(&env.pos, env.pending, self.persp, chunk);
        }
        Ok(())
    }

    /// Writes every game's mask of accepted decisions, `len() * ACTION_SPACE` bytes.
    fn write_masks(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("masks", out.len(), self.envs.len() * ACTION_SPACE)?;
        out.fill(0);
        self.masks_shown.clear();
        self.masks_shown.resize(self.envs.len(), MaskShown::EMPTY);
        self.update_masks(out)
    }

    /// Brings `out` up to date with every game's mask, clearing what the
    /// last write set and setting what is accepted now; the same contract
    /// as [`VecGame::update_observations`] (a batch that never wrote masks
    /// writes them whole).
    fn update_masks(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("masks", out.len(), self.envs.len() * ACTION_SPACE)?;
        if self.masks_shown.len() != self.envs.len() {
            return self.write_masks(out);
        }
        for ((env, shown), chunk) in self
            .envs
            .iter()
            .zip(&mut self.masks_shown)
            .zip(out.chunks_exact_mut(ACTION_SPACE))
        {
            env.update_mask(self.persp, shown, chunk);
        }
        Ok(())
    }
}

/// The batch of games under rules other than the standard game's: whole
/// [`Game`]s, each started as [`Game::set_up`] starts it, their
/// observations, masks and indices from the single game's encoders
/// ([`write_game_observation`], [`write_game_mask`], [`game_decision`]).
/// Every write is whole: a game's observation and mask are rewritten at
/// each update.
struct Plain {
    rules: Rules,
    games: Vec<Game>,
    /// Per game, the index whose decision `decisions` keeps, or
    /// [`NOT_CHOSEN`]: as [`Standard`]'s `chosen`.
    chosen: Vec<u32>,
    /// Per game, the decision chosen by [`VecGame::random_actions`] or
    /// checked by a step, valid while `chosen` holds its index.
    decisions: Vec<Decision>,
    seed: u64,
    episodes: u64,
    rng: u64,
    persp: Perspective,
}

impl Plain {
    /// `n` games under `rules`, each set up by the engine from its seed.
    fn new(n: usize, seed: u64, persp: Perspective, rules: Rules) -> Plain {
        Plain {
            rules,
            games: (0..n as u64)
                .map(|k| Game::set_up(rules, VecGame::episode_seed(seed, k)))
                .collect(),
            chosen: alloc::vec![NOT_CHOSEN; n],
            decisions: alloc::vec![Decision::Levy; n],
            seed,
            episodes: n as u64,
            rng: first_random(seed),
            persp,
        }
    }

    fn step(
        &mut self,
        actions: &[u32],
        rewards: &mut [f32],
        dones: &mut [u8],
    ) -> Result<(), StepError> {
        let n = self.games.len();
        debug_assert!(actions.len() == n && rewards.len() == n && dones.len() == n);
        // Every index checked before any game moves, as the standard
        // batch checks them.
        let kept = self.chosen.iter_mut().zip(&mut self.decisions);
        for (env, ((chosen, decision), &index)) in kept.zip(actions).enumerate() {
            if *chosen != index {
                *decision = game_decision(&self.games[env], index as usize, self.persp)
                    .ok_or(StepError::Illegal { env, index })?;
                *chosen = index;
            }
        }
        self.chosen.fill(NOT_CHOSEN);
        let games = self.games.iter_mut().zip(&self.decisions);
        for ((game, &decision), (reward, done)) in games.zip(rewards.iter_mut().zip(dones)) {
            let mover = game.side_to_decide();
            game.apply(decision)
                .expect("a decision the game accepts, checked above");
            match game.outcome() {
                Some(outcome) => {
                    *reward = reward_of(outcome, mover);
                    *done = 1;
                    let seed = VecGame::episode_seed(self.seed, self.episodes);
                    *game = Game::set_up(self.rules, seed);
                    self.episodes += 1;
                }
                None => {
                    *reward = 0.0;
                    *done = 0;
                }
            }
        }
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [u32]) {
        let kept = self.chosen.iter_mut().zip(&mut self.decisions);
        for ((game, (chosen, decision)), slot) in self.games.iter().zip(kept).zip(out) {
            let r = next_random(&mut self.rng);
            let choices = game.decisions().len();
            // The high bits of r × choices, as the standard batch draws.
            let k = ((u128::from(r) * choices as u128) >> 64) as usize;
            *decision = game
                .decisions()
                .nth(k)
                .expect("a game in play has a decision");
            *slot = action_index(*decision, game.position(), self.persp) as u32;
            *chosen = *slot;
        }
    }

    fn write_observations(&self, out: &mut [u8]) -> Result<(), StepError> {
        let len = observation_len(self.rules);
        VecGame::check("observations", out.len(), self.games.len() * len)?;
        for (game, chunk) in self.games.iter().zip(out.chunks_exact_mut(len)) {
            write_game_observation(game, self.persp, chunk);
        }
        Ok(())
    }

    fn write_masks(&self, out: &mut [u8]) -> Result<(), StepError> {
        let len = action_space(self.rules);
        VecGame::check("masks", out.len(), self.games.len() * len)?;
        for (game, chunk) in self.games.iter().zip(out.chunks_exact_mut(len)) {
            write_game_mask(game, self.persp, chunk);
        }
        Ok(())
    }
}

/// The first state of a batch's generator of random decisions.
const fn first_random(seed: u64) -> u64 {
    mix(seed ^ 0x0005_EED0_FAC7_10A5) | 1
}

/// The next number of a batch's generator (xorshift64).
#[inline(always)]
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The reward of a finished game for `mover`, the side that made its last
/// decision: +1 when it won, -1 when it lost, 0 for a draw.
#[inline(always)]
fn reward_of(outcome: crate::Outcome, mover: Side) -> f32 {
    match outcome.winner() {
        Some(w) if w == mover => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    }
}

/// A batch of games stepped together, under the standard rules or any of
/// Expanded Play's.
///
/// Episode `k` of the batch (the `k`-th game it starts: games `0..n` at
/// creation, then one per reset, in env order) has the seed
/// [`VecGame::episode_seed`]`(seed, k)`, so a single [`Game`] with that
/// seed and the same decisions replays it exactly ([`VecGame::game`]
/// gives it).
///
/// Under the standard rules ([`VecGame::new`]) a game keeps only what
/// stepping needs: its position, its decisions as sets of targets, and its
/// actions each with the key of the position before it (for the
/// repetition rule and to rebuild it); updates write only the bytes that
/// changed. Under any other rules ([`VecGame::try_with_rules`]) each game
/// is a whole [`Game`], started as [`Game::set_up`] starts it (its draft,
/// setups, terrain and Flags made by the engine from the episode's seed),
/// and its observation and mask are written whole from the single game's
/// encoders: the same figures, several times slower.
///
/// ```
/// use duke_engine::batch::VecGame;
/// use duke_engine::Perspective;
/// let mut vec = VecGame::new(4, 7, Perspective::Mover);
/// let mut actions = [0u32; 4];
/// let (mut rewards, mut dones) = ([0f32; 4], [0u8; 4]);
/// for _ in 0..100 {
///     vec.random_actions(&mut actions);
///     vec.step(&actions, &mut rewards, &mut dones).unwrap();
/// }
/// ```
pub struct VecGame {
    batch: Batch,
}

/// The two ways of keeping a batch: the standard game's fast one, and
/// whole games for any other rules.
// One per batch, made once: a box would only add an indirection.
#[allow(clippy::large_enum_variant)]
enum Batch {
    Standard(Standard),
    Plain(Plain),
}

impl VecGame {
    /// The seed of episode `k` of a batch created with `seed`.
    pub const fn episode_seed(seed: u64, k: u64) -> u64 {
        mix(seed.wrapping_add(k))
    }

    /// `n` games (1 to [`MAX_GAMES`]), all at the standard start
    /// position; an error for any other `n`, or when the heap cannot hold
    /// them (never an abort).
    pub fn try_new(n: usize, seed: u64, persp: Perspective) -> Result<VecGame, BatchSizeError> {
        if n == 0 || n > MAX_GAMES {
            return Err(BatchSizeError { n });
        }
        let mut envs: Vec<Env> = Vec::new();
        let mut chosen: Vec<u32> = Vec::new();
        if envs.try_reserve_exact(n).is_err() || chosen.try_reserve_exact(n).is_err() {
            return Err(BatchSizeError { n });
        }
        drop((envs, chosen));
        Ok(VecGame::new(n, seed, persp))
    }

    /// `n` games, all at the standard start position.
    ///
    /// # Panics
    ///
    /// When the heap cannot hold them; [`VecGame::try_new`] returns an
    /// error instead.
    pub fn new(n: usize, seed: u64, persp: Perspective) -> VecGame {
        VecGame {
            batch: Batch::Standard(Standard::new(n, seed, persp)),
        }
    }

    /// `n` games (1 to [`MAX_GAMES`]) under `rules`, each started as
    /// [`Game::set_up`]`(rules, seed)` starts it with its episode's seed:
    /// in play, its draft, setups, terrain and Flags made by the engine.
    /// Under the standard rules, [`VecGame::try_new`]. Observations are
    /// [`VecGame::observation_len`] bytes and masks
    /// [`VecGame::action_space`] bytes a game, as for a single game under
    /// these rules. An error for any other `n`, or when the heap cannot
    /// hold the batch's lists.
    ///
    /// ```
    /// use duke_engine::batch::VecGame;
    /// use duke_engine::encode::{write_game_mask, EXPANDED_ACTION_SPACE, EXPANDED_OBS_LEN};
    /// use duke_engine::{Game, Perspective, Rules};
    /// let rules: Rules = "coup+mountain".parse()?;
    /// let mut vec = VecGame::try_with_rules(2, 7, Perspective::Mover, rules)?;
    /// assert_eq!(vec.rules(), rules);
    /// assert_eq!(vec.observation_len(), EXPANDED_OBS_LEN);
    /// assert_eq!(vec.action_space(), EXPANDED_ACTION_SPACE);
    /// // Game 0 is the single game of episode 0.
    /// let single = Game::set_up(rules, VecGame::episode_seed(7, 0));
    /// assert_eq!(vec.position(0), single.position());
    ///
    /// let (mut obs, mut masks) = (vec![0u8; 2 * EXPANDED_OBS_LEN], vec![0u8; 2 * EXPANDED_ACTION_SPACE]);
    /// let (mut actions, mut rewards, mut dones) = ([0u32; 2], [0f32; 2], [0u8; 2]);
    /// for _ in 0..200 {
    ///     vec.random_actions(&mut actions);
    ///     vec.step(&actions, &mut rewards, &mut dones)?;
    ///     vec.update_observations(&mut obs)?;
    ///     vec.update_masks(&mut masks)?;
    /// }
    /// let mut mask = vec![0u8; EXPANDED_ACTION_SPACE];
    /// write_game_mask(&vec.game(1).unwrap(), Perspective::Mover, &mut mask);
    /// assert_eq!(&masks[EXPANDED_ACTION_SPACE..], &mask[..]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When `rules` is not a valid combination ([`Rules::check`]: Dark
    /// Rider with the draft), as [`Game::with_rules`]; rules read from
    /// text always are.
    pub fn try_with_rules(
        n: usize,
        seed: u64,
        persp: Perspective,
        rules: Rules,
    ) -> Result<VecGame, BatchSizeError> {
        if rules.is_standard() {
            return VecGame::try_new(n, seed, persp);
        }
        assert!(rules.check().is_ok(), "{rules}: Dark Rider has no draft");
        if n == 0 || n > MAX_GAMES {
            return Err(BatchSizeError { n });
        }
        let mut games: Vec<Game> = Vec::new();
        let mut decisions: Vec<Decision> = Vec::new();
        if games.try_reserve_exact(n).is_err() || decisions.try_reserve_exact(n).is_err() {
            return Err(BatchSizeError { n });
        }
        drop((games, decisions));
        Ok(VecGame {
            batch: Batch::Plain(Plain::new(n, seed, persp, rules)),
        })
    }

    /// The rules of the games.
    pub fn rules(&self) -> Rules {
        match &self.batch {
            Batch::Standard(_) => Rules::STANDARD,
            Batch::Plain(b) => b.rules,
        }
    }

    /// The bytes of one game's observation: [`observation_len`] of the
    /// rules ([`OBS_LEN`] under the standard rules).
    pub fn observation_len(&self) -> usize {
        observation_len(self.rules())
    }

    /// The size of one game's mask: [`action_space`] of the rules
    /// ([`ACTION_SPACE`] under the standard rules).
    pub fn action_space(&self) -> usize {
        action_space(self.rules())
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        match &self.batch {
            Batch::Standard(b) => b.len(),
            Batch::Plain(b) => b.games.len(),
        }
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of game `i`.
    ///
    /// # Panics
    ///
    /// When `i >= len()`.
    pub fn position(&self, i: usize) -> &Position {
        match &self.batch {
            Batch::Standard(b) => b.position(i),
            Batch::Plain(b) => b.games[i].position(),
        }
    }

    /// The troop game `i` drew and waits to place, if any.
    ///
    /// # Panics
    ///
    /// When `i >= len()`.
    pub fn pending_draw(&self, i: usize) -> Option<Troop> {
        match &self.batch {
            Batch::Standard(b) => b.pending_draw(i),
            Batch::Plain(b) => b.games[i].pending_draw(),
        }
    }

    /// Game `i` as a [`Game`] (its seed, every decision of the episode,
    /// and a waiting draw), or `None` past the end: rebuilt under the
    /// standard rules, a copy under any other.
    pub fn game(&self, i: usize) -> Option<Game> {
        match &self.batch {
            Batch::Standard(b) => b.game(i),
            Batch::Plain(b) => b.games.get(i).cloned(),
        }
    }

    /// The perspective of the encodings.
    pub fn perspective(&self) -> Perspective {
        match &self.batch {
            Batch::Standard(b) => b.persp,
            Batch::Plain(b) => b.persp,
        }
    }

    fn check(what: &'static str, got: usize, need: usize) -> Result<(), StepError> {
        if got == need {
            Ok(())
        } else {
            Err(StepError::Length { what, got, need })
        }
    }

    /// Applies one decision per game (indices of the action space). The
    /// reward is for the player who made the decision: +1 when it won the
    /// game, -1 when it lost, 0 otherwise. A finished game is replaced by a
    /// new one and its done flag set. If any index is refused, no game moves.
    ///
    /// A levy is two decisions, as a single [`Game`] takes it: [`DRAW`]
    /// (the bag decides the troop), then at the next step one of the drawn
    /// troop's placements.
    pub fn step(
        &mut self,
        actions: &[u32],
        rewards: &mut [f32],
        dones: &mut [u8],
    ) -> Result<(), StepError> {
        // The buffers' sizes, checked once here for both batches.
        let n = self.len();
        VecGame::check("actions", actions.len(), n)?;
        VecGame::check("rewards", rewards.len(), n)?;
        VecGame::check("dones", dones.len(), n)?;
        match &mut self.batch {
            Batch::Standard(b) => b.step(actions, rewards, dones),
            Batch::Plain(b) => b.step(actions, rewards, dones),
        }
    }

    /// Chooses for every game a decision uniformly among those it accepts
    /// (each maneuver, the levy as one decision, then each square for the
    /// drawn troop), from the batch's own seeded generator. A step given
    /// these indices takes the chosen decisions without checking them
    /// again.
    pub fn random_actions(&mut self, out: &mut [u32]) {
        match &mut self.batch {
            Batch::Standard(b) => b.random_actions(out),
            Batch::Plain(b) => b.random_actions(out),
        }
    }

    /// Writes every game's observation, `len() * observation_len()` bytes.
    pub fn write_observations(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        match &mut self.batch {
            Batch::Standard(b) => b.write_observations(out),
            Batch::Plain(b) => b.write_observations(out),
        }
    }

    /// Brings `out` up to date with every game's observation. Under the
    /// standard rules only the bytes that changed since this batch last
    /// wrote observations there are written: `out` must hold exactly what
    /// that write left (a buffer the caller does not change, as the Python
    /// binding's read-only array); a batch that never wrote observations
    /// writes them whole. Under any other rules every observation is
    /// written whole. The result is byte for byte what
    /// [`VecGame::write_observations`] gives.
    pub fn update_observations(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        match &mut self.batch {
            Batch::Standard(b) => b.update_observations(out),
            Batch::Plain(b) => b.write_observations(out),
        }
    }

    /// Writes every game's mask of accepted decisions, `len() *
    /// action_space()` bytes.
    pub fn write_masks(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        match &mut self.batch {
            Batch::Standard(b) => b.write_masks(out),
            Batch::Plain(b) => b.write_masks(out),
        }
    }

    /// Brings `out` up to date with every game's mask, clearing what the
    /// last write set and setting what is accepted now; the same contract
    /// as [`VecGame::update_observations`] (a batch that never wrote masks
    /// writes them whole, and under rules other than the standard ones
    /// every mask is written whole).
    pub fn update_masks(&mut self, out: &mut [u8]) -> Result<(), StepError> {
        match &mut self.batch {
            Batch::Standard(b) => b.update_masks(out),
            Batch::Plain(b) => b.write_masks(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::PLACE_BASE;

    impl VecGame {
        /// The standard game's batch, for the tests that look inside it.
        fn fast(&self) -> &Standard {
            match &self.batch {
                Batch::Standard(b) => b,
                Batch::Plain(_) => panic!("a batch under other rules"),
            }
        }

        fn fast_mut(&mut self) -> &mut Standard {
            match &mut self.batch {
                Batch::Standard(b) => b,
                Batch::Plain(_) => panic!("a batch under other rules"),
            }
        }
    }

    #[test]
    fn select_finds_the_kth_bit() {
        let mut rng = crate::testgen::TestRng::new(0x9E37_79B9_7F4A_7C15);
        for round in 0..2000 {
            let x = rng.next_u64();
            // Sparse, dense and 36-bit words.
            let word = match round % 3 {
                0 => x & x >> 11 & x >> 23,
                1 => x,
                _ => x & TARGETS,
            };
            let mut rest = word;
            for k in 0..word.count_ones() {
                assert_eq!(
                    select(word, k),
                    rest.trailing_zeros() as usize,
                    "{word:#x} {k}"
                );
                rest &= rest - 1;
            }
        }
        assert_eq!(select(1 << 63, 0), 63);
        assert_eq!(select(u64::MAX, 63), 63);
    }

    #[test]
    fn nth_gives_every_decision_once_in_order() {
        // Over the positions of random batch games (old groups left past
        // `len` in every slot), k = 0..count walks the groups' actions in
        // order, each once.
        let n = 8;
        let mut vec = VecGame::new(n, 21, Perspective::Mover);
        let mut actions = alloc::vec![0u32; n];
        let (mut r, mut d) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
        let mut long = 0;
        for _ in 0..if cfg!(miri) { 10 } else { 1500 } {
            for env in &vec.fast().envs {
                let dec = &env.decisions;
                let want: Vec<(Action, usize)> = dec
                    .groups()
                    .iter()
                    .flat_map(|&g| {
                        let mut t = g & TARGETS;
                        core::iter::from_fn(move || {
                            (t != 0).then(|| {
                                let sq = t.trailing_zeros() as usize;
                                t &= t - 1;
                                (Decisions::head(g), sq)
                            })
                        })
                    })
                    .collect();
                let got: Vec<(Action, usize)> =
                    (0..u32::from(dec.count)).map(|k| dec.nth(k)).collect();
                assert_eq!(got, want);
                long += usize::from(dec.len > 4);
            }
            vec.random_actions(&mut actions);
            vec.step(&actions, &mut r, &mut d).unwrap();
        }
        if !cfg!(miri) {
            assert!(long > 100, "{long} positions with more than four groups");
        }
    }

    #[test]
    fn groups_bound_every_position() {
        use crate::masks::REACH;
        use crate::{Face, Side, Tile};
        // Per tile of an army at its best square and face: its relocations,
        // its strikes, and a command group per square of its command area.
        let bound: usize = Troop::ALL
            .iter()
            .map(|&t| {
                let most = Face::ALL
                    .iter()
                    .flat_map(|&f| {
                        let code = Tile::new(t, Side::Light, f).code() as usize;
                        REACH[code].iter().map(|r| {
                            1 + usize::from(r.strike != 0) + r.command.count_ones() as usize
                        })
                    })
                    .max()
                    .unwrap_or(0);
                usize::from(t.army_count()) * most
            })
            .sum();
        // One slot more for the write past the last group (the placements
        // of a drawn troop are a single group).
        assert_eq!(bound + 1, GROUPS, "the capacity is the bound");
    }

    #[test]
    fn replays_as_single_games() {
        let n = 8;
        let mut vec = VecGame::new(n, 99, Perspective::Mover);
        let mut singles: Vec<(Game, u64)> = (0..n as u64)
            .map(|k| (Game::standard(VecGame::episode_seed(99, k)), k))
            .collect();
        let mut next_episode = n as u64;
        let mut actions = alloc::vec![0u32; n];
        let mut rewards = alloc::vec![0f32; n];
        let mut dones = alloc::vec![0u8; n];
        let (mut finished, mut repeated) = (0, 0);
        // Masks and observations kept up to date step by step, checked
        // against full writes from the single games.
        let mut masks = alloc::vec![0u8; n * ACTION_SPACE];
        let mut obs = alloc::vec![7u8; n * OBS_LEN];
        vec.write_masks(&mut masks).unwrap();
        vec.write_observations(&mut obs).unwrap();
        // Under Miri a short run (the full one takes hours there).
        for _ in 0..if cfg!(miri) { 40 } else { 3000 } {
            vec.random_actions(&mut actions);
            // Half the games seek repetitions: a maneuver back to a
            // position seen before, when there is one.
            for i in (0..n).step_by(2) {
                let game = &singles[i].0;
                if game.phase() != crate::Phase::Play {
                    continue;
                }
                let seen = game.history_keys();
                let pos = *game.position();
                for &a in game.position_actions() {
                    let mut next = pos;
                    next.play_unchecked(a);
                    if a.kind() != ActionKind::Place && seen.contains(&next.key()) {
                        actions[i] =
                            action_index(Decision::Act(a), &pos, Perspective::Mover) as u32;
                        break;
                    }
                }
            }
            vec.step(&actions, &mut rewards, &mut dones).unwrap();
            vec.update_masks(&mut masks).unwrap();
            vec.update_observations(&mut obs).unwrap();
            for i in 0..n {
                let (single, _) = &mut singles[i];
                let mover = single.side_to_decide();
                let d = game_decision(single, actions[i] as usize, Perspective::Mover).unwrap();
                single.apply(d).unwrap();
                if let Some(o) = single.outcome() {
                    assert_eq!(dones[i], 1);
                    if o == crate::Outcome::Draw(crate::DrawReason::Repetition) {
                        repeated += 1;
                    }
                    let want = match o.winner() {
                        Some(w) if w == mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                    assert_eq!(rewards[i], want);
                    singles[i] = (
                        Game::standard(VecGame::episode_seed(99, next_episode)),
                        next_episode,
                    );
                    next_episode += 1;
                    finished += 1;
                } else {
                    assert_eq!(dones[i], 0);
                }
                assert_eq!(vec.position(i), singles[i].0.position());
                assert_eq!(vec.pending_draw(i), singles[i].0.pending_draw());
                if i == 0 {
                    let rebuilt = vec.game(0).unwrap();
                    assert_eq!(rebuilt.record_with_seed(), singles[0].0.record_with_seed());
                    assert_eq!(rebuilt.repetitions(), singles[0].0.repetitions());
                }
                let mut want = alloc::vec![0u8; ACTION_SPACE];
                crate::encode::write_game_mask(&singles[i].0, Perspective::Mover, &mut want);
                assert_eq!(&masks[i * ACTION_SPACE..(i + 1) * ACTION_SPACE], &want[..]);
                let mut want = alloc::vec![0u8; OBS_LEN];
                crate::encode::write_game_observation(&singles[i].0, Perspective::Mover, &mut want);
                assert_eq!(&obs[i * OBS_LEN..(i + 1) * OBS_LEN], &want[..]);
            }
        }
        if !cfg!(miri) {
            assert!(finished > 10, "{finished}");
            // The repetition rule, kept by the batch from keys, was exercised.
            assert!(repeated > 0, "{finished} games, none drawn by repetition");
        }
    }

    #[test]
    fn kept_arrays_match_fresh_encodings_in_every_perspective() {
        // Observations and masks brought up to date step by step (only
        // what changed written) against the from-scratch encoders on the
        // game rebuilt from the batch, after every step, in each
        // perspective; the arrays start as garbage where nothing was
        // written yet, so a byte the updates forget shows.
        use crate::encode::{write_game_mask, write_observation_with_draw};
        use crate::Side;
        // Under Miri a few steps of two games (the full run takes minutes there).
        let (n, steps) = if cfg!(miri) { (2, 4) } else { (6, 400) };
        for (seed, persp) in [
            Perspective::Absolute,
            Perspective::Mover,
            Perspective::Of(Side::Light),
            Perspective::Of(Side::Dark),
        ]
        .into_iter()
        .enumerate()
        {
            let mut vec = VecGame::new(n, seed as u64 + 11, persp);
            let mut actions = alloc::vec![0u32; n];
            let (mut rewards, mut dones) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
            let mut masks = alloc::vec![9u8; n * ACTION_SPACE];
            let mut obs = alloc::vec![9u8; n * OBS_LEN];
            vec.write_masks(&mut masks).unwrap();
            // Observations never written: the first update writes them whole.
            let (mut want_mask, mut want_obs) = ([0u8; ACTION_SPACE], [0u8; OBS_LEN]);
            let mut finished = 0;
            for step in 0..steps {
                if step > 0 {
                    vec.random_actions(&mut actions);
                    vec.step(&actions, &mut rewards, &mut dones).unwrap();
                    finished += dones.iter().filter(|&&d| d == 1).count();
                }
                vec.update_observations(&mut obs).unwrap();
                vec.update_masks(&mut masks).unwrap();
                for i in 0..n {
                    let game = vec.game(i).unwrap();
                    write_game_mask(&game, persp, &mut want_mask);
                    assert_eq!(
                        &masks[i * ACTION_SPACE..(i + 1) * ACTION_SPACE],
                        &want_mask[..],
                        "{persp:?} step {step} game {i}"
                    );
                    write_observation_with_draw(
                        game.position(),
                        game.pending_draw(),
                        persp,
                        &mut want_obs,
                    );
                    assert_eq!(
                        &obs[i * OBS_LEN..(i + 1) * OBS_LEN],
                        &want_obs[..],
                        "{persp:?} step {step} game {i}"
                    );
                }
                // A full write in the middle: updates go on from it.
                if step == steps / 2 {
                    vec.write_observations(&mut obs).unwrap();
                    vec.write_masks(&mut masks).unwrap();
                }
            }
            if !cfg!(miri) {
                assert!(finished > 5, "{persp:?}: {finished} games finished");
            }
        }
    }

    #[test]
    fn masks_with_more_indices_than_kept_are_cleared_whole() {
        // A crowded position sets more indices than a mask's kept list
        // holds (as the tests keep it): the next update clears the whole mask. Checked against
        // the position's legal list (levies as the draw; after a draw, the
        // drawn troop's placements) for a while after it.
        use crate::encode::write_legal_mask;
        let crowded: Position =
            "2fdg+n/2Ss1+f/1+w+A+l1+r/3+a+W1/+kFR+K2/1FDCFM l BGILNPPP/bcfimpp 0 50"
                .parse()
                .unwrap();
        for persp in [Perspective::Absolute, Perspective::Mover] {
            let mut vec = VecGame::new(1, 4, persp);
            let env = &mut vec.fast_mut().envs[0];
            env.pos = crowded;
            env.window_start = crowded;
            env.generate();
            let mut masks = alloc::vec![9u8; ACTION_SPACE];
            vec.write_masks(&mut masks).unwrap();
            assert_eq!(vec.fast().masks_shown[0].len, MaskShown::OVERFLOW);
            let (mut actions, mut r, mut d) = ([0u32], [0f32], [0u8]);
            let mut want = [0u8; ACTION_SPACE];
            let mut overflowed = 0;
            for step in 0..if cfg!(miri) { 5 } else { 60 } {
                if step > 0 {
                    vec.random_actions(&mut actions);
                    vec.step(&actions, &mut r, &mut d).unwrap();
                    vec.update_masks(&mut masks).unwrap();
                }
                let (pos, pending) = (vec.position(0), vec.pending_draw(0));
                write_legal_mask(pos, persp, &mut want);
                let place = PLACE_BASE..DRAW;
                let levy = want[place.clone()].contains(&1);
                match pending {
                    None => {
                        want[place].fill(0);
                        want[DRAW] = u8::from(levy);
                    }
                    Some(t) => {
                        for (i, w) in want.iter_mut().enumerate() {
                            let drawn =
                                PLACE_BASE + t.index() * 36..PLACE_BASE + t.index() * 36 + 36;
                            if !drawn.contains(&i) {
                                *w = 0;
                            }
                        }
                    }
                }
                assert_eq!(&masks[..], &want[..], "{persp:?} step {step}");
                overflowed += usize::from(vec.fast().masks_shown[0].len == MaskShown::OVERFLOW);
                if d[0] == 1 {
                    break;
                }
            }
            assert!(overflowed >= 1);
        }
    }

    #[test]
    fn chosen_indices_step_as_decoded_ones() {
        // One batch steps the indices its random_actions chose (taken as
        // chosen), the other the same indices without having chosen them
        // (decoded and checked): they must stay equal.
        let n = 16;
        let mut chooser = VecGame::new(n, 5, Perspective::Mover);
        let mut decoder = VecGame::new(n, 5, Perspective::Mover);
        let mut actions = alloc::vec![0u32; n];
        let (mut r1, mut d1) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
        let (mut r2, mut d2) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
        for step in 0..if cfg!(miri) { 20 } else { 2000 } {
            chooser.random_actions(&mut actions);
            chooser.step(&actions, &mut r1, &mut d1).unwrap();
            decoder.step(&actions, &mut r2, &mut d2).unwrap();
            assert_eq!((&r1, &d1), (&r2, &d2), "step {step}");
            for i in 0..n {
                assert_eq!(chooser.position(i), decoder.position(i));
                assert_eq!(chooser.pending_draw(i), decoder.pending_draw(i));
                // Every action kept (equal up to the capture flag, which
                // only decides how an action is written), with its key.
                assert_eq!(
                    chooser.fast().envs[i].history,
                    decoder.fast().envs[i].history
                );
                if step % 50 == 0 {
                    assert_eq!(
                        chooser.game(i).unwrap().record(),
                        decoder.game(i).unwrap().record()
                    );
                }
            }
            // An index chosen before a step is not taken as chosen after it:
            // stepping the old indices again is decoded and checked anew.
            if step % 100 == 0 {
                let mut probe = VecGame::new(1, 9, Perspective::Mover);
                let mut one = [0u32];
                probe.random_actions(&mut one);
                let (mut r, mut d) = ([0f32], [0u8]);
                probe.step(&one, &mut r, &mut d).unwrap();
                let fresh =
                    action_from_index(one[0] as usize, probe.position(0), Perspective::Mover)
                        .and_then(|x| probe.fast().envs[0].accept(x));
                let again = probe.step(&one, &mut r, &mut d);
                assert_eq!(again.is_ok(), fresh.is_some());
            }
        }
    }

    #[test]
    fn refused_step_moves_nothing() {
        let mut vec = VecGame::new(2, 1, Perspective::Absolute);
        let before: Vec<_> = (0..2).map(|i| *vec.position(i)).collect();
        let (mut r, mut d) = ([0f32; 2], [0u8; 2]);
        let ok = action_index(
            Decision::Act(crate::Action::relocate(
                crate::Square::B1,
                crate::Square::B2,
            )),
            vec.position(0),
            Perspective::Absolute,
        ) as u32;
        let err = vec.step(&[ok, 0], &mut r, &mut d).unwrap_err();
        assert_eq!(err, StepError::Illegal { env: 1, index: 0 });
        let after: Vec<_> = (0..2).map(|i| *vec.position(i)).collect();
        assert_eq!(before, after);
        assert!(matches!(
            vec.step(&[ok], &mut r, &mut d),
            Err(StepError::Length { .. })
        ));
    }
}

#[cfg(test)]
mod rules_tests {
    use super::*;
    use crate::encode::{write_game_mask, write_game_observation};

    /// Rules whose games differ from the standard game's in each way:
    /// points, a Flag carried home over the Mountain, Dark Rider's
    /// armies, a draft and the Fort.
    fn some_rules() -> [Rules; 4] {
        ["coup", "flag+mountain", "rider", "fort+draft"].map(|t| t.parse().unwrap())
    }

    #[test]
    fn rules_batches_replay_as_single_games() {
        // Each game of the batch against a single Game set up with its
        // episode's seed and given the same indices: the same rewards and
        // dones, the same records, and observations and masks (kept by
        // updates, starting from garbage) equal to the single game's.
        let (n, steps) = if cfg!(miri) { (2, 30) } else { (6, 1500) };
        for (r, rules) in some_rules().into_iter().enumerate() {
            let persp = [
                Perspective::Mover,
                Perspective::Absolute,
                Perspective::Of(Side::Dark),
                Perspective::Mover,
            ][r];
            let seed = 40 + r as u64;
            let mut vec = VecGame::try_with_rules(n, seed, persp, rules).unwrap();
            assert_eq!(vec.rules(), rules);
            let (obs_len, space) = (vec.observation_len(), vec.action_space());
            assert_eq!(
                (obs_len, space),
                (observation_len(rules), action_space(rules))
            );
            let mut singles: Vec<Game> = (0..n as u64)
                .map(|k| Game::set_up(rules, VecGame::episode_seed(seed, k)))
                .collect();
            let mut next_episode = n as u64;
            let mut actions = alloc::vec![0u32; n];
            let (mut rewards, mut dones) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
            let mut obs = alloc::vec![9u8; n * obs_len];
            let mut masks = alloc::vec![9u8; n * space];
            let (mut want_obs, mut want_mask) =
                (alloc::vec![0u8; obs_len], alloc::vec![0u8; space]);
            let (mut finished, mut wins, mut levies) = (0, 0, 0);
            for step in 0..steps {
                if step > 0 {
                    vec.random_actions(&mut actions);
                    for (i, &a) in actions.iter().enumerate() {
                        assert_eq!(masks[i * space + a as usize], 1, "{rules} step {step}");
                        levies += usize::from(a as usize == DRAW);
                    }
                    vec.step(&actions, &mut rewards, &mut dones).unwrap();
                }
                vec.update_observations(&mut obs).unwrap();
                vec.update_masks(&mut masks).unwrap();
                for i in 0..n {
                    if step > 0 {
                        let single = &mut singles[i];
                        let mover = single.side_to_decide();
                        let d = game_decision(single, actions[i] as usize, persp).unwrap();
                        single.apply(d).unwrap();
                        match single.outcome() {
                            Some(o) => {
                                assert_eq!(dones[i], 1, "{rules} step {step} game {i}");
                                assert_eq!(rewards[i], reward_of(o, mover));
                                wins += usize::from(o.winner().is_some());
                                finished += 1;
                                let seed = VecGame::episode_seed(seed, next_episode);
                                *single = Game::set_up(rules, seed);
                                next_episode += 1;
                            }
                            None => assert_eq!((dones[i], rewards[i]), (0, 0.0)),
                        }
                    }
                    let (single, game) = (&singles[i], vec.game(i).unwrap());
                    assert_eq!(game.record_with_seed(), single.record_with_seed());
                    assert_eq!(vec.position(i), single.position());
                    assert_eq!(vec.pending_draw(i), single.pending_draw());
                    write_game_observation(&game, persp, &mut want_obs);
                    let got = &obs[i * obs_len..(i + 1) * obs_len];
                    assert_eq!(got, &want_obs[..], "{rules} step {step} game {i}");
                    write_game_mask(&game, persp, &mut want_mask);
                    let got = &masks[i * space..(i + 1) * space];
                    assert_eq!(got, &want_mask[..], "{rules} step {step} game {i}");
                }
                // A full write in the middle: updates go on from it.
                if step == steps / 2 {
                    vec.write_observations(&mut obs).unwrap();
                    vec.write_masks(&mut masks).unwrap();
                }
            }
            if !cfg!(miri) {
                assert!(finished >= 30, "{rules}: {finished} episodes finished");
                // Dark Rider has no bags: no levy.
                let rider = rules.objective() == crate::Objective::Rider;
                assert!(wins > 0, "{rules}: {wins} wins");
                assert_eq!(levies > 0, !rider, "{rules}: {levies} levies");
            }
        }
    }

    #[test]
    fn rules_batches_step_the_same_from_the_same_seed() {
        // Two batches with one seed choose and step alike; a third with
        // another seed parts from them.
        let (n, steps) = if cfg!(miri) { (2, 20) } else { (8, 800) };
        for rules in some_rules() {
            let make = |seed| VecGame::try_with_rules(n, seed, Perspective::Mover, rules).unwrap();
            let mut batches = [make(3), make(3), make(4)];
            let space = batches[0].action_space();
            let mut actions = [
                alloc::vec![0u32; n],
                alloc::vec![0u32; n],
                alloc::vec![0u32; n],
            ];
            let (mut rewards, mut dones) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
            let mut masks = [
                alloc::vec![0u8; n * space],
                alloc::vec![0u8; n * space],
                alloc::vec![0u8; n * space],
            ];
            let mut done = [0, 0, 0];
            let mut parted = false;
            for _ in 0..steps {
                for (b, vec) in batches.iter_mut().enumerate() {
                    vec.random_actions(&mut actions[b]);
                    vec.step(&actions[b], &mut rewards, &mut dones).unwrap();
                    vec.update_masks(&mut masks[b]).unwrap();
                    done[b] += dones.iter().filter(|&&d| d == 1).count();
                }
                assert_eq!(actions[0], actions[1], "{rules}");
                assert_eq!(masks[0], masks[1], "{rules}");
                parted |= actions[0] != actions[2];
            }
            assert_eq!(done[0], done[1]);
            for i in 0..n {
                let (a, b) = (batches[0].game(i).unwrap(), batches[1].game(i).unwrap());
                assert_eq!(a.record_with_seed(), b.record_with_seed());
            }
            assert!(parted, "{rules}: seeds 3 and 4 stepped alike");
        }
    }

    #[test]
    fn rules_batches_check_indices_they_did_not_choose() {
        // One batch steps the indices its random_actions chose, the other
        // the same indices decoded and checked; a refused index moves no
        // game; a size out of range is refused.
        let n = 4;
        for rules in some_rules() {
            let mut chooser = VecGame::try_with_rules(n, 8, Perspective::Mover, rules).unwrap();
            let mut decoder = VecGame::try_with_rules(n, 8, Perspective::Mover, rules).unwrap();
            let mut actions = alloc::vec![0u32; n];
            let (mut r1, mut d1) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
            let (mut r2, mut d2) = (alloc::vec![0f32; n], alloc::vec![0u8; n]);
            for step in 0..if cfg!(miri) { 10 } else { 300 } {
                chooser.random_actions(&mut actions);
                if step % 7 == 0 {
                    // An index no game accepts (a terrain tile's, a chance
                    // outcome) in the last game: nothing moves.
                    let mut bad = actions.clone();
                    bad[n - 1] = crate::encode::TERRAIN_BASE as u32;
                    let before: Vec<_> =
                        (0..n).map(|i| chooser.game(i).unwrap().record()).collect();
                    let err = chooser.step(&bad, &mut r1, &mut d1).unwrap_err();
                    assert_eq!(
                        err,
                        StepError::Illegal {
                            env: n - 1,
                            index: bad[n - 1]
                        }
                    );
                    let after: Vec<_> = (0..n).map(|i| chooser.game(i).unwrap().record()).collect();
                    assert_eq!(before, after);
                }
                chooser.step(&actions, &mut r1, &mut d1).unwrap();
                decoder.step(&actions, &mut r2, &mut d2).unwrap();
                assert_eq!((&r1, &d1), (&r2, &d2), "{rules} step {step}");
                for i in 0..n {
                    assert_eq!(chooser.position(i), decoder.position(i));
                    assert_eq!(chooser.pending_draw(i), decoder.pending_draw(i));
                }
            }
            assert!(matches!(
                chooser.step(&actions[1..], &mut r1, &mut d1),
                Err(StepError::Length { .. })
            ));
            for bad in [0, MAX_GAMES + 1] {
                let err = VecGame::try_with_rules(bad, 1, Perspective::Mover, rules);
                assert_eq!(err.err().map(|e| e.code()), Some("batch.size"));
            }
        }
        // Under the standard rules, the standard batch.
        let vec = VecGame::try_with_rules(2, 1, Perspective::Mover, Rules::STANDARD).unwrap();
        assert!(matches!(vec.batch, Batch::Standard(_)));
        assert_eq!(
            (vec.observation_len(), vec.action_space()),
            (OBS_LEN, ACTION_SPACE)
        );
    }
}
