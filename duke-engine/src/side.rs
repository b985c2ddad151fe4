//! The two sides and per-side data.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

/// One of the two players. Light sets up and moves first.
///
/// ```
/// use duke_engine::Side;
/// assert_eq!(!Side::Light, Side::Dark);
/// assert_eq!(Side::Dark.char(), 'd');
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    /// The player at ranks 1–2, written in uppercase.
    Light = 0,
    /// The player at ranks 5–6, written in lowercase.
    Dark = 1,
}

impl Side {
    /// The number of sides.
    pub const COUNT: usize = 2;
    /// Both sides, Light first.
    pub const ALL: [Side; 2] = [Side::Light, Side::Dark];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Light => Side::Dark,
            Side::Dark => Side::Light,
        }
    }

    /// `0` for Light, `1` for Dark.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The DPN letter: `l` or `d`.
    pub const fn char(self) -> char {
        match self {
            Side::Light => 'l',
            Side::Dark => 'd',
        }
    }

    /// The side for a DPN letter, `l` or `d`.
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            'l' => Some(Side::Light),
            'd' => Some(Side::Dark),
            _ => None,
        }
    }

    /// The word: `"Light"` or `"Dark"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Light => "Light",
            Side::Dark => "Dark",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
///
/// ```
/// use duke_engine::{BySide, Side};
/// let mut wins = BySide::new(0, 0);
/// wins[Side::Dark] += 1;
/// assert_eq!(wins.light, 0);
/// assert_eq!(wins.dark, 1);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T> {
    /// Light's value.
    pub light: T,
    /// Dark's value.
    pub dark: T,
}

impl<T> BySide<T> {
    /// Both values.
    pub const fn new(light: T, dark: T) -> BySide<T> {
        BySide { light, dark }
    }

    /// The value of `side`.
    #[inline]
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            light: f(self.light),
            dark: f(self.dark),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Light => &mut self.light,
            Side::Dark => &mut self.dark,
        }
    }
}
