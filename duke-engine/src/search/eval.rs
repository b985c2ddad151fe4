//! The static evaluation: a weighted sum of features of the position.
//!
//! Each feature is a count (or a value in centi-Footmen) for the side to
//! move less the same for its opponent; [`features`] gives the vector, a
//! [`Weights`] the weight of each, and [`evaluate_with`] the sum (divided
//! by [`Weights::SCALE`], so weights have sixteenths of a centi-Footman as
//! their unit). [`evaluate`] uses [`Weights::DEFAULT`]. The features:
//!
//! | index | feature |
//! |---|---|
//! | `2 * troop + face` (0–29) | tiles of that troop and face ([`material`]) |
//! | 30 + troop (30–44) | squares the tiles of that troop could move to or strike, summed ([`mobility`]) |
//! | [`BAG`] | the bag's expected levy value: the mean value of its troops times min(bag size, 3) / 4 |
//! | [`LEVY_SQUARES`] | free squares next to the Duke, at most 2 (0 with an empty bag) |
//! | [`DUKE_DANGER`] | squares next to the Duke that an enemy tile attacks |
//!
//! Under Expanded Play's rules mobility counts what the terrain, the
//! Flags and frozen Pikemen leave, and the evaluation adds the objective's
//! terms ([`objective_score`](super::objective::objective_score)), which
//! are not features (their weights are set by hand).
//!
//! The tool that fits the weights on self-play positions (Texel tuning) is
//! `texel` of the repository's tools/duke-tools (`cargo run --release -p
//! duke-tools --bin texel`); the book's AI chapter gives the procedure.

use crate::masks::{relocation_reach, ADJACENT, REACH};
use crate::{Action, ActionKind, Position, Side, Troop};

/// The number of features.
pub const FEATURES: usize = 48;
/// The index of the bag's expected levy value.
pub const BAG: usize = 45;
/// The index of the free squares next to the Duke (a levy's squares).
pub const LEVY_SQUARES: usize = 46;
/// The index of the attacked squares next to the Duke.
pub const DUKE_DANGER: usize = 47;

/// The index of the material feature of `troop` with `face` (0 starting,
/// 1 flipped).
///
/// ```
/// use duke_engine::search::eval::material;
/// use duke_engine::Troop;
/// assert_eq!(material(Troop::Footman, 1), 3);
/// ```
pub const fn material(troop: Troop, face: usize) -> usize {
    2 * troop as usize + face
}

/// The index of the mobility feature of `troop`.
///
/// ```
/// use duke_engine::search::eval::mobility;
/// use duke_engine::Troop;
/// assert_eq!(mobility(Troop::Duke), 30);
/// ```
pub const fn mobility(troop: Troop) -> usize {
    30 + troop as usize
}

/// The value of each troop in the bag's expected levy value, in
/// centi-Footmen: the mean of the two faces of the hand-set material values
/// the evaluation started from, fixed so that the feature stays a number of
/// the position (its weight scales it).
#[rustfmt::skip]
const BAG_VALUES: [i32; 15] = [
    0, 102, 112, 170, 185, 210, 190, 240, 205, 235, 245, 185, 205, 210, 180,
];

/// The weight of each feature, in sixteenths of a centi-Footman.
///
/// ```
/// use duke_engine::search::eval::{material, Weights};
/// use duke_engine::Troop;
/// let w = Weights::DEFAULT;
/// assert!(w.get(material(Troop::General, 0)) > w.get(material(Troop::Footman, 0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    terms: [i32; FEATURES],
    // The material weight by tile code (troop << 2 | face << 1 | side).
    tile: [i32; 64],
}

/// The weights before tuning: the hand-set evaluation of the first
/// versions (material by troop and face, 3 per square of mobility, the
/// bag's value, 8 per free levy square, −12 per attacked square next to
/// the Duke), kept to compare with.
#[rustfmt::skip]
pub const HAND_SET: [i32; FEATURES] = {
    const V: [[i32; 2]; 15] = [
        [0, 0],       // Duke (its loss ends the game)
        [100, 105],   // Footman
        [110, 115],   // Pikeman
        [170, 170],   // Knight
        [180, 190],   // Wizard
        [220, 200],   // Ranger
        [190, 190],   // Seer
        [230, 250],   // General
        [220, 190],   // Priest
        [230, 240],   // Champion
        [240, 250],   // Marshall
        [180, 190],   // Bowman
        [200, 210],   // Dragoon
        [210, 210],   // Assassin
        [170, 190],   // Longbowman
    ];
    let mut w = [0; FEATURES];
    let mut t = 0;
    while t < 15 {
        w[2 * t] = V[t][0] * Weights::SCALE;
        w[2 * t + 1] = V[t][1] * Weights::SCALE;
        w[30 + t] = 3 * Weights::SCALE;
        t += 1;
    }
    w[BAG] = Weights::SCALE;
    w[LEVY_SQUARES] = 8 * Weights::SCALE;
    w[DUKE_DANGER] = -12 * Weights::SCALE;
    w
};

/// The weights fitted by Texel tuning on positions of self-play games (the
/// tool `texel`, second round: games of the first round's weights; the
/// book's AI chapter gives the procedure and its figures): what
/// [`evaluate`] uses.
#[rustfmt::skip]
pub const TUNED: [i32; FEATURES] = [
        0, // 0: Duke starting
        0, // 1: Duke flipped
     1382, // 2: Footman starting
     2077, // 3: Footman flipped
     1871, // 4: Pikeman starting
     1908, // 5: Pikeman flipped
     3597, // 6: Knight starting
     3403, // 7: Knight flipped
     2325, // 8: Wizard starting
     3054, // 9: Wizard flipped
     5260, // 10: Ranger starting
     4409, // 11: Ranger flipped
     2299, // 12: Seer starting
     2356, // 13: Seer flipped
     4842, // 14: General starting
     4587, // 15: General flipped
     4177, // 16: Priest starting
     4211, // 17: Priest flipped
     3355, // 18: Champion starting
     4333, // 19: Champion flipped
     4079, // 20: Marshall starting
     4873, // 21: Marshall flipped
     3182, // 22: Bowman starting
     3517, // 23: Bowman flipped
     3723, // 24: Dragoon starting
     4037, // 25: Dragoon flipped
     3284, // 26: Assassin starting
     2366, // 27: Assassin flipped
     1732, // 28: Longbowman starting
     2377, // 29: Longbowman flipped
      122, // 30: Duke mobility
      324, // 31: Footman mobility
      275, // 32: Pikeman mobility
      -70, // 33: Knight mobility
      449, // 34: Wizard mobility
      -78, // 35: Ranger mobility
      503, // 36: Seer mobility
        8, // 37: General mobility
      -29, // 38: Priest mobility
      281, // 39: Champion mobility
      120, // 40: Marshall mobility
      204, // 41: Bowman mobility
       68, // 42: Dragoon mobility
     -134, // 43: Assassin mobility
      228, // 44: Longbowman mobility
       66, // 45: bag
      422, // 46: levy squares
     -717, // 47: duke danger
];

impl Weights {
    /// Weights are in 1/`SCALE` centi-Footman.
    pub const SCALE: i32 = 16;

    /// The weights [`evaluate`] uses.
    pub const DEFAULT: Weights = Weights::new(TUNED);

    /// Weights from one number per feature (in 1/[`Weights::SCALE`]
    /// centi-Footman).
    ///
    /// ```
    /// use duke_engine::search::eval::{Weights, HAND_SET};
    /// assert_eq!(Weights::new(HAND_SET).terms(), &HAND_SET);
    /// ```
    pub const fn new(terms: [i32; FEATURES]) -> Weights {
        let mut tile = [0; 64];
        let mut code = 0;
        while code < 60 {
            tile[code] = terms[code >> 1];
            code += 1;
        }
        Weights { terms, tile }
    }

    /// The weight of feature `index`.
    ///
    /// ```
    /// use duke_engine::search::eval::{Weights, BAG};
    /// assert_eq!(Weights::new([0; 48]).get(BAG), 0);
    /// ```
    pub const fn get(&self, index: usize) -> i32 {
        self.terms[index]
    }

    /// Every weight, by feature index.
    ///
    /// ```
    /// use duke_engine::search::eval::{Weights, FEATURES};
    /// assert_eq!(Weights::DEFAULT.terms().len(), FEATURES);
    /// ```
    pub const fn terms(&self) -> &[i32; FEATURES] {
        &self.terms
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// A short name of each feature, by index (for tools that print weights).
///
/// ```
/// use duke_engine::search::eval::{feature_name, DUKE_DANGER};
/// assert_eq!(feature_name(DUKE_DANGER), "duke danger");
/// ```
pub fn feature_name(index: usize) -> alloc::string::String {
    use alloc::format;
    use alloc::string::ToString;
    match index {
        0..=29 => format!(
            "{} {}",
            Troop::ALL[index / 2].name(),
            if index.is_multiple_of(2) {
                "starting"
            } else {
                "flipped"
            }
        ),
        30..=44 => format!("{} mobility", Troop::ALL[index - 30].name()),
        BAG => "bag".to_string(),
        LEVY_SQUARES => "levy squares".to_string(),
        DUKE_DANGER => "duke danger".to_string(),
        _ => "none".to_string(),
    }
}

/// The material value of a tile code, in centi-Footmen (for move ordering).
pub(crate) fn tile_value(code: u8) -> i32 {
    Weights::DEFAULT.tile[code as usize] / Weights::SCALE
}

/// The value of a troop, the mean of its faces (for move ordering).
pub(crate) fn troop_value(troop: Troop) -> i32 {
    let w = &Weights::DEFAULT.terms;
    (w[material(troop, 0)] + w[material(troop, 1)]) / (2 * Weights::SCALE)
}

/// The draft pick the AI makes among `legal` (a draft's decisions): the
/// kind whose tiles are worth most, by the Texel-fitted material values
/// of the evaluation (the mean of the two faces) times the tiles of the
/// kind in an army; `None` when `legal` holds no pick. A pick also keeps
/// the kind from the opponent, which the same value measures.
///
/// ```
/// use duke_engine::search::eval::draft_pick;
/// use duke_engine::{Action, Troop};
/// let picks = [Action::pick(Troop::Seer), Action::pick(Troop::Ranger)];
/// assert_eq!(draft_pick(&picks), Some(Action::pick(Troop::Ranger)));
/// ```
pub fn draft_pick(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter(|a| a.kind() == ActionKind::Pick)
        .max_by_key(|a| {
            let t = a.troop().unwrap_or(Troop::Duke);
            troop_value(t) * i32::from(t.army_count())
        })
        .copied()
}

/// The static evaluation of `pos` for the side to move, in centi-Footmen,
/// with [`Weights::DEFAULT`]: material by troop and face, mobility by
/// troop, a share of the bag's expected value (more while a levy square is
/// free), and the safety of each Duke.
///
/// ```
/// use duke_engine::search::evaluate;
/// use duke_engine::Position;
/// // The start is symmetric but for the move.
/// assert!(evaluate(&Position::standard()).abs() < 50);
/// ```
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Weights::DEFAULT)
}

/// The static evaluation of `pos` for the side to move with `weights`:
/// the sum of [`features`] times weights, divided by [`Weights::SCALE`].
#[inline]
///
/// ```
/// use duke_engine::search::eval::{evaluate_with, features, Weights};
/// use duke_engine::Position;
/// let pos = Position::standard();
/// let w = Weights::DEFAULT;
/// let sum: i32 = features(&pos).iter().zip(w.terms()).map(|(f, w)| f * w).sum();
/// assert_eq!(evaluate_with(&pos, &w), sum / Weights::SCALE);
/// ```
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let us = pos.side_to_move();
    let sum = (side_score(pos, us, weights) - side_score(pos, !us, weights)) / Weights::SCALE;
    if pos.rules().plays_standard() {
        sum
    } else {
        sum + super::objective::objective_score(pos)
    }
}

/// The squares the tile `code` on `sq` could move to or strike: its
/// mobility. Under Expanded Play's rules (`expanded`), what the terrain,
/// the Flags and frozen Pikemen leave of them.
#[inline(always)]
fn tile_mobility(
    pos: &Position,
    sq: usize,
    code: usize,
    own: u64,
    theirs: u64,
    expanded: bool,
) -> i32 {
    if expanded {
        let (reach, strikes) = pos.pseudo_targets_expanded(sq);
        return (reach | strikes).count_ones() as i32;
    }
    let occ = own | theirs;
    let reach = relocation_reach(code, sq, occ) & !own;
    let r = &REACH[code][sq];
    (reach | (r.strike & theirs)).count_ones() as i32
}

/// One side's sum, in 1/SCALE centi-Footman.
#[inline]
fn side_score(pos: &Position, side: Side, w: &Weights) -> i32 {
    let own = pos.by_side[side.index()];
    let theirs = pos.by_side[side.index() ^ 1];
    let occ = pos.occupied().0;
    let expanded = !pos.rules().plays_standard();
    let mut score = 0;
    let mut rest = own;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let code = pos.board[sq] as usize;
        let mobility = tile_mobility(pos, sq, code, own, theirs, expanded);
        score += w.tile[code] + w.terms[30 + (code >> 2)] * mobility;
    }
    let duke = pos.duke(side);
    let [bag, free] = bag_terms(pos, side, duke, occ);
    score += w.terms[BAG] * bag + w.terms[LEVY_SQUARES] * free;
    if let Some(k) = duke {
        score += w.terms[DUKE_DANGER] * duke_danger(pos, side, k.index(), occ);
    }
    score
}

/// The bag's expected levy value and the free levy squares (at most 2).
#[inline]
fn bag_terms(pos: &Position, side: Side, duke: Option<crate::Square>, occ: u64) -> [i32; 2] {
    let bag = pos.bag(side);
    if bag.is_empty() {
        return [0, 0];
    }
    let total: i32 = bag
        .iter()
        .map(|(t, n)| BAG_VALUES[t as usize] * i32::from(n))
        .sum();
    let avg = total / bag.total() as i32;
    // A levy brings on average `avg`; more than one turn of levies is
    // worth less, and none is possible without a free square.
    let free = match duke {
        Some(k) => (ADJACENT[k.index()] & !occ).count_ones() as i32,
        None => 0,
    };
    [avg * bag.total().min(3) as i32 / 4, free.min(2)]
}

/// The attacked squares next to the Duke on `k`.
#[inline]
fn duke_danger(pos: &Position, side: Side, k: usize, occ: u64) -> i32 {
    let around = ADJACENT[k];
    let mut danger = 0;
    let mut rest = around;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if pos.attacked_with(!side, sq, occ | 1 << sq) {
            danger += 1;
        }
    }
    danger
}

/// The feature vector of `pos`: each feature for the side to move less
/// the same for its opponent (see the [module docs](self) for the list).
///
/// ```
/// use duke_engine::search::eval::{features, material};
/// use duke_engine::{Position, Troop};
/// // Both sides start with two Footmen.
/// assert_eq!(features(&Position::standard())[material(Troop::Footman, 0)], 0);
/// ```
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let us = pos.side_to_move();
    let mut f = [0; FEATURES];
    side_features(pos, us, 1, &mut f);
    side_features(pos, !us, -1, &mut f);
    f
}

fn side_features(pos: &Position, side: Side, sign: i32, f: &mut [i32; FEATURES]) {
    let own = pos.by_side[side.index()];
    let theirs = pos.by_side[side.index() ^ 1];
    let occ = pos.occupied().0;
    let expanded = !pos.rules().plays_standard();
    let mut rest = own;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let code = pos.board[sq] as usize;
        f[code >> 1] += sign;
        f[30 + (code >> 2)] += sign * tile_mobility(pos, sq, code, own, theirs, expanded);
    }
    let duke = pos.duke(side);
    let [bag, free] = bag_terms(pos, side, duke, occ);
    f[BAG] += sign * bag;
    f[LEVY_SQUARES] += sign * free;
    if let Some(k) = duke {
        f[DUKE_DANGER] += sign * duke_danger(pos, side, k.index(), occ);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The evaluation as it was written before the weights (a copy).
    fn old_evaluate(pos: &Position) -> i32 {
        #[rustfmt::skip]
        const VALUES: [[i32; 2]; 15] = [
            [0, 0], [100, 105], [110, 115], [170, 170], [180, 190], [220, 200], [190, 190],
            [230, 250], [220, 190], [230, 240], [240, 250], [180, 190], [200, 210], [210, 210],
            [170, 190],
        ];
        fn side_score(pos: &Position, side: Side) -> i32 {
            let own = pos.by_side[side.index()];
            let occ = pos.occupied().0;
            let mut score = 0;
            let mut mobility = 0;
            let mut rest = own;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let code = pos.board[sq];
                score += VALUES[(code >> 2) as usize][((code >> 1) & 1) as usize];
                let reach = relocation_reach(code as usize, sq, occ) & !own;
                let r = &REACH[code as usize][sq];
                mobility +=
                    (reach | (r.strike & pos.by_side[side.index() ^ 1])).count_ones() as i32;
            }
            score += 3 * mobility;
            let bag = pos.bag(side);
            if !bag.is_empty() {
                let total: i32 = bag
                    .iter()
                    .map(|(t, n)| {
                        (VALUES[t as usize][0] + VALUES[t as usize][1]) / 2 * i32::from(n)
                    })
                    .sum();
                let avg = total / bag.total() as i32;
                let free = match pos.duke(side) {
                    Some(k) => (ADJACENT[k.index()] & !occ).count_ones() as i32,
                    None => 0,
                };
                score += avg * bag.total().min(3) as i32 / 4 + 8 * free.min(2);
            }
            if let Some(k) = pos.duke(side) {
                let around = ADJACENT[k.index()];
                let mut danger = 0;
                let mut rest = around;
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if pos.attacked_with(!side, sq, occ | 1 << sq) {
                        danger += 1;
                    }
                }
                score -= 12 * danger;
            }
            score
        }
        let us = pos.side_to_move();
        side_score(pos, us) - side_score(pos, !us)
    }

    /// Positions from seeded random games (levies included).
    fn positions() -> Vec<Position> {
        let games = if cfg!(miri) { 2 } else { 60 };
        let mut out = Vec::new();
        for seed in 0..games {
            let mut pos = Position::standard();
            let mut rng = crate::testgen::TestRng::new(0x9e37_79b9_7f4a_7c15 ^ (seed + 1));
            for _ in 0..120 {
                let list = pos.legal_actions();
                if list.is_empty() || pos.duke(pos.side_to_move()).is_none() {
                    break;
                }
                out.push(pos);
                let a = list[rng.below(list.len())];
                pos.play_unchecked(a);
            }
        }
        out
    }

    #[test]
    fn default_weights_give_the_old_evaluation() {
        let all = positions();
        assert!(all.len() > 100);
        for pos in &all {
            assert_eq!(
                evaluate_with(pos, &Weights::new(HAND_SET)),
                old_evaluate(pos)
            );
        }
    }

    #[test]
    fn evaluation_is_the_weighted_sum_of_features() {
        let mut rng = crate::testgen::TestRng::new(12345);
        for pos in positions() {
            let mut terms = [0; FEATURES];
            for t in terms.iter_mut() {
                *t = rng.below(8001) as i32 - 4000;
            }
            let w = Weights::new(terms);
            let sum: i32 = features(&pos).iter().zip(&terms).map(|(f, w)| f * w).sum();
            assert_eq!(evaluate_with(&pos, &w), sum / Weights::SCALE);
            let sum: i32 = features(&pos)
                .iter()
                .zip(Weights::DEFAULT.terms())
                .map(|(f, w)| f * w)
                .sum();
            assert_eq!(evaluate(&pos), sum / Weights::SCALE);
        }
    }

    #[test]
    fn the_setup_suggestion_drafts_by_value() {
        use crate::{Game, Phase};
        let mut game = Game::with_rules("draft".parse().unwrap(), 1);
        let mut picks = 0;
        while let Phase::Draft { .. } = game.phase() {
            let suggestion = game.setup_suggestion().unwrap();
            assert_eq!(Some(suggestion), draft_pick(game.legal()));
            game.play(suggestion).unwrap();
            picks += 1;
        }
        assert_eq!(picks, 13);
    }
}
