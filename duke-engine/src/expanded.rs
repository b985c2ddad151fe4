//! Expanded Play in the move generator, in play and in the end of a game:
//! the Mountain and the Fort, the Flags of Counting Coup and Other
//! Objective (closed squares, passes, points, relocation), Dark Rider's
//! frozen Pikemen, and each objective's win.
//!
//! The standard game never comes here: [`Position::generate`] takes its
//! fast path whenever the rules play as the standard game's (the draft
//! alone changes only the bags), and [`Position::play_unchecked`] plays
//! without the Flags' bookkeeping unless the objective has Flags. This
//! generator is plain: the terrain's lines come from the const tables of
//! `masks` ([`SHADOW`], [`CROSSED`]), and the guard rule of the Duke
//! objective is checked by playing each action and asking whether the
//! Duke could then be captured, with the same terrain-aware reach.
//!
//! [`CROSSED`]: crate::masks::CROSSED

use crate::masks::{
    far_blocked, ray_down, ray_up, step, ADJACENT, DIR_POSITIVE, EMPTY, JUMP_SLIDE_DIRS, MOVES,
    RAYS, REACH, SHADOW, SLIDE_DIRS,
};
use crate::movegen::Sink;
use crate::position::NO_SQUARE;
use crate::{zobrist, Action, ActionKind, Objective, Position, Side, Troop, WinReason};

/// Rank 6 and rank 1, the home rows.
const RANK_6: u64 = 0b111111 << 30;
const RANK_1: u64 = 0b111111;

/// The bit of a square index, none for [`NO_SQUARE`].
#[inline(always)]
fn bit(sq: u8) -> u64 {
    if sq < 36 {
        1 << sq
    } else {
        0
    }
}

/// The squares hidden from a tile on `s` by the terrain squares
/// `terrain`: those whose line from `s` crosses one of them.
#[inline(always)]
fn shadow(s: usize, terrain: u64) -> u64 {
    let mut hidden = 0;
    let mut t = terrain;
    while t != 0 {
        hidden |= SHADOW[s][t.trailing_zeros() as usize];
        t &= t - 1;
    }
    hidden
}

/// Every square a tile with `code` on `s` may land on by Move, Jump, Slide
/// or Jump Slide when `blockers` stop Moves and Slides and `terrain`
/// stops Jumps and the first square of a Jump Slide (before removing the
/// squares it may not end on).
fn reach_with_terrain(code: usize, s: usize, blockers: u64, terrain: u64) -> u64 {
    let m = &MOVES[code][s];
    // Moves and Jumps: a two-away Move needs its middle square free of
    // blockers; no line crosses terrain.
    let mut targets = m.moves & !far_blocked(m, s, blockers) & !shadow(s, terrain);
    let slides = SLIDE_DIRS[code];
    let jump_slides = JUMP_SLIDE_DIRS[code];
    for d in 0..8 {
        let ray = if slides & 1 << d != 0 {
            RAYS[d][s]
        } else if jump_slides & 1 << d != 0 {
            match step(s, d) {
                Some(first) if terrain & 1 << first == 0 => RAYS[d][first],
                _ => 0,
            }
        } else {
            continue;
        };
        targets |= if DIR_POSITIVE[d] {
            ray_up(ray, blockers)
        } else {
            ray_down(ray, blockers)
        };
    }
    targets
}

impl Position {
    /// Dark Rider's frozen Pikemen: Light's Pikemen on rank 6.
    pub(crate) fn frozen_mask(&self) -> u64 {
        if self.rules.objective() != Objective::Rider {
            return 0;
        }
        self.troops(Side::Light, Troop::Pikeman).0 & RANK_6
    }

    /// How many Pikemen Dark has captured in Dark Rider.
    pub(crate) fn captured_pikemen(&self) -> u32 {
        5u32.saturating_sub(self.troops(Side::Light, Troop::Pikeman).count())
    }

    /// The side that has won, and why, by a rule of the objective checked
    /// after a turn (SPEC 6 rule 1 and Expanded Play's wins), before the
    /// rules of no action and of draws; `None` while no such rule has
    /// decided. A position with a winner has no legal actions.
    pub(crate) fn decided(&self) -> Option<(Side, WinReason)> {
        let mover = !self.side;
        let to_move = self.side;
        match self.rules.objective() {
            Objective::Duke => {
                if self.dukes[to_move.index()] == NO_SQUARE {
                    Some((mover, WinReason::DukeCaptured))
                } else if self.dukes[mover.index()] == NO_SQUARE {
                    Some((to_move, WinReason::DukeCaptured))
                } else {
                    None
                }
            }
            Objective::Coup | Objective::Flag => {
                if self.rules.objective() == Objective::Coup {
                    for side in [mover, to_move] {
                        if self.score[side.index()] >= 3 {
                            return Some((side, WinReason::Points));
                        }
                    }
                } else {
                    // A side wins when the opponent's Flag stands on its
                    // own home row.
                    for side in [mover, to_move] {
                        let home = if side == Side::Light { RANK_1 } else { RANK_6 };
                        if bit(self.flags[(!side).index()]) & home != 0 {
                            return Some((side, WinReason::FlagHome));
                        }
                    }
                }
                for side in [to_move, mover] {
                    if self.by_side[side.index()] == 0 {
                        return Some((!side, WinReason::NoTiles));
                    }
                }
                None
            }
            Objective::Rider => {
                if self.by_side[Side::Dark.index()] == 0 {
                    return Some((Side::Light, WinReason::KnightCaptured));
                }
                let captured = self.captured_pikemen();
                if captured >= 3 {
                    return Some((Side::Dark, WinReason::PikemenCaptured));
                }
                let home = (self.troops(Side::Light, Troop::Pikeman).0 & RANK_6).count_ones();
                if mover == Side::Light && home >= 3 && captured <= 1 {
                    return Some((Side::Light, WinReason::PikemenHome));
                }
                None
            }
        }
    }

    /// The squares the side to move may not end an action on beyond its
    /// own tiles and the Mountain: the opponent's Flag in Counting Coup,
    /// its own Flag in Other Objective, and for Dark the frozen Pikemen
    /// of Dark Rider.
    fn closed_to_mover(&self) -> u64 {
        let us = self.side.index();
        match self.rules.objective() {
            Objective::Coup => bit(self.flags[us ^ 1]),
            Objective::Flag => bit(self.flags[us]),
            Objective::Rider if self.side == Side::Dark => self.frozen_mask(),
            _ => 0,
        }
    }

    /// The squares where no levy of the mover goes besides occupied ones:
    /// the terrain and the squares closed to it.
    pub(crate) fn closed_to_levy(&self) -> u64 {
        bit(self.terrain[0]) | bit(self.terrain[1]) | self.closed_to_mover()
    }

    /// Every legal action under Expanded Play (see the module).
    #[inline(never)]
    pub(crate) fn generate_expanded<S: Sink>(&self, sink: &mut S) {
        if self.decided().is_some() {
            return;
        }
        let us = self.side.index();
        let own = self.by_side[us];
        let enemy = self.by_side[us ^ 1];
        let occ = own | enemy;
        let objective = self.rules.objective();
        let mountain = bit(self.terrain[0]);
        let fort = bit(self.terrain[1]);
        let terrain = mountain | fort;
        let closed = self.closed_to_mover();
        // Counting Coup's closed square also stops Moves and Slides.
        let passing = if objective == Objective::Coup {
            closed
        } else {
            0
        };
        let blockers = occ | terrain | passing;
        let no_land = own | mountain | closed;
        let frozen = self.frozen_mask();
        let guard = objective == Objective::Duke;
        let enemy_duke = bit(self.dukes[us ^ 1]);

        // Whether the mover has an action: a relocation alone is none, so
        // it is listed only beside another (decision 16 of the spec).
        let mut any = false;
        // The levy: next to the Duke, on no terrain and no closed square.
        if let Some(k) = self.duke(self.side) {
            let bag = self.bags[us];
            let free = ADJACENT[k.index()] & !occ & !terrain & !closed;
            if !bag.is_empty() && free != 0 {
                sink.levies(bag, free);
                any = true;
            }
        }
        let mut rest = own & !frozen;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let code = self.board[v] as usize;
            let hidden = shadow(v, terrain);
            let mut reach = reach_with_terrain(code, v, blockers, terrain) & !no_land;
            let mut strikes = REACH[code][v].strike & enemy & !fort & !hidden & !frozen;
            if guard {
                reach = self.keep_guarded(reach, enemy_duke, |to| Action::relocate(sq(v), sq(to)));
                strikes =
                    self.keep_guarded(strikes, enemy_duke, |to| Action::strike(sq(v), sq(to)));
            }
            sink.relocations(v, reach, enemy);
            if strikes != 0 {
                sink.strikes(v, strikes);
            }
            any |= reach | strikes != 0;
            let area = REACH[code][v].command;
            if area != 0 {
                let dests = area & !no_land;
                let mut sources = area & own & !frozen;
                while sources != 0 {
                    let f = sources.trailing_zeros() as usize;
                    sources &= sources - 1;
                    let mut to = dests & !shadow(f, terrain);
                    if guard {
                        to = self
                            .keep_guarded(to, enemy_duke, |t| Action::command(sq(v), sq(f), sq(t)));
                    }
                    if to != 0 {
                        sink.commands(v, f, to, enemy);
                        any = true;
                    }
                }
            }
        }
        // A Flag held by a tile of the mover passes to a neighbour.
        for f in 0..2 {
            let holder = self.flags[f];
            if holder < 36 && own & 1 << holder != 0 {
                let to = ADJACENT[holder as usize] & own;
                if to != 0 {
                    sink.passes(holder as usize, to);
                    any = true;
                }
            }
        }
        // Counting Coup's relocation, which comes before the turn's action.
        if self.relocate && any {
            let mut next_to_own = 0;
            let mut rest = own;
            while rest != 0 {
                next_to_own |= ADJACENT[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let empty = !occ & !mountain & !bit(self.flags[0]) & !bit(self.flags[1]);
            let squares = next_to_own & empty;
            if squares != 0 {
                sink.flag_squares(squares);
            }
        }
    }

    /// Every square the tile on `sq` could land on or strike by its marks
    /// under Expanded Play, before the guard rule (to explain refusals).
    pub(crate) fn pseudo_targets_expanded(&self, sq: usize) -> (u64, u64) {
        let code = self.board[sq] as usize;
        let side = code & 1;
        let (own, enemy) = (self.by_side[side], self.by_side[side ^ 1]);
        let mut pos = *self;
        pos.side = if side == 0 { Side::Light } else { Side::Dark };
        let mountain = bit(self.terrain[0]);
        let fort = bit(self.terrain[1]);
        let terrain = mountain | fort;
        let closed = pos.closed_to_mover();
        let passing = if self.rules.objective() == Objective::Coup {
            closed
        } else {
            0
        };
        let frozen = self.frozen_mask();
        if frozen & 1 << sq != 0 {
            return (0, 0);
        }
        let blockers = own | enemy | terrain | passing;
        let reach = reach_with_terrain(code, sq, blockers, terrain) & !own & !mountain & !closed;
        let strikes = REACH[code][sq].strike & enemy & !fort & !shadow(sq, terrain) & !frozen;
        (reach, strikes)
    }

    /// The targets of `targets` whose action (made by `make`) leaves the
    /// mover's Duke safe under the guard rule (SPEC §4, with terrain): a
    /// capture of the enemy Duke is always legal.
    fn keep_guarded(&self, targets: u64, enemy_duke: u64, make: impl Fn(usize) -> Action) -> u64 {
        let mut legal = targets & enemy_duke;
        let mut rest = targets & !enemy_duke;
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut after = *self;
            after.play_base(make(to));
            if !after.duke_attacked_expanded(self.side) {
                legal |= 1 << to;
            }
        }
        legal
    }

    /// Whether `side`'s Duke could be captured by the other side now,
    /// terrain blocking as it blocks every action.
    pub(crate) fn duke_attacked_expanded(&self, side: Side) -> bool {
        match self.duke(side) {
            Some(k) => self.attackers_expanded::<true>(!side, k.index(), self.occupied().0) != 0,
            None => false,
        }
    }

    /// The tiles of `by` that could capture a tile on `target` with
    /// occupancy `occ`, under Expanded Play (the guard rule ignored for
    /// them): the terrain stops their lines, a tile on the Fort cannot be
    /// struck, and the squares closed to them are not theirs to end on.
    pub(crate) fn attackers_expanded<const FIRST: bool>(
        &self,
        by: Side,
        target: usize,
        occ: u64,
    ) -> u64 {
        let tbit = 1u64 << target;
        let theirs = self.by_side[by.index()] & !tbit & occ;
        let mountain = bit(self.terrain[0]);
        let fort = bit(self.terrain[1]);
        let terrain = mountain | fort;
        let (closed, passing) = match self.rules.objective() {
            Objective::Coup => {
                let c = bit(self.flags[by.index() ^ 1]);
                (c, c)
            }
            Objective::Flag => (bit(self.flags[by.index()]), 0),
            Objective::Rider if by == Side::Dark => (self.frozen_mask(), 0),
            _ => (0, 0),
        };
        if tbit & (mountain | closed) != 0 {
            return 0;
        }
        let frozen = if by == Side::Light {
            self.frozen_mask()
        } else {
            0
        };
        let blockers = occ | terrain | passing;
        let mut found = 0;
        let mut rest = theirs & !frozen;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let code = self.board[s] as usize;
            let hidden = shadow(s, terrain);
            let mut hit = reach_with_terrain(code, s, blockers, terrain) & tbit != 0
                || REACH[code][s].strike & tbit & !fort & !hidden != 0;
            let area = REACH[code][s].command;
            if !hit && area & tbit != 0 {
                let mut movers = area & theirs & !frozen;
                while movers != 0 && !hit {
                    let f = movers.trailing_zeros() as usize;
                    movers &= movers - 1;
                    hit = shadow(f, terrain) & tbit == 0;
                }
            }
            if hit {
                found |= 1 << s;
                if FIRST {
                    return found;
                }
            }
        }
        found
    }

    /// [`Position::play_unchecked`] under Counting Coup and Other
    /// Objective: a Flag travels with its holder, a pass moves it, a
    /// relocation moves the mover's own Flag before its turn; a tile that
    /// comes to stand next to the opponent's Flag in Counting Coup scores a
    /// point and lets the opponent relocate.
    #[inline(never)]
    pub(crate) fn play_with_flags(&mut self, action: Action) {
        let us = self.side.index();
        match action.kind() {
            ActionKind::Flag => {
                // A relocation: not a turn.
                self.set_flag(us, action.b() as u8);
                self.set_relocate(false);
                return;
            }
            ActionKind::Pass => {
                let holder = action.a() as u8;
                let f = if self.flags[0] == holder { 0 } else { 1 };
                self.set_flag(f, action.b() as u8);
                self.set_relocate(false);
                self.quiet = self.quiet.saturating_add(1);
                self.turn = self.turn.saturating_add(1);
                self.side = !self.side;
                self.key ^= zobrist::dark_to_move();
                return;
            }
            _ => {}
        }
        let (from, to) = match action.kind() {
            ActionKind::Relocate => (action.a() as u8, action.b() as u8),
            ActionKind::Command => (action.b() as u8, action.c() as u8),
            ActionKind::Place => (NO_SQUARE, action.b() as u8),
            _ => (NO_SQUARE, NO_SQUARE),
        };
        let opponent_flag = self.flags[us ^ 1];
        let coup = self.rules.objective() == Objective::Coup;
        let next_to_flag = |sq: u8| {
            sq < 36 && opponent_flag < 36 && ADJACENT[opponent_flag as usize] >> sq & 1 != 0
        };
        let began_next = next_to_flag(from);
        self.set_relocate(false);
        self.play_base(action);
        if from != NO_SQUARE {
            for f in 0..2 {
                if self.flags[f] == from {
                    self.set_flag(f, to);
                }
            }
        }
        if coup && next_to_flag(to) && !began_next {
            let points = self.score[us] + 1;
            self.key ^= zobrist::score(us, self.score[us]) ^ zobrist::score(us, points);
            self.score[us] = points;
            // The opponent, now to move, may first relocate its Flag
            // (unless this was the winning point).
            self.set_relocate(points < 3);
        }
        debug_assert!(to == NO_SQUARE || self.board[to as usize] != EMPTY);
    }

    fn set_flag(&mut self, f: usize, sq: u8) {
        self.key ^= zobrist::flag(f, self.flags[f]) ^ zobrist::flag(f, sq);
        self.flags[f] = sq;
    }

    fn set_relocate(&mut self, on: bool) {
        if self.relocate != on {
            self.key ^= zobrist::relocate();
            self.relocate = on;
        }
    }
}

/// The square of an index below 36.
#[inline(always)]
fn sq(i: usize) -> crate::Square {
    crate::Square::ALL[i % 36]
}
