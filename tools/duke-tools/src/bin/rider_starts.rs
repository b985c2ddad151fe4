//! Dark Rider's starts, each searched to its result. A start of `rider` is
//! Light's five Pikemen on five of rank 1's six squares and Dark's Knight
//! on one of rank 6's six: 36 starts. For each, it prints:
//!
//! - the full-width search's score of Dark's first move at a fixed depth
//!   (12 plies by default): `Light wins in N plies` when every decision of
//!   Dark's loses within the depth (the search prunes nothing that could
//!   change a proven result: alpha-beta without forward pruning);
//! - whether Dark can beat level 3's Light from it: a search of Dark's
//!   decisions against level 3's answers (one search, deterministic, per
//!   position) that stops at the first line where Dark wins, replayed
//!   afresh to check it, or gives up after a budget of positions. This is
//!   what a Dark that knew level 3's answers could score against it: a
//!   bound on what any level can score as Dark against level 3, not how a
//!   level plays.
//!
//! Run: `cargo run --release -p duke-tools --bin rider_starts [depth]`.

use std::collections::HashMap;

use duke_engine::search::{Limits, Request, Searcher, MATE, MATE_BOUND};
use duke_engine::{Decision, Game, Phase, Rules, Side};

/// Dark's decisions searched for a win against level 3, at most.
const BUDGET: u64 = 300_000;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .map_or(12, |d| d.parse().expect("a depth in plies"));
    let rules: Rules = "rider".parse().expect("rules text");
    let starts = starts(rules);
    let mut searcher = Searcher::new();
    let (mut proven, mut beaten) = (0, 0);
    for (i, game) in starts.iter().enumerate() {
        let r = searcher.search(
            game.position(),
            None,
            &game.history_keys(),
            &Limits::depth(depth),
        );
        let result = if r.score <= -MATE_BOUND {
            proven += 1;
            format!("Light wins in {} plies", MATE + r.score)
        } else {
            format!("score {} for Dark at depth {depth}", r.score)
        };
        let line = beat_level_3(game, &mut searcher);
        if line.is_some() {
            beaten += 1;
        }
        println!(
            "start {:2}: {}  {result}; {}",
            i + 1,
            game.position(),
            line.map_or("no Dark line against level 3 found".into(), |n| format!(
                "Dark beats level 3 in {n} plies"
            ))
        );
    }
    println!(
        "{} starts: Light wins within {depth} plies from {proven}; a line of Dark's beats level 3's Light from {beaten}",
        starts.len()
    );
}

/// Every start after the setup, once each: the setup's decisions in every
/// order, the positions they reach kept once.
fn starts(rules: Rules) -> Vec<Game> {
    let mut games = vec![Game::with_rules(rules, 0)];
    while games.iter().any(|g| g.phase() != Phase::Play) {
        let mut next: Vec<Game> = Vec::new();
        for g in &games {
            for d in g.decisions().collect::<Vec<_>>() {
                let mut h = g.clone();
                h.apply(d).expect("a listed decision");
                if !next.iter().any(|x| x.position() == h.position()) {
                    next.push(h);
                }
            }
        }
        games = next;
    }
    games
}

/// The length of a line of Dark's (to move) that beats level 3's Light,
/// checked by replaying it against level 3 afresh.
fn beat_level_3(game: &Game, searcher: &mut Searcher) -> Option<usize> {
    let mut answers = HashMap::new();
    for moves in [10, 20, 30, 45] {
        let mut seen = HashMap::new();
        let mut budget = BUDGET;
        let mut line = Vec::new();
        let mut search = Search {
            searcher,
            answers: &mut answers,
            seen: &mut seen,
            budget: &mut budget,
        };
        if search.dark_wins(game, moves, &mut line) && replays(game, &line, search.searcher) {
            return Some(line.len());
        }
    }
    None
}

fn level_3(game: &Game, searcher: &mut Searcher) -> Decision {
    let request = Request::new().with_level(3).expect("level 3");
    searcher
        .decide(game, &request)
        .expect("a decision")
        .decision
}

/// Whether Dark's decisions of `line` (every other one) win against level 3.
fn replays(game: &Game, line: &[Decision], searcher: &mut Searcher) -> bool {
    let mut g = game.clone();
    for (i, &d) in line.iter().enumerate() {
        let d = if i % 2 == 0 { d } else { level_3(&g, searcher) };
        g.apply(d).expect("a legal decision");
    }
    g.outcome().and_then(|o| o.winner()) == Some(Side::Dark)
}

struct Search<'a> {
    searcher: &'a mut Searcher,
    /// Level 3's answer by position and history length.
    answers: &'a mut HashMap<(u64, usize), Decision>,
    /// Positions already searched without a win, with the moves they had.
    seen: &'a mut HashMap<u64, u32>,
    budget: &'a mut u64,
}

impl Search<'_> {
    /// A depth-first search of Dark's decisions, `moves` of them at most,
    /// each answered by level 3, for a win; the line in `line`.
    fn dark_wins(&mut self, game: &Game, moves: u32, line: &mut Vec<Decision>) -> bool {
        let key = game.position().key();
        if moves == 0 || *self.budget == 0 || self.seen.get(&key).is_some_and(|&m| m >= moves) {
            return false;
        }
        *self.budget -= 1;
        for d in game.decisions().collect::<Vec<_>>() {
            let mut g = game.clone();
            g.apply(d).expect("a listed decision");
            line.push(d);
            if let Some(o) = g.outcome() {
                if o.winner() == Some(Side::Dark) {
                    return true;
                }
                line.pop();
                continue;
            }
            let turn = (g.position().key(), g.turns().len());
            let answer = match self.answers.get(&turn) {
                Some(&a) => a,
                None => {
                    let a = level_3(&g, self.searcher);
                    self.answers.insert(turn, a);
                    a
                }
            };
            g.apply(answer).expect("level 3's decision is legal");
            line.push(answer);
            if g.outcome().is_none() && self.dark_wins(&g, moves - 1, line) {
                return true;
            }
            line.truncate(line.len() - 2);
        }
        self.seen.insert(key, moves);
        false
    }
}
