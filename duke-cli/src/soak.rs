//! `duke soak`: many games with every invariant checked after every turn.
//!
//! Random games choose uniformly among the legal actions (a levy as any
//! listed placement: half the time drawn from the bag and placed, half the
//! time played directly as an outside troop); AI games pit level 1 against
//! level 2, colours alternating. After every step `audit::check` (key,
//! 19 tiles a side, list, result) and `audit::check_undo_redo` (undo gives
//! the exact state back, redo the state after); every finished game is
//! replayed from its record (without the seed) to the identical position.
//! Games are numbered; game `i` uses seed `mix(seed + i)`, so a failure is
//! reproduced by its number, whatever the thread count.
//!
//! Under Expanded Play's rules (`--rules`), random games also make every
//! decision of the start at random (picks, placements, Flags; the terrain
//! is the game's chance), and AI games start from the engine's suggested
//! setup; the audit adds each rule's invariants (the Mountain never
//! occupied, the terrain fixed, one square for each Flag, points 0 to 3,
//! frozen Pikemen never moving).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use duke_engine::audit;
use duke_engine::search::Searcher;
use duke_engine::{ActionKind, Decision, Game, Phase, Rules};

use crate::progress::Progress;
use duke_engine::search::{Driver, Player};
use duke_engine::BySide;

pub struct Options {
    pub random_games: u64,
    pub ai_games: u64,
    pub seed: u64,
    pub threads: usize,
    pub rules: Rules,
}

pub(crate) fn game_seed(seed: u64, i: u64) -> u64 {
    // splitmix64's finaliser, as the engine mixes seeds.
    let mut z = seed.wrapping_add(i).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Checks the game after a step; the error names the turn.
fn after_step(game: &mut Game) -> Result<(), String> {
    audit::check(game)?;
    audit::check_undo_redo(game)?;
    audit::check(game)
}

/// One game of the engine's random player, both sides; returns its turns
/// and result name. Half its levies go the other way on purpose: a troop
/// and square chosen here, played whole with `play_levy` as a troop from
/// outside (a record, a physical game) is, which no engine player does.
fn random_game(seed: u64, rules: Rules) -> Result<(u64, &'static str), String> {
    let mut decisions = 0u64;
    let mut game = if rules.is_standard() {
        Game::standard(seed)
    } else {
        // The start at random: every decision of the draft, the setup and
        // the Flags, each checked.
        let mut game = Game::with_rules(rules, seed);
        while !matches!(game.phase(), Phase::Play | Phase::Over(_)) {
            let choices: Vec<Decision> = game.decisions().collect();
            let pick = game_seed(seed, decisions);
            decisions += 1;
            game.apply(choices[(pick % choices.len() as u64) as usize])
                .map_err(|e| e.to_string())?;
            after_step(&mut game).map_err(|e| format!("setup: {e}"))?;
        }
        game
    };
    let mut searcher = Searcher::new();
    let mut turns = 0;
    while game.outcome().is_none() {
        let pick = game_seed(seed, decisions);
        let (d, _) = Player::Random
            .decide(&game, &mut searcher, pick)
            .map_err(|e| e.to_string())?;
        decisions += 1;
        match d {
            Decision::Levy if pick & 1 == 0 => {
                // A troop from outside: any whole levy of the position.
                let whole: Vec<_> = game
                    .legal()
                    .iter()
                    .copied()
                    .filter(|a| a.kind() == ActionKind::Place)
                    .collect();
                let a = whole[((pick >> 1) % whole.len() as u64) as usize];
                game.play_levy(a).map_err(|e| e.to_string())?;
            }
            Decision::Levy => {
                game.draw().map_err(|e| e.to_string())?;
                after_step(&mut game)?;
                let (place, _) = Player::Random
                    .decide(&game, &mut searcher, game_seed(seed, decisions))
                    .map_err(|e| e.to_string())?;
                decisions += 1;
                game.apply(place).map_err(|e| e.to_string())?;
            }
            Decision::Act(a) => {
                game.play(a).map_err(|e| e.to_string())?;
            }
        }
        after_step(&mut game).map_err(|e| format!("turn {}: {e}", turns + 1))?;
        turns += 1;
    }
    audit::check_record(&game)?;
    Ok((turns, game.outcome().map_or("none", |o| o.reason_name())))
}

/// One game between level 1 and level 2.
fn ai_game(
    seed: u64,
    i: u64,
    rules: Rules,
    searchers: &mut [Searcher; 2],
) -> Result<(u64, &'static str), String> {
    let players = if i.is_multiple_of(2) {
        BySide::new(Player::Level(1), Player::Level(2))
    } else {
        BySide::new(Player::Level(2), Player::Level(1))
    };
    let searcher = std::mem::take(&mut searchers[(i % 2) as usize]);
    let mut driver = Driver::with_searcher(Game::set_up(rules, seed), players, seed, searcher);
    let mut turns = 0;
    while let Some(step) = driver.step() {
        after_step(driver.game_mut()).map_err(|e| format!("turn {}: {e}", turns + 1))?;
        if step.drawn.is_none() {
            turns += 1;
        }
    }
    let (game, searcher) = driver.into_parts();
    searchers[(i % 2) as usize] = searcher;
    audit::check_record(&game)?;
    Ok((turns, game.outcome().map_or("none", |o| o.reason_name())))
}

struct Tally {
    games: AtomicU64,
    turns: AtomicU64,
    results: Mutex<BTreeMap<&'static str, u64>>,
    failure: Mutex<Option<String>>,
    stop: AtomicBool,
}

fn run_part(
    label: &str,
    n: u64,
    opts: &Options,
    base: u64,
    play: &(dyn Fn(u64, u64) -> Result<(u64, &'static str), String> + Sync),
) -> Result<String, String> {
    let tally = Tally {
        games: AtomicU64::new(0),
        turns: AtomicU64::new(0),
        results: Mutex::new(BTreeMap::new()),
        failure: Mutex::new(None),
        stop: AtomicBool::new(false),
    };
    let next = AtomicU64::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| {
                let mut local: BTreeMap<&'static str, u64> = BTreeMap::new();
                while !tally.stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let seed = game_seed(opts.seed.wrapping_add(base), i);
                    match play(seed, i) {
                        Ok((turns, result)) => {
                            *local.entry(result).or_insert(0) += 1;
                            tally.turns.fetch_add(turns, Ordering::Relaxed);
                            tally.games.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => {
                            *tally.failure.lock().unwrap() =
                                Some(format!("{label} game {i} (seed {seed}): {e}"));
                            tally.stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                let mut all = tally.results.lock().unwrap();
                for (k, v) in local {
                    *all.entry(k).or_insert(0) += v;
                }
            });
        }
        // Progress on stderr (a bar on a terminal, a line every few seconds in CI).
        let progress = Progress::new(label, n);
        loop {
            let done = tally.games.load(Ordering::Relaxed);
            let secs = start.elapsed().as_secs_f64();
            let message = format!(
                "games, {:.0} turns/s",
                tally.turns.load(Ordering::Relaxed) as f64 / secs.max(1e-9)
            );
            if done >= n || tally.stop.load(Ordering::Relaxed) {
                progress.finish(done, &message);
                break;
            }
            progress.update(done, &message);
            std::thread::sleep(Duration::from_millis(250));
        }
    });
    if let Some(f) = tally.failure.into_inner().unwrap() {
        return Err(f);
    }
    let secs = start.elapsed().as_secs_f64();
    let games = tally.games.load(Ordering::Relaxed);
    let turns = tally.turns.load(Ordering::Relaxed);
    let results = tally.results.into_inner().unwrap();
    let results: Vec<String> = results.iter().map(|(k, v)| format!("{k} {v}")).collect();
    Ok(format!(
        "{label}: {games} games, {turns} turns in {secs:.1} s ({:.0} turns/s with every check, {} thread(s)); results: {}; every invariant held after every step and every game replayed from its record",
        turns as f64 / secs.max(1e-9),
        opts.threads.max(1),
        results.join(", ")
    ))
}

pub fn run(opts: &Options) -> Result<String, String> {
    let mut out = Vec::new();
    if !opts.rules.is_standard() {
        out.push(format!("rules {}", opts.rules));
    }
    if opts.random_games > 0 {
        out.push(run_part(
            "random",
            opts.random_games,
            opts,
            0,
            &|seed, _| random_game(seed, opts.rules),
        )?);
    }
    if opts.ai_games > 0 {
        out.push(run_part(
            "level1 vs level2",
            opts.ai_games,
            opts,
            1 << 40,
            &|seed, i| {
                thread_local! {
                    static SEARCHERS: std::cell::RefCell<[Searcher; 2]> =
                        std::cell::RefCell::new([Searcher::new(), Searcher::new()]);
                }
                SEARCHERS.with(|s| ai_game(seed, i, opts.rules, &mut s.borrow_mut()))
            },
        )?);
    }
    Ok(out.join("\n"))
}
