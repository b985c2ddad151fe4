//! The two sides and per-side data.

use core::fmt;
use core::ops::{Index, IndexMut, Not};
use core::str::FromStr;

use crate::names::{find, NameKind, ParseNameError};

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

impl Side {
    /// The lowercase word: `light` or `dark`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }
}

impl FromStr for Side {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Side, ParseNameError> {
        match s {
            _ if s.eq_ignore_ascii_case("l") => Ok(Side::Light),
            _ if s.eq_ignore_ascii_case("d") => Ok(Side::Dark),
            _ => find(&Side::ALL, Side::as_str, s)
                .ok_or_else(|| ParseNameError::new(NameKind::Side, s)),
        }
    }
}

/// Whose point of view an encoding takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Perspective {
    /// Light is owner 0; the board as SPEC §1 lays it out.
    #[default]
    Absolute,
    /// The side to move is owner 0; the board turned when Dark is to move.
    Mover,
    /// The given side is owner 0; the board turned when it is Dark (for an
    /// observer who is not to move, as in a multi-agent environment).
    Of(Side),
}

impl Perspective {
    /// The side seen as owner 0 when `mover` is to move.
    #[inline(always)]
    pub(crate) fn viewer_when(self, mover: Side) -> Side {
        match self {
            Perspective::Absolute => Side::Light,
            Perspective::Mover => mover,
            Perspective::Of(side) => side,
        }
    }

    /// The lowercase word: `absolute`, `mover`, `light` or `dark`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Perspective::Absolute => "absolute",
            Perspective::Mover => "mover",
            Perspective::Of(side) => side.as_str(),
        }
    }
}

impl fmt::Display for Perspective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Perspective {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<Perspective, ParseNameError> {
        let all = [
            Perspective::Absolute,
            Perspective::Mover,
            Perspective::Of(Side::Light),
            Perspective::Of(Side::Dark),
        ];
        find(&all, Perspective::as_str, s)
            .ok_or_else(|| ParseNameError::new(NameKind::Perspective, s))
    }
}
