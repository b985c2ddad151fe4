//! The search's signature: the decision, score, depth, node count and
//! principal variation of one-thread searches of fixed positions at depth
//! and node limits, and of levels 1 to 4, compared with
//! `tests/data/search-signature.txt`. One thread is deterministic, so any
//! difference is a change of the search's behaviour: a change that means
//! to alter it (evaluation, pruning, ordering) rewrites the file with
//! `DUKE_BLESS=1 cargo test -p duke-engine --test signature` and says so;
//! a change that means not to (the table's layout, threads) must leave it
//! as it is. The file was first written by the search of commit 4b64bdf,
//! before the transposition table became shareable between threads (which
//! left it unchanged), and written again when the tuned evaluation and the
//! faster search were merged.
#![cfg(feature = "search")]

mod common;

use std::fmt::Write as _;

use common::perft_cases;
use duke_engine::search::{Input, Limits, Request, SearchResult, Searcher};
use duke_engine::{Decision, Position};

fn decision_text(d: &Decision) -> String {
    match d {
        Decision::Act(a) => a.to_string(),
        Decision::Levy => "levy".to_string(),
    }
}

fn line(label: &str, r: &SearchResult) -> String {
    let pv: Vec<String> = r.pv.iter().map(decision_text).collect();
    format!(
        "{label} => {} score {} depth {} nodes {} pv {}",
        decision_text(&r.decision),
        r.score,
        r.depth,
        r.nodes,
        pv.join(" ")
    )
}

fn positions() -> Vec<(String, Position)> {
    // The standard game's positions: the signature was recorded on them
    // (Expanded Play's, in `expanded.perft`, are searched in `search.rs`).
    let mut out: Vec<(String, Position)> = perft_cases()
        .into_iter()
        .map(|c| (c.id.clone(), c.dpn.parse::<Position>().unwrap()))
        .filter(|(_, p)| p.rules().is_standard())
        .collect();
    let tactics = include_str!("../../tests/data/tactics.txt");
    for (i, l) in tactics
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
    {
        let dpn = l.splitn(3, ' ').nth(2).unwrap();
        out.push((format!("tactic-{}", i + 1), dpn.parse().unwrap()));
    }
    out
}

fn signature() -> String {
    let mut text = String::new();
    let mut searcher = Searcher::new();
    // A small table, where entries overwrite one another often.
    let mut small = Searcher::with_table_entries(1 << 10);
    for (id, pos) in positions() {
        if pos.legal_actions().is_empty() {
            continue;
        }
        for (name, limits) in [
            ("depth 3", Limits::depth(3)),
            ("nodes 20000", Limits::nodes(20_000)),
            ("nodes 150000", Limits::nodes(150_000)),
        ] {
            let r = searcher.search(&pos, None, &[], &limits);
            writeln!(text, "{}", line(&format!("{id} {name}"), &r)).unwrap();
        }
        let r = small.search(&pos, None, &[], &Limits::nodes(50_000));
        writeln!(
            text,
            "{}",
            line(&format!("{id} small table nodes 50000"), &r)
        )
        .unwrap();
        for k in 1..=4 {
            let input = Input::Search {
                position: pos,
                drawn: None,
                history: Vec::new(),
            };
            let request = Request::new().with_level(k).unwrap().with_seed(7);
            let a = searcher.answer(&input, &request).unwrap();
            let r = SearchResult {
                decision: a.decision,
                score: a.score,
                pv: a.pv,
                depth: a.depth,
                nodes: a.nodes,
            };
            writeln!(text, "{}", line(&format!("{id} level {k}"), &r)).unwrap();
        }
        searcher.set_quiescence(true);
        if let Some((troop, _)) = pos.bag(pos.side_to_move()).iter().next() {
            if pos.can_levy() {
                let r = searcher.search(&pos, Some(troop), &[], &Limits::depth(2));
                writeln!(
                    text,
                    "{}",
                    line(&format!("{id} drawn {troop:?} depth 2"), &r)
                )
                .unwrap();
            }
        }
    }
    text
}

#[test]
#[cfg_attr(miri, ignore)] // millions of nodes
fn one_thread_search_matches_the_recorded_signature() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/search-signature.txt"
    );
    let fresh = signature();
    if std::env::var_os("DUKE_BLESS").is_some() {
        let header = "# Written by `DUKE_BLESS=1 cargo test -p duke-engine --test signature`:\n\
                      # one-thread searches (see duke-engine/tests/signature.rs).\n";
        std::fs::write(path, format!("{header}{fresh}")).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap();
    let committed: Vec<&str> = committed.lines().filter(|l| !l.starts_with('#')).collect();
    let fresh: Vec<&str> = fresh.lines().collect();
    assert_eq!(committed.len(), fresh.len(), "number of searches");
    for (want, got) in committed.iter().zip(&fresh) {
        assert_eq!(
            want, got,
            "the search's behaviour changed; if meant, rewrite the file with \
             `DUKE_BLESS=1 cargo test -p duke-engine --test signature`"
        );
    }
}
