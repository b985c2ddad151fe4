//! The one generator of the engine's unit tests: xorshift64, seeded, for
//! random positions, boards and picks that are the same at every run.

/// Xorshift64 (13, 7, 17): a test's stream of pseudo-random numbers.
pub(crate) struct TestRng(u64);

impl TestRng {
    /// A stream from `seed` (not 0).
    pub(crate) const fn new(seed: u64) -> TestRng {
        TestRng(seed)
    }

    /// The next number.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// The next number below `n` (not 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
