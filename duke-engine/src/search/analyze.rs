//! Game analysis: every turn of a game scored by the AI, with the best
//! alternative and marks for mistakes and blunders.

use alloc::vec::Vec;

#[cfg(test)]
use super::level;
use super::{Decision, Level, Limits, Searcher, MATE_BOUND};
use crate::{Action, ActionView, Game, Side};

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
    /// The depth the scores come from: [`analysis_depth`], or
    /// [`confirm_depth`] for a turn marked there and searched again.
    pub depth: u32,
}

fn capped(score: i32) -> i32 {
    score.clamp(-SCORE_CAP, SCORE_CAP)
}

/// The depth the analysis at `level` searches every decision to: the
/// level's depth, at most 4.
pub fn analysis_depth(lvl: Level) -> u32 {
    lvl.limits.depth.unwrap_or(4).min(4)
}

/// The deepest a marked turn is searched again: a depth level 5 reaches
/// in a second once the bags have emptied somewhat.
pub const CONFIRM_DEPTH: u32 = 6;

/// The nodes within which a marked turn's best decision is searched
/// again, as deep as they reach (up to [`CONFIRM_DEPTH`]): about what
/// level 5 searches in a turn, so that a full bag's early turn, where each
/// depth costs ten times the one before, is searched about as deep as
/// level 5 searched it.
pub const CONFIRM_NODES: u64 = 3_000_000;

/// The deepest a turn marked a mistake or a blunder at
/// [`analysis_depth`] is searched again, for a level that searches deeper
/// than the analysis (level 5: [`CONFIRM_DEPTH`], within
/// [`CONFIRM_NODES`]); `None` for the others.
/// A shallow search can see a loss that a deeper one refutes, or miss
/// that every alternative loses too: the level's own search, deeper,
/// would be marked for what the analysis cannot see.
///
/// ```
/// use duke_engine::search::{confirm_depth, level, CONFIRM_DEPTH};
/// assert_eq!(confirm_depth(level(5)), Some(CONFIRM_DEPTH));
/// assert_eq!(confirm_depth(level(4)), None);
/// ```
pub fn confirm_depth(lvl: Level) -> Option<u32> {
    let level_depth = lvl.limits.depth.unwrap_or(CONFIRM_DEPTH);
    (level_depth > analysis_depth(lvl)).then(|| level_depth.min(CONFIRM_DEPTH))
}

/// Analyses every turn of `game` (from its start position, setup not
/// included) at a level (see [`Level::new`]): each root
/// decision of each turn is scored at [`analysis_depth`] by a full-window
/// search (with the level's quiescence setting), so that the score before
/// and the score of the decision played are measured alike. At level 5,
/// a turn marked a mistake or a blunder there is searched again, deeper
/// (see [`confirm_depth`]; the best decision and the one played, each
/// alone), and keeps the deeper figures and mark. The result depends only on the
/// game's actions and the level (the searches run on the calling thread
/// alone).
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
    let confirm = confirm_depth(lvl);
    searcher.set_quiescence(lvl.quiescence);
    let steps = &game.steps()[game.setup_len().min(game.steps().len())..];
    let mut out = Vec::with_capacity(steps.len());
    let mut history: Vec<u64> = Vec::with_capacity(steps.len());
    // Every turn at the analysis depth first.
    let mut all: Vec<Scores> = Vec::with_capacity(steps.len());
    for &(pos, played) in steps {
        let mut turn = Turn {
            searcher: &mut *searcher,
            pos: &pos,
            played,
            history: &history,
        };
        all.push(turn.scores_at(depth));
        history.push(pos.key());
    }
    history.clear();
    for (i, &(pos, played)) in steps.iter().enumerate() {
        let mut scores = all[i].clone();
        // Searched again, deeper, where a shallow search misses most: a
        // turn marked at the analysis depth, a levy (the decision to levy
        // and the drawn troop's square), and a turn after which the score
        // jumps by a blunder's worth (the next turn's best, seen from this
        // turn's side, against what this turn was scored), the sign that
        // the loss lay past the analysis depth.
        let jump = all
            .get(i + 1)
            .is_some_and(|next| (capped(scores.after) + capped(next.before)).abs() >= BLUNDER);
        let levy = played.kind() == crate::ActionKind::Place;
        if let Some(deeper) = confirm.filter(|_| scores.drop() >= MISTAKE || levy || jump) {
            let mut turn = Turn {
                searcher: &mut *searcher,
                pos: &pos,
                played,
                history: &history,
            };
            if let Some(deeper) = turn.scores_deeper(deeper, &scores) {
                scores = deeper;
            }
        }
        let drop = scores.drop();
        out.push(TurnAnalysis {
            number: i as u32 + 1,
            side: pos.side_to_move(),
            played,
            before: scores.before,
            after: scores.after,
            best: scores.best,
            drop,
            assessment: Assessment::of_drop(drop),
            depth: scores.depth,
        });
        history.push(pos.key());
    }
    out
}

/// The figures of one turn at one depth.
#[derive(Clone)]
struct Scores {
    best: Decision,
    before: i32,
    after: i32,
    depth: u32,
    /// On a levy turn: the decision to levy's score, and the drawn troop's
    /// best square's (with that square) and the square played's.
    levy: Option<(i32, Decision, i32, i32)>,
}

impl Scores {
    /// The drop `before - after`, capped scores, at least 0.
    fn drop(&self) -> i32 {
        (capped(self.before) - capped(self.after)).max(0)
    }
}

/// One turn to score: the position before it, the action played and the
/// game's earlier positions.
struct Turn<'a> {
    searcher: &'a mut Searcher,
    pos: &'a crate::Position,
    played: Action,
    history: &'a [u64],
}

impl Turn<'_> {
    /// The drawn troop of a placement.
    fn placed_troop(&self) -> Option<crate::Troop> {
        match self.played.view() {
            ActionView::Place { troop, .. } => Some(troop),
            _ => None,
        }
    }

    /// The score of the square played for the drawn `troop`: the
    /// placement search's own when it chose that square, else that
    /// square searched to `depth`.
    fn played_square_score(
        &mut self,
        troop: crate::Troop,
        square: &super::SearchResult,
        depth: u32,
    ) -> i32 {
        if square.decision == Decision::Act(self.played) {
            return square.score;
        }
        let (pos, history) = (self.pos, self.history);
        self.searcher
            .score_deepening(pos, Some(troop), history, Decision::Act(self.played), depth)
    }

    /// Every root decision scored at `depth` by a full-window search.
    fn scores_at(&mut self, depth: u32) -> Scores {
        let (pos, history) = (self.pos, self.history);
        let scored = self.searcher.score_all(pos, None, history, depth);
        let score_of = |list: &[(Decision, i32)], d: Decision| {
            list.iter().find(|&&(x, _)| x == d).map(|&(_, s)| s)
        };
        let (mut best, before) = scored[0];
        let mut levy_parts = None;
        let after = if let Some(troop) = self.placed_troop() {
            let levy = score_of(&scored, Decision::Levy).unwrap_or(before);
            let placed = self.searcher.score_all(pos, Some(troop), history, depth);
            let best_square = placed[0];
            let this = score_of(&placed, Decision::Act(self.played)).unwrap_or(best_square.1);
            levy_parts = Some((levy, best_square.0, best_square.1, this));
            if best == Decision::Levy {
                best = best_square.0;
            }
            after_levy(levy, best_square.1, this)
        } else {
            score_of(&scored, Decision::Act(self.played)).unwrap_or(before)
        };
        Scores {
            best,
            before,
            after,
            depth,
            levy: levy_parts,
        }
    }

    /// The best decision and the decision played, each searched alone
    /// (deepening from depth 1) to the greatest depth up to `max_depth`
    /// that [`CONFIRM_NODES`] complete for the best: for a turn marked at
    /// `shallow`. `None` when that is no deeper than `shallow`.
    fn scores_deeper(&mut self, max_depth: u32, shallow: &Scores) -> Option<Scores> {
        let (pos, history) = (self.pos, self.history);
        let budget = Limits {
            depth: Some(max_depth),
            nodes: Some(CONFIRM_NODES),
            millis: None,
        };
        let probe = self.searcher.iterate_alone(pos, None, history, &budget);
        let depth = probe.depth;
        if depth <= shallow.depth {
            // The turn's whole decision (with the bag's chances) reaches no
            // deeper within the budget; a levy's placement alone, with its
            // troop known, often does, and the placement is where a levy
            // turn most often goes wrong.
            return self.placement_deeper(max_depth, shallow);
        }
        let limits = Limits::depth(depth);
        let top = if depth == max_depth {
            probe
        } else {
            self.searcher.iterate_alone(pos, None, history, &limits)
        };
        let (mut best, before) = (top.decision, top.score);
        let after = if let Some(troop) = self.placed_troop() {
            let levy = if best == Decision::Levy {
                before
            } else {
                self.searcher
                    .score_deepening(pos, None, history, Decision::Levy, depth)
            };
            let square = self
                .searcher
                .iterate_alone(pos, Some(troop), history, &limits);
            let this = self.played_square_score(troop, &square, depth);
            if best == Decision::Levy {
                best = square.decision;
            }
            after_levy(levy, square.score, this)
        } else if best == Decision::Act(self.played) {
            before
        } else {
            self.searcher
                .score_deepening(pos, None, history, Decision::Act(self.played), depth)
        };
        Some(Scores {
            best,
            before,
            after,
            depth,
            levy: None,
        })
    }

    /// A levy turn's placement searched again alone, deeper than
    /// `shallow` within the budget: the drawn troop's best square and the
    /// square played, against the decision to levy as `shallow` scored it.
    fn placement_deeper(&mut self, max_depth: u32, shallow: &Scores) -> Option<Scores> {
        let (pos, history) = (self.pos, self.history);
        let troop = self.placed_troop()?;
        let (levy, _, _, _) = shallow.levy?;
        let budget = Limits {
            depth: Some(max_depth),
            nodes: Some(CONFIRM_NODES),
            millis: None,
        };
        let square = self
            .searcher
            .iterate_alone(pos, Some(troop), history, &budget);
        if square.depth <= shallow.depth {
            return None;
        }
        let this = self.played_square_score(troop, &square, square.depth);
        let best = if shallow.best == Decision::Levy
            || shallow.levy.is_some_and(|(_, b, _, _)| b == shallow.best)
        {
            square.decision
        } else {
            shallow.best
        };
        Some(Scores {
            best,
            before: shallow.before,
            after: after_levy(levy, square.score, this),
            depth: square.depth,
            levy: Some((levy, square.decision, square.score, this)),
        })
    }
}

/// A levy's score: the decision to levy, less what the placement lost
/// against the best square for the troop.
fn after_levy(levy: i32, best_square: i32, this: i32) -> i32 {
    let lost = capped(best_square) - capped(this);
    if levy.abs() >= MATE_BOUND || lost == 0 {
        levy
    } else {
        capped(levy) - lost
    }
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
            let d = crate::search::Request::new()
                .with_level(3)
                .unwrap()
                .decide(&game)
                .unwrap()
                .decision;
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
