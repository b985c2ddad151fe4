#![allow(dead_code)]

pub mod naive;

/// One position of a `tests/data/*.perft` file.
pub struct PerftCase {
    pub id: String,
    pub dpn: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn perft_cases() -> Vec<PerftCase> {
    let mut out = Vec::new();
    for text in [
        include_str!("../../../tests/data/spec.perft"),
        include_str!("../../../tests/data/positions.perft"),
        include_str!("../../../tests/data/expanded.perft"),
    ] {
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, rest) = line.split_once(' ').unwrap();
            match word {
                "id" => out.push(PerftCase {
                    id: rest.to_string(),
                    dpn: String::new(),
                    counts: Vec::new(),
                }),
                "dpn" => out.last_mut().unwrap().dpn = rest.to_string(),
                "perft" => {
                    let (d, n) = rest.split_once(' ').unwrap();
                    out.last_mut()
                        .unwrap()
                        .counts
                        .push((d.parse().unwrap(), n.parse().unwrap()));
                }
                w => panic!("unknown perft line {w}"),
            }
        }
    }
    out
}

/// Whether the mover can force a Duke capture within `turns` of its own
/// turns, whatever the opponent does and whatever the bag gives.
pub fn forced(pos: &duke_engine::Position, turns: u32) -> bool {
    if turns == 0 {
        return false;
    }
    pos.legal_actions().iter().any(|&a| {
        if a.kind() == duke_engine::ActionKind::Place {
            return false; // a levy's troop is chance; the tactics need none
        }
        let mut child = *pos;
        child.play_unchecked(a);
        if child.duke(child.side_to_move()).is_none() {
            return true;
        }
        let replies = child.legal_actions();
        !replies.is_empty()
            && replies.iter().all(|&r| {
                let mut next = child;
                next.play_unchecked(r);
                forced(&next, turns - 1)
            })
    })
}

/// Whether every reply leaves a forced capture within `turns` (none: the
/// opponent, without an action, has lost).
pub fn forced_reply(pos: &duke_engine::Position, turns: u32) -> bool {
    pos.legal_actions().iter().all(|&r| {
        let mut next = *pos;
        next.play_unchecked(r);
        forced(&next, turns)
    })
}

/// Asserts that `decision`, a search's answer in `pos` (`dpn` names it),
/// keeps a forced Duke capture within `turns`: an action, not a levy, after
/// which the Duke is taken or every reply leaves the win.
pub fn assert_keeps_win(
    pos: &duke_engine::Position,
    dpn: &str,
    decision: duke_engine::Decision,
    turns: u32,
) {
    let duke_engine::Decision::Act(a) = decision else {
        panic!("{dpn}: a levy is not forced")
    };
    let mut child = *pos;
    child.play_unchecked(a);
    assert!(
        child.duke(child.side_to_move()).is_none() || forced_reply(&child, turns - 1),
        "{dpn}: {a} does not keep the win"
    );
}
