//! The engine's numeric limits and the one error for a number outside
//! them. Every face checks its numbers here, so that a level, a thread
//! count, a search limit, a perft depth or a hint's length is refused with
//! the same code everywhere, and never clamped.
//!
//! | what | range | code |
//! |---|---|---|
//! | a level | 1 to [`LEVELS`] | `level.range` |
//! | search threads | 1 to [`MAX_THREADS`] | `threads.range` |
//! | a search's depth | 1 to [`MAX_DEPTH`] | `limits.depth` |
//! | a search's nodes | at least 1 | `limits.nodes` |
//! | a search's time | 1 to [`MAX_MILLIS`] ms | `limits.millis` |
//! | a perft depth | 0 to [`MAX_PERFT_DEPTH`] | `perft.depth` |
//! | a hint's length `k` | 0 to [`MAX_HINTS`] | `hint.count` |
//! | an SVG drawing's square | 16 to 1,024 pixels | `svg.size` |
//!
//! ```
//! use duke_engine::Limit;
//! let err = Limit::Threads.check::<usize>(0).unwrap_err();
//! assert_eq!(err.code(), "threads.range");
//! assert_eq!(err.to_string(), "threads 0: the search takes 1 to 64 threads");
//! assert_eq!(Limit::PerftDepth.check::<u32>(5), Ok(5));
//! ```

use core::fmt;

/// The number of difficulty levels.
pub const LEVELS: u8 = 5;

/// The most threads a search uses (see `Searcher::set_threads`).
pub const MAX_THREADS: usize = 64;

/// The deepest search a face may ask for, in turns (searches stop at 128
/// plies of tree in any case).
pub const MAX_DEPTH: u32 = 64;

/// The longest search a face may ask for, in milliseconds: a day.
pub const MAX_MILLIS: u64 = 86_400_000;

/// The most decisions a hint lists (its `k`): every root decision of the
/// richest position.
pub const MAX_HINTS: usize = crate::MAX_ACTIONS + 1;

/// The deepest perft or divide a face may ask for. Depth 7 of the start
/// already takes minutes; the bound keeps a typo from running for ever.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// A number the engine limits (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// A difficulty level.
    Level,
    /// Search threads.
    Threads,
    /// A search's depth, in turns.
    Depth,
    /// A search's node budget.
    Nodes,
    /// A search's time, in milliseconds.
    Millis,
    /// A perft or divide depth.
    PerftDepth,
    /// How many decisions a hint lists.
    Hints,
    /// The side of a square of an SVG drawing, in pixels.
    SvgSquare,
    /// A search's score, for its text ([`Score`](crate::search::Score)):
    /// within the mate scores.
    Score,
}

impl Limit {
    /// Every limit, in order.
    pub const ALL: [Limit; 9] = [
        Limit::Level,
        Limit::Threads,
        Limit::Depth,
        Limit::Nodes,
        Limit::Millis,
        Limit::PerftDepth,
        Limit::Hints,
        Limit::SvgSquare,
        Limit::Score,
    ];

    /// The smallest and largest values allowed.
    pub const fn bounds(self) -> (i128, i128) {
        match self {
            Limit::Level => (1, LEVELS as i128),
            Limit::Threads => (1, MAX_THREADS as i128),
            Limit::Depth => (1, MAX_DEPTH as i128),
            Limit::Nodes => (1, u64::MAX as i128),
            Limit::Millis => (1, MAX_MILLIS as i128),
            Limit::PerftDepth => (0, MAX_PERFT_DEPTH as i128),
            Limit::Hints => (0, MAX_HINTS as i128),
            Limit::SvgSquare => (16, 1024),
            Limit::Score => (-(SCORE_BOUND as i128), SCORE_BOUND as i128),
        }
    }

    /// The stable code of a value outside the range.
    pub const fn code(self) -> &'static str {
        match self {
            Limit::Level => "level.range",
            Limit::Threads => "threads.range",
            Limit::Depth => "limits.depth",
            Limit::Nodes => "limits.nodes",
            Limit::Millis => "limits.millis",
            Limit::PerftDepth => "perft.depth",
            Limit::Hints => "hint.count",
            Limit::SvgSquare => "svg.size",
            Limit::Score => "score.range",
        }
    }

    /// The lowercase word for the limit (`level`, `threads`, `depth`,
    /// `nodes`, `millis`, `perft_depth`, `hints`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Limit::Level => "level",
            Limit::Threads => "threads",
            Limit::Depth => "depth",
            Limit::Nodes => "nodes",
            Limit::Millis => "millis",
            Limit::PerftDepth => "perft_depth",
            Limit::Hints => "hints",
            Limit::SvgSquare => "svg_square",
            Limit::Score => "score",
        }
    }

    /// `value` when it is in range (converted to the type asked for),
    /// else the error naming the range.
    pub fn check<T: TryFrom<i128>>(self, value: impl Into<i128>) -> Result<T, RangeError> {
        let v: i128 = value.into();
        let (lo, hi) = self.bounds();
        if (lo..=hi).contains(&v) {
            if let Ok(t) = T::try_from(v) {
                return Ok(t);
            }
        }
        Err(RangeError {
            limit: self,
            given: v,
            fraction: None,
        })
    }

    /// As [`Limit::check`], for a float from a face whose numbers are
    /// floats (JavaScript): a fraction, NaN or infinity is refused too.
    pub fn check_f64<T: TryFrom<i128>>(self, value: f64) -> Result<T, RangeError> {
        // Whole and finite, without std's float methods (no_std).
        if value > -1e30 && value < 1e30 && (value as i128) as f64 == value {
            self.check(value as i128)
        } else {
            Err(RangeError {
                limit: self,
                given: value as i128,
                fraction: Some(value),
            })
        }
    }
}

/// The largest score a search gives, in absolute value: a capture of the
/// Duke on the spot (the search's `MATE`, 100,000).
const SCORE_BOUND: i32 = 100_000;

/// A number outside the range of its [`Limit`]: a level, a thread count,
/// a search limit, a perft depth or a hint's length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RangeError {
    limit: Limit,
    given: i128,
    /// The number as given when it was not a whole one (from a float).
    fraction: Option<f64>,
}

impl RangeError {
    /// The kind of failure: [`ErrorKind::Range`](crate::ErrorKind::Range).
    pub const fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Range
    }

    /// Which limit it was.
    pub const fn limit(&self) -> Limit {
        self.limit
    }

    /// The number given (truncated, when it was a float with a fraction).
    pub fn given(&self) -> i128 {
        self.given
    }

    /// The stable code (see [`Limit::code`]).
    pub const fn code(&self) -> &'static str {
        self.limit.code()
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.limit.bounds();
        if let Some(x) = self.fraction {
            return write!(
                f,
                "{} {x}: not a whole number ({lo} to {hi})",
                self.limit.as_str()
            );
        }
        let g = self.given;
        match self.limit {
            Limit::Level => write!(f, "level {g}: levels are {lo} to {hi}"),
            Limit::Threads => write!(f, "threads {g}: the search takes {lo} to {hi} threads"),
            Limit::Depth => write!(f, "depth {g}: a search's depth is {lo} to {hi}"),
            Limit::Nodes => write!(f, "nodes {g}: a search's node limit is at least {lo}"),
            Limit::Millis => write!(
                f,
                "millis {g}: a search's time is {lo} to {hi} milliseconds (a day)"
            ),
            Limit::PerftDepth => write!(f, "perft depth {g}: perft and divide take {lo} to {hi}"),
            Limit::Hints => write!(f, "k {g}: a hint lists {lo} to {hi} decisions"),
            Limit::SvgSquare => write!(f, "size {g}: a drawing's square is {lo} to {hi} pixels"),
            Limit::Score => write!(
                f,
                "score {g}: a search's score is {lo} to {hi} (hundredths of a Footman, or a forced capture)"
            ),
        }
    }
}

impl core::error::Error for RangeError {}
