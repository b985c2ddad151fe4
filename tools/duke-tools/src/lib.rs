//! What several of the tools share: seeded random games that pass through
//! ordinary positions of play.

use duke_engine::{ActionKind, Game, Phase};

/// Plays one random decision of `game` from the generator state `x` (a
/// xorshift, never 0): a uniform choice from the position's legal actions,
/// where each levy square of each troop in the bag is one action. A chosen
/// levy is played by the rules: the bag draws the troop, which goes on the
/// chosen square.
///
/// # Panics
///
/// When the game is over.
pub fn random_turn(game: &mut Game, x: &mut u64) {
    let list = game.legal();
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    let a = list[(*x % list.len() as u64) as usize];
    if a.kind() == ActionKind::Place && game.phase() == Phase::Play {
        game.draw().expect("a levy is possible");
        game.place(a.target()).expect("a levy square is free");
    } else {
        game.play(a).expect("a legal action");
    }
}
