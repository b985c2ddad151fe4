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
use alloc::string::String;
use alloc::vec::Vec;

use crate::{Action, ActionKind, Game, Outcome, Phase, Position, Side, Troop};

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
/// - each side's tiles (board and bag) plus those it lost add up to 19;
/// - every listed action is accepted by [`Game::is_legal`], and in play the
///   list is the position's own legal list (a levy per troop and square);
/// - the phase, the result and the list agree: a finished game lists
///   nothing, a missing Duke or an empty list means the game is over,
///   and the result is the one SPEC §6 gives for this position and its
///   repetitions; a waiting draw is a troop from the bag with a square
///   next to the Duke.
pub fn check(game: &Game) -> Result<(), String> {
    let pos = game.position();
    if pos.key() != pos.key_from_scratch() {
        return Err(format!(
            "incremental key {:#x} differs from the recomputed {:#x} in {pos}",
            pos.key(),
            pos.key_from_scratch()
        ));
    }
    let mut lost = [0u32; 2];
    for (before, action) in game.steps() {
        if action.is_capture() {
            lost[(!before.side_to_move()) as usize] += 1;
        }
    }
    let in_setup = matches!(game.phase(), Phase::Setup { .. });
    for side in Side::ALL {
        let placed_later = if in_setup {
            // Setup tiles not yet placed are outside board and bag.
            let placed = game
                .steps()
                .iter()
                .filter(|(p, a)| a.kind() == ActionKind::Place && p.side_to_move() == side)
                .count() as u32;
            3u32.saturating_sub(placed)
        } else {
            0
        };
        let total = pos.tiles_in_play(side) + lost[side as usize] + placed_later;
        if total != 19 {
            return Err(format!(
                "{side:?} has {} tiles in play and lost {}, {total} in all, not 19",
                pos.tiles_in_play(side),
                lost[side as usize]
            ));
        }
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
            if pos.duke(side).is_none() && game.outcome().and_then(|o| o.winner()) != Some(!side) {
                return Err(format!("{side:?}'s Duke is gone but {side:?} has not lost"));
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
