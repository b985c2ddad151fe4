//! Consistency checks of a game: what must hold after every step. The
//! fuzz targets, the soak program and the property tests call them; a
//! program that accepts games from elsewhere can call them too.
//!
//! ```
//! use duke_engine::{audit, Game};
//! let mut game = Game::standard(7);
//! game.play_text("B1-B2").unwrap();
//! audit::check(&game).unwrap();
//! audit::check_undo_redo(&mut game).unwrap();
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::{Action, ActionKind, Game, Objective, Outcome, Phase, Position, Side, Troop};

/// A game's state as a caller sees it, its redo list aside: position,
/// phase, result, repetitions, legal list, and its history by length and
/// last action (undo and redo change history only at its end; the whole
/// record is compared by [`check_record`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    position: Position,
    phase: Phase,
    outcome: Option<Outcome>,
    repetitions: u32,
    legal: Vec<Action>,
    actions: usize,
    last: Option<Action>,
}

impl Snapshot {
    /// The snapshot of `game` now.
    pub fn of(game: &Game) -> Snapshot {
        Snapshot {
            position: *game.position(),
            phase: game.phase(),
            outcome: game.outcome(),
            repetitions: game.repetitions(),
            legal: game.legal_actions().to_vec(),
            actions: game.actions().len(),
            last: game.actions().last(),
        }
    }
}

/// Checks `game` as it stands:
///
/// - the incremental key equals the key computed from scratch;
/// - each side's tiles (board and bag) plus those it lost, and in setup
///   those not placed yet, add up to its army: 19, or under Expanded Play
///   Dark Rider's five Pikemen and one Knight, or the draft's three setup
///   tiles, the kinds it picked and its extra Footman;
/// - every listed action is accepted by [`Game::is_legal`], and in play the
///   list is the position's own legal list (a levy per troop and square);
/// - the phase, the result and the list agree: a finished game lists
///   nothing, a missing Duke (under the Duke objective) or an empty list
///   means the game is over, and the result is the one SPEC §6 gives for
///   this position and its repetitions; a waiting draw is a troop from the
///   bag with a square next to the Duke;
/// - Expanded Play, once the start is over: the position reads back from
///   its DPN, unless won on points or by taking the Duke (so no tile stands on the Mountain, no Flag on the Mountain or
///   on another, no tile where its objective forbids it), the terrain
///   stands where it was drawn, each Flag the objective uses stands on
///   exactly one square, the points are 0 to 3 (3 only in a game won on
///   points), and no frozen Pikeman of Dark Rider ever moved.
pub fn check(game: &Game) -> Result<(), String> {
    let pos = game.position();
    if pos.key() != pos.key_from_scratch() {
        return Err(format!(
            "incremental key {:#x} differs from the recomputed {:#x} in {pos}",
            pos.key(),
            pos.key_from_scratch()
        ));
    }
    let rules = game.rules();
    let setup_len = game.setup_len();
    let in_setup = game.steps().len() < setup_len;
    let mut lost = [0u32; 2];
    for (before, action) in &game.steps()[setup_len.min(game.steps().len())..] {
        if action.is_capture() {
            lost[(!before.side_to_move()) as usize] += 1;
        }
    }
    for side in Side::ALL {
        let (army, setup_tiles) = army_of(game, side);
        let placed = game
            .steps()
            .iter()
            .take(setup_len)
            .filter(|(p, a)| a.kind() == ActionKind::Place && p.side_to_move() == side)
            .count() as u32;
        // Setup tiles not yet placed are outside board and bag.
        let placed_later = setup_tiles.saturating_sub(placed);
        let total = pos.tiles_in_play(side) + lost[side as usize] + placed_later;
        if total != army {
            return Err(format!(
                "{side:?} has {} tiles in play, lost {} and has {placed_later} to place, {total} in all, not its army's {army}",
                pos.tiles_in_play(side),
                lost[side as usize]
            ));
        }
    }
    if !rules.is_standard() && !in_setup {
        expanded(game)?;
    }
    let list = game.legal_actions();
    for d in game.decisions() {
        if !game.is_decision_legal(d) {
            return Err(format!("{d} is offered but not accepted"));
        }
    }
    let phase = game.phase();
    match phase {
        Phase::Play => {
            let own = pos.legal_actions();
            if !same_set(&list, &own) {
                return Err(format!(
                    "the game's list differs from the position's in {pos}"
                ));
            }
            if list.is_empty() {
                return Err(format!("in play with no legal action in {pos}"));
            }
        }
        Phase::Levy { troop } => {
            if pos.bag(pos.side_to_move()).count(troop) == 0 {
                return Err(format!("drew {troop:?}, which is not in the bag"));
            }
            if list.is_empty() || list.iter().any(|a| a.kind() != ActionKind::Place) {
                return Err(format!("a draw waits but the list is {list:?}"));
            }
        }
        Phase::Over(_) => {
            if !list.is_empty() {
                return Err(String::from("a finished game lists actions"));
            }
        }
        Phase::Setup { .. } | Phase::Draft { .. } | Phase::Flags { .. } => {}
    }
    if !in_setup {
        let expected = pos.outcome_with_repetitions(game.repetitions());
        if game.outcome() != expected {
            return Err(format!(
                "the result is {:?}, the rules give {expected:?} in {pos}",
                game.outcome()
            ));
        }
        for side in Side::ALL {
            if rules.objective() == Objective::Duke
                && pos.duke(side).is_none()
                && game.outcome().and_then(|o| o.winner()) != Some(!side)
            {
                return Err(format!("{side:?}'s Duke is gone but {side:?} has not lost"));
            }
        }
    }
    Ok(())
}

/// A side's army under the game's rules, and how many of its tiles its
/// setup places from outside the bag.
fn army_of(game: &Game, side: Side) -> (u32, u32) {
    let rules = game.rules();
    if rules.objective() == Objective::Rider {
        return match side {
            Side::Light => (5, 5),
            Side::Dark => (1, 1),
        };
    }
    if !rules.draft() {
        return (19, 3);
    }
    // The draft: the Duke and two Footmen placed, the kinds picked, and one
    // Footman more once the thirteen picks are made.
    let mut picks = 0;
    let mut army = 3;
    for (before, action) in game.steps() {
        if let crate::ActionView::Pick { troop } = action.view() {
            picks += 1;
            if before.side_to_move() == side {
                army += u32::from(troop.army_count());
            }
        }
    }
    if picks == 13 {
        army += 1;
    }
    (army, 3)
}

/// Expanded Play's invariants, once the start of the game is over.
fn expanded(game: &Game) -> Result<(), String> {
    let pos = game.position();
    let rules = game.rules();
    // A game won on points ends with a score of 3, and one won by taking
    // the Duke without that Duke, which DPN does not read (scores are 0
    // to 2; the Duke objective's army has its Duke): every other position
    // reads back.
    let unreadable_end = matches!(
        game.outcome(),
        Some(Outcome::Win {
            reason: crate::WinReason::Points | crate::WinReason::DukeCaptured,
            ..
        })
    );
    if !unreadable_end {
        let back: Position = pos
            .to_string()
            .parse()
            .map_err(|e| format!("the position does not read back from its DPN: {e}"))?;
        if back != *pos {
            return Err(format!("{pos} reads back as another position"));
        }
    }
    // The terrain stands where the start put it.
    let start = game.steps().get(game.setup_len()).map_or(pos, |(p, _)| p);
    for (on, at, name) in [
        (
            rules.mountain(),
            (pos.mountain(), start.mountain()),
            "Mountain",
        ),
        (rules.fort(), (pos.fort(), start.fort()), "Fort"),
    ] {
        if on != at.0.is_some() || at.0 != at.1 {
            return Err(format!(
                "the {name} is on {:?}, and was on {:?}",
                at.0, at.1
            ));
        }
        if name == "Mountain" {
            if let Some(sq) = at.0 {
                if pos.tile_at(sq).is_some() {
                    return Err(format!("a tile stands on the Mountain in {pos}"));
                }
            }
        }
    }
    let flags = rules.objective().has_flags();
    for side in Side::ALL {
        if pos.flag(side).is_some() != flags {
            return Err(format!(
                "{side:?}'s Flag is {:?} under {rules}",
                pos.flag(side)
            ));
        }
    }
    if flags && pos.flag(Side::Light) == pos.flag(Side::Dark) {
        return Err(format!("both Flags on one square in {pos}"));
    }
    for side in Side::ALL {
        let points = pos.score(side);
        let won_on_points = matches!(
            game.outcome(),
            Some(Outcome::Win { winner, reason: crate::WinReason::Points }) if winner == side
        );
        if points > 3 || (points == 3) != won_on_points {
            return Err(format!(
                "{side:?} has {points} points, and the result is {:?}",
                game.outcome()
            ));
        }
    }
    if rules.objective() == Objective::Rider {
        for (before, action) in &game.steps()[game.setup_len()..] {
            if let Some(from) = action.actor() {
                let frozen = before.tile_at(from).is_some_and(|t| {
                    t.side == Side::Light && t.troop == Troop::Pikeman && from.rank() == 5
                });
                if frozen {
                    return Err(format!(
                        "the frozen Pikeman on {from} moved: {action} in {before}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Undoes the last step and checks the game is exactly as before it, then
/// takes the step again (a draw by drawing again, which must give the same
/// troop) and checks the game is exactly as after it. Does nothing in a
/// game with no step.
pub fn check_undo_redo(game: &mut Game) -> Result<(), String> {
    let after = Snapshot::of(game);
    let drew: Option<Troop> = game.pending_draw();
    let last_len = game.actions().len();
    if !game.undo() {
        return Ok(());
    }
    check(game)?;
    match drew {
        Some(troop) => {
            if game.actions().len() != last_len {
                return Err(String::from("undoing a draw took back an action"));
            }
            let again = game.draw().map_err(|e| format!("drawing again: {e}"))?;
            if again != troop {
                return Err(format!("drew {troop:?}, then {again:?} after undo"));
            }
        }
        None => {
            if game.redo().is_none() {
                return Err(String::from("redo refused the action just undone"));
            }
        }
    }
    let back = Snapshot::of(game);
    if back != after {
        return Err(format!(
            "undo and redo changed the game: {after:?} became {back:?}"
        ));
    }
    Ok(())
}

/// Checks that a game replays from its record (without the seed) to the
/// same position, result and record.
pub fn check_record(game: &Game) -> Result<(), String> {
    let text = game.record();
    let back = Game::from_record(&text).map_err(|e| format!("the record is refused: {e}"))?;
    if back.position() != game.position() || back.outcome() != game.outcome() {
        return Err(format!("the record replays to another game:\n{text}"));
    }
    if back.record() != text {
        return Err(format!("the replayed record differs:\n{text}"));
    }
    Ok(())
}

fn same_set(a: &[Action], b: &[Action]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}
