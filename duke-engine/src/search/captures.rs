//! The quiescence search's generator: the legal captures of a position,
//! and whether it has any legal action at all, from the one move
//! generator (`Position::generate`) with a sink that keeps only captures.
//! It lists nothing the generator would not, in the same order, so the
//! search sees the same captures as a filter of `legal_actions` gives.

use crate::movegen::Sink;
use crate::{Action, ActionKind, ActionList, Bag, Position};

/// The legal captures of a position (relocations and commands onto an
/// enemy tile, strikes), and whether any legal action exists.
pub(crate) struct Captures {
    pub(crate) list: ActionList,
    pub(crate) any: bool,
}

impl Sink for Captures {
    #[inline(always)]
    fn relocations(&mut self, from: usize, targets: u64, enemy: u64) {
        self.any |= targets != 0;
        let mut hits = targets & enemy;
        while hits != 0 {
            let to = hits.trailing_zeros() as usize;
            self.list
                .push(Action::pack(ActionKind::Relocate, from, to, 0, true));
            hits &= hits - 1;
        }
    }
    #[inline(always)]
    fn strikes(&mut self, from: usize, mut targets: u64) {
        self.any |= targets != 0;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            self.list
                .push(Action::pack(ActionKind::Strike, from, to, 0, true));
            targets &= targets - 1;
        }
    }
    #[inline(always)]
    fn commands(&mut self, commander: usize, from: usize, targets: u64, enemy: u64) {
        self.any |= targets != 0;
        let mut hits = targets & enemy;
        while hits != 0 {
            let to = hits.trailing_zeros() as usize;
            self.list
                .push(Action::pack(ActionKind::Command, commander, from, to, true));
            hits &= hits - 1;
        }
    }
    #[inline(always)]
    fn levies(&mut self, _: Bag, squares: u64) {
        self.any |= squares != 0;
    }
    // A Flag's pass or relocation captures nothing.
    fn passes(&mut self, _: usize, targets: u64) {
        self.any |= targets != 0;
    }
    fn flag_squares(&mut self, _: u64) {}
}

impl Position {
    /// The legal captures, and whether the position has any legal action.
    #[inline]
    pub(crate) fn legal_captures(&self) -> Captures {
        let mut c = Captures {
            list: ActionList::new(),
            any: false,
        };
        self.generate(&mut c);
        c
    }
}

#[cfg(test)]
mod tests {
    use crate::{ActionKind, Position};

    #[test]
    fn captures_are_the_legal_captures_in_order() {
        // Positions of seeded random games (a small LCG picks the actions).
        let mut x = 12345u64;
        let mut checked = 0;
        for _ in 0..if cfg!(miri) { 2 } else { 40 } {
            let mut pos = Position::standard();
            for _ in 0..80 {
                let all = pos.legal_actions();
                let want: alloc::vec::Vec<_> = all
                    .iter()
                    .filter(|a| a.kind() != ActionKind::Place && a.is_capture())
                    .copied()
                    .collect();
                let got = pos.legal_captures();
                assert_eq!(&got.list[..], &want[..], "{pos:?}");
                assert_eq!(got.any, !all.is_empty(), "{pos:?}");
                checked += 1;
                if all.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(all[(x >> 33) as usize % all.len()]);
            }
        }
        assert!(checked > if cfg!(miri) { 50 } else { 1000 }, "{checked}");
    }
}
