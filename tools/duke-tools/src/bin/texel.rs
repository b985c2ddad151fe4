//! Texel tuning of the evaluation's weights on positions from seeded
//! self-play games, with a held-out set.
//!
//! 1. Games: game `g` (seed `g`, so the bags draw alike on every run) opens
//!    with 2 to 9 random decisions (from a generator seeded by `g`), then
//!    both sides play the AI at `--level` (4 by default); a game still
//!    running after 300 turns counts as a draw. Every position of the
//!    game after the opening where the side to move has no capture (a
//!    quiet position, as Texel tuning wants: the static evaluation is
//!    then its own best guess) is kept with the game's result. They are
//!    written as `dpn <TAB> result for Light (1, 0.5, 0) <TAB> game` lines
//!    to `target/texel/positions-<level>-<games>-<tag>.tsv` (the tag a hash
//!    of the weights that played, `Weights::DEFAULT`) and read back from
//!    there on later runs.
//! 2. Split by game: games with `g % 5 == 4` are the held-out set, the
//!    rest the training set.
//! 3. K: the scale of `sigmoid(s) = 1 / (1 + 10^(-K s / 400))` (s the
//!    evaluation in centi-Footmen) that minimises the mean squared error
//!    `(result - sigmoid(evaluation))^2` of the starting weights on the
//!    training set (golden-section search over [0.05, 5]).
//! 4. The fit: full-batch Adam on that loss from the starting weights
//!    (`--iterations`, 2000 by default; no randomness), the weights then
//!    rounded to the evaluation's unit; the material weights of the Duke
//!    (always one each) stay 0.
//! 5. The report: the loss of the hand-set weights, of the current default
//!    and of the fitted weights on both sets; the fitted weights as a Rust
//!    array to paste into `duke-engine/src/search/eval.rs`.
//!
//! Run: `cargo run --release -p duke-tools --bin texel -- [--games N]
//! [--level L] [--iterations N] [--threads N] [--from hand|default]
//! [--without index,index...] [--one-mobility]`. The defaults are 2500
//! games, level 4, 2000 iterations, 2 threads, and the hand-set weights
//! to start from. To measure what the features bring, `--without` keeps
//! the listed features at 0 and `--one-mobility` gives every troop's
//! mobility one weight.

use std::fmt::Write as _;
use std::io::{BufRead, Write as _};
use std::path::PathBuf;

use duke_engine::search::eval::{feature_name, features, Weights, FEATURES, HAND_SET};
use duke_engine::search::{Request, Searcher};
use duke_engine::Decision;
use duke_engine::{ActionKind, Game, Phase, Position, Side};

const OPENING_MIN: u64 = 2;
const OPENING_SPAN: u64 = 8;
const MAX_TURNS: usize = 300;
const HELD_OUT: u64 = 5;

struct Options {
    games: u64,
    level: u8,
    iterations: usize,
    threads: u64,
    from_default: bool,
    without: Vec<usize>,
    one_mobility: bool,
}

fn parse_options() -> Options {
    let mut o = Options {
        games: 2500,
        level: 4,
        iterations: 2000,
        threads: 2,
        from_default: false,
        without: Vec::new(),
        one_mobility: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--games" => o.games = value().parse().expect("--games: a number"),
            "--level" => o.level = value().parse().expect("--level: 1 to 5"),
            "--iterations" => o.iterations = value().parse().expect("--iterations: a number"),
            "--threads" => o.threads = value().parse().expect("--threads: a number"),
            "--one-mobility" => o.one_mobility = true,
            "--from" => o.from_default = value() == "default",
            "--without" => {
                o.without = value()
                    .split(',')
                    .map(|s| s.parse().expect("--without: feature indices"))
                    .collect()
            }
            _ => panic!("unknown option {a} (see the example's docs)"),
        }
    }
    o
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// One game's quiet positions, each with the result for Light.
fn play_game(g: u64, lvl: u8, searcher: &mut Searcher) -> Vec<(Position, f64)> {
    let mut game = Game::standard(g);
    let mut x = g.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let opening = OPENING_MIN + xorshift(&mut x) % OPENING_SPAN;
    let mut kept = Vec::new();
    for turn in 0..MAX_TURNS {
        if game.outcome().is_some() {
            break;
        }
        if (turn as u64) < opening {
            let list = game.legal();
            let a = list[(xorshift(&mut x) % list.len() as u64) as usize];
            if a.kind() == ActionKind::Place && game.phase() == Phase::Play {
                game.draw().expect("a levy is possible");
                game.place(a.target()).expect("a free levy square");
            } else {
                game.play(a).expect("a legal action");
            }
            continue;
        }
        let pos = *game.position();
        if !pos.legal_actions().iter().any(|a| a.is_capture()) {
            kept.push(pos);
        }
        // The whole turn: a levy's draw, then its placement.
        let request = Request::new()
            .with_level(lvl)
            .expect("a level 1 to 5")
            .with_seed(g);
        while let Ok(r) = searcher.decide(&game, &request) {
            game.apply(r.decision)
                .expect("the level's decision is legal");
            if r.decision != Decision::Levy {
                break;
            }
        }
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Side::Light) => 1.0,
        Some(Side::Dark) => 0.0,
        None => 0.5,
    };
    kept.into_iter().map(|p| (p, result)).collect()
}

/// The positions of games 0..games at the level, generated once and kept
/// in target/texel.
fn positions(o: &Options) -> Vec<(u64, Position, f64)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/texel");
    let path = dir.join(format!(
        "positions-{}-{}-{:08x}.tsv",
        o.level,
        o.games,
        weights_tag(Weights::DEFAULT.terms())
    ));
    if let Ok(file) = std::fs::File::open(&path) {
        eprintln!("reading {}", path.display());
        let mut out = Vec::new();
        for line in std::io::BufReader::new(file).lines() {
            let line = line.expect("a readable line");
            let mut f = line.split('\t');
            let pos: Position = f.next().unwrap().parse().expect("a DPN");
            let result: f64 = f.next().unwrap().parse().expect("a result");
            let g: u64 = f.next().unwrap().parse().expect("a game");
            out.push((g, pos, result));
        }
        return out;
    }
    eprintln!(
        "playing {} games at level {} on {} threads",
        o.games, o.level, o.threads
    );
    let start = std::time::Instant::now();
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut per_game: Vec<(u64, Vec<(Position, f64)>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..o.threads)
            .map(|t| {
                let done = &done;
                s.spawn(move || {
                    let mut searcher = Searcher::new();
                    let mut out = Vec::new();
                    for g in (t..o.games).step_by(o.threads as usize) {
                        out.push((g, play_game(g, o.level, &mut searcher)));
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if n.is_multiple_of(100) {
                            eprintln!("  {n} games, {:.0} s", start.elapsed().as_secs_f64());
                        }
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    per_game.sort_by_key(|&(g, _)| g);
    std::fs::create_dir_all(&dir).expect("target/texel");
    let mut text = String::new();
    let mut out = Vec::new();
    for (g, list) in per_game {
        for (pos, result) in list {
            writeln!(text, "{pos}\t{result}\t{g}").unwrap();
            out.push((g, pos, result));
        }
    }
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .expect("writing the positions");
    eprintln!(
        "wrote {} positions to {} in {:.0} s",
        out.len(),
        path.display(),
        start.elapsed().as_secs_f64()
    );
    out
}

/// A short tag of the weights the games are played with (FNV-1a), so that
/// the positions of one build's weights are never read for another's.
fn weights_tag(w: &[i32; FEATURES]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for x in w {
        for b in x.to_le_bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    h
}

/// A position as the tuner sees it: features and result for the mover.
struct Sample {
    f: [f64; FEATURES],
    result: f64,
}

fn sigmoid(k: f64, s: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * s / 400.0))
}

/// The mean squared error with real weights (in centi-Footmen).
fn loss(set: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    let sum: f64 = set
        .iter()
        .map(|x| {
            let s: f64 = x.f.iter().zip(w).map(|(f, w)| f * w).sum();
            (x.result - sigmoid(k, s)).powi(2)
        })
        .sum();
    sum / set.len() as f64
}

/// The loss of integer weights as the engine evaluates them.
fn engine_loss(set: &[Sample], w: &[i32; FEATURES], k: f64) -> f64 {
    let sum: f64 = set
        .iter()
        .map(|x| {
            let s: i64 =
                x.f.iter()
                    .zip(w)
                    .map(|(&f, &w)| f as i64 * i64::from(w))
                    .sum();
            let s = (s / i64::from(Weights::SCALE)) as f64;
            (x.result - sigmoid(k, s)).powi(2)
        })
        .sum();
    sum / set.len() as f64
}

fn real(w: &[i32; FEATURES]) -> [f64; FEATURES] {
    w.map(|w| f64::from(w) / f64::from(Weights::SCALE))
}

fn find_k(set: &[Sample], w: &[i32; FEATURES]) -> f64 {
    let (mut a, mut b) = (0.05f64, 5.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if engine_loss(set, w, c) < engine_loss(set, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn fit(
    set: &[Sample],
    held: &[Sample],
    start: &[i32; FEATURES],
    k: f64,
    o: &Options,
) -> [i32; FEATURES] {
    let mut w = real(start);
    let fixed = |i: usize| i < 2 || o.without.contains(&i);
    for &i in &o.without {
        w[i] = 0.0;
    }
    let (b1, b2, eps, lr) = (0.9f64, 0.999f64, 1e-8f64, 1.0f64);
    let mut m = [0.0f64; FEATURES];
    let mut v = [0.0f64; FEATURES];
    let c = k * std::f64::consts::LN_10 / 400.0;
    for it in 1..=o.iterations {
        let mut grad = [0.0f64; FEATURES];
        for x in set {
            let s: f64 = x.f.iter().zip(&w).map(|(f, w)| f * w).sum();
            let p = sigmoid(k, s);
            let g = -2.0 * (x.result - p) * p * (1.0 - p) * c;
            for (gi, fi) in grad.iter_mut().zip(&x.f) {
                *gi += g * fi;
            }
        }
        if o.one_mobility {
            // One weight for every troop's mobility: each moves by the sum.
            let sum: f64 = grad[30..45].iter().sum();
            grad[30..45].fill(sum);
        }
        for i in 0..FEATURES {
            if fixed(i) {
                continue;
            }
            let g = grad[i] / set.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= lr * mh / (vh.sqrt() + eps);
        }
        if it % 500 == 0 {
            eprintln!(
                "  iteration {it}: train loss {:.6}, held-out loss {:.6}",
                loss(set, &w, k),
                loss(held, &w, k)
            );
        }
    }
    w.map(|x| (x * f64::from(Weights::SCALE)).round() as i32)
}

fn main() {
    let o = parse_options();
    let all = positions(&o);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = std::collections::BTreeSet::new();
    for (g, pos, result) in &all {
        games.insert(*g);
        let us = pos.side_to_move();
        let sample = Sample {
            f: features(pos).map(f64::from),
            result: if us == Side::Light {
                *result
            } else {
                1.0 - result
            },
        };
        if g % HELD_OUT == HELD_OUT - 1 {
            held.push(sample);
        } else {
            train.push(sample);
        }
    }
    println!(
        "{} positions from {} games: {} training, {} held out (games with g % {HELD_OUT} == {})",
        all.len(),
        games.len(),
        train.len(),
        held.len(),
        HELD_OUT - 1
    );
    let hand = HAND_SET;
    let current = *Weights::DEFAULT.terms();
    let start = if o.from_default { current } else { hand };
    let k = find_k(&train, &start);
    println!("K = {k:.4}");
    let report = |name: &str, w: &[i32; FEATURES]| {
        println!(
            "{name:>9}: train loss {:.6}, held-out loss {:.6}",
            engine_loss(&train, w, k),
            engine_loss(&held, w, k)
        );
    };
    report("hand-set", &hand);
    report("default", &current);
    let fitted = fit(&train, &held, &start, k, &o);
    report("fitted", &fitted);
    println!("weights (1/{} centi-Footman):", Weights::SCALE);
    println!("[");
    for (i, w) in fitted.iter().enumerate() {
        println!("    {w:>5}, // {i}: {}", feature_name(i));
    }
    println!("]");
}
