//! Finds positions with the features the perft suite needs (strikes,
//! commands, jump slides, a Duke under attack, empty bags) in seeded random
//! games, and prints them in the `tests/data/*.perft` format with perft to
//! depth 3 (4 when small). An earlier version of this tool made
//! `tests/data/positions.perft`; its random games have changed since, so
//! it now finds other positions of the same kinds, and the file is kept
//! as it is. To make a
//! new file: `cargo run --release -p duke-tools --bin perft_positions >
//! tests/data/positions.perft`. The tests confirm every count with a
//! naive generator.

use duke_engine::{perft, ActionKind, Position, Side, Troop};

fn main() {
    type Feature = (&'static str, fn(&Position) -> bool);
    let features: [Feature; 8] = [
        ("strike", |p| {
            p.legal_actions()
                .iter()
                .any(|a| a.kind() == ActionKind::Strike)
        }),
        ("command", |p| {
            p.legal_actions()
                .iter()
                .any(|a| a.kind() == ActionKind::Command)
        }),
        ("jump-slide", |p| {
            let me = p.side_to_move();
            p.troops(me, Troop::Assassin).any() && p.troops(!me, Troop::Assassin).any()
        }),
        ("duke-attacked", |p| p.is_duke_attacked(p.side_to_move())),
        ("duke-capture-available", |p| {
            p.is_duke_attacked(!p.side_to_move())
        }),
        ("mover-bag-empty", |p| {
            p.bag(p.side_to_move()).is_empty() && !p.bag(!p.side_to_move()).is_empty()
        }),
        ("both-bags-empty", |p| {
            p.bag(Side::Light).is_empty() && p.bag(Side::Dark).is_empty()
        }),
        ("crowded", |p| p.occupied().count() >= 22),
    ];
    println!(
        "# Positions from seeded random games (tools/duke-tools/src/bin/perft_positions.rs), two per feature."
    );
    println!("# Counts from the engine; duke-engine/tests/perft.rs confirms them with a naive generator.");
    for (name, has) in features {
        let mut found = 0;
        let mut seed = 1u64;
        while found < 2 && seed < 100_000 {
            if let Some(pos) = find(seed, has) {
                found += 1;
                println!();
                println!("id {name}-{found}");
                println!("dpn {pos}");
                for depth in 1..=4 {
                    let n = perft(&pos, depth);
                    if depth == 4 && n > 3_000_000 {
                        break;
                    }
                    println!("perft {depth} {n}");
                }
            }
            seed += 1;
        }
    }
}

/// Plays a random game from the standard start and returns the first
/// position after turn 20 that has the feature.
fn find(seed: u64, has: fn(&Position) -> bool) -> Option<Position> {
    let mut pos = Position::standard();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for turn in 0..400 {
        let list = pos.legal_actions();
        if list.is_empty() {
            return None;
        }
        if turn >= 20 && has(&pos) {
            return Some(pos);
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.play_unchecked(list[(x % list.len() as u64) as usize]);
    }
    None
}
