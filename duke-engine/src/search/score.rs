//! A search's score as people read it: Footmen with two decimals
//! (`+1.25`: a Footman and a quarter better for the side to decide), or a
//! forced capture of a Duke within so many turns. The terminal, the page
//! and the bindings all write scores through [`Score`].

use core::fmt;

use super::{MATE, MATE_BOUND};

/// A score in hundredths of a Footman for the side to decide, as the
/// search gives it; near ±[`MATE`] for a forced Duke capture.
///
/// ```
/// use duke_engine::search::{Score, MATE};
/// assert_eq!(Score(125).to_string(), "+1.25");
/// assert_eq!(Score(-5).to_string(), "-0.05");
/// assert_eq!(Score(MATE - 3).to_string(), "wins: takes the Duke within 3 turns");
/// assert_eq!(Score(-MATE + 1).to_string(), "loses: the Duke falls within 1 turn");
/// assert_eq!(Score(MATE - 3).mate_in(), Some(3));
/// assert_eq!(Score(125).footmen(), Some(1.25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A score from any number, refused outside the search's range,
    /// ±[`MATE`] (code `score.range`): what the faces' score texts read.
    ///
    /// ```
    /// use duke_engine::search::Score;
    /// assert_eq!(Score::checked(125).unwrap().to_string(), "+1.25");
    /// assert_eq!(Score::checked(-(1i64 << 31)).unwrap_err().code(), "score.range");
    /// ```
    pub fn checked(value: impl Into<i128>) -> Result<Score, crate::RangeError> {
        crate::Limit::Score.check::<i32>(value).map(Score)
    }

    /// In Footmen, or `None` for a forced Duke capture.
    pub fn footmen(self) -> Option<f64> {
        (self.mate_in().is_none()).then(|| f64::from(self.0) / 100.0)
    }

    /// A forced capture: `Some(n)` when the side to decide takes the
    /// opposing Duke within `n` turns, `Some(-n)` when it loses its own
    /// within `n`; `None` otherwise.
    pub fn mate_in(self) -> Option<i32> {
        if self.0 >= MATE_BOUND {
            Some(MATE - self.0)
        } else if self.0 <= -MATE_BOUND {
            Some(-(MATE + self.0))
        } else {
            None
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turns = |n: i32| if n == 1 { "turn" } else { "turns" };
        match self.mate_in() {
            Some(n) if n >= 0 => write!(f, "wins: takes the Duke within {n} {}", turns(n)),
            Some(n) => write!(f, "loses: the Duke falls within {} {}", -n, turns(-n)),
            None => {
                let sign = if self.0 < 0 { "-" } else { "+" };
                let a = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_range_is_the_mate_scores() {
        assert_eq!(
            crate::Limit::Score.bounds(),
            (-i128::from(MATE), i128::from(MATE))
        );
        assert!(Score::checked(MATE).is_ok() && Score::checked(MATE + 1).is_err());
    }
}
