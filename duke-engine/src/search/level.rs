//! Levels and limits: how long a search may run, and what each
//! difficulty level searches.

use super::*;

/// How long a search may run. Unset limits do not apply; with none set,
/// the search stops at depth 64.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The deepest iteration, in turns (a levy is one turn).
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked every 1,024 nodes).
    pub nodes: Option<u64>,
    /// Stop after about this many milliseconds (`std` only; in a browser
    /// or Node, built for `wasm32-unknown-unknown`, read from
    /// `performance.now()`).
    pub millis: Option<u64>,
}

impl Limits {
    /// A fixed depth.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            millis: None,
        }
    }

    /// The limits when each given one is in range: depth 1 to
    /// [`MAX_DEPTH`], nodes at least 1, millis 1 to [`MAX_MILLIS`]
    /// (codes `limits.depth`, `limits.nodes`, `limits.millis`). The faces
    /// check what their users give here.
    ///
    /// ```
    /// use duke_engine::search::Limits;
    /// assert!(Limits::depth(4).check().is_ok());
    /// assert_eq!(Limits::depth(0).check().unwrap_err().code(), "limits.depth");
    /// assert_eq!(Limits::nodes(0).check().unwrap_err().code(), "limits.nodes");
    /// ```
    pub fn check(self) -> Result<Limits, crate::RangeError> {
        use crate::Limit;
        if let Some(d) = self.depth {
            Limit::Depth.check::<u32>(d)?;
        }
        if let Some(n) = self.nodes {
            Limit::Nodes.check::<u64>(n)?;
        }
        if let Some(m) = self.millis {
            Limit::Millis.check::<u64>(m)?;
        }
        Ok(self)
    }

    /// A node budget.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            millis: None,
        }
    }
}

/// The level every face plays when asked for the AI's decision with no
/// level or limits: `best_action()` in Python, `bestAction()` in
/// JavaScript, [`Level::default`] in Rust, level 0 in C. A search of depth
/// 2 with quiescence: it answers in milliseconds.
pub const DEFAULT_LEVEL: u8 = 3;

/// The level a hint searches at when none is given, in every face
/// (`duke play`, the page, `hint()` in Python and JavaScript, level 0 in
/// C): the strongest, at its own time (level 5: about a second). A hint
/// is advice, so it should be the best the engine can give.
pub const HINT_LEVEL: u8 = LEVELS;

/// The level an analysis of a game scores its turns at when none is
/// given, in every face (`duke analyze`, Python's `duke.analyze`): level
/// 4, whose depth-3 search takes well under a second a turn.
pub const ANALYSIS_LEVEL: u8 = 4;

/// A level number outside 1 to [`LEVELS`]: the engine's one
/// [`RangeError`](crate::RangeError), with code `level.range`.
///
/// ```
/// use duke_engine::search::Level;
/// let err = Level::new(9).unwrap_err();
/// assert_eq!(err.code(), "level.range");
/// assert_eq!(err.to_string(), "level 9: levels are 1 to 5");
/// ```
pub type LevelError = crate::RangeError;

/// What a difficulty level searches (see [`level`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level, 1 to [`LEVELS`].
    pub number: u8,
    /// The search limits.
    pub limits: Limits,
    /// Whether leaves get the quiescence search (captures).
    pub quiescence: bool,
    /// Deliberate noise for the weak levels: the level plays a decision
    /// chosen at random (from a generator seeded by the caller's seed and
    /// the position, never the bag's) among those scored within `noise`
    /// of the best.
    pub noise: i32,
}

impl Level {
    /// Difficulty level `number`, 1 to [`LEVELS`] (see [`level`]); any
    /// other number is an error, never clamped.
    ///
    /// ```
    /// use duke_engine::search::{Level, DEFAULT_LEVEL};
    /// assert_eq!(Level::new(5).unwrap().number, 5);
    /// assert!(Level::new(0).is_err());
    /// assert_eq!(Level::default().number, DEFAULT_LEVEL);
    /// ```
    pub fn new(number: i64) -> Result<Level, LevelError> {
        crate::Limit::Level.check::<u8>(number).map(level)
    }

    /// A search by limits rather than a numbered level: quiescence on, no
    /// noise (what the bindings use when given depth, nodes or time).
    ///
    /// ```
    /// use duke_engine::search::{Level, Limits};
    /// let lvl = Level::from_limits(Limits { depth: Some(2), nodes: None, millis: None });
    /// assert_eq!((lvl.number, lvl.quiescence, lvl.noise), (0, true, 0));
    /// ```
    pub fn from_limits(limits: Limits) -> Level {
        Level {
            number: 0,
            limits,
            quiescence: true,
            noise: 0,
        }
    }
}

/// The difficulty levels:
///
/// | level | search | noise |
/// |---|---|---|
/// | 1 | depth 1, no quiescence | plays any decision within 1.5 Footmen of the best |
/// | 2 | depth 2, no quiescence | within 0.5 Footman |
/// | 3 | depth 2 with quiescence | none |
/// | 4 | depth 3 with quiescence, at most 400,000 nodes | none |
/// | 5 | iterative deepening to depth 16 with quiescence, 0.95 s per turn (and at most 50,000,000 nodes) | none |
///
/// Level 5's time is per turn: when a levy is possible,
/// [`Searcher::decide`](super::Searcher::decide) lets the decision take the
/// whole time while an action leads its search, and stops it at 3/4 of the
/// time when the levy leads, so that the drawn troop's placement has the
/// rest (1/5), and a levy turn (two searches) stays within the second.
///
/// # Panics
///
/// When `number` is not 1 to [`LEVELS`]; [`Level::new`] returns an error
/// instead.
pub fn level(number: u8) -> Level {
    assert!(
        (1..=LEVELS).contains(&number),
        "level {number}: levels are 1 to {LEVELS}"
    );
    let n = number;
    let (depth, nodes, millis, quiescence, noise) = match n {
        1 => (1, None, None, false, 150),
        2 => (2, None, None, false, 50),
        3 => (2, None, None, true, 0),
        4 => (3, Some(400_000), None, true, 0),
        _ => (16, Some(50_000_000), Some(950), true, 0),
    };
    Level {
        number: n,
        limits: Limits {
            depth: Some(depth),
            nodes,
            millis,
        },
        quiescence,
        noise,
    }
}

impl Default for Level {
    /// [`DEFAULT_LEVEL`].
    fn default() -> Level {
        level(DEFAULT_LEVEL)
    }
}

/// The limits of one of a level's searches, so that a whole turn keeps to
/// the level's time, and the time after which the search stops early when
/// its best decision so far is the levy. When a levy is possible, the turn
/// may be two searches (the decision to levy, then the drawn troop's
/// square): a timed level's decision may take the whole time when it
/// plays an action, but stops at 3/4 of it when the levy leads, leaving
/// the placement its share ([`placement_millis`]); its nodes are 3/4 of the
/// level's. Levels without a time limit search alike in both.
pub(super) fn turn_limits(
    limits: &Limits,
    pos: &Position,
    drawn: Option<Troop>,
) -> (Limits, Option<u64>) {
    let share = |n: u64, num: u64, den: u64| (n * num / den).max(1);
    match (limits.millis, drawn) {
        (None, _) => (*limits, None),
        (Some(ms), Some(_)) => (
            Limits {
                nodes: limits.nodes.map(|n| share(n, 1, 5)),
                millis: Some(share(ms, 1, 5)),
                ..*limits
            },
            None,
        ),
        (Some(ms), None) if pos.can_levy() => (
            Limits {
                nodes: limits.nodes.map(|n| share(n, 3, 4)),
                ..*limits
            },
            Some(share(ms, 3, 4)),
        ),
        (Some(_), None) => (*limits, None),
    }
}

/// The time of a drawn troop's placement when the same searcher's decision
/// to levy took `spent` of the turn's `total` milliseconds: what is left of
/// the turn, at most 1/5 of it (a decision that stopped at 3/4 leaves
/// that) and at least 1/12 (a decision whose search found the levy best
/// only late in its time), so that the turn's two searches stay within
/// 13/12 of its time.
pub(super) fn placement_millis(total: u64, spent: u64) -> u64 {
    total
        .saturating_sub(spent)
        .clamp((total / 12).max(1), (total / 5).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_that_can_levy_gives_the_decision_the_whole_time_and_stops_a_levy_at_three_quarters() {
        let lvl = level(5).limits;
        let start = Position::standard();
        assert!(start.can_levy());
        let (decision, levy_stop) = turn_limits(&lvl, &start, None);
        assert_eq!(decision.millis, lvl.millis);
        assert_eq!(levy_stop, Some(950 * 3 / 4));
        assert_eq!(decision.nodes, lvl.nodes.map(|n| n * 3 / 4));
        let (placement, none) = turn_limits(&lvl, &start, Some(Troop::General));
        assert_eq!((placement.millis, none), (Some(190), None));
        // Depth and node limits alone are the same in every search.
        let depth = Limits::depth(4);
        assert_eq!(turn_limits(&depth, &start, None), (depth, None));
    }

    #[test]
    fn the_placement_has_what_is_left_of_the_turn_within_its_bounds() {
        // Stopped at 3/4: the usual 1/5.
        assert_eq!(placement_millis(950, 712), 190);
        assert_eq!(placement_millis(950, 800), 150);
        // A levy found best late, or a decision past its time: 1/12.
        assert_eq!(placement_millis(950, 940), 79);
        assert_eq!(placement_millis(950, 2000), 79);
        assert_eq!(placement_millis(1, 0), 1);
    }
}
