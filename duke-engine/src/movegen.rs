//! The move generator: every legal action of a position, with the guard
//! rule of SPEC §4 applied without playing the actions.
//!
//! Legality works like a chess generator's. One pass over the enemy tiles
//! finds what threatens our Duke:
//!
//! - checks, with the squares that answer them;
//! - our tiles that are the only blocker of an enemy line, with the
//!   squares they may still go to;
//! - enemy tiles that are the only blocker of another enemy line, which a
//!   strike must not remove.
//!
//! A Duke that moves,
//! or is commanded, is checked square by square against every enemy tile.
//! The test suites check the result against a plain generator that plays
//! each action and looks for a capture of the Duke.

#[cfg(feature = "alloc")]
use crate::action::TargetFields;
use crate::masks::{
    duke_reach, relocation_reach, step, ADJACENT, BETWEEN, DIR_OF, JUMP_SLIDE_DIRS, MOVES, NO_DIR,
    RAYS, REACH, REACH_ANY, SLIDE_DIRS,
};
use crate::position::NO_SQUARE;
use crate::{Action, ActionKind, ActionList, Bag, Bitboard, Position, Side, Square};

const FULL: u64 = (1 << 36) - 1;

/// Where generated actions go: a list, or a counter for bulk counting.
pub(crate) trait Sink {
    fn relocations(&mut self, from: usize, targets: u64, enemy: u64);
    fn strikes(&mut self, from: usize, targets: u64);
    fn commands(&mut self, commander: usize, from: usize, targets: u64, enemy: u64);
    fn levies(&mut self, bag: Bag, squares: u64);
    /// Expanded Play: the Flag held on `holder` passed to `targets`.
    fn passes(&mut self, holder: usize, targets: u64);
    /// Expanded Play: the mover's Flag relocated to `squares`.
    fn flag_squares(&mut self, squares: u64);
}

/// Counts actions without listing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn relocations(&mut self, _: usize, targets: u64, _: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn strikes(&mut self, _: usize, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn commands(&mut self, _: usize, _: usize, targets: u64, _: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn levies(&mut self, bag: Bag, squares: u64) {
        self.0 += u64::from(bag.kinds() * squares.count_ones());
    }
    fn passes(&mut self, _: usize, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    fn flag_squares(&mut self, squares: u64) {
        self.0 += u64::from(squares.count_ones());
    }
}

impl Sink for ActionList {
    #[inline(always)]
    fn relocations(&mut self, from: usize, targets: u64, enemy: u64) {
        let head = Action::pack(ActionKind::Relocate, from, 0, 0, false);
        self.push_few_targets(head, 6, targets, enemy);
    }
    #[inline(always)]
    fn strikes(&mut self, from: usize, targets: u64) {
        let head = Action::pack(ActionKind::Strike, from, 0, 0, true);
        self.push_targets(head, 6, targets, 0);
    }
    #[inline(always)]
    fn commands(&mut self, commander: usize, from: usize, targets: u64, enemy: u64) {
        let head = Action::pack(ActionKind::Command, commander, from, 0, false);
        self.push_targets(head, 0, targets, enemy);
    }
    #[inline(always)]
    fn levies(&mut self, bag: Bag, squares: u64) {
        // One row of placements per free square next to the Duke (at most
        // four), written once per troop kind with the troop filled in.
        let mut row = [Action::pack(ActionKind::Place, 0, 0, 0, false); 4];
        let mut n = 0;
        let mut s = squares;
        while s != 0 {
            row[n & 3] = Action::pack(ActionKind::Place, 0, s.trailing_zeros() as usize, 0, false);
            n += 1;
            s &= s - 1;
        }
        debug_assert!(n <= 4, "levy squares are next to the Duke");
        self.push_placements(row, n.min(4), bag.kind_mask());
    }
    fn passes(&mut self, holder: usize, targets: u64) {
        let head = Action::pack(ActionKind::Pass, holder, 0, 0, false);
        self.push_targets(head, 6, targets, 0);
    }
    fn flag_squares(&mut self, squares: u64) {
        let head = Action::pack(ActionKind::Flag, 0, 0, 0, false);
        self.push_targets(head, 6, squares, 0);
    }
}

/// The legal list of a position, together with:
///
/// - for each square of the mover's tiles, the squares its relocations go
///   to;
/// - the kinds and squares of the levies (as the generator wrote them).
///
/// So whether a relocation or a levy is listed is a bit test rather than a
/// walk through the list ([`Listing::find`]). Entries of squares that hold
/// no tile of the mover are stale.
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub(crate) struct Listing {
    pub(crate) list: ActionList,
    /// Indexed by square; 64 entries so that a square masked to six bits
    /// needs no bounds check.
    relocations: [u64; 64],
    /// The troop kinds and the squares of the levies the generator wrote
    /// (none when it wrote none).
    levy_kinds: u16,
    levy_squares: u64,
    /// The target fields of relocations and strikes, with the capture
    /// flags of the position being listed.
    fields: TargetFields,
}

#[cfg(feature = "alloc")]
impl Listing {
    pub(crate) const fn new() -> Listing {
        Listing {
            list: ActionList::new(),
            relocations: [0; 64],
            levy_kinds: 0,
            levy_squares: 0,
            fields: TargetFields::new(),
        }
    }

    /// The listed action equal to `action` (the capture flag aside), with
    /// the capture flag set as the list has it; `None` when it is not
    /// listed. `pos` must be the position this listing was generated for.
    /// Relocations (most actions played) and levies are looked up by
    /// square; strikes and commands (rarer) are searched in the list.
    #[inline(always)]
    pub(crate) fn find(&self, pos: &Position, action: Action) -> Option<Action> {
        let own = pos.by_side[pos.side.index()];
        match action.kind() {
            ActionKind::Relocate => {
                let (from, to) = (action.a(), action.b());
                let listed = own >> from & 1 != 0 && self.relocations[from & 63] >> to & 1 != 0;
                listed.then_some(action.with_capture(pos.board[to % 36] != crate::masks::EMPTY))
            }
            ActionKind::Place => {
                // As the generator wrote them: each kind on each square.
                let listed = self.levy_kinds >> action.a() & 1 != 0
                    && self.levy_squares >> action.b() & 1 != 0;
                listed.then_some(action.with_capture(false))
            }
            ActionKind::Strike
            | ActionKind::Command
            | ActionKind::Pass
            | ActionKind::Flag
            | ActionKind::Terrain
            | ActionKind::Pick => self.list.iter().find(|&&a| a == action).copied(),
        }
    }
}

#[cfg(feature = "alloc")]
impl Sink for Listing {
    #[inline(always)]
    fn relocations(&mut self, from: usize, targets: u64, _: u64) {
        self.relocations[from & 63] = targets;
        let head = Action::pack(ActionKind::Relocate, from, 0, 0, false);
        self.list.push_few_fields(head, targets, &self.fields);
    }
    #[inline(always)]
    fn strikes(&mut self, from: usize, targets: u64) {
        // Every target holds an enemy: its field has the capture flag.
        let head = Action::pack(ActionKind::Strike, from, 0, 0, false);
        self.list.push_fields(head, targets, &self.fields);
    }
    #[inline(always)]
    fn commands(&mut self, commander: usize, from: usize, targets: u64, enemy: u64) {
        self.list.commands(commander, from, targets, enemy);
    }
    #[inline(always)]
    fn levies(&mut self, bag: Bag, squares: u64) {
        self.levy_kinds = bag.kind_mask();
        self.levy_squares = squares;
        self.list.levies(bag, squares);
    }
    fn passes(&mut self, holder: usize, targets: u64) {
        self.list.passes(holder, targets);
    }
    fn flag_squares(&mut self, squares: u64) {
        self.list.flag_squares(squares);
    }
}

/// What threatens the mover's Duke, found in one pass over the enemy tiles.
///
/// Every line to the Duke runs along one of the eight directions from it.
/// A tile pinned on a line is the nearest tile to the Duke in that
/// direction (the squares between it and the Duke are on the line and
/// empty). So there is at most one pinned tile per direction. Its allowed
/// squares, intersected over the lines through it, lie on the Duke's ray
/// in that direction. The rays of the eight directions are disjoint, so
/// one bitboard holds them all (no array: the guard stays in registers).
pub(crate) struct Guard {
    /// Squares where a non-Duke action must land (block) or capture to
    /// answer every check; all squares when the Duke is not attacked.
    pub resolve: u64,
    /// Our tiles that are the only blocker of an enemy line to the Duke.
    pinned: u64,
    /// On the Duke's ray through each pinned tile, where that tile may go.
    pin_allowed: u64,
    /// The Duke's square.
    duke: usize,
    /// Enemy tiles that are the only blocker of an enemy line to the Duke.
    pub shields: u64,
    /// Enemy tiles whose marks reach one of the squares the Duke may go to
    /// (the others cannot attack it there).
    near: u64,
}

impl Guard {
    #[inline(always)]
    fn line(&mut self, between: u64, attacker: usize, occ: u64, own: u64) {
        let blockers = between & occ;
        if blockers == 0 {
            self.resolve &= between | 1 << attacker;
        } else if blockers & (blockers - 1) == 0 {
            if blockers & own != 0 {
                let sq = blockers.trailing_zeros() as usize;
                debug_assert_ne!(DIR_OF[self.duke][sq], NO_DIR);
                let ray = RAYS[DIR_OF[self.duke][sq] as usize & 7][self.duke];
                // The whole ray for the first line through the tile.
                let before = if self.pinned & blockers == 0 {
                    ray
                } else {
                    self.pin_allowed & ray
                };
                self.pinned |= blockers;
                self.pin_allowed = (self.pin_allowed & !ray) | (before & (between | 1 << attacker));
            } else {
                self.shields |= blockers;
            }
        }
    }

    /// Where our non-Duke tile on `sq` may land (or, commanded, be moved to).
    #[inline(always)]
    pub fn allowed(&self, sq: usize) -> u64 {
        if self.pinned & 1 << sq == 0 {
            return self.resolve;
        }
        self.resolve & self.pin_allowed & RAYS[DIR_OF[self.duke][sq] as usize & 7][self.duke]
    }
}

impl Position {
    /// Finds the checks on, and the pins toward, the Duke of the side to
    /// move on `k`, and the enemy tiles that reach any of `duke_targets`.
    #[inline(always)]
    pub(crate) fn guard(&self, k: usize, duke_targets: u64) -> Guard {
        let us = self.side.index();
        let own = self.by_side[us];
        let enemy = self.by_side[us ^ 1];
        let occ = own | enemy;
        let kbit = 1u64 << k;
        let mut g = Guard {
            resolve: FULL,
            pinned: 0,
            pin_allowed: 0,
            duke: k,
            shields: 0,
            near: 0,
        };
        let mut rest = enemy;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let code = self.board[s] as usize;
            let any = REACH_ANY[code][s];
            g.near |= u64::from(any & duke_targets != 0) << s;
            if any & kbit == 0 {
                continue;
            }
            let r = &REACH[code][s];
            if (r.step | r.strike) & kbit != 0 {
                g.resolve &= 1 << s;
            }
            if r.far & kbit != 0 {
                let mid = (s + k) / 2;
                g.line(1 << mid, s, occ, own);
            }
            let d = DIR_OF[s][k];
            if d != NO_DIR {
                let d = d as usize;
                if SLIDE_DIRS[code] & 1 << d != 0 {
                    g.line(BETWEEN[s][k], s, occ, own);
                }
                if JUMP_SLIDE_DIRS[code] & 1 << d != 0 {
                    if let Some(first) = step(s, d) {
                        if first != k {
                            g.line(BETWEEN[first][k], s, occ, own);
                        }
                    }
                }
            }
            if r.command & kbit != 0 {
                let others = r.command & enemy & !kbit;
                if others != 0 {
                    let mut answer = 1 << s;
                    if others & (others - 1) == 0 {
                        answer |= others;
                    }
                    g.resolve &= answer;
                }
            }
        }
        g
    }

    /// Whether a tile of `by` could capture on `target` with the board
    /// occupancy `occ` (any tile of `by` on `target` itself is ignored, as
    /// it would have been captured). The guard rule ignores the guard rule
    /// for the attacker (SPEC §4).
    #[inline]
    pub(crate) fn attacked_with(&self, by: Side, target: usize, occ: u64) -> bool {
        self.attackers_with::<true>(by, target, occ) != 0
    }

    /// The squares of the tiles of `by` that could capture on `target`
    /// with occupancy `occ`; with `FIRST`, stops at the first one found.
    #[inline(always)]
    pub(crate) fn attackers_with<const FIRST: bool>(
        &self,
        by: Side,
        target: usize,
        occ: u64,
    ) -> u64 {
        let tbit = 1u64 << target;
        let theirs = self.by_side[by.index()] & !tbit;
        let mut found = 0;
        let mut rest = theirs & occ;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The tile's capture squares, computed as the generator computes
            // them for the Duke's squares (one rule for both).
            let hit = REACH_ANY[self.board[s] as usize][s] & tbit != 0
                && self.captures_from(s, theirs, occ) & tbit != 0;
            if hit {
                found |= 1 << s;
                if FIRST {
                    return found;
                }
            }
        }
        found
    }

    /// The squares of `targets` that no enemy tile (`enemy`) attacks with
    /// occupancy `occ` (the Duke lifted off its square): where the Duke may
    /// go. Enemy tiles that reach none of the targets are skipped once.
    #[inline(always)]
    fn safe_for_duke(&self, targets: u64, enemy: u64, occ: u64) -> u64 {
        if targets == 0 {
            return 0;
        }
        let mut near = 0;
        let mut rest = enemy;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            near |= u64::from(REACH_ANY[self.board[s] as usize][s] & targets != 0) << s;
        }
        self.safe_among(targets, enemy, near, occ)
    }

    /// [`Position::safe_for_duke`] with the enemy tiles that reach any of
    /// the targets known (`near`): the targets outside every square those
    /// tiles could capture on.
    #[inline(always)]
    fn safe_among(&self, targets: u64, enemy: u64, near: u64, occ: u64) -> u64 {
        let mut attacked = 0;
        let mut rest = near;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            attacked |= self.captures_from(s, enemy, occ);
        }
        targets & !attacked
    }

    /// Every square on which the tile on `s` could capture with occupancy
    /// `occ` (`theirs` holds the tiles of its side). These are:
    ///
    /// - where it lands by its relocation marks;
    /// - what it strikes;
    /// - its command area, when it holds a friendly tile to move there (not
    ///   the square of that tile when it is the only one: that tile would
    ///   be the one captured).
    ///
    /// [`Position::attackers_with`] asks it of each tile that could reach.
    #[inline(always)]
    fn captures_from(&self, s: usize, theirs: u64, occ: u64) -> u64 {
        let code = self.board[s] as usize;
        let r = &MOVES[code][s];
        let mut squares = relocation_reach(code, s, occ) | r.strike;
        if r.command != 0 {
            let movers = r.command & theirs & occ;
            if movers != 0 {
                let only = if movers & (movers - 1) == 0 {
                    movers
                } else {
                    0
                };
                squares |= r.command & !only;
            }
        }
        squares
    }

    /// Sends every legal action to `sink`. Inlined into each of its few
    /// callers, so that a sink's counters stay in registers.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if !self.rules.plays_standard() {
            self.generate_expanded(sink);
            return;
        }
        self.generate_standard(sink);
    }

    /// [`generate`](Position::generate) for a position whose rules play
    /// as the standard game's ([`Rules::plays_standard`](crate::Rules::plays_standard)):
    /// what perft calls once it has checked the rules at its root.
    #[inline(always)]
    pub(crate) fn generate_standard<S: Sink>(&self, sink: &mut S) {
        let us = self.side.index();
        let (k, ek) = (self.dukes[us], self.dukes[us ^ 1]);
        if k == NO_SQUARE || ek == NO_SQUARE {
            return;
        }
        let (k, ek) = (k as usize, ek as usize);
        let own = self.by_side[us];
        let enemy = self.by_side[us ^ 1];
        let occ = own | enemy;
        let kbit = 1u64 << k;
        let ed = 1u64 << ek;
        // Where the Duke reaches (taking the enemy Duke is always legal).
        let duke_reach = duke_reach(self.board[k] as usize, k, occ) & !own;
        let g = self.guard(k, duke_reach & !ed);

        let bag = self.bags[us];
        if !bag.is_empty() {
            let free = ADJACENT[k] & !occ;
            if free != 0 {
                sink.levies(bag, free);
            }
        }

        let duke_legal =
            self.safe_among(duke_reach & !ed, enemy, g.near, occ ^ kbit) | (duke_reach & ed);
        // The Duke first (its chart has no Strike or Command marks, tested),
        // then the other tiles: no test in the loop for which one it is.
        sink.relocations(k, duke_legal, enemy);
        let mut rest = own & !kbit;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let code = self.board[v] as usize;
            let reach = relocation_reach(code, v, occ) & !own;
            sink.relocations(v, (reach & g.allowed(v)) | (reach & ed), enemy);
            // The entry the relocations read.
            let r = &MOVES[code][v];
            // Most tiles have no enemy under a Strike mark (most have no
            // Strike marks): a branch that is rarely taken.
            let hit = r.strike & enemy;
            if hit != 0 {
                sink.strikes(v, (hit & g.resolve & !g.shields) | (hit & ed));
            }
            if r.command != 0 {
                let dests = r.command & !own;
                let mut sources = r.command & own;
                while sources != 0 {
                    let f = sources.trailing_zeros() as usize;
                    sources &= sources - 1;
                    let legal = if f == k {
                        self.safe_for_duke(dests & !ed, enemy, occ ^ kbit) | (dests & ed)
                    } else {
                        (dests & g.allowed(f)) | (dests & ed)
                    };
                    if legal != 0 {
                        sink.commands(v, f, legal, enemy);
                    }
                }
            }
        }
    }

    /// Every legal action (SPEC §3–4), a levy once per (troop kind in the
    /// bag, free square next to the Duke) as SPEC §9 counts it. Empty when
    /// either Duke has been captured.
    ///
    /// ```
    /// use duke_engine::Position;
    /// let pos = Position::standard();
    /// let mut texts: Vec<String> = pos.legal_actions().iter().map(|a| a.to_string()).collect();
    /// texts.sort();
    /// assert_eq!(&texts[..5], ["A@C2", "B1-A1", "B1-B2", "B@C2", "C@C2"]);
    /// ```
    #[inline]
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.generate(&mut list);
        list
    }

    /// Fills `listing` with the legal actions (clearing it first).
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn generate_into(&self, listing: &mut Listing) {
        listing.list.clear();
        (listing.levy_kinds, listing.levy_squares) = (0, 0);
        listing
            .fields
            .set_enemy(self.by_side[self.side.index() ^ 1]);
        self.generate(listing);
    }

    /// The number of legal actions, counted without listing them (bulk counting).
    ///
    /// ```
    /// use duke_engine::Position;
    /// assert_eq!(Position::standard().count_legal(), 18);
    /// ```
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// [`count_legal`](Position::count_legal) under rules that play as
    /// the standard game's.
    #[inline]
    pub(crate) fn count_legal_standard(&self) -> u64 {
        let mut c = Counter(0);
        self.generate_standard(&mut c);
        c.0
    }

    /// Whether `action` is legal here.
    ///
    /// ```
    /// use duke_engine::{Action, Position, Square};
    /// let pos = Position::standard();
    /// assert!(pos.is_legal(Action::relocate(Square::B1, Square::B2)));
    /// assert!(!pos.is_legal(Action::relocate(Square::C1, Square::C2)));
    /// ```
    pub fn is_legal(&self, action: Action) -> bool {
        self.legal_actions().contains(&action)
    }

    /// The legal actions of the tile on `sq` (none for an empty square or
    /// a tile of the side not to move).
    pub fn actions_from(&self, sq: Square) -> ActionList {
        let mut list = self.legal_actions();
        list.retain(|a| a.actor() == Some(sq));
        list
    }

    /// Whether `side`'s Duke could be captured by the other side now
    /// (ignoring whose turn it is).
    ///
    /// ```
    /// use duke_engine::{Position, Side};
    /// assert!(!Position::standard().is_duke_attacked(Side::Light));
    /// ```
    pub fn is_duke_attacked(&self, side: Side) -> bool {
        if !self.rules.plays_standard() {
            return self.duke_attacked_expanded(side);
        }
        match self.duke(side) {
            Some(k) => self.attacked_with(!side, k.index(), self.occupied().0),
            None => false,
        }
    }

    /// Every square on which a tile of `by` could capture an enemy tile
    /// standing there, with the board as it is (a Duke on such a square
    /// would be attacked).
    pub fn attacks(&self, by: Side) -> Bitboard {
        let occ = self.occupied().0;
        Square::ALL
            .into_iter()
            .filter(|sq| {
                let t = sq.index();
                self.by_side[by.index()] & 1 << t == 0
                    && if self.rules.plays_standard() {
                        self.attacked_with(by, t, occ | 1 << t)
                    } else {
                        self.attackers_expanded::<true>(by, t, occ | 1 << t) != 0
                    }
            })
            .collect()
    }

    /// The tiles of `by` that could capture a tile of the other side on
    /// `target`, with the board as it is.
    ///
    /// ```
    /// use duke_engine::{Bitboard, Position, Side, Square};
    /// let pos: Position = "5d/6/6/2+p3/6/2D3 l -/- 0 0".parse().unwrap();
    /// // Dark's flipped Pikeman on C3 strikes B1 and D1.
    /// assert_eq!(pos.attackers(Side::Dark, Square::D1), Bitboard::from(Square::C3));
    /// ```
    pub fn attackers(&self, by: Side, target: Square) -> Bitboard {
        let occ = self.occupied().0 | 1 << target.index();
        if !self.rules.plays_standard() {
            return Bitboard(self.attackers_expanded::<false>(by, target.index(), occ));
        }
        Bitboard(self.attackers_with::<false>(by, target.index(), occ))
    }

    /// The squares the mover's Duke reaches by its chart but may not enter
    /// (SPEC §4), each with the enemy tiles that would capture it there.
    ///
    /// ```
    /// use duke_engine::{Bitboard, Position, Square};
    /// let pos: Position = "5d/6/6/2+p3/6/2D3 l -/- 0 0".parse().unwrap();
    /// let dangers: Vec<_> = pos.duke_dangers().collect();
    /// assert_eq!(dangers, [(Square::B1, Bitboard::from(Square::C3)), (Square::D1, Bitboard::from(Square::C3))]);
    /// ```
    pub fn duke_dangers(&self) -> impl Iterator<Item = (Square, Bitboard)> + '_ {
        let us = self.side;
        let k = self.dukes[us.index()];
        // The guard rule holds only under the Duke objective.
        let guarded = self.rules.objective() == crate::Objective::Duke;
        let (reach, occ) = if !guarded || k == NO_SQUARE || self.dukes[us.index() ^ 1] == NO_SQUARE
        {
            (0, 0)
        } else {
            let (reach, _) = self.pseudo_targets(k as usize);
            (reach, self.occupied().0 & !(1 << k))
        };
        Bitboard(reach).into_iter().filter_map(move |t| {
            if self.dukes[us.index() ^ 1] as usize == t.index() {
                return None; // taking the Duke is always legal
            }
            let by = if self.rules.plays_standard() {
                self.attackers_with::<false>(!us, t.index(), occ)
            } else {
                self.attackers_expanded::<false>(!us, t.index(), occ)
            };
            (by != 0).then_some((t, Bitboard(by)))
        })
    }

    /// Every square the tile on `sq` could land on or strike by its marks,
    /// before the guard rule (used to explain illegal actions).
    pub(crate) fn pseudo_targets(&self, sq: usize) -> (u64, u64) {
        if !self.rules.plays_standard() {
            return self.pseudo_targets_expanded(sq);
        }
        let code = self.board[sq] as usize;
        let side = code & 1;
        let own = self.by_side[side];
        let occ = self.occupied().0;
        let reach = relocation_reach(code, sq, occ) & !own;
        let strikes = REACH[code][sq].strike & self.by_side[side ^ 1];
        (reach, strikes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masks::REACH;
    use crate::{Face, Tile, Troop, MAX_ACTIONS};

    /// The most actions one tile can have from any square, on an empty
    /// board for its rays: relocations, strikes, and commands (every
    /// source times every other square of the area).
    fn most_actions(troop: Troop) -> u32 {
        let mut best = 0;
        for face in Face::ALL {
            let code = Tile::new(troop, Side::Light, face).code() as usize;
            for sq in 0..36 {
                let r = REACH[code][sq];
                let mut rays = 0;
                for (d, ray) in RAYS.iter().enumerate() {
                    if (SLIDE_DIRS[code] | JUMP_SLIDE_DIRS[code]) & 1 << d != 0 {
                        rays |= ray[sq];
                    }
                }
                let area = r.command.count_ones();
                let n = (r.step | r.far | rays).count_ones()
                    + r.strike.count_ones()
                    + area * area.saturating_sub(1);
                best = best.max(n);
            }
        }
        best
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "exhaustive; too slow under Miri (the crate has no unsafe code)"
    )]
    fn capacity_bounds_every_position() {
        // Each tile of an army at its best square, plus every levy: at most
        // 14 kinds in a bag (never a Duke) times 4 squares next to the Duke.
        // Expanded Play adds at most 4 passes of the one Flag a side
        // holds and 36 squares for a relocation of its own (its armies are
        // the standard one's or smaller: Dark Rider's five Pikemen).
        let bound: u32 = Troop::ALL
            .iter()
            .map(|&t| u32::from(t.army_count()) * most_actions(t))
            .sum::<u32>()
            + 14 * 4
            + 4
            + 36;
        assert!(bound as usize <= MAX_ACTIONS, "bound {bound}");
        assert_eq!(bound as usize, MAX_ACTIONS, "the capacity is the bound");
    }

    #[test]
    #[cfg(feature = "alloc")]
    fn a_listing_finds_exactly_the_listed_actions() {
        // Every relocation, strike and levy that could be written, and the
        // listed commands with some that are not, in positions of seeded
        // random games: found when listed, with the list's capture flag.
        let games = if cfg!(miri) { 1 } else { 40 };
        let mut checked = 0;
        for seed in 0..games {
            let mut pos = Position::standard();
            let mut rng = crate::testgen::TestRng::new(0x9e37_79b9_7f4a_7c15 ^ (seed + 1));
            let mut next = |n: usize| rng.below(n);
            for _ in 0..if cfg!(miri) { 2 } else { 150 } {
                let mut listing = Listing::new();
                pos.generate_into(&mut listing);
                let list = pos.legal_actions();
                // Capture flags too (equality ignores them): the listing
                // writes them from its own table.
                let bits = |l: &ActionList| {
                    l.iter()
                        .map(|a| a.to_bits())
                        .collect::<alloc::vec::Vec<_>>()
                };
                assert_eq!(bits(&listing.list), bits(&list));
                let mut candidates: alloc::vec::Vec<Action> = list.to_vec();
                for a in 0..36 {
                    for b in 0..36 {
                        candidates.push(Action::pack(ActionKind::Relocate, a, b, 0, false));
                        candidates.push(Action::pack(ActionKind::Strike, a, b, 0, false));
                        if a < 15 {
                            candidates.push(Action::pack(ActionKind::Place, a, b, 0, false));
                        }
                        candidates.push(Action::pack(ActionKind::Command, a, b, next(36), false));
                    }
                }
                for a in candidates {
                    let want = list.iter().find(|&&l| l == a).map(|l| l.to_bits());
                    assert_eq!(
                        listing.find(&pos, a).map(Action::to_bits),
                        want,
                        "{a:?} in {pos}"
                    );
                    checked += 1;
                }
                if list.is_empty() {
                    break;
                }
                pos.play_unchecked(list[next(list.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn a_tile_pinned_by_two_lines_keeps_their_intersection() {
        // Light's Footman on C2 is the only blocker of two lines to its
        // Duke on C1: the flipped Footman on C3 (two away, through C2) and
        // the Assassin on C4 (a Jump Slide over C3, then C2). Taking C3
        // answers the first line and leaves the second open.
        let pos: Position = "5d/6/2a3/2+f3/2F3/2D3 l -/- 0 0".parse().unwrap();
        let take: Action = "C2xC3".parse().unwrap();
        assert!(!pos.is_legal(take));
        assert!(pos
            .legal_actions()
            .iter()
            .all(|a| a.actor() != Some(Square::C2)));
        let mut after = pos;
        after.play_unchecked(take);
        assert!(after.is_duke_attacked(Side::Light));
        // With one line only, taking the attacker on it is legal.
        let one: Position = "5d/6/6/2+f3/2F3/2D3 l -/- 0 0".parse().unwrap();
        assert!(one.is_legal(take));
    }

    #[test]
    fn witness_position_needs_a_large_list() {
        // The best of a hill climb over Light armies (200 restarts of 3,000
        // mutations, maximising the legal count): 99 actions, about half the
        // proven bound, so the capacity is not much larger than needed.
        let pos: Position = "4Fd/3+M2/1+D1W1F/C2I2/3+G2/P1RP+K1 l ABFLNPS/- 0 0"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        let n = pos.legal_actions().len();
        assert_eq!(n, pos.count_legal() as usize);
        assert_eq!(n, 99);
        // Tiles with more than eight relocations: the listing writes them
        // through its loop.
        #[cfg(feature = "alloc")]
        {
            let mut listing = Listing::new();
            pos.generate_into(&mut listing);
            let bits = |l: &ActionList| {
                l.iter()
                    .map(|a| a.to_bits())
                    .collect::<alloc::vec::Vec<_>>()
            };
            assert_eq!(bits(&listing.list), bits(&pos.legal_actions()));
            let own = pos.by_side[pos.side.index()];
            assert!(Bitboard(own)
                .into_iter()
                .any(|sq| listing.relocations[sq.index()].count_ones() > 8));
        }
    }
}
