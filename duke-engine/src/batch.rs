//! Batched games for reinforcement learning: `n` games stepped together,
//! writing observations, masks, rewards and done flags into caller
//! buffers, and starting a new game wherever one ends.

use alloc::vec::Vec;
use core::fmt;

use crate::encode::{
    action_index, game_decision, write_game_mask, write_game_observation, Decision, Perspective,
    ACTION_SPACE, OBS_LEN,
};
use crate::zobrist::mix;
use crate::{ActionKind, Game, Phase};

/// A batch of games from the standard start position, stepped together.
///
/// Episode `k` of the batch (the `k`-th game it starts: games `0..n` at
/// creation, then one per reset, in env order) has the seed
/// [`VecGame::episode_seed`]`(seed, k)`, so a single [`Game`] with that
/// seed and the same decisions replays it exactly.
///
/// ```
/// use duke_engine::batch::VecGame;
/// use duke_engine::encode::Perspective;
/// let mut vec = VecGame::new(4, 7, Perspective::Mover);
/// let mut actions = [0u32; 4];
/// let (mut rewards, mut dones) = ([0f32; 4], [0u8; 4]);
/// for _ in 0..100 {
///     vec.random_actions(&mut actions);
///     vec.step(&actions, &mut rewards, &mut dones).unwrap();
/// }
/// ```
pub struct VecGame {
    games: Vec<Game>,
    /// The decisions of the step under way, checked before any is applied.
    decisions: Vec<Decision>,
    seed: u64,
    episodes: u64,
    rng: u64,
    persp: Perspective,
}

/// A step was refused: nothing was stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// A buffer has the wrong length.
    Length {
        /// The buffer.
        what: &'static str,
        /// The length it has.
        got: usize,
        /// The length it needs.
        need: usize,
    },
    /// An action index that game `env` does not accept now.
    Illegal {
        /// The game.
        env: usize,
        /// The index.
        index: u32,
    },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Length { what, got, need } => {
                write!(f, "{what} has length {got}, expected {need}")
            }
            StepError::Illegal { env, index } => {
                write!(
                    f,
                    "env {env}: action index {index} is not a legal decision now"
                )
            }
        }
    }
}

impl core::error::Error for StepError {}

impl VecGame {
    /// The seed of episode `k` of a batch created with `seed`.
    pub const fn episode_seed(seed: u64, k: u64) -> u64 {
        mix(seed.wrapping_add(k))
    }

    /// `n` games, all at the standard start position.
    pub fn new(n: usize, seed: u64, persp: Perspective) -> VecGame {
        let games = (0..n as u64)
            .map(|k| Game::standard(VecGame::episode_seed(seed, k)))
            .collect();
        VecGame {
            games,
            decisions: alloc::vec![Decision::Draw; n],
            seed,
            episodes: n as u64,
            rng: mix(seed ^ 0x0005_EED0_FAC7_10A5) | 1,
            persp,
        }
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The perspective of the encodings.
    pub fn perspective(&self) -> Perspective {
        self.persp
    }

    fn check(what: &'static str, got: usize, need: usize) -> Result<(), StepError> {
        if got == need {
            Ok(())
        } else {
            Err(StepError::Length { what, got, need })
        }
    }

    /// Applies one decision per game (indices of the action space). The
    /// reward is for the player who made the decision: +1 when it won the
    /// game, -1 when it lost, 0 otherwise. A finished game is replaced by a
    /// new one and its done flag set. If any index is refused, no game moves.
    pub fn step(
        &mut self,
        actions: &[u32],
        rewards: &mut [f32],
        dones: &mut [u8],
    ) -> Result<(), StepError> {
        let n = self.games.len();
        VecGame::check("actions", actions.len(), n)?;
        VecGame::check("rewards", rewards.len(), n)?;
        VecGame::check("dones", dones.len(), n)?;
        for (env, ((game, &index), slot)) in self
            .games
            .iter()
            .zip(actions)
            .zip(self.decisions.iter_mut())
            .enumerate()
        {
            *slot = game_decision(game, index as usize, self.persp)
                .ok_or(StepError::Illegal { env, index })?;
        }
        for (i, game) in self.games.iter_mut().enumerate() {
            let mover = game.side_to_decide();
            match self.decisions[i] {
                Decision::Act(a) if game.phase() == Phase::Play => game.play_listed(a),
                d => {
                    let _ = game.apply(d);
                }
            }
            match game.outcome() {
                Some(outcome) => {
                    rewards[i] = match outcome.winner() {
                        Some(w) if w == mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                    dones[i] = 1;
                    game.reset_standard(VecGame::episode_seed(self.seed, self.episodes));
                    self.episodes += 1;
                }
                None => {
                    rewards[i] = 0.0;
                    dones[i] = 0;
                }
            }
        }
        Ok(())
    }

    /// Chooses for every game a decision uniformly among those it accepts
    /// (each maneuver, the levy as one decision, then each square for the
    /// drawn troop), from the batch's own seeded generator.
    pub fn random_actions(&mut self, out: &mut [u32]) {
        for (game, slot) in self.games.iter().zip(out.iter_mut()) {
            self.rng ^= self.rng << 13;
            self.rng ^= self.rng >> 7;
            self.rng ^= self.rng << 17;
            let r = self.rng;
            let pos = game.position();
            let decision = match game.phase() {
                Phase::Play => {
                    // The generator lists the levies first.
                    let list = game.position_actions();
                    let levies = list
                        .iter()
                        .take_while(|a| a.kind() == ActionKind::Place)
                        .count();
                    let maneuvers = &list[levies..];
                    let k = (r % (maneuvers.len() + usize::from(levies > 0)) as u64) as usize;
                    match maneuvers.get(k) {
                        Some(&a) => Decision::Act(a),
                        None => Decision::Draw,
                    }
                }
                _ => {
                    let list = game.legal_actions();
                    if list.is_empty() {
                        *slot = 0;
                        continue;
                    }
                    Decision::Act(list[(r % list.len() as u64) as usize])
                }
            };
            *slot = action_index(decision, pos, self.persp) as u32;
        }
    }

    /// Writes every game's observation, `len() * OBS_LEN` bytes.
    pub fn write_observations(&self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("observations", out.len(), self.games.len() * OBS_LEN)?;
        for (game, chunk) in self.games.iter().zip(out.chunks_exact_mut(OBS_LEN)) {
            write_game_observation(game, self.persp, chunk);
        }
        Ok(())
    }

    /// Writes every game's mask of accepted decisions, `len() * ACTION_SPACE` bytes.
    pub fn write_masks(&self, out: &mut [u8]) -> Result<(), StepError> {
        VecGame::check("masks", out.len(), self.games.len() * ACTION_SPACE)?;
        for (game, chunk) in self.games.iter().zip(out.chunks_exact_mut(ACTION_SPACE)) {
            write_game_mask(game, self.persp, chunk);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_as_single_games() {
        let n = 8;
        let mut vec = VecGame::new(n, 99, Perspective::Mover);
        let mut singles: Vec<(Game, u64)> = (0..n as u64)
            .map(|k| (Game::standard(VecGame::episode_seed(99, k)), k))
            .collect();
        let mut next_episode = n as u64;
        let mut actions = alloc::vec![0u32; n];
        let mut rewards = alloc::vec![0f32; n];
        let mut dones = alloc::vec![0u8; n];
        let mut finished = 0;
        for _ in 0..3000 {
            vec.random_actions(&mut actions);
            vec.step(&actions, &mut rewards, &mut dones).unwrap();
            for i in 0..n {
                let (single, _) = &mut singles[i];
                let mover = single.side_to_decide();
                let d = game_decision(single, actions[i] as usize, Perspective::Mover).unwrap();
                single.apply(d).unwrap();
                if let Some(o) = single.outcome() {
                    assert_eq!(dones[i], 1);
                    let want = match o.winner() {
                        Some(w) if w == mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                    assert_eq!(rewards[i], want);
                    singles[i] = (
                        Game::standard(VecGame::episode_seed(99, next_episode)),
                        next_episode,
                    );
                    next_episode += 1;
                    finished += 1;
                } else {
                    assert_eq!(dones[i], 0);
                }
                assert_eq!(vec.games()[i].position(), singles[i].0.position());
                assert_eq!(vec.games()[i].pending_draw(), singles[i].0.pending_draw());
            }
        }
        assert!(finished > 10, "{finished}");
    }

    #[test]
    fn refused_step_moves_nothing() {
        let mut vec = VecGame::new(2, 1, Perspective::Absolute);
        let before: Vec<_> = vec.games().iter().map(|g| *g.position()).collect();
        let (mut r, mut d) = ([0f32; 2], [0u8; 2]);
        let ok = action_index(
            Decision::Act(crate::Action::relocate(
                crate::Square::B1,
                crate::Square::B2,
            )),
            vec.games()[0].position(),
            Perspective::Absolute,
        ) as u32;
        let err = vec.step(&[ok, 0], &mut r, &mut d).unwrap_err();
        assert_eq!(err, StepError::Illegal { env: 1, index: 0 });
        let after: Vec<_> = vec.games().iter().map(|g| *g.position()).collect();
        assert_eq!(before, after);
        assert!(matches!(
            vec.step(&[ok], &mut r, &mut d),
            Err(StepError::Length { .. })
        ));
    }
}
