//! The trained networks the repository carries (`duke-engine/networks/`): each one
//! loads, is named in that folder's README, and corrects the hand-tuned
//! evaluation by a plausible amount. (The searches with a network are
//! tested in the crate's `nnue` module.)

mod common;

use duke_engine::search::evaluate;
use duke_engine::search::nnue::{Base, Network};
use duke_engine::Position;
use std::path::Path;

fn networks() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("networks");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "nnue"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_network_loads_and_corrects_the_hand_tuned_evaluation() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("networks/README.md"))
            .unwrap();
    let nets = networks();
    assert!(!nets.is_empty(), "no network in networks/");
    let positions: Vec<Position> = common::perft_cases()
        .iter()
        .map(|c| c.dpn.parse().unwrap())
        .collect();
    for (name, bytes) in nets {
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not in the README"
        );
        let net = Network::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(net.base(), Base::HandTuned, "{name}");
        let corrections: Vec<i32> = positions
            .iter()
            .map(|pos| net.evaluate(pos) - evaluate(pos))
            .collect();
        // A trained correction moves some scores, and none by more than
        // fifteen Footmen.
        assert!(
            corrections.iter().any(|&c| c != 0),
            "{name}: {corrections:?}"
        );
        assert!(
            corrections.iter().all(|c| c.abs() < 1500),
            "{name}: {corrections:?}"
        );
    }
}
