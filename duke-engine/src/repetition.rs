//! The repetition window shared by [`crate::Game`] and the batch: which
//! earlier positions the current one can repeat (SPEC §6 rule 3), and a
//! 256-bit filter of their keys so that most turns need no scan.
//!
//! A capture or a levy cannot be undone, so only the positions since the
//! last one can equal the current position, and of those only every second
//! one (the same side to move). Each owner keeps its own history of steps
//! (the position before each action, or its key); the window is the suffix
//! of that history from `start`, and `bits` has the bit of the top bits of
//! the key before every step in it set. Random games reach windows of a
//! hundred steps, which fill a one-word filter; the batch keeps 256 bits a
//! game (`W = 4` words, small for a thousand games at once), `Game` 1,024
//! (`W = 16`), so that fewer turns scan.

/// The positions since the last capture or levy, as a suffix of a history
/// of steps, and a filter of their keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Window<const W: usize = 4> {
    /// The index in the history of the first step in the window.
    start: usize,
    /// The bit [`Window::bit`] of the key before every step in the window:
    /// a key whose bit is clear is not there.
    bits: [u64; W],
}

impl<const W: usize> Default for Window<W> {
    fn default() -> Window<W> {
        Window::at(0)
    }
}

impl<const W: usize> Window<W> {
    /// How far a key is shifted down to leave its top `6 + log2(W)` bits:
    /// the filter's index (`W` is a power of two).
    const SHIFT: u32 = 64 - 6 - W.trailing_zeros();

    /// An empty window starting at history index `start`.
    #[inline]
    pub(crate) const fn at(start: usize) -> Window<W> {
        Window {
            start,
            bits: [0; W],
        }
    }

    /// The word and the bit of `key` in the filter, from its top bits (any
    /// bits of a Zobrist key are as random as others).
    #[inline(always)]
    fn bit(key: u64) -> (usize, u64) {
        let index = key >> Self::SHIFT;
        ((index >> 6) as usize % W, 1 << (index & 63))
    }

    /// The window over `history[start..]`, the keys before its steps read
    /// with `key_of` (after an undo, or a history built another way).
    pub(crate) fn over<T>(history: &[T], start: usize, key_of: impl Fn(&T) -> u64) -> Window<W> {
        let mut w = Window::at(start);
        for step in &history[start..] {
            let (word, bit) = Self::bit(key_of(step));
            w.bits[word] |= bit;
        }
        w
    }

    /// Where the window starts in the history.
    #[inline]
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// Records the step just pushed (the history is now `len` long): the
    /// key of the position before it, and whether it reset the quiet count
    /// (a capture or levy: the window starts again after it).
    #[inline(always)]
    pub(crate) fn push(&mut self, before_key: u64, reset: bool, len: usize) {
        if reset {
            *self = Window::at(len);
        } else {
            let (word, bit) = Self::bit(before_key);
            self.bits[word] |= bit;
        }
    }

    /// How many times the current position (key `key`) has occurred, this
    /// occurrence included: the steps of the window at the same side to
    /// move whose key before is `key` and for which `same(i)` (history
    /// index `i`) says the position before it is the current one.
    #[inline(always)]
    pub(crate) fn count<T>(
        &self,
        history: &[T],
        key: u64,
        key_of: impl Fn(&T) -> u64,
        same: impl FnMut(usize) -> bool,
    ) -> u32 {
        let (word, bit) = Self::bit(key);
        if self.bits[word] & bit == 0 {
            return 1;
        }
        self.scan(history, key, key_of, same)
    }

    /// [`Window::count`] past the filter: kept out of line, so that the
    /// generator it follows in a step keeps its registers.
    #[inline(never)]
    fn scan<T>(
        &self,
        history: &[T],
        key: u64,
        key_of: impl Fn(&T) -> u64,
        mut same: impl FnMut(usize) -> bool,
    ) -> u32 {
        let mut count = 1;
        // The step two back started from the last position with the same
        // side to move; then every second one.
        let mut i = history.len().wrapping_sub(2);
        while i < history.len() && i >= self.start {
            if key_of(&history[i]) == key && same(i) {
                count += 1;
            }
            i = i.wrapping_sub(2);
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_the_window_at_the_same_side_to_move() {
        check::<4>();
        check::<16>();
    }

    fn check<const W: usize>() {
        // Keys before steps 0..8; a reset after step 2.
        let keys = [5u64, 7, 5, 9, 5, 9, 5, 9];
        let mut w = Window::<W>::at(0);
        for (i, &k) in keys.iter().enumerate() {
            w.push(k, i == 2, i + 1);
        }
        assert_eq!(w.start(), 3);
        // The current position (after step 7) has key 5: the steps two,
        // four, ... back inside the window are 6 and 4 (both 5); step 2 and
        // 0 are before the window.
        assert_eq!(w.count(&keys, 5, |&k| k, |_| true), 3);
        // A key the filter has not seen (its top bits differ).
        assert_eq!(w.count(&keys, 5 | 1 << 60, |&k| k, |_| unreachable!()), 1);
        // Keys equal but positions not: not counted.
        assert_eq!(w.count(&keys, 5, |&k| k, |i| i == 6), 2);
        // Rebuilt over the same suffix: the same filter and counts.
        let r = Window::<W>::over(&keys, 3, |&k| k);
        assert_eq!((r.start(), r.bits), (w.start(), w.bits));
    }
}
