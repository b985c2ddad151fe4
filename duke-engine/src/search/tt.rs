//! The transposition table: one entry a slot, indexed by the low bits of
//! the Zobrist key, always replaced. Threads share it without locks.
//!
//! A slot is two `AtomicU64`s: the entry packed into one word (`data`) and
//! the key XOR that word (`check`), written and read with `Relaxed`
//! ordering. A reader accepts an entry only when `check ^ data` equals its
//! key, so a slot torn by two threads writing at once reads as a miss
//! (unless a 64-bit coincidence, which a hash collision can cause anyway:
//! the search never trusts an entry's action without checking it against
//! the legal list). With one thread it behaves as a plain array of entries.
//! `core::sync::atomic` keeps it `no_std`.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The score is exact.
pub(super) const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub(super) const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub(super) const UPPER: u8 = 3;

/// What a slot holds for a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    /// The best action's bits (`Action::to_bits`, below 2^22), or 0.
    pub best: u32,
    /// The score, relative to the node for mates.
    pub score: i32,
    /// The depth searched, 0 to 127.
    pub depth: i8,
    /// [`EXACT`], [`LOWER`] or [`UPPER`] (0 in an empty slot).
    pub flag: u8,
}

const BEST_BITS: u32 = 22;

impl Entry {
    // Bits 0..22 the action, 22..24 the flag, 24..32 the depth, 32..64 the score.
    #[inline(always)]
    fn pack(self) -> u64 {
        debug_assert!(self.best >> BEST_BITS == 0 && self.flag < 4 && self.depth >= 0);
        u64::from(self.best)
            | u64::from(self.flag) << BEST_BITS
            | u64::from(self.depth as u8) << (BEST_BITS + 2)
            | u64::from(self.score as u32) << 32
    }

    #[inline(always)]
    fn unpack(data: u64) -> Entry {
        Entry {
            best: (data as u32) & ((1 << BEST_BITS) - 1),
            flag: ((data >> BEST_BITS) & 3) as u8,
            depth: (data >> (BEST_BITS + 2)) as u8 as i8,
            score: (data >> 32) as u32 as i32,
        }
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table: a power-of-two number of slots behind an `Arc`, so that
/// [`Table::share`] hands the same slots to another thread's searcher.
pub(super) struct Table {
    slots: Arc<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of `entries` slots, rounded up to a power of two.
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1).next_power_of_two();
        let slots: Vec<Slot> = (0..n).map(|_| Slot::default()).collect();
        Table {
            slots: slots.into(),
            mask: n - 1,
        }
    }

    /// The same slots, for a searcher on another thread.
    #[cfg_attr(
        not(all(feature = "std", not(target_arch = "wasm32"))),
        allow(dead_code)
    )]
    pub fn share(&self) -> Table {
        Table {
            slots: Arc::clone(&self.slots),
            mask: self.mask,
        }
    }

    /// Empties every slot: plain stores (a `memset`) while no other
    /// searcher shares the slots, atomic ones otherwise.
    pub fn clear(&mut self) {
        if let Some(slots) = Arc::get_mut(&mut self.slots) {
            for s in slots.iter_mut() {
                *s.check.get_mut() = 0;
                *s.data.get_mut() = 0;
            }
            return;
        }
        for s in self.slots.iter() {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
    }

    /// The entry stored for `key`, if the slot holds that key.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[key as usize & self.mask];
        let data = s.data.load(Relaxed);
        let check = s.check.load(Relaxed);
        (check ^ data == key).then(|| Entry::unpack(data))
    }

    /// Stores `entry` for `key`, replacing what the slot held.
    #[inline(always)]
    pub fn store(&self, key: u64, entry: Entry) {
        let s = &self.slots[key as usize & self.mask];
        let data = entry.pack();
        s.data.store(data, Relaxed);
        s.check.store(key ^ data, Relaxed);
    }

    /// Stores every entry of `other` in this table (each over what its
    /// slot here held).
    pub fn store_all(&self, other: &Table) {
        for s in other.slots.iter() {
            let data = s.data.load(Relaxed);
            // An empty slot's word is 0; a stored entry's flag is not.
            if data != 0 {
                let key = s.check.load(Relaxed) ^ data;
                self.store(key, Entry::unpack(data));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_packed_word() {
        for best in [0, 1, (1 << 21) - 1, 0x12_3456] {
            for score in [0, 1, -1, 100_001, -100_001, i32::MAX, i32::MIN] {
                for depth in [0, 1, 64, 127] {
                    for flag in [0, EXACT, LOWER, UPPER] {
                        let e = Entry {
                            best,
                            score,
                            depth,
                            flag,
                        };
                        assert_eq!(Entry::unpack(e.pack()), e);
                    }
                }
            }
        }
    }

    #[test]
    fn store_all_copies_every_entry_of_another_table() {
        let small = Table::new(4);
        let big = Table::new(64);
        let e = |depth| Entry {
            best: 5,
            score: -40,
            depth,
            flag: LOWER,
        };
        small.store(0x1234_0001, e(3));
        small.store(0x9876_0002, e(7));
        big.store(0x5555_0011, e(1));
        big.store_all(&small);
        assert_eq!(big.probe(0x1234_0001), Some(e(3)));
        assert_eq!(big.probe(0x9876_0002), Some(e(7)));
        // Its other entries stay; the empty slots of `small` copy nothing
        // (slot 5, empty in both, still misses).
        assert_eq!(big.probe(0x5555_0011), Some(e(1)));
        assert_eq!(big.probe(0x1234_0005), None);
    }

    #[test]
    fn probe_finds_what_was_stored_and_misses_other_keys() {
        let mut t = Table::new(100);
        assert_eq!(t.mask, 127);
        let e = Entry {
            best: 77,
            score: -5,
            depth: 3,
            flag: LOWER,
        };
        let key = 0xDEAD_BEEF_0000_0005;
        assert_eq!(t.probe(key), None);
        t.store(key, e);
        assert_eq!(t.probe(key), Some(e));
        // Same slot, another key: a miss; then it replaces the entry.
        let other = key ^ (1 << 40);
        assert_eq!(t.probe(other), None);
        t.store(other, Entry { depth: 1, ..e });
        assert_eq!(t.probe(key), None);
        assert_eq!(t.probe(other), Some(Entry { depth: 1, ..e }));
        // A shared table sees the same slots; clear empties them, shared
        // (atomic stores) or not (plain ones).
        let shared = t.share();
        assert_eq!(shared.probe(other), Some(Entry { depth: 1, ..e }));
        t.clear();
        assert_eq!(shared.probe(other), None);
        drop(shared);
        t.store(key, e);
        t.clear();
        assert_eq!(t.probe(key), None);
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let t = Table::new(1);
        let (k1, k2) = (0x1111, 0x2222);
        let e1 = Entry {
            best: 1,
            score: 10,
            depth: 2,
            flag: EXACT,
        };
        let e2 = Entry {
            best: 2,
            score: -10,
            depth: 4,
            flag: UPPER,
        };
        // Data of one write with the check word of another.
        t.slots[0].data.store(e2.pack(), Relaxed);
        t.slots[0].check.store(k1 ^ e1.pack(), Relaxed);
        assert_eq!(t.probe(k1), None);
        assert_eq!(t.probe(k2), None);
    }
}
