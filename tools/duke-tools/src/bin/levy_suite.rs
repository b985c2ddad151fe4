//! Level 5 on a suite of levy decisions (`tests/data/level5/suite.txt`):
//! the positions of its own blunders around a levy in games it lost to
//! rusty-duke, as `duke analyze --level 5` marks them (a decision to levy
//! into a loss, or a drawn troop's square that walks into one). For each,
//! level 5 decides at its own time, as in play (a second; for a
//! placement, the turn's decision first, then the drawn troop's square with
//! the same searcher), and the tool counts how often it avoids the
//! blunder and how often it plays the deeper search's best. A bench run by
//! hand, not a test: `cargo run --release -p duke-tools --bin levy_suite
//! [runs]` (1 run of each position by default; the noise-free level 5 is
//! deterministic but for the time limit).
//!
//! With `--make <analysis.txt>` it writes the suite instead, from the text
//! of `duke analyze --level 5` over loss records (each block headed by
//! `== <record file>`, the file's name ending in `-light.txt` or
//! `-dark.txt` for level 5's side).
//!
//! With `--find <games> [seconds]` it prints suite lines from self-play:
//! in seeded games of level 3 against itself, every fourth turn from turn 8
//! where a levy is possible, level 5 decides at its time and a deeper
//! search (10 seconds by default, its two best decisions scored exactly)
//! decides again; a line is printed where they disagree, one of the two is
//! the levy, and the deeper search scores level 5's decision at least a
//! Footman below its best (below its second when it is not among them).

use duke_engine::search::{Request, Searcher};
use duke_engine::{ActionView, Decision, Game, Position, Troop};

/// One position of the suite.
struct Case {
    id: String,
    pos: Position,
    drawn: Option<Troop>,
    avoid: String,
    best: String,
}

fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "id, dpn, drawn, avoid, best: {l}");
            Case {
                id: f[0].to_string(),
                pos: f[1].parse().unwrap_or_else(|e| panic!("{l}: {e}")),
                drawn: (f[2] != "-").then(|| f[2].parse().expect("a troop")),
                avoid: f[3].to_string(),
                best: f[4].to_string(),
            }
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--make") {
        make(args.get(1).expect("--make <analysis text>"));
        return;
    }
    if args.first().map(String::as_str) == Some("--find") {
        find(
            args.get(1)
                .expect("--find <games> [seconds]")
                .parse()
                .expect("a number of games"),
            args.get(2)
                .map_or(10, |s| s.parse().expect("a number of seconds")),
        );
        return;
    }
    let runs: usize = args
        .first()
        .map_or(1, |r| r.parse().expect("a number of runs"));
    let suite = cases(include_str!("../../../../tests/data/level5/suite.txt"));
    let mut searcher = Searcher::new();
    let (mut avoided, mut best, mut total) = (0, 0, 0);
    for case in &suite {
        for run in 0..runs {
            let mut game = Game::from_position(case.pos, run as u64);
            let request = Request::new().with_level(5).expect("level 5");
            if let Some(t) = case.drawn {
                // As in play: the turn's first search decides (to levy),
                // then the troop is drawn and its square searched.
                searcher.decide(&game, &request).expect("a decision");
                game.draw_troop(t).expect("the drawn troop is in the bag");
            }
            let start = std::time::Instant::now();
            let d = searcher
                .decide(&game, &request)
                .expect("a decision")
                .decision
                .to_string();
            let secs = start.elapsed().as_secs_f64();
            let ok = d != case.avoid;
            avoided += usize::from(ok);
            best += usize::from(d == case.best);
            total += 1;
            println!(
                "{:<28} {d:<8} {:<6} (blunder {}, best {}) {secs:.2} s",
                case.id,
                if ok { "avoids" } else { "PLAYS" },
                case.avoid,
                case.best
            );
        }
    }
    println!(
        "level 5 avoided the blunder {avoided} times of {total}, played the deeper best {best} times"
    );
}

/// The suite from `duke analyze --level 5`'s text over loss records: each
/// blunder (`??`) of level 5's side around a levy (a levy played, or a
/// levy the best) becomes a case at the position before the turn; a placement whose best is another square of the same troop is
/// a placement case (the troop drawn), any other a decision case.
fn make(path: &str) {
    let text = std::fs::read_to_string(path).expect("the analysis text");
    println!("# Level 5's blunders around a levy in games it lost to rusty-duke, as `duke analyze --level 5`");
    println!("# marks them (tools/duke-tools/src/bin/levy_suite.rs made this file). Tab-separated: an id,");
    println!(
        "# the position before the turn, the drawn troop of a placement (- for the decision), the"
    );
    println!("# blunder to avoid and the deeper search's best.");
    let mut record: Option<(String, &str)> = None;
    for line in text.lines() {
        if let Some(file) = line.strip_prefix("== ") {
            let side = if file.ends_with("-light.txt") {
                "Light"
            } else {
                "Dark"
            };
            let dir = std::path::Path::new(path).parent().expect("a directory");
            let rec = std::fs::read_to_string(dir.join(file)).expect("the record");
            record = Some((rec, side));
            continue;
        }
        let Some((rec, side)) = &record else { continue };
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.len() < 3 || w[1] != *side || !w[2].ends_with("??") {
            continue;
        }
        let turn: usize = w[0].parse().expect("a turn number");
        let played = w[2].trim_end_matches('?');
        let best_word = *w.last().expect("the best");
        let game = Game::from_record(rec).expect("the record reads");
        let actions: Vec<_> = game.actions().collect();
        let setup = actions.len() - game_turns(rec);
        let mut g = Game::standard(0);
        for a in &actions[setup..setup + turn - 1] {
            g.play_levy(*a).expect("the record's action");
        }
        let pos = *g.position();
        let played_action: duke_engine::Action = played.parse().expect("an action");
        // Only the blunders around a levy: a levy played, or the levy best.
        let levy_best = best_word == "levy" || best_word.contains('@');
        if !matches!(played_action.view(), ActionView::Place { .. }) && !levy_best {
            continue;
        }
        let placement_case = match (
            played_action.view(),
            best_word.parse::<duke_engine::Action>(),
        ) {
            (ActionView::Place { troop, .. }, Ok(b)) => match b.view() {
                ActionView::Place { troop: t2, .. } if t2 == troop => Some(troop),
                _ => None,
            },
            _ => None,
        };
        let (drawn, avoid) = match (placement_case, played_action.view()) {
            (Some(t), _) => (t.char().to_string(), played.to_string()),
            (None, ActionView::Place { .. }) => ("-".to_string(), Decision::Levy.to_string()),
            (None, _) => ("-".to_string(), played.to_string()),
        };
        let name = record_name(&text, line);
        println!("{name}-t{turn}\t{pos}\t{drawn}\t{avoid}\t{best_word}");
    }
}

/// The number of turns in a record's text.
fn game_turns(rec: &str) -> usize {
    rec.lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
        })
        .count()
}

/// The record file's short name for the analysis line `line` (the last
/// `== ` header before it).
fn record_name(text: &str, line: &str) -> String {
    let at = text.find(line).expect("the line");
    let header = text[..at]
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("== "))
        .expect("a header");
    header
        .trim_end_matches(".txt")
        .replace("losses-level5-", "")
        .replace("losses-level5", "old")
}

/// Suite lines from self-play where a deeper search disagrees with level 5
/// about a levy (see the module's documentation).
fn find(games: u64, seconds: u64) {
    let level_3 = Request::new().with_level(3).expect("level 3");
    let level_5 = Request::new().with_level(5).expect("level 5");
    let deeper = Request::new()
        .with_millis(seconds * 1000)
        .expect("a time")
        .with_top(2)
        .expect("two decisions");
    let mut searcher = Searcher::new();
    for seed in 0..games {
        let mut game = Game::standard(seed);
        for turn in 1..=80 {
            if game.outcome().is_some() {
                break;
            }
            if turn >= 8 && turn % 4 == 0 && game.position().can_levy() {
                let ours = searcher.decide(&game, &level_5).expect("a decision");
                let deep = searcher.decide(&game, &deeper).expect("a decision");
                let (best, best_score) = deep.top[0];
                let ours_score = deep
                    .top
                    .iter()
                    .find(|&&(d, _)| d == ours.decision)
                    .map_or(deep.top[deep.top.len() - 1].1, |&(_, s)| s);
                let levy = ours.decision == Decision::Levy || best == Decision::Levy;
                eprintln!(
                    "game {seed} turn {turn}: level 5 {} ({}), deeper {best} ({best_score}, depth {})",
                    ours.decision, ours_score, deep.depth
                );
                if levy && ours.decision != best && best_score - ours_score >= 100 {
                    println!(
                        "selfplay-{seed}-t{turn}\t{}\t-\t{}\t{best}",
                        game.position(),
                        ours.decision
                    );
                }
            }
            // Level 3 plays the game on (a levy's square too).
            while game.outcome().is_none() {
                let d = searcher
                    .decide(&game, &level_3)
                    .expect("a decision")
                    .decision;
                game.apply(d).expect("level 3's decision is legal");
                if d != Decision::Levy {
                    break;
                }
            }
        }
    }
}
