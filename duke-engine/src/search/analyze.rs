//! Game analysis: every turn of a game scored by the AI, with the best
//! alternative and marks for mistakes and blunders.

use alloc::vec::Vec;

#[cfg(test)]
use super::level;
use super::{Decision, Level, Searcher, MATE_BOUND};
use crate::{Action, ActionKind, ActionView, Game, Side};

/// A score drop (in centi-Footmen) at or above which a turn is a
/// [`Assessment::Mistake`]: one Footman.
pub const MISTAKE: i32 = 100;
/// A score drop (in centi-Footmen) at or above which a turn is a
/// [`Assessment::Blunder`]: three Footmen.
pub const BLUNDER: i32 = 300;
/// Scores are capped at ± this (20 Footmen) when a drop is measured, so
/// that a forced win or loss counts as a large score, not as 1,000 Footmen.
pub const SCORE_CAP: i32 = 2_000;

/// How a turn compares with the AI's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Assessment {
    /// A drop below [`MISTAKE`].
    Good,
    /// A drop of at least [`MISTAKE`], below [`BLUNDER`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

impl Assessment {
    /// The assessment of a score drop in centi-Footmen.
    pub fn of_drop(drop: i32) -> Assessment {
        if drop >= BLUNDER {
            Assessment::Blunder
        } else if drop >= MISTAKE {
            Assessment::Mistake
        } else {
            Assessment::Good
        }
    }

    /// `""`, `"?"` (mistake) or `"??"` (blunder), as annotators write them.
    pub fn symbol(self) -> &'static str {
        match self {
            Assessment::Good => "",
            Assessment::Mistake => "?",
            Assessment::Blunder => "??",
        }
    }

    /// `good`, `mistake` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Assessment::Good => "good",
            Assessment::Mistake => "mistake",
            Assessment::Blunder => "blunder",
        }
    }
}

/// One turn of an analysed game. Scores are in centi-Footmen from the
/// point of view of the side that played the turn (near ±[`super::MATE`]
/// for a forced Duke capture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnAnalysis {
    /// The turn's number, from 1.
    pub number: u32,
    /// The side that played it.
    pub side: Side,
    /// The action played (a levy with its drawn troop).
    pub played: Action,
    /// The score of the best decision before the turn.
    pub before: i32,
    /// The score of the decision played: for a levy, the decision to levy
    /// (an expectation over the bag, so the draw's luck does not count)
    /// less what the placement lost against the best square for the troop.
    pub after: i32,
    /// The AI's best: its best decision, or, on a levy turn where levying
    /// was best, its best square for the troop that was drawn.
    pub best: Decision,
    /// The drop `before - after`, with scores capped at ±[`SCORE_CAP`].
    pub drop: i32,
    /// The mark for the drop.
    pub assessment: Assessment,
}

fn capped(score: i32) -> i32 {
    score.clamp(-SCORE_CAP, SCORE_CAP)
}

/// The depth the analysis at `level` searches every decision to: the
/// level's depth, at most 4.
pub fn analysis_depth(lvl: Level) -> u32 {
    lvl.limits.depth.unwrap_or(4).min(4)
}

/// Analyses every turn of `game` (from its start position, setup not
/// included) at a level (see [`Level::new`]): each root
/// decision of each turn is scored at [`analysis_depth`] by a full-window
/// search (with the level's quiescence setting), so that the score before
/// and the score of the decision played are measured alike. The result
/// depends only on the game's actions and the level.
///
/// ```
/// use duke_engine::search::{analyze, Assessment, Level};
/// use duke_engine::Game;
/// let mut game = Game::standard(1);
/// game.play_text("B1-B2").unwrap();
/// game.play_text("E6-E5").unwrap();
/// let turns = analyze(&game, Level::new(2).unwrap());
/// assert_eq!(turns.len(), 2);
/// assert_eq!(turns[0].played.to_string(), "B1-B2");
/// assert!(turns[0].drop >= 0);
/// assert_eq!(turns[0].assessment, Assessment::of_drop(turns[0].drop));
/// ```
pub fn analyze(game: &Game, lvl: Level) -> Vec<TurnAnalysis> {
    analyze_with(&mut Searcher::new(), game, lvl)
}

/// [`analyze`] with a searcher of the caller's: its threads and its stop
/// flag ([`Searcher::set_stop_flag`]; a stopped analysis scores the
/// remaining decisions at depth 1, so stop it only to throw it away).
pub fn analyze_with(searcher: &mut Searcher, game: &Game, lvl: Level) -> Vec<TurnAnalysis> {
    let depth = analysis_depth(lvl);
    searcher.set_quiescence(lvl.quiescence);
    let steps = &game.steps()[game.setup_len().min(game.steps().len())..];
    let mut out = Vec::with_capacity(steps.len());
    let mut history: Vec<u64> = Vec::with_capacity(steps.len());
    for (i, &(pos, played)) in steps.iter().enumerate() {
        let scored = searcher.score_all(&pos, None, &history, depth);
        let score_of = |list: &[(Decision, i32)], d: Decision| {
            list.iter().find(|&&(x, _)| x == d).map(|&(_, s)| s)
        };
        let (mut best, before) = scored[0];
        let after;
        if played.kind() == ActionKind::Place {
            let ActionView::Place { troop, .. } = played.view() else {
                unreachable!("a placement's view is Place")
            };
            let levy = score_of(&scored, Decision::Levy).unwrap_or(before);
            let placed = searcher.score_all(&pos, Some(troop), &history, depth);
            let best_square = placed[0];
            let this = score_of(&placed, Decision::Act(played)).unwrap_or(best_square.1);
            let lost = capped(best_square.1) - capped(this);
            after = if levy.abs() >= MATE_BOUND || lost == 0 {
                levy
            } else {
                capped(levy) - lost
            };
            if best == Decision::Levy {
                best = best_square.0;
            }
        } else {
            after = score_of(&scored, Decision::Act(played)).unwrap_or(before);
        }
        let drop = (capped(before) - capped(after)).max(0);
        out.push(TurnAnalysis {
            number: i as u32 + 1,
            side: pos.side_to_move(),
            played,
            before,
            after,
            best,
            drop,
            assessment: Assessment::of_drop(drop),
        });
        history.push(pos.key());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(
        miri,
        ignore = "searches a game; too slow under Miri (the crate has no unsafe code)"
    )]
    fn a_hanging_duke_is_a_blunder_and_the_best_is_taken_as_good() {
        // A short game in which Light walks into a loss of material or
        // worse is marked; every best decision played is not.
        let mut game = Game::standard(3);
        for _ in 0..6 {
            let d = game.best_action(level(3)).unwrap();
            game.apply(d).unwrap();
        }
        for t in analyze(&game, level(3)) {
            // The level-3 decision is the depth-2 best: no drop beyond
            // rounding of equal scores.
            assert_eq!(t.assessment, Assessment::Good, "{t:?}");
        }
    }

    #[test]
    fn thresholds() {
        assert_eq!(Assessment::of_drop(99), Assessment::Good);
        assert_eq!(Assessment::of_drop(100), Assessment::Mistake);
        assert_eq!(Assessment::of_drop(300), Assessment::Blunder);
        assert_eq!(Assessment::Blunder.symbol(), "??");
    }
}
