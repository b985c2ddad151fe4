//! The repetition window shared by [`crate::Game`] and the batch: which
//! earlier positions the current one can repeat (SPEC §6 rule 3), and a
//! 256-bit filter of their keys so that most turns need no scan.
//!
//! A capture or a levy cannot be undone, so only the positions since the
//! last one can equal the current position, and of those only every second
//! one (the same side to move). Each owner keeps its own history of steps
//! (the position before each action, or its key); the window is the suffix
//! of that history from `start`, and `bits` has the bit of the top byte of
//! the key before every step in it set. Random games reach windows of a
//! hundred steps, which fill a one-word filter; 256 bits keep most turns
//! from scanning.

/// The positions since the last capture or levy, as a suffix of a history
/// of steps, and a filter of their keys.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Window {
    /// The index in the history of the first step in the window.
    start: usize,
    /// The bit [`Window::bit`] of the key before every step in the window:
    /// a key whose bit is clear is not there.
    bits: [u64; 4],
}

impl Window {
    /// An empty window starting at history index `start`.
    #[inline]
    pub(crate) const fn at(start: usize) -> Window {
        Window {
            start,
            bits: [0; 4],
        }
    }

    /// The word and the bit of `key` in the filter, from its top byte (any
    /// byte of a Zobrist key is as random as another).
    #[inline(always)]
    fn bit(key: u64) -> (usize, u64) {
        ((key >> 62) as usize, 1 << ((key >> 56) & 63))
    }

    /// The window over `history[start..]`, the keys before its steps read
    /// with `key_of` (after an undo, or a history built another way).
    pub(crate) fn over<T>(history: &[T], start: usize, key_of: impl Fn(&T) -> u64) -> Window {
        let mut w = Window::at(start);
        for step in &history[start..] {
            let (word, bit) = Window::bit(key_of(step));
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
            let (word, bit) = Window::bit(before_key);
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
        let (word, bit) = Window::bit(key);
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
        // Keys before steps 0..8; a reset after step 2.
        let keys = [5u64, 7, 5, 9, 5, 9, 5, 9];
        let mut w = Window::at(0);
        for (i, &k) in keys.iter().enumerate() {
            w.push(k, i == 2, i + 1);
        }
        assert_eq!(w.start(), 3);
        // The current position (after step 7) has key 5: the steps two,
        // four, ... back inside the window are 6 and 4 (both 5); step 2 and
        // 0 are before the window.
        assert_eq!(w.count(&keys, 5, |&k| k, |_| true), 3);
        // A key the filter has not seen (its top byte differs).
        assert_eq!(w.count(&keys, 5 | 1 << 60, |&k| k, |_| unreachable!()), 1);
        // Keys equal but positions not: not counted.
        assert_eq!(w.count(&keys, 5, |&k| k, |i| i == 6), 2);
        // Rebuilt over the same suffix: the same filter and counts.
        let r = Window::over(&keys, 3, |&k| k);
        assert_eq!((r.start(), r.bits), (w.start(), w.bits));
    }
}
