//! What the hand-tuned evaluation adds under Expanded Play's objectives:
//! how near each side is to the win its objective asks for.
//!
//! The standard game's features ([`eval`](super::eval)) measure material,
//! mobility and the Duke's safety; under Counting Coup, Other Objective
//! and Dark Rider the game is won otherwise, and the search, which sees
//! the win itself only a few turns ahead, needs to be told which way it
//! lies. Each term is for one side, in centi-Footmen, and
//! [`objective_score`] is the side to move's less its opponent's:
//!
//! | objective | term |
//! |---|---|
//! | Counting Coup | [`POINT`] per point; [`DUKE_ALIVE`] while the Duke (the only way to levy) lives; [`POINT_THREAT`] when a tile (or a levy) can end its next action next to the opponent's Flag; [`APPROACH`] per square between the nearest other tile and those squares |
//! | Other Objective | [`DUKE_ALIVE`]; holding the opponent's Flag: [`CARRY`], plus [`ADVANCE`] per rank it has come towards the home row; else [`FLAG_THREAT`] when a tile can pick it up next, and [`APPROACH`] per square to it |
//! | Dark Rider | for Light, [`FROZEN`] per Pikeman on rank 6 while Dark has taken at most one, and [`PIKEMAN_RANK`] per rank each other Pikeman has advanced |
//!
//! The weights were set by hand and checked in matches (`duke tournament
//! --rules R`); the book's AI chapter gives the figures.
//!
//! Logistical Nightmare's draft picks by
//! [`eval::draft_pick`](super::eval::draft_pick): the kind whose tiles are
//! worth most by the evaluation's fitted material values.

use crate::masks::ADJACENT;
use crate::{Objective, Position, Side, Square, Troop};

/// A point in Counting Coup (three win).
pub const POINT: i32 = 300;
/// A Duke still on the board under Counting Coup and Other Objective,
/// where taking it does not win but a side without it cannot levy.
pub const DUKE_ALIVE: i32 = 250;
/// A point in Counting Coup that one of the side's actions (or a levy)
/// can score next.
pub const POINT_THREAT: i32 = 70;
/// The opponent's Flag in Other Objective, lying where one of the side's
/// tiles can take it up next.
pub const FLAG_THREAT: i32 = 120;
/// Per square between the side's nearest tile and its goal (negative).
pub const APPROACH: i32 = -8;
/// Holding the opponent's Flag in Other Objective.
pub const CARRY: i32 = 250;
/// Per rank the held Flag has come towards the holder's home row.
pub const ADVANCE: i32 = 80;
/// A frozen Pikeman of Dark Rider (Light's third wins).
pub const FROZEN: i32 = 160;
/// Per square the Knight of Dark Rider can reach.
pub const KNIGHT_ROOM: i32 = 45;
/// Per rank a Pikeman of Dark Rider has advanced.
pub const PIKEMAN_RANK: i32 = 15;

/// The objective's terms for the side to move less its opponent's, in
/// centi-Footmen; 0 under the Duke's objective (the standard game's
/// features say all there is).
///
/// ```
/// use duke_engine::search::objective::{objective_score, POINT};
/// use duke_engine::Position;
/// assert_eq!(objective_score(&Position::standard()), 0);
/// // Counting Coup: Light has a point, Dark none.
/// let light: Position = "3d2/6/6/1F4/6/2D3 l -/- 1 1 coup,flags=F1/A3,score=1/0".parse().unwrap();
/// assert!(objective_score(&light) > POINT / 2);
/// let dark: Position = "3d2/6/6/1F4/6/2D3 d -/- 1 1 coup,flags=F1/A3,score=1/0".parse().unwrap();
/// assert!(objective_score(&dark) < -POINT / 2);
/// ```
pub fn objective_score(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    match pos.rules().objective() {
        Objective::Duke => 0,
        objective => side_terms(pos, us, objective) - side_terms(pos, !us, objective),
    }
}

/// One side's terms.
fn side_terms(pos: &Position, side: Side, objective: Objective) -> i32 {
    match objective {
        Objective::Duke => 0,
        Objective::Coup => coup(pos, side),
        Objective::Flag => flag(pos, side),
        Objective::Rider => rider(pos, side),
    }
}

/// The squares `side`'s tiles can end their next action on (before the
/// guard rule), and the least distance from one of them, not standing in
/// `goal`, to `goal`.
fn reach_and_distance(pos: &Position, side: Side, goal: u64) -> (u64, i32) {
    let mut reach = 0;
    let mut nearest = 6;
    for sq in pos.tiles_of(side) {
        if goal & 1 << sq.index() != 0 {
            continue;
        }
        reach |= pos.pseudo_targets_expanded(sq.index()).0;
        nearest = nearest.min(distance(sq, goal));
    }
    (reach, nearest)
}

/// The king-step distance from `from` to the nearest square of `goal`
/// (6 when `goal` is empty).
fn distance(from: Square, goal: u64) -> i32 {
    crate::Bitboard(goal)
        .into_iter()
        .map(|to| {
            let df = (i32::from(from.file()) - i32::from(to.file())).abs();
            let dr = (i32::from(from.rank()) - i32::from(to.rank())).abs();
            df.max(dr)
        })
        .min()
        .unwrap_or(6)
}

/// Counting Coup: points, the Duke, and the next point.
fn coup(pos: &Position, side: Side) -> i32 {
    let mut score = POINT * pos.score(side) as i32;
    let duke = pos.duke(side);
    if duke.is_some() {
        score += DUKE_ALIVE;
    }
    let Some(flag) = pos.flag(!side) else {
        return score;
    };
    let ring = ADJACENT[flag.index()];
    let (mut reach, nearest) = reach_and_distance(pos, side, ring);
    // A troop placed next to the Flag by a levy scores too.
    if let Some(k) = duke {
        if !pos.bag(side).is_empty() {
            reach |= ADJACENT[k.index()] & !pos.occupied().0;
        }
    }
    if reach & ring != 0 {
        score += POINT_THREAT;
    }
    score + APPROACH * nearest
}

/// Other Objective: the Duke, and the opponent's Flag.
fn flag(pos: &Position, side: Side) -> i32 {
    let mut score = if pos.duke(side).is_some() {
        DUKE_ALIVE
    } else {
        0
    };
    let Some(goal) = pos.flag(!side) else {
        return score;
    };
    let ranks_to_go = |sq: Square| match side {
        Side::Light => i32::from(sq.rank()),
        Side::Dark => 5 - i32::from(sq.rank()),
    };
    if pos.tiles_of(side).contains(goal) {
        score += CARRY + ADVANCE * (5 - ranks_to_go(goal));
    } else {
        let (reach, nearest) = reach_and_distance(pos, side, 1 << goal.index());
        if reach & 1 << goal.index() != 0 {
            score += FLAG_THREAT;
        }
        score += APPROACH * nearest;
    }
    score
}

/// Dark Rider: Light's Pikemen, frozen and advancing.
fn rider(pos: &Position, side: Side) -> i32 {
    if side == Side::Dark {
        // The Knight's room: cornered, it is taken.
        return pos
            .tiles_of(Side::Dark)
            .into_iter()
            .map(|k| {
                let (reach, strikes) = pos.pseudo_targets_expanded(k.index());
                KNIGHT_ROOM * (reach | strikes).count_ones() as i32
            })
            .sum();
    }
    let frozen = pos.frozen();
    let taken = 5 - pos.troops(Side::Light, Troop::Pikeman).count() as i32;
    let mut score = 0;
    if taken <= 1 {
        score += FROZEN * frozen.count() as i32;
    }
    for sq in pos.troops(Side::Light, Troop::Pikeman) {
        if !frozen.contains(sq) {
            score += PIKEMAN_RANK * i32::from(sq.rank());
        }
    }
    score
}
