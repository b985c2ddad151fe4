//! The network loader: the built-in network's file with bytes changed by
//! the input (each five bytes: an offset, little-endian, and the byte to
//! write there), read by `Network::from_bytes`. A file it accepts
//! evaluates positions to scores, never near the mate scores; one it
//! refuses names its field.
#![no_main]

use duke_engine::search::nnue::{Network, BUILTIN_FILE};
use duke_engine::search::MATE_BOUND;
use duke_engine::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut file = BUILTIN_FILE.to_vec();
    for patch in data.chunks_exact(5) {
        let at = u32::from_le_bytes([patch[0], patch[1], patch[2], patch[3]]) as usize;
        // Offsets past the end shorten the file there (a truncated file).
        if at < file.len() {
            file[at] = patch[4];
        } else if at % 7 == 0 {
            file.truncate(at % (file.len() + 1));
        }
    }
    match Network::from_bytes(&file) {
        Ok(net) => {
            for dpn in [
                "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0",
                "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
            ] {
                let pos: Position = dpn.parse().unwrap();
                let score = net.evaluate(&pos);
                assert!(score.abs() < MATE_BOUND, "{score}");
            }
        }
        Err(e) => {
            assert!(!e.field().is_empty());
            assert_eq!(e.code(), "nnue.file");
        }
    }
});
