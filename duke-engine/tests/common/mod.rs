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
