//! Random games through `duke_engine::Game` beside random chess games through
//! shakmaty with a repetition history, the same loop style, in one run.
//!
//! Each contender's loop: list the legal actions (borrowed here; shakmaty
//! returns its list by value), choose one uniformly, play it, and end the game
//! by its own rules. For The Duke that is `Game`'s whole arbiter (a Duke
//! taken, no action, the quiet-turn limit, the third repetition; a levy is a
//! draw from the bag and a placement). For chess: no legal move, insufficient
//! material, the 75-move rule and fivefold repetition, checked from a history
//! of Zobrist keys since the last capture or pawn move.
//!
//! The two take turns: `ROUNDS` rounds, each of `TURNS` turns in which each
//! contender plays a twentieth of the round's games (which one goes first
//! alternates). Every turn is timed in CPU time of this thread (not wall
//! time, so other work on the machine counts less); a round's rate is its
//! turns (plies) over its CPU-seconds, and the figure is the median of the
//! per-round ratios. This machine's speed drifts from second to second:
//! turns of a few hundredths of a second keep both contenders under the
//! same speed. (Until December 2026 a round was one turn each, the whole
//! round's games at once, and the per-round ratios were spread about three
//! times as wide.)
//!
//! ```text
//! cargo bench -p duke-engine --bench versus            # 7 rounds
//! cargo bench -p duke-engine --bench versus -- quick   # seconds, a smoke test
//! cargo bench -p duke-engine --bench versus -- duke 2000   # one side only (for callgrind)
//! cargo bench -p duke-engine --bench versus -- chess 2000
//! cargo bench -p duke-engine --bench versus -- perft   # perft beside shakmaty's, 7 rounds
//! cargo bench -p duke-engine --bench versus -- vec     # VecGame(1024) beside shakmaty's games, 7 rounds
//! ```
//!
//! `perft` compares perft with bulk counting at the last ply: The Duke's
//! standard start to depth 5 (1,637,009 leaves) beside chess's start
//! position to depth 5 (4,865,609 leaves) through `shakmaty::perft`, in
//! leaves per CPU-second, taking turns the same way (in each turn, each
//! contender repeats its perft for at least a fortieth of a CPU-second, half
//! a CPU-second a round; until December 2026 a round was one such batch of
//! half a CPU-second each).
//!
//! `vec` times `VecGame(1024)` without observations (random decisions, as
//! `--bench speed -- cpu` does: one batch a round, 2,000 steps from the
//! start, 100 a turn) beside random chess games, in turns the same way:
//! decisions per CPU-second beside plies per CPU-second. Shakmaty's loop
//! serves as a yardstick of this machine's speed in that run, so that an
//! absolute figure such as decisions per second can be read against how
//! fast the machine was running.

use std::hint::black_box;

use duke_engine::{ActionKind, Game};
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{Chess, EnPassantMode, Position};

#[path = "common/mod.rs"]
mod common;
use common::{thread_cpu, xorshift};

const ROUNDS: usize = 7;
/// The turns of a round: both contenders run once in each.
const TURNS: u32 = 20;

/// `games` random games of The Duke through `Game`: the turns played.
fn duke_games(games: u32, seed: u64) -> u64 {
    let mut x = seed | 1;
    let mut turns = 0;
    let mut game = Game::standard(0);
    for g in 0..games {
        game.reset_standard(seed.wrapping_add(u64::from(g)));
        while game.outcome().is_none() {
            let list = game.legal();
            let a = list[(xorshift(&mut x) % list.len() as u64) as usize];
            if a.kind() == ActionKind::Place {
                // A levy: the troop comes from the bag, the square was chosen.
                game.draw().unwrap();
                game.place(a.target()).unwrap();
            } else {
                game.play(a).unwrap();
            }
            turns += 1;
        }
        black_box(game.outcome());
    }
    turns
}

/// `games` random chess games through shakmaty: the plies played.
fn chess_games(games: u32, seed: u64) -> u64 {
    let mut x = seed | 1;
    let mut plies = 0;
    let mut keys: Vec<u64> = Vec::with_capacity(1024);
    for _ in 0..games {
        let mut pos = Chess::default();
        keys.clear();
        keys.push(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_insufficient_material() || pos.halfmoves() >= 150 {
                break;
            }
            let m = &moves[(xorshift(&mut x) % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            plies += 1;
            let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
            // Only positions since the last capture or pawn move can repeat,
            // and only every second one has the same side to move.
            let back = (pos.halfmoves() as usize).min(keys.len());
            let seen = keys[keys.len() - back..]
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .filter(|&&k| k == key)
                .count();
            keys.push(key);
            if seen + 1 >= 5 {
                break;
            }
        }
        black_box(&pos);
    }
    plies
}

/// Perft of both games in turns: leaves per CPU-second and their ratio.
fn perft_rounds(rounds: usize, depth: u32) {
    let turns = if rounds == 1 { 1 } else { TURNS };
    println!(
        "perft to depth {depth}, bulk counting, {rounds} rounds of {turns} turns, per CPU-second"
    );
    let duke = duke_engine::Position::standard();
    let chess = Chess::default();
    // In each turn, each contender repeats its perft until it has used
    // `least` CPU-seconds, so that both are timed over about as long.
    let least = if rounds == 1 {
        0.05
    } else {
        0.5 / f64::from(turns)
    };
    let repeat = |perft: &dyn Fn() -> u64| {
        let (t, mut n) = (thread_cpu(), 0);
        while thread_cpu() - t < least {
            n += perft();
        }
        n
    };
    in_turns(
        rounds,
        turns,
        ["duke", "leaves", "chess", "leaves"],
        |_, _| repeat(&|| duke_engine::perft(black_box(&duke), depth)),
        |_, _| repeat(&|| shakmaty::perft(black_box(&chess), depth)),
    );
}

/// Times `a` and `b` in turns: `rounds` rounds, each of `turns` turns in
/// which both run once (which one goes first alternates), each run timed
/// in CPU time of this thread. `a(round, turn)` and `b(round, turn)`
/// return what a run counted; the rates of a round are its counts over
/// its CPU-seconds.
/// Short turns keep the two close in time, so that the machine's speed,
/// which drifts from second to second, moves both alike. Prints every
/// round and the medians; `what` names the two and their units.
fn in_turns(
    rounds: usize,
    turns: u32,
    what: [&str; 4],
    mut a: impl FnMut(usize, u32) -> u64,
    mut b: impl FnMut(usize, u32) -> u64,
) {
    let [a_name, a_unit, b_name, b_unit] = what;
    let (mut a_rates, mut b_rates, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (mut at, mut an, mut bt, mut bn) = (0.0, 0, 0.0, 0);
        for turn in 0..turns {
            let mut run_a = || {
                let t = thread_cpu();
                an += a(round, turn);
                at += thread_cpu() - t;
            };
            let mut run_b = || {
                let t = thread_cpu();
                bn += b(round, turn);
                bt += thread_cpu() - t;
            };
            if (round + turn as usize).is_multiple_of(2) {
                run_a();
                run_b();
            } else {
                run_b();
                run_a();
            }
        }
        let (ra, rb) = (an as f64 / at, bn as f64 / bt);
        println!(
            "round {}: {a_name} {:6.3} M {a_unit}/s  {b_name} {:6.3} M {b_unit}/s  ratio {:.3}",
            round + 1,
            ra / 1e6,
            rb / 1e6,
            ra / rb
        );
        a_rates.push(ra);
        b_rates.push(rb);
        ratios.push(ra / rb);
    }
    println!(
        "median: {a_name} {:.3} M {a_unit}/s, {b_name} {:.3} M {b_unit}/s; median of per-round ratios {:.3}",
        median(a_rates) / 1e6,
        median(b_rates) / 1e6,
        median(ratios)
    );
}

/// `VecGame(1024)` without observations beside random chess games, in
/// turns: decisions and plies per CPU-second, and their ratio. Each round
/// steps one batch from the start, `steps / turns` steps a turn.
fn vec_rounds(rounds: usize, quick: bool) {
    use duke_engine::batch::VecGame;
    use duke_engine::Perspective;
    let (steps, chess_n, turns) = if quick {
        (50, 100, 1)
    } else {
        (2_000, 2_000, TURNS)
    };
    let n = 1024;
    println!(
        "VecGame n={n} ({steps} steps, no observations) and {chess_n} random chess games a round, \
         one core, {rounds} rounds of {turns} turns, per CPU-second of this thread"
    );
    let mut vec = VecGame::new(n, 1, Perspective::Mover);
    let (mut actions, mut rewards, mut dones) = (vec![0u32; n], vec![0f32; n], vec![0u8; n]);
    let mut vec_round = usize::MAX;
    in_turns(
        rounds,
        turns,
        ["VecGame", "decisions", "chess", "plies"],
        |round, _| {
            if round != vec_round {
                vec = VecGame::new(n, 1 + round as u64, Perspective::Mover);
                vec_round = round;
            }
            for _ in 0..steps / turns {
                vec.random_actions(&mut actions);
                vec.step(&actions, &mut rewards, &mut dones).unwrap();
            }
            u64::from(steps / turns) * n as u64
        },
        |round, turn| chess_games(chess_n / turns, turn_seed(round, turn)),
    );
}

/// The seed of a turn's games: different for every turn of every round,
/// odd (the benches' generators start from `seed | 1`, so two seeds one
/// apart would give the same choices), and far enough apart that no two
/// turns' games share a bag seed (`seed + game`).
fn turn_seed(round: usize, turn: u32) -> u64 {
    1 + round as u64 * 10_000_020 + u64::from(turn) * 200_006
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count = |i: usize| args.get(i + 1).and_then(|v| v.parse().ok());
    if let Some(i) = args.iter().position(|a| a == "duke") {
        let games = count(i).unwrap_or(2_000);
        let t = thread_cpu();
        let turns = duke_games(games, 1);
        let secs = thread_cpu() - t;
        // The last field is the rate (read by tools/compare-speed.sh).
        println!(
            "duke: {games} games, {turns} turns, {secs:.3} CPU-s, {:.3} M turns/s",
            turns as f64 / secs / 1e6
        );
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "chess") {
        let games = count(i).unwrap_or(2_000);
        println!("chess: {games} games, {} plies", chess_games(games, 1));
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "duke-perft") {
        // One side only, for callgrind and for two builds timed in turns.
        let times: u32 = count(i).unwrap_or(1);
        let pos = duke_engine::Position::standard();
        let t = thread_cpu();
        let leaves: u64 = (0..times)
            .map(|_| duke_engine::perft(black_box(&pos), 5))
            .sum();
        let secs = thread_cpu() - t;
        println!(
            "duke perft: depth 5 {times} times, {leaves} leaves, {secs:.3} CPU-s, {:.1} M leaves/s",
            leaves as f64 / secs / 1e6
        );
        return;
    }
    let quick = args.iter().any(|a| a == "quick");
    if args.iter().any(|a| a == "perft") {
        perft_rounds(if quick { 1 } else { ROUNDS }, if quick { 4 } else { 5 });
        return;
    }
    if args.iter().any(|a| a == "vec") {
        vec_rounds(if quick { 1 } else { ROUNDS }, quick);
        return;
    }
    let (rounds, duke_n, chess_n) = if quick {
        (1, 200, 100)
    } else {
        (ROUNDS, 20_000, 10_000)
    };
    let turns = if quick { 1 } else { TURNS };
    println!(
        "random games ({duke_n} of The Duke, {chess_n} of chess a round), one core, \
         {rounds} rounds of {turns} turns, per CPU-second of this thread"
    );
    in_turns(
        rounds,
        turns,
        ["duke", "turns", "chess", "plies"],
        |round, turn| duke_games(duke_n / turns, turn_seed(round, turn)),
        |round, turn| chess_games(chess_n / turns, turn_seed(round, turn)),
    );
}
