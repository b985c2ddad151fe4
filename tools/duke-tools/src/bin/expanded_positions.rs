//! Prints `tests/data/expanded.perft`: for every rules of Expanded Play,
//! positions from seeded random games (the engine sets up the terrain and
//! the Flags, and the draft when the rules have one), the first after turn
//! 8 and the first after turn 24 that shows what the rules change (a troop
//! beside the Mountain or in the Fort, a Flag's action or pass, a pending
//! relocation), with perft to depth 3 (4 when at most 250,000 leaves, so
//! the naive generator confirms every line); then the rulebook's worked
//! examples (told as tests in `duke-engine/tests/expanded.rs`) and
//! positions at the edges of the rules, to depth 3. This file is the data
//! every face reads. To make it again: `cargo run --release -p
//! duke-tools --bin expanded_positions > tests/data/expanded.perft`. The
//! Rust suite confirms every count with the naive generator.

use duke_engine::{perft, ActionKind, Decision, Game, Phase, Position, Rules};

fn main() {
    println!("# Expanded Play: two positions of every rules from seeded random games");
    println!("# (tools/duke-tools/src/bin/expanded_positions.rs). Counts from the engine;");
    println!("# duke-engine/tests/perft.rs confirms them with the naive generator.");
    for rules in Rules::all().filter(|r| !r.is_standard()) {
        let mut found = 0;
        let mut seed = 1u64;
        for after in [8, 24] {
            while seed < 10_000 {
                let at = find(rules, seed, after);
                seed += 1;
                if let Some(pos) = at {
                    found += 1;
                    println!();
                    println!("id {rules}-{found}");
                    println!("dpn {pos}");
                    for depth in 1..=4 {
                        let n = perft(&pos, depth);
                        if depth == 4 && n > 250_000 {
                            break;
                        }
                        println!("perft {depth} {n}");
                    }
                    break;
                }
            }
        }
        assert_eq!(found, 2, "{rules}: fewer than two positions");
    }
    for (id, dpn) in WORKED {
        let pos: Position = dpn.parse().expect(id);
        println!();
        println!("id {id}");
        println!("dpn {pos}");
        for depth in 1..=3 {
            println!("perft {depth} {}", perft(&pos, depth));
        }
    }
}

/// The rulebook's worked examples (as `duke-engine/tests/expanded.rs` tells
/// them) and positions at the edges of the rules.
const WORKED: [(&str, &str); 6] = [
    (
        "rulebook-mountain-pikeman",
        "d5/1k1f2/6/2+P3/6/5D l -/- 0 0 mountain,mountain=C4",
    ),
    (
        "rulebook-general-mountain",
        "d4s/6/6/6/1P+G3/5D l -/- 0 0 mountain,mountain=C1",
    ),
    (
        "rulebook-general-fort",
        "d4s/6/6/6/1P+G3/5D l -/- 0 0 fort,fort=C1",
    ),
    (
        "rulebook-other-objective",
        "d5/3p2/6/1WF2+b/4K1/5D l -/- 0 30 flag,flags=E1/C2",
    ),
    (
        "flag-pass-only",
        "3d2/6/6/6/2FF2/3D2 l -/- 0 0 flag,flags=A1/C2",
    ),
    ("rider-won", "5k/6/6/6/6/PP4 l -/- 0 0 rider"),
];

/// What the rules change shows in this position (any position under
/// rules with neither terrain nor Flags: Dark Rider, the draft).
fn shows_the_rules(pos: &Position) -> bool {
    let rules = pos.rules();
    if !rules.mountain() && !rules.fort() && !rules.objective().has_flags() {
        return true;
    }
    let actions = pos.legal_actions();
    let flag_action = actions
        .iter()
        .any(|a| matches!(a.kind(), ActionKind::Flag | ActionKind::Pass));
    let beside_terrain = [pos.mountain(), pos.fort()]
        .into_iter()
        .flatten()
        .any(|sq| {
            pos.tile_at(sq).is_some()
                || [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .into_iter()
                    .filter_map(|(dx, dy)| sq.offset(dx, dy))
                    .any(|n| pos.occupied().contains(n))
        });
    pos.relocation_pending() || flag_action || beside_terrain
}

/// Plays a seeded random game under `rules` and returns the first position
/// after turn `after` that shows the rules, while the game goes on.
fn find(rules: Rules, seed: u64, after: u32) -> Option<Position> {
    let mut game = Game::with_rules(rules, seed);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..600 {
        if game.outcome().is_some() {
            return None;
        }
        let pos = *game.position();
        if game.phase() == Phase::Play && pos.turn() >= after && shows_the_rules(&pos) {
            return Some(pos);
        }
        let decisions: Vec<Decision> = game.decisions().collect();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        game.apply(decisions[(x % decisions.len() as u64) as usize])
            .unwrap();
    }
    None
}
