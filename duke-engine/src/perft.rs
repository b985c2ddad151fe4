//! perft and divide (SPEC §9).

use core::sync::atomic::{AtomicBool, Ordering};

use crate::{Action, ActionList, Position};

/// The number of leaf positions `depth` turns ahead (SPEC §9): a levy
/// counts once per (troop kind in the bag, free square); the draw rules are
/// ignored; a position without a Duke has no children. The last ply is
/// counted without playing its actions (bulk counting). The bindings take
/// depths up to [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
///
/// ```
/// use duke_engine::{perft, Position};
/// assert_eq!(perft(&Position::standard(), 2), 324);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // The rules are the same at every node: checked once here, so the
    // standard game's loop carries no test of them.
    if pos.rules().plays_standard() {
        perft_standard(pos, depth)
    } else {
        perft_any(pos, depth)
    }
}

/// [`perft`] under rules that play as the standard game's.
fn perft_standard(pos: &Position, depth: u32) -> u64 {
    // One list per ply, made once per call rather than once per node (an
    // empty list is a kilobyte to clear).
    let mut lists = [const { ActionList::new() }; 8];
    perft_standard_in(pos, depth, &mut lists)
}

/// [`perft_standard`] with a list for each ply below this one in `lists`
/// (fresh ones past their end).
fn perft_standard_in(pos: &Position, depth: u32, lists: &mut [ActionList]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_standard(),
        _ => {
            let Some((list, below)) = lists.split_first_mut() else {
                return perft_standard(pos, depth);
            };
            list.clear();
            pos.generate_standard(list);
            let mut total = 0;
            for &a in list.iter() {
                let mut child = *pos;
                // Only counted: its key is not kept.
                child.play_base_with::<false>(a);
                total += perft_standard_in(&child, depth - 1, below);
            }
            total
        }
    }
}

/// [`perft`] under any rules.
fn perft_any(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut total = 0;
            for &a in pos.legal_actions().iter() {
                let mut child = *pos;
                child.play_unchecked(a);
                total += perft_any(&child, depth - 1);
            }
            total
        }
    }
}

/// Each legal action of `pos` with the perft of its child at `depth - 1`,
/// in a stable order (by action text); `depth` must be at least 1.
///
/// ```
/// use duke_engine::{divide, Position};
/// let rows: Vec<_> = divide(&Position::standard(), 1).collect();
/// assert_eq!(rows.len(), 18);
/// assert!(rows.iter().all(|&(_, n)| n == 1));
/// ```
pub fn divide(pos: &Position, depth: u32) -> impl Iterator<Item = (Action, u64)> + '_ {
    let mut list: ActionList = pos.legal_actions();
    list.sort();
    let depth = depth.max(1);
    (0..list.len()).map(move |i| {
        let a = list[i];
        let mut child = *pos;
        child.play_unchecked(a);
        (a, perft(&child, depth - 1))
    })
}

/// As [`perft`], but gives up soon after `stop` is set (`None`): what the
/// bindings run, so that Ctrl-C or a caller's flag ends a long count. The
/// flag is read at every node at least three turns above the leaves (each
/// a count of a millisecond or less), and the last two turns are counted
/// as [`perft`] counts them, so the check costs nothing measurable.
///
/// ```
/// use core::sync::atomic::AtomicBool;
/// use duke_engine::{perft, perft::perft_until, Position};
/// let go = AtomicBool::new(false);
/// assert_eq!(perft_until(&Position::standard(), 3, &go), Some(perft(&Position::standard(), 3)));
/// let stop = AtomicBool::new(true);
/// assert_eq!(perft_until(&Position::standard(), 3, &stop), None);
/// ```
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 3 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut total = 0;
    for &a in pos.legal_actions().iter() {
        let mut child = *pos;
        child.play_unchecked(a);
        total += perft_until(&child, depth - 1, stop)?;
    }
    Some(total)
}

/// As [`divide`], collected, but `None` soon after `stop` is set.
#[cfg(feature = "alloc")]
pub fn divide_until(
    pos: &Position,
    depth: u32,
    stop: &AtomicBool,
) -> Option<alloc::vec::Vec<(Action, u64)>> {
    let mut list: ActionList = pos.legal_actions();
    list.sort();
    let depth = depth.max(1);
    list.iter()
        .map(|&a| {
            let mut child = *pos;
            child.play_unchecked(a);
            Some((a, perft_until(&child, depth - 1, stop)?))
        })
        .collect()
}
