//! Players for the tournament and the terminal game: a level of the AI,
//! a random player and a one-ply greedy player. Every choice is made
//! through the engine (legal decisions, search, evaluation).

use duke_engine::encode::Decision;
use duke_engine::search::{evaluate, level, root_decisions, Searcher, MATE};
use duke_engine::{Game, Phase, Troop};

/// Who decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniform over the decisions (each maneuver, the levy as one).
    Random,
    /// The decision with the best static evaluation one ply ahead (the
    /// levy scored by its expected best placement).
    Greedy,
    /// A difficulty level of the AI.
    Level(u8),
}

impl Player {
    pub fn parse(text: &str) -> Result<Player, String> {
        let t = text.to_ascii_lowercase();
        let n = t.strip_prefix("level").unwrap_or(&t);
        match n {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => match n.parse::<u8>() {
                Ok(k) if (1..=duke_engine::search::LEVELS).contains(&k) => Ok(Player::Level(k)),
                _ => Err(format!(
                    "\"{text}\" is not a player: random, greedy, or a level 1 to {}",
                    duke_engine::search::LEVELS
                )),
            },
        }
    }

    pub fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
            Player::Level(k) => format!("level{k}"),
        }
    }
}

fn drawn(game: &Game) -> Option<Troop> {
    match game.phase() {
        Phase::Levy { troop } => Some(troop),
        _ => None,
    }
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// The decision of `player` in `game` (in play or with a drawn troop).
/// `seed` feeds the random player and the noise of the weak levels.
pub fn decide(player: Player, game: &Game, searcher: &mut Searcher, seed: u64) -> Decision {
    let pos = game.position();
    let troop = drawn(game);
    let roots = root_decisions(pos, troop);
    match player {
        Player::Random => {
            let mut x = seed ^ pos.key() ^ 0x9E37_79B9_7F4A_7C15;
            xorshift(&mut x);
            roots[(xorshift(&mut x) % roots.len() as u64) as usize]
        }
        Player::Greedy => {
            let mut best = (i32::MIN, roots[0]);
            for &d in &roots {
                let score = match d {
                    Decision::Act(a) => {
                        let mut child = *pos;
                        child.play_unchecked(a);
                        if child.duke(child.side_to_move()).is_none() {
                            MATE
                        } else {
                            -evaluate(&child)
                        }
                    }
                    Decision::Levy => {
                        let bag = pos.bag(pos.side_to_move());
                        let mut sum = 0i64;
                        for (t, n) in bag.iter() {
                            let best_sq = pos
                                .levy_squares()
                                .into_iter()
                                .map(|sq| {
                                    let mut child = *pos;
                                    child.play_unchecked(duke_engine::Action::place(t, sq));
                                    -evaluate(&child)
                                })
                                .max()
                                .unwrap_or(0);
                            sum += i64::from(n) * i64::from(best_sq);
                        }
                        (sum / i64::from(bag.total().max(1))) as i32
                    }
                };
                if score > best.0 {
                    best = (score, d);
                }
            }
            best.1
        }
        Player::Level(k) => {
            let history = game.history_keys();
            searcher
                .play_level(pos, troop, &history, &level(k), seed)
                .decision
        }
    }
}

/// Applies a decision; a levy is drawn from the game's generator.
pub fn apply(game: &mut Game, decision: Decision) {
    game.apply(decision)
        .expect("players choose legal decisions");
}
