//! A learned evaluation: a small network whose first layer is updated
//! incrementally (NNUE), run in integers.
//!
//! | Layer | Size | Numbers |
//! |---|---|---|
//! | features | [`FEATURES`] = 2,250, sparse, per perspective | active or not |
//! | first layer | [`FEATURES`] → [`HIDDEN`], shared by both perspectives | `i16` weights and accumulators |
//! | second layer | 2 × [`HIDDEN`] → [`L2`] | `i8` weights, `i32` biases |
//! | output | [`L2`] → 1 | `i8` weights, `i32` bias |
//!
//! **Features.** Each side has its own view of the position. A tile is one
//! feature: its square, troop, face and owner ("ours" or "theirs"), with
//! the board turned for Dark. A bag gives one feature per tile of a troop,
//! up to three (`count ≥ 1`, `≥ 2`, `≥ 3`), for each owner. See
//! [`active_features`].
//!
//! **Accumulators.** The first layer's output for each view is the bias
//! plus the rows of the active features. An action changes a few squares
//! and perhaps a bag, so [`Accumulator::update`] adds and removes only
//! those rows. The search keeps one accumulator per ply. The accumulators
//! are 16-bit, as the weights: a file is refused unless no position can
//! take a first-layer sum outside `i16` (its bias and the [`MAX_ACTIVE`]
//! largest weights of each unit, in absolute value, add up to at most
//! 32,767), so that the 16-bit sums are exact.
//!
//! **Forward pass.** With `QA` = 127 and `QB` = 64:
//!
//! 1. `x` = the mover's accumulator, then the other's, each clamped to
//!    `0..=QA` (`QA` stands for 1.0);
//! 2. `h[j]` = `(Σ x[i]·w2[j][i] + b2[j])` floor-divided by `QB`, clamped
//!    to `0..=QA`;
//! 3. `out` = `Σ h[j]·w3[j] + b3`, which is `QA·QB` per Footman.
//!
//! The network's output is `out · 100 / (QA·QB)`, floored: centi-Footmen
//! for the side to move, as [`evaluate`](super::evaluate) gives. The score
//! is the output plus the network's [`Base`]: nothing, or the hand-tuned
//! evaluation, which the network then corrects. A trainer works in
//! floats (`x` and `h` clamped to 0..1) and rounds `w1·QA`, `b1·QA`,
//! `w2·QB`, `b2·QA·QB`, `w3·QB` and `b3·QA·QB` when it exports.
//!
//! **The file** ([`Network::from_bytes`], [`Network::to_bytes`]), little
//! endian:
//!
//! | Field | Type |
//! |---|---|
//! | magic `DUKENNUE` | 8 bytes |
//! | version, 2 | `u32` |
//! | feature set name's length, then the name ([`FEATURE_SET`]) | `u16`, UTF-8 |
//! | features, hidden, second layer | 3 × `u32` |
//! | `QA`, `QB` | 2 × `u32` |
//! | the [`Base`]: 0 none, 1 the hand-tuned evaluation | `u32` |
//! | `b1`, then `w1` feature by feature | `i16` × ([`HIDDEN`] + [`FEATURES`] × [`HIDDEN`]) |
//! | `w2` row by row, then `b2` | `i8` × [`L2`] × 2[`HIDDEN`], `i32` × [`L2`] |
//! | `w3`, then `b3` | `i8` × [`L2`], `i32` |
//!
//! A file whose feature set, sizes or quantization differ is refused with a
//! [`NetworkError`] that names the field.
//!
//! **The built-in network.** With the `builtin-network` feature (on by
//! default) the crate embeds `networks/net3.nnue` ([`BUILTIN_FILE`],
//! [`Network::builtin`]), trained by the project's own self-play and
//! training loop, and every [`Searcher`](super::Searcher) starts with it.
//! A program chooses the evaluation as an [`Evaluation`], by name
//! ([`BUILTIN`], [`HAND_TUNED`]) or from a file.
//!
//! ```
//! use duke_engine::search::nnue::{Accumulator, Network};
//! use duke_engine::{Action, Position, Square};
//! let net = Network::zeroed();
//! let pos = Position::standard();
//! let mut acc = Accumulator::refresh(&net, &pos);
//! let mut next = pos;
//! next.play_unchecked(Action::relocate(Square::B1, Square::B2));
//! acc.update(&net, &pos, &next);
//! assert_eq!(acc, Accumulator::refresh(&net, &next));
//! assert_eq!(net.evaluate(&next), 0);
//! ```

use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::encode::map_sq;
use crate::masks::EMPTY;
use crate::{Position, Side, Troop};

/// Tile features: owner (ours, theirs) × troop × face × square.
pub const TILE_FEATURES: usize = 2 * Troop::COUNT * 2 * 36;
/// Bag features: owner × troop × the first three tiles of it.
pub const BAG_FEATURES: usize = 2 * Troop::COUNT * BAG_DEPTH;
/// How many tiles of one troop in a bag have a feature each.
pub const BAG_DEPTH: usize = 3;
/// Features per perspective.
pub const FEATURES: usize = TILE_FEATURES + BAG_FEATURES;
/// The most features active in one view of a position: a tile gives at
/// most one (on the board, or in a bag within [`BAG_DEPTH`]), and a side
/// has at most its army's tiles (both armies: 38).
pub const MAX_ACTIVE: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < Troop::COUNT {
        n += Troop::ALL[i].army_count() as usize;
        i += 1;
    }
    2 * n
};
/// The first layer's width (per perspective).
pub const HIDDEN: usize = 64;
/// The second layer's width.
pub const L2: usize = 16;
/// What 1.0 is in an activation.
pub const QA: i32 = 127;
/// What 1.0 is in a second- or output-layer weight.
pub const QB: i32 = 64;
/// The name of the feature set, written in every weights file.
pub const FEATURE_SET: &str = "tile-owner-troop-face-square-2x15x2x36+bag-owner-troop-3-2x15x3";
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"DUKENNUE";
/// The file format's version (2 added the [`Base`]).
pub const VERSION: u32 = 2;

/// What a network's output is added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// Nothing: the network's output is the score.
    Zero = 0,
    /// The hand-tuned [`evaluate`](super::evaluate): the network learns a
    /// correction to it. An untrained (zeroed) network of this base plays
    /// exactly as the hand-tuned evaluation does.
    HandTuned = 1,
}

impl Base {
    /// Every base, by its number in a weights file.
    pub const ALL: [Base; 2] = [Base::Zero, Base::HandTuned];
    /// How many bases there are.
    pub const COUNT: usize = Base::ALL.len();

    /// The base's number in a weights file.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The base's name, as the faces show it: `"none"` or `"hand-tuned"`.
    pub fn name(self) -> &'static str {
        match self {
            Base::Zero => "none",
            Base::HandTuned => "hand-tuned",
        }
    }

    /// The base of a file's number.
    pub fn from_code(code: u32) -> Option<Base> {
        match code {
            0 => Some(Base::Zero),
            1 => Some(Base::HandTuned),
            _ => None,
        }
    }

    /// The base's score of `pos` for the side to move, in centi-Footmen.
    #[inline(always)]
    pub fn evaluate(self, pos: &Position) -> i32 {
        match self {
            Base::Zero => 0,
            Base::HandTuned => super::evaluate(pos),
        }
    }
}

/// The feature of the tile with board code `code` on square `sq`, seen by
/// `view`.
#[inline(always)]
fn tile_feature(code: u8, sq: usize, view: Side) -> usize {
    let theirs = usize::from((code & 1) as usize != view.index());
    let troop = usize::from(code >> 2);
    let face = usize::from((code >> 1) & 1);
    ((theirs * Troop::COUNT + troop) * 2 + face) * 36 + map_sq(sq, view == Side::Dark)
}

/// The feature of the `k`-th (0-based) tile of `troop` in `owner`'s bag,
/// seen by `view`.
#[inline(always)]
fn bag_feature(owner: Side, troop: usize, k: usize, view: Side) -> usize {
    let theirs = usize::from(owner != view);
    TILE_FEATURES + (theirs * Troop::COUNT + troop) * BAG_DEPTH + k
}

/// Calls `f` with every feature active in `pos` seen by `view`: the tiles
/// in square order, then the bags (`view`'s own first). A trainer reads
/// these (Python: `Position.nnue_features`).
///
/// ```
/// use duke_engine::search::nnue::{active_features, TILE_FEATURES};
/// use duke_engine::{Position, Side};
/// let mut features = Vec::new();
/// active_features(&Position::standard(), Side::Light, |f| features.push(f));
/// // Six tiles on the board and 16 + 16 tiles in the bags, of which the
/// // three Pikemen of each bag count three times and the rest once.
/// assert_eq!(features.len(), 6 + 2 * 16);
/// assert_eq!(features.iter().filter(|&&f| f >= TILE_FEATURES).count(), 32);
/// ```
pub fn active_features(pos: &Position, view: Side, mut f: impl FnMut(usize)) {
    for (sq, &code) in pos.board.iter().enumerate() {
        if code != EMPTY {
            f(tile_feature(code, sq, view));
        }
    }
    for owner in [view, !view] {
        for (troop, count) in pos.bag(owner).iter() {
            for k in 0..usize::from(count).min(BAG_DEPTH) {
                f(bag_feature(owner, troop.index(), k, view));
            }
        }
    }
}

/// The name that selects the built-in network wherever a face takes an
/// evaluation: `duke --eval-file builtin`, the protocol's `EvalFile`,
/// Python's `network="builtin"`, C's `duke_game_set_evaluation` and
/// JavaScript's `setEvaluation`.
pub const BUILTIN: &str = "builtin";
/// The name that selects the hand-tuned [`evaluate`](super::evaluate)
/// wherever a face takes an evaluation.
pub const HAND_TUNED: &str = "hand-tuned";

/// The evaluation a search uses, as a program chooses it: the built-in
/// network, the hand-tuned evaluation or a network read from a file. A
/// choice reads nothing; [`network`](Evaluation::network) resolves it when
/// a search starts. The default is the built-in network with the
/// `builtin-network` feature (the default), the hand-tuned evaluation
/// without it.
///
/// ```
/// use duke_engine::search::nnue::Evaluation;
/// assert!(Evaluation::by_name("hand-tuned").unwrap().network().is_none());
/// assert!(Evaluation::by_name("builtin").unwrap().network().is_some());
/// assert_eq!(Evaluation::by_name("nnue").unwrap_err().code(), "nnue.name");
/// assert_eq!(Evaluation::default().name(), Some("builtin"));
/// ```
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The built-in network ([`Network::builtin`]), named [`BUILTIN`].
    #[cfg(feature = "builtin-network")]
    Builtin,
    /// The hand-tuned [`evaluate`](super::evaluate), named [`HAND_TUNED`].
    HandTuned,
    /// A network read from a weights file.
    Network(Arc<Network>),
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        #[cfg(feature = "builtin-network")]
        return Evaluation::Builtin;
        #[cfg(not(feature = "builtin-network"))]
        return Evaluation::HandTuned;
    }
}

impl Evaluation {
    /// The evaluation a name selects: [`BUILTIN`] or [`HAND_TUNED`]. Any
    /// other name is an error with the code `nnue.name` (programs that read
    /// files try the name first, then a file).
    pub fn by_name(name: &str) -> Result<Evaluation, NetworkError> {
        match name {
            HAND_TUNED => Ok(Evaluation::HandTuned),
            #[cfg(feature = "builtin-network")]
            BUILTIN => Ok(Evaluation::Builtin),
            _ => Err(NetworkError {
                field: "name",
                found: 0,
                expected: 0,
            }),
        }
    }

    /// Its name, for the named ones.
    pub fn name(&self) -> Option<&'static str> {
        match self {
            #[cfg(feature = "builtin-network")]
            Evaluation::Builtin => Some(BUILTIN),
            Evaluation::HandTuned => Some(HAND_TUNED),
            Evaluation::Network(_) => None,
        }
    }

    /// What [`Searcher::set_network`](super::Searcher::set_network)
    /// takes: the network, or `None` for the hand-tuned evaluation.
    pub fn network(&self) -> Option<Arc<Network>> {
        match self {
            #[cfg(feature = "builtin-network")]
            Evaluation::Builtin => Some(Network::builtin()),
            Evaluation::HandTuned => None,
            Evaluation::Network(net) => Some(Arc::clone(net)),
        }
    }
}

/// The network a new [`Searcher`](super::Searcher) starts with:
/// [`Evaluation::default`]'s.
pub fn default_network() -> Option<Arc<Network>> {
    Evaluation::default().network()
}

/// The name of the default evaluation: [`BUILTIN`], or [`HAND_TUNED`]
/// without the `builtin-network` feature.
pub fn default_name() -> &'static str {
    Evaluation::default().name().unwrap_or(HAND_TUNED)
}

/// The built-in network's file: `networks/net3.nnue` of the crate (its
/// README says how it was trained and what it measured).
#[cfg(feature = "builtin-network")]
pub const BUILTIN_FILE: &[u8] = include_bytes!("../../networks/net3.nnue");

#[cfg(feature = "builtin-network")]
impl Network {
    /// The built-in network, read from [`BUILTIN_FILE`]: once per process
    /// with `std` (the searchers share it), at each call without.
    ///
    /// ```
    /// use duke_engine::search::nnue::{Base, Network};
    /// assert_eq!(Network::builtin().base(), Base::HandTuned);
    /// ```
    pub fn builtin() -> Arc<Network> {
        fn read() -> Arc<Network> {
            let mut net = Network::from_bytes(BUILTIN_FILE).expect("the built-in network reads");
            net.builtin = true;
            Arc::new(net)
        }
        #[cfg(feature = "std")]
        {
            static NET: std::sync::OnceLock<Arc<Network>> = std::sync::OnceLock::new();
            Arc::clone(NET.get_or_init(read))
        }
        #[cfg(not(feature = "std"))]
        read()
    }
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkError {
    field: &'static str,
    found: u64,
    expected: u64,
}

impl NetworkError {
    /// The stable code: `nnue.name` for a name that selects no
    /// evaluation ([`Evaluation::by_name`]), `nnue.file` for a file refused.
    pub fn code(&self) -> &'static str {
        if self.field == "name" {
            "nnue.name"
        } else {
            "nnue.file"
        }
    }

    /// The kind of failure: [`ErrorKind::Parse`](crate::ErrorKind::Parse).
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Parse
    }

    /// The field that is wrong.
    pub fn field(&self) -> &'static str {
        self.field
    }
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            "name" => write!(
                f,
                "no evaluation has that name: use \"{BUILTIN}\" (the built-in network) or \"{HAND_TUNED}\", or a weights file"
            ),
            "magic" => f.write_str("not a duke-engine network: it does not start with DUKENNUE"),
            "feature set" => write!(
                f,
                "the network's feature set is not this engine's ({FEATURE_SET})"
            ),
            "base" => write!(
                f,
                "the network's base is {}: this engine knows 0 (none) and 1 (the hand-tuned evaluation)",
                self.found
            ),
            "length" => write!(
                f,
                "the network file is {} bytes, and its header asks for {}",
                self.found, self.expected
            ),
            "first layer range" => write!(
                f,
                "the network's first layer can sum to {} in one unit (its bias and the \
                 {MAX_ACTIVE} largest weights), more than the engine's 16-bit \
                 accumulators hold ({})",
                self.found, self.expected
            ),
            "second layer bias" | "output bias" => write!(
                f,
                "the network's {} is {} in absolute value, more than the {} the engine \
                 accepts (its sums and its score must stay in range)",
                self.field, self.found, self.expected
            ),
            field => write!(
                f,
                "the network's {field} is {}, and this engine reads {}",
                self.found, self.expected
            ),
        }
    }
}

impl core::error::Error for NetworkError {}

/// The weights of a network, quantized (see the [module](self)).
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    b1: Vec<i16>,
    w1: Vec<i16>,
    /// Row by row, as in the file.
    w2: Vec<i8>,
    b2: Vec<i32>,
    w3: Vec<i8>,
    b3: i32,
    base: Base,
    /// Whether this is [`Network::builtin`], trained on the standard game
    /// (the search evaluates other rules without it).
    builtin: bool,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({FEATURES}x{HIDDEN}x2-{L2}-1, base {:?})",
            self.base
        )
    }
}

/// A little-endian reader over a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        s
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take(2).try_into().expect("2 bytes"))
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().expect("4 bytes"))
    }
    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take(4).try_into().expect("4 bytes"))
    }
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        self.take(2 * n)
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    }
    fn i8s(&mut self, n: usize) -> Vec<i8> {
        self.take(n).iter().map(|&b| b as i8).collect()
    }
    fn i32s(&mut self, n: usize) -> Vec<i32> {
        (0..n).map(|_| self.i32()).collect()
    }
}

/// The length of the header before the weights.
const fn header_len() -> usize {
    8 + 4 + 2 + FEATURE_SET.len() + 3 * 4 + 2 * 4 + 4
}

/// The length of a whole file.
pub const FILE_LEN: usize =
    header_len() + 2 * (HIDDEN + FEATURES * HIDDEN) + L2 * 2 * HIDDEN + 4 * L2 + L2 + 4;

impl Network {
    /// A network whose weights are all zero, with [`Base::Zero`] (it scores
    /// every position 0): a starting point for tests and for a trainer's
    /// first export.
    pub fn zeroed() -> Network {
        Network {
            b1: vec![0; HIDDEN],
            w1: vec![0; FEATURES * HIDDEN],
            w2: vec![0; L2 * 2 * HIDDEN],
            b2: vec![0; L2],
            w3: vec![0; L2],
            b3: 0,
            base: Base::Zero,
            builtin: false,
        }
    }

    /// The same weights added to `base`.
    ///
    /// ```
    /// use duke_engine::search::evaluate;
    /// use duke_engine::search::nnue::{Base, Network};
    /// use duke_engine::Position;
    /// let pos = Position::standard();
    /// let net = Network::zeroed().with_base(Base::HandTuned);
    /// assert_eq!(net.evaluate(&pos), evaluate(&pos));
    /// ```
    pub fn with_base(mut self, base: Base) -> Network {
        self.base = base;
        self
    }

    /// What the network's output is added to.
    pub fn base(&self) -> Base {
        self.base
    }

    /// Whether the network evaluates positions under `rules`. The built-in
    /// network was trained on the standard game, so it evaluates only the
    /// rules that play as the standard game does; under Expanded Play's
    /// other rules the search evaluates with the hand-tuned evaluation
    /// and its objective terms instead. A network read from a file is
    /// used under any rules: whoever gives it knows what it was trained on.
    ///
    /// ```
    /// use duke_engine::search::nnue::Network;
    /// use duke_engine::Rules;
    /// let coup: Rules = "coup".parse()?;
    /// # #[cfg(feature = "builtin-network")]
    /// assert!(!Network::builtin().evaluates(coup));
    /// # #[cfg(feature = "builtin-network")]
    /// assert!(Network::builtin().evaluates(Rules::STANDARD));
    /// assert!(Network::zeroed().evaluates(coup));
    /// # Ok::<(), duke_engine::ParseRulesError>(())
    /// ```
    pub fn evaluates(&self, rules: crate::Rules) -> bool {
        !self.builtin || rules.plays_standard()
    }

    /// Reads a weights file, checking its magic, version, feature set,
    /// sizes, quantization and length against this engine's.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let wrong = |field, found: u64, expected: u64| NetworkError {
            field,
            found,
            expected,
        };
        if bytes.len() < header_len() || &bytes[..8] != MAGIC {
            return Err(wrong("magic", 0, 0));
        }
        let mut r = Reader { bytes, at: 8 };
        let version = r.u32();
        if version != VERSION {
            return Err(wrong("version", version.into(), VERSION.into()));
        }
        let name_len = usize::from(r.u16());
        if name_len != FEATURE_SET.len() || r.take(name_len) != FEATURE_SET.as_bytes() {
            return Err(wrong("feature set", 0, 0));
        }
        for (field, expected) in [
            ("feature count", FEATURES as u32),
            ("hidden width", HIDDEN as u32),
            ("second layer width", L2 as u32),
            ("QA", QA as u32),
            ("QB", QB as u32),
        ] {
            let found = r.u32();
            if found != expected {
                return Err(wrong(field, found.into(), expected.into()));
            }
        }
        let code = r.u32();
        let base = Base::from_code(code).ok_or(wrong("base", code.into(), 1))?;
        if bytes.len() != FILE_LEN {
            return Err(wrong("length", bytes.len() as u64, FILE_LEN as u64));
        }
        let b1 = r.i16s(HIDDEN);
        let w1 = r.i16s(FEATURES * HIDDEN);
        let w2 = r.i8s(L2 * 2 * HIDDEN);
        let b2 = r.i32s(L2);
        let w3 = r.i8s(L2);
        let b3 = r.i32();
        let reach = first_layer_reach(&b1, &w1);
        if reach > i64::from(i16::MAX) {
            return Err(wrong("first layer range", reach as u64, i16::MAX as u64));
        }
        // The later layers: sums that cannot overflow 32 bits, and an
        // output that stays a score (see `MAX_B2` and `MAX_B3`).
        if let Some(&b) = b2.iter().find(|b| b.unsigned_abs() > MAX_B2) {
            return Err(wrong(
                "second layer bias",
                b.unsigned_abs().into(),
                MAX_B2.into(),
            ));
        }
        if b3.unsigned_abs() > MAX_B3 {
            return Err(wrong(
                "output bias",
                b3.unsigned_abs().into(),
                MAX_B3.into(),
            ));
        }
        Ok(Network {
            b1,
            w1,
            w2,
            b2,
            w3,
            b3,
            base,
            builtin: false,
        })
    }

    /// A network from its quantized layers, checked as a file's are:
    /// the first layer's biases (`HIDDEN`) and weights (`FEATURES` rows of
    /// `HIDDEN`), the second layer's weights (`L2` rows of `2 * HIDDEN`)
    /// and biases (`L2`), the output's weights (`L2`) and bias. What a
    /// trainer writes its weights file with ([`to_bytes`](Network::to_bytes)),
    /// so that only the engine packs the format.
    ///
    /// ```
    /// use duke_engine::search::nnue::{Base, Network, FEATURES, HIDDEN, L2};
    /// let net = Network::from_parts(
    ///     vec![0; HIDDEN], vec![0; FEATURES * HIDDEN], vec![0; L2 * 2 * HIDDEN],
    ///     vec![0; L2], vec![0; L2], 0, Base::Zero,
    /// ).unwrap();
    /// assert_eq!(net, Network::zeroed());
    /// assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        b1: Vec<i16>,
        w1: Vec<i16>,
        w2: Vec<i8>,
        b2: Vec<i32>,
        w3: Vec<i8>,
        b3: i32,
        base: Base,
    ) -> Result<Network, NetworkError> {
        for (field, found, expected) in [
            ("first layer bias count", b1.len(), HIDDEN),
            ("first layer weight count", w1.len(), FEATURES * HIDDEN),
            ("second layer weight count", w2.len(), L2 * 2 * HIDDEN),
            ("second layer bias count", b2.len(), L2),
            ("output weight count", w3.len(), L2),
        ] {
            if found != expected {
                return Err(NetworkError {
                    field,
                    found: found as u64,
                    expected: expected as u64,
                });
            }
        }
        let net = Network {
            b1,
            w1,
            w2,
            b2,
            w3,
            b3,
            base,
            builtin: false,
        };
        // The same checks as a file's, in one place.
        Network::from_bytes(&net.to_bytes())
    }

    /// The weights file ([`from_bytes`](Network::from_bytes) reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(FEATURE_SET.len() as u16).to_le_bytes());
        out.extend_from_slice(FEATURE_SET.as_bytes());
        for n in [
            FEATURES as u32,
            HIDDEN as u32,
            L2 as u32,
            QA as u32,
            QB as u32,
            self.base.code(),
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for v in self.b1.iter().chain(&self.w1) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend(self.w2.iter().map(|&v| v as u8));
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend(self.w3.iter().map(|&v| v as u8));
        out.extend_from_slice(&self.b3.to_le_bytes());
        out
    }

    /// The row of the first layer for feature `f`.
    #[inline(always)]
    fn row(&self, f: usize) -> &[i16; HIDDEN] {
        self.w1[f * HIDDEN..(f + 1) * HIDDEN]
            .try_into()
            .expect("a row")
    }

    /// The score of `pos` for the side to move, in centi-Footmen, from
    /// fresh accumulators: the network's output plus its [`Base`].
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.score(&Accumulator::refresh(self, pos), pos)
    }

    /// The score of `pos` from accumulators that hold it: the network's
    /// [`output`](Network::output) plus its [`Base`].
    #[inline]
    pub fn score(&self, acc: &Accumulator, pos: &Position) -> i32 {
        self.output(acc, pos.side_to_move()) + self.base.evaluate(pos)
    }

    /// The network's own output for `mover`, in centi-Footmen, from
    /// accumulators that hold the position (without the [`Base`]).
    #[inline]
    pub fn output(&self, acc: &Accumulator, mover: Side) -> i32 {
        let (us, them) = (&acc.v[mover.index()], &acc.v[(!mover).index()]);
        let out = self.b3 + self.hidden(us, them);
        (i64::from(out) * 100).div_euclid(i64::from(QA * QB)) as i32
    }

    /// `Σ h[j]·w3[j]` of the module's forward pass, from the mover's and
    /// the other's first-layer sums: plain code, which [`hidden`] equals.
    ///
    /// [`hidden`]: Network::hidden
    #[cfg_attr(
        all(
            any(target_arch = "x86", target_arch = "x86_64"),
            target_feature = "ssse3",
            target_feature = "sse4.1",
            not(test)
        ),
        allow(dead_code)
    )]
    fn hidden_plain(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        // The activations fit a byte (0..=QA), and the weights are bytes.
        let mut x = [0u8; 2 * HIDDEN];
        for (o, &a) in x.iter_mut().zip(us.iter().chain(them)) {
            *o = a.clamp(0, QA as i16) as u8;
        }
        let mut out = 0;
        for (j, w) in self.w2.chunks_exact(2 * HIDDEN).enumerate() {
            let y = dot_plain(&x, w);
            let h = (y + self.b2[j]).div_euclid(QB).clamp(0, QA);
            out += h * i32::from(self.w3[j]);
        }
        out
    }

    /// [`hidden_plain`](Network::hidden_plain) with SSSE3 and SSE4.1 (every
    /// x86-64-v2 CPU; this repository's x86-64 builds), exactly:
    ///
    /// - the activations: `packuswb` clamps sixteen sums below at 0 (and
    ///   above at 255) into bytes, `pminub` at `QA`;
    /// - each second-layer unit: sixteen products a step by `pmaddubsw`,
    ///   which multiplies unsigned by signed bytes and adds them in pairs
    ///   into 16-bit lanes (a pair is at most 2·127·128 = 32,512, so it
    ///   never saturates), then `pmaddwd` by ones into four 32-bit lanes;
    /// - four units' lanes summed at once by two rounds of `phaddd`, their
    ///   biases added, floor-divided by `QB` (an arithmetic shift), clamped
    ///   (`pmaxsd`, `pminsd`) and multiplied by the output weights
    ///   (`pmulld`).
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "ssse3",
        target_feature = "sse4.1"
    ))]
    #[inline(always)]
    fn hidden(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        use safe_arch::{
            add_horizontal_i32_m128i, add_i32_m128i, m128i, max_i32_m128i, min_i32_m128i,
            min_u8_m128i, mul_32_m128i, mul_i16_horizontal_add_m128i,
            mul_u8i8_add_horizontal_saturating_m128i, pack_i16_to_u8_m128i, set_splat_i16_m128i,
            set_splat_i32_m128i, set_splat_i8_m128i, shr_imm_i32_m128i,
        };
        const CHUNKS: usize = 2 * HIDDEN / 16;
        let top = set_splat_i8_m128i(QA as i8);
        let load16 = |v: &[i16]| m128i::from(<[i16; 8]>::try_from(v).expect("8 sums"));
        let x: [m128i; CHUNKS] = core::array::from_fn(|k| {
            let half = if k < CHUNKS / 2 { us } else { them };
            let at = (k % (CHUNKS / 2)) * 16;
            let bytes =
                pack_i16_to_u8_m128i(load16(&half[at..at + 8]), load16(&half[at + 8..at + 16]));
            min_u8_m128i(bytes, top)
        });
        let ones = set_splat_i16_m128i(1);
        let unit = |row: &[i8]| {
            let mut sum = m128i::default();
            for (xs, ws) in x.iter().zip(row.chunks_exact(16)) {
                let w = m128i::from(<[i8; 16]>::try_from(ws).expect("16 weights"));
                let pairs = mul_u8i8_add_horizontal_saturating_m128i(*xs, w);
                sum = add_i32_m128i(sum, mul_i16_horizontal_add_m128i(pairs, ones));
            }
            sum
        };
        let zero = m128i::default();
        let qa = set_splat_i32_m128i(QA);
        let mut total = m128i::default();
        for (g, rows) in self.w2.chunks_exact(4 * 2 * HIDDEN).enumerate() {
            let r: [m128i; 4] =
                core::array::from_fn(|i| unit(&rows[i * 2 * HIDDEN..(i + 1) * 2 * HIDDEN]));
            let y = add_horizontal_i32_m128i(
                add_horizontal_i32_m128i(r[0], r[1]),
                add_horizontal_i32_m128i(r[2], r[3]),
            );
            let b2 =
                m128i::from(<[i32; 4]>::try_from(&self.b2[4 * g..4 * g + 4]).expect("4 biases"));
            let h = shr_imm_i32_m128i::<QB_SHIFT>(add_i32_m128i(y, b2));
            let h = min_i32_m128i(max_i32_m128i(h, zero), qa);
            let w3: [i32; 4] = core::array::from_fn(|i| i32::from(self.w3[4 * g + i]));
            total = add_i32_m128i(total, mul_32_m128i(h, m128i::from(w3)));
        }
        <[i32; 4]>::from(total).iter().sum()
    }

    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "ssse3",
        target_feature = "sse4.1"
    )))]
    #[inline(always)]
    fn hidden(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        self.hidden_plain(us, them)
    }
}

/// The largest second-layer bias accepted, in absolute value. A unit's sum
/// is at most `2·HIDDEN·QA·128` = 2,080,768 in absolute value before its
/// bias (bytes of activations times byte weights), so with a bias of at
/// most 2^24 it stays far inside 32 bits in the plain and the SIMD code.
pub const MAX_B2: u32 = 1 << 24;

/// The largest output bias accepted, in absolute value. The hidden units
/// add at most `L2·QA·128` = 260,096 in absolute value, so the output sum
/// is at most 1,260,096 and the network's score at most 15,504 centi-Footmen
/// (155 Footmen) either way: a score, never near the mate scores
/// ([`MATE_BOUND`](crate::search::MATE_BOUND), 99,000).
pub const MAX_B3: u32 = 1_000_000;

/// `QB` as a shift: the second layer's floor division by `QB` is an
/// arithmetic shift right.
const QB_SHIFT: i32 = QB.trailing_zeros() as i32;
const _: () =
    assert!(1 << QB_SHIFT == QB && L2.is_multiple_of(4) && (2 * HIDDEN).is_multiple_of(16));

/// The largest first-layer sum, in absolute value, that any position can
/// reach in one unit: the unit's bias and its [`MAX_ACTIVE`] largest
/// weights in absolute value.
fn first_layer_reach(b1: &[i16], w1: &[i16]) -> i64 {
    let mut most = 0;
    let mut column = [0i64; FEATURES];
    for j in 0..HIDDEN {
        for (f, c) in column.iter_mut().enumerate() {
            *c = i64::from(w1[f * HIDDEN + j]).abs();
        }
        column.select_nth_unstable_by(MAX_ACTIVE, |a, b| b.cmp(a));
        let sum: i64 = column[..MAX_ACTIVE].iter().sum();
        most = most.max(i64::from(b1[j]).abs() + sum);
    }
    most
}

/// The first layer's output for both views of one position (see the
/// [module](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// All zero: a placeholder until a position is accumulated.
    pub const ZERO: Accumulator = Accumulator {
        v: [[0; HIDDEN]; 2],
    };

    /// The accumulators of `pos`, from scratch.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            v: [[0; HIDDEN]; 2],
        };
        for view in [Side::Light, Side::Dark] {
            let v = &mut acc.v[view.index()];
            v.copy_from_slice(&net.b1);
            active_features(pos, view, |f| add(v, net.row(f)));
        }
        acc
    }

    /// Turns the accumulators of `before` into those of `after` by the
    /// rows of the features that differ: the squares whose tile changed
    /// (a tile moved, flipped, was captured or placed) and the bag counts
    /// that changed (a levy). Any two positions work; an action's child
    /// is a few rows.
    pub fn update(&mut self, net: &Network, before: &Position, after: &Position) {
        let parent = *self;
        self.set_updated(&parent, net, before, after);
    }

    /// Makes these the accumulators of `after`, from `parent`, the
    /// accumulators of `before`, in one pass over each view: the parent's
    /// sums plus the rows of the features `after` gains, less those it
    /// loses (see [`update`](Accumulator::update)). The search keeps one
    /// accumulator per ply and sets each from the ply above.
    pub fn set_updated(
        &mut self,
        parent: &Accumulator,
        net: &Network,
        before: &Position,
        after: &Position,
    ) {
        let Some(delta) = Delta::between(before, after) else {
            // More changes than one batch holds: not an action's child.
            *self = *parent;
            self.update_by_rows(net, before, after);
            return;
        };
        for view in 0..2 {
            let mut v = parent.v[view];
            for &f in &delta.add[view][..delta.added] {
                add(&mut v, net.row(usize::from(f)));
            }
            for &f in &delta.remove[view][..delta.removed] {
                sub(&mut v, net.row(usize::from(f)));
            }
            self.v[view] = v;
        }
    }

    /// [`update`](Accumulator::update) in place, a row at a time: for any
    /// number of changes.
    fn update_by_rows(&mut self, net: &Network, before: &Position, after: &Position) {
        let mut changed = changed_squares(&before.board, &after.board);
        while changed != 0 {
            let sq = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let (old, new) = (before.board[sq], after.board[sq]);
            for view in [Side::Light, Side::Dark] {
                let v = &mut self.v[view.index()];
                if old != EMPTY {
                    sub(v, net.row(tile_feature(old, sq, view)));
                }
                if new != EMPTY {
                    add(v, net.row(tile_feature(new, sq, view)));
                }
            }
        }
        for owner in [Side::Light, Side::Dark] {
            let (old, new) = (before.bag(owner), after.bag(owner));
            if old == new {
                continue;
            }
            for troop in Troop::ALL {
                let a = usize::from(old.count(troop)).min(BAG_DEPTH);
                let b = usize::from(new.count(troop)).min(BAG_DEPTH);
                for view in [Side::Light, Side::Dark] {
                    let v = &mut self.v[view.index()];
                    for k in b..a {
                        sub(v, net.row(bag_feature(owner, troop.index(), k, view)));
                    }
                    for k in a..b {
                        add(v, net.row(bag_feature(owner, troop.index(), k, view)));
                    }
                }
            }
        }
    }
}

/// How many features gained, and how many lost, [`Accumulator::set_updated`]
/// applies in one pass (an action gains or loses at most three each); more
/// go a row at a time.
const DELTA: usize = 4;

/// The features gained and lost between two positions, for each view.
#[derive(Default)]
struct Delta {
    add: [[u16; DELTA]; 2],
    remove: [[u16; DELTA]; 2],
    added: usize,
    removed: usize,
}

impl Delta {
    /// The features that differ between `before` and `after`, or `None`
    /// when more than [`DELTA`] are gained or lost.
    #[inline(always)]
    fn between(before: &Position, after: &Position) -> Option<Delta> {
        let mut d = Delta::default();
        // The squares whose tile changed, eight compared at a time: an
        // action changes one to three.
        let mut changed = changed_squares(&before.board, &after.board);
        if changed.count_ones() as usize > DELTA {
            return None;
        }
        while changed != 0 {
            let sq = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let (old, new) = (before.board[sq], after.board[sq]);
            for view in [Side::Light, Side::Dark] {
                if old != EMPTY {
                    d.remove[view.index()][d.removed] = tile_feature(old, sq, view) as u16;
                }
                if new != EMPTY {
                    d.add[view.index()][d.added] = tile_feature(new, sq, view) as u16;
                }
            }
            d.removed += usize::from(old != EMPTY);
            d.added += usize::from(new != EMPTY);
        }
        for owner in [Side::Light, Side::Dark] {
            let (old, new) = (before.bag(owner), after.bag(owner));
            if old == new {
                continue;
            }
            for troop in Troop::ALL {
                let a = usize::from(old.count(troop)).min(BAG_DEPTH);
                let b = usize::from(new.count(troop)).min(BAG_DEPTH);
                for k in b..a {
                    if d.removed == DELTA {
                        return None;
                    }
                    for view in [Side::Light, Side::Dark] {
                        d.remove[view.index()][d.removed] =
                            bag_feature(owner, troop.index(), k, view) as u16;
                    }
                    d.removed += 1;
                }
                for k in a..b {
                    if d.added == DELTA {
                        return None;
                    }
                    for view in [Side::Light, Side::Dark] {
                        d.add[view.index()][d.added] =
                            bag_feature(owner, troop.index(), k, view) as u16;
                    }
                    d.added += 1;
                }
            }
        }
        Some(d)
    }
}

/// The squares where two boards differ, as a mask (bit `sq`).
#[inline(always)]
fn changed_squares(a: &[u8; 36], b: &[u8; 36]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut mask = 0u64;
    // Words at bytes 0, 8, 16, 24 and 28 (the last overlaps the one before;
    // its bits land on the same squares).
    for start in [0, 8, 16, 24, 28] {
        let word = |board: &[u8; 36]| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&board[start..start + 8]);
            u64::from_le_bytes(w)
        };
        let x = word(a) ^ word(b);
        // The high bit of each byte that is not zero.
        let nonzero = ((x & LOW7).wrapping_add(LOW7) | x) & !LOW7;
        // One bit per byte, at the byte's index: gather the high bits.
        let bits = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= bits << start;
    }
    mask
}

/// `Σ x[i]·w[i]` of the activations (bytes, 0..=`QA`) and a row of the
/// second layer (`i8`), exactly: eight products a step through `wide`
/// (SSE2's `pmaddwd`, wasm's simd128 when enabled, plain code elsewhere).
/// Where [`Network::hidden`] has its SSE4.1 form, only the tests call it.
#[cfg_attr(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "ssse3",
        target_feature = "sse4.1",
        not(test)
    ),
    allow(dead_code)
)]
#[inline(always)]
fn dot_plain(x: &[u8; 2 * HIDDEN], w: &[i8]) -> i32 {
    use wide::{i16x8, i32x4};
    let mut acc = i32x4::ZERO;
    for (xs, ws) in x.chunks_exact(8).zip(w.chunks_exact(8)) {
        let a = i16x8::new(core::array::from_fn(|i| i16::from(xs[i])));
        let b = i16x8::new(core::array::from_fn(|i| i16::from(ws[i])));
        acc += a.dot(b);
    }
    acc.to_array().iter().sum()
}

// Wrapping (here and in updates): a sum outside `i16` would come back into
// range before the end, and a file whose sums could end outside it is
// refused.
#[inline(always)]
fn add(v: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (o, &w) in v.iter_mut().zip(row) {
        *o = o.wrapping_add(w);
    }
}

#[inline(always)]
fn sub(v: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (o, &w) in v.iter_mut().zip(row) {
        *o = o.wrapping_sub(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Driver, Player};
    use crate::{BySide, Game};
    use alloc::string::ToString;

    /// A network with small pseudo-random weights (a fixed generator).
    pub(crate) fn noisy() -> Network {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |m: i64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % (2 * m as u64 + 1)) as i64 - m
        };
        let mut net = Network::zeroed();
        net.b1.iter_mut().for_each(|v| *v = next(60) as i16);
        net.w1.iter_mut().for_each(|v| *v = next(40) as i16);
        net.w2.iter_mut().for_each(|v| *v = next(127) as i8);
        net.b2.iter_mut().for_each(|v| *v = next(3000) as i32);
        net.w3.iter_mut().for_each(|v| *v = next(127) as i8);
        net.b3 = next(5000) as i32;
        net
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "reads and writes 300,000 weights; too slow under Miri (the SIMD layers run under it in the_forward_pass_is_exact_at_the_extremes)"
    )]
    fn the_largest_accepted_network_scores_exactly_and_in_range() {
        // Every later weight at an end, the biases at the largest accepted
        // values, the activations at their top or bottom: the engine's
        // score equals the sum in 64 bits and stays a score.
        for sign in [-1i64, 1] {
            let mut net = noisy();
            net.w2
                .iter_mut()
                .for_each(|w| *w = if sign > 0 { 127 } else { -128 });
            net.b2
                .iter_mut()
                .for_each(|b| *b = (sign * i64::from(MAX_B2)) as i32);
            net.w3
                .iter_mut()
                .for_each(|w| *w = if sign > 0 { 127 } else { -128 });
            net.b3 = (sign * i64::from(MAX_B3)) as i32;
            let net = Network::from_bytes(&net.to_bytes()).expect("the extremes are accepted");
            for acts in [[i16::MAX; HIDDEN], [i16::MIN; HIDDEN], [QA as i16; HIDDEN]] {
                let x: Vec<i64> = acts
                    .iter()
                    .chain(&acts)
                    .map(|&a| i64::from(a.clamp(0, QA as i16)))
                    .collect();
                let mut want = i64::from(net.b3);
                for (j, row) in net.w2.chunks_exact(2 * HIDDEN).enumerate() {
                    let y: i64 = row.iter().zip(&x).map(|(&w, &a)| i64::from(w) * a).sum();
                    let h = (y + i64::from(net.b2[j]))
                        .div_euclid(i64::from(QB))
                        .clamp(0, i64::from(QA));
                    want += h * i64::from(net.w3[j]);
                }
                let got = i64::from(net.b3) + i64::from(net.hidden(&acts, &acts));
                assert_eq!(got, want);
                let score = (want * 100).div_euclid(i64::from(QA * QB));
                assert!(score.abs() <= 15_504, "{score}");
            }
        }
        // One past either bound is refused, naming the layer.
        let mut net = noisy();
        net.b3 = MAX_B3 as i32 + 1;
        assert_eq!(
            Network::from_bytes(&net.to_bytes()).unwrap_err().field(),
            "output bias"
        );
        let mut net = noisy();
        net.b2[3] = -(MAX_B2 as i32) - 1;
        let err = Network::from_bytes(&net.to_bytes()).unwrap_err();
        assert_eq!(err.field(), "second layer bias");
        assert_eq!(err.code(), "nnue.file");
        net.b2[3] = i32::MAX;
        assert!(Network::from_bytes(&net.to_bytes()).is_err());
    }

    #[test]
    fn the_forward_pass_is_exact_at_the_extremes() {
        // Every activation at its top and every weight at either end: the
        // 16-bit pairs of the SIMD path must not saturate.
        let x = [QA as u8; 2 * HIDDEN];
        for w in [-128i8, 127] {
            let row = [w; 2 * HIDDEN];
            assert_eq!(dot_plain(&x, &row), 2 * HIDDEN as i32 * QA * i32::from(w));
        }
        // The SIMD hidden layers against the plain ones: pseudo-random sums
        // (Miri interprets every SIMD instruction: a few check the unsafe
        // code under it, the native run checks many), then weights at their
        // ends with sums far outside the activations' range on both sides.
        let mut net = noisy();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..if cfg!(miri) { 3 } else { 2000 } {
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % 400) as i16 - 130
            };
            let us: [i16; HIDDEN] = core::array::from_fn(|_| next());
            let them: [i16; HIDDEN] = core::array::from_fn(|_| next());
            assert_eq!(net.hidden(&us, &them), net.hidden_plain(&us, &them));
        }
        for (k, extreme) in [(0usize, -128i8), (1, 127)] {
            net.w2.iter_mut().for_each(|w| *w = extreme);
            net.w3
                .iter_mut()
                .for_each(|w| *w = if k == 0 { 127 } else { -128 });
            let top = [i16::MAX; HIDDEN];
            let bottom = [i16::MIN; HIDDEN];
            for (us, them) in [(&top, &top), (&top, &bottom), (&bottom, &top)] {
                assert_eq!(net.hidden(us, them), net.hidden_plain(us, them));
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "plays whole games; too slow under Miri")]
    fn incremental_accumulators_equal_a_refresh_along_random_games() {
        let net = noisy();
        let mut checked = 0;
        for seed in 0..40u64 {
            let players = BySide::new(Player::Random, Player::Random);
            let mut driver = Driver::new(Game::standard(seed), players, seed);
            let mut before = *driver.game().position();
            let mut acc = Accumulator::refresh(&net, &before);
            let (start, start_acc) = (before, acc);
            while driver.step().is_some() {
                let after = *driver.game().position();
                acc.update(&net, &before, &after);
                for view in [Side::Light, Side::Dark] {
                    let mut active = 0;
                    active_features(&after, view, |_| active += 1);
                    assert!(active <= MAX_ACTIVE, "{active} features: {after}");
                }
                assert_eq!(
                    acc,
                    Accumulator::refresh(&net, &after),
                    "seed {seed}: {after}"
                );
                assert_eq!(net.score(&acc, &after), net.evaluate(&after));
                // Between any two positions: the start and this one differ
                // by more features than one batch of an update holds.
                let mut far = start_acc;
                far.update(&net, &start, &after);
                assert_eq!(far, acc, "from the start, seed {seed}: {after}");
                before = after;
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "searches; too slow under Miri")]
    fn searches_with_a_network_keep_the_accumulators_exact() {
        // Every evaluation in these searches is checked against a refresh
        // (the searcher asserts it in the crate's tests).
        use crate::search::{Limits, Searcher};
        let net = alloc::sync::Arc::new(noisy());
        let mut searcher = Searcher::new();
        searcher.set_network(Some(net.clone()));
        let mut nodes = 0;
        for seed in 0..6u64 {
            let players = BySide::new(Player::Random, Player::Random);
            let mut driver = Driver::new(Game::standard(seed), players, seed);
            for _ in 0..(seed * 7) {
                if driver.step().is_none() {
                    break;
                }
            }
            if let Ok(crate::search::Input::Search {
                position: pos,
                drawn,
                history,
            }) = crate::search::Input::of(driver.game())
            {
                let r = searcher.search(&pos, drawn, &history, &Limits::depth(3));
                nodes += r.nodes;
            }
        }
        assert!(nodes > 1000, "{nodes}");
        // The same with the hand-tuned evaluation as the base.
        searcher.set_network(Some(alloc::sync::Arc::new(
            noisy().with_base(Base::HandTuned),
        )));
        let players = BySide::new(Player::Random, Player::Random);
        let mut driver = Driver::new(Game::standard(7), players, 7);
        for _ in 0..20 {
            driver.step();
        }
        if let Ok(crate::search::Input::Search {
            position: pos,
            drawn,
            history,
        }) = crate::search::Input::of(driver.game())
        {
            assert!(
                searcher
                    .search(&pos, drawn, &history, &Limits::depth(3))
                    .nodes
                    > 100
            );
        }
        // The hand-tuned evaluation is back with None.
        searcher.set_network(None);
        assert!(searcher.network().is_none());
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "300,000 weights; too slow under Miri (the crate has no unsafe code)"
    )]
    fn the_file_round_trips_and_wrong_files_are_named() {
        let net = noisy();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let e = Network::from_bytes(b"hello").unwrap_err();
        assert_eq!((e.field(), e.code()), ("magic", "nnue.file"));
        let mut v = bytes.clone();
        v[8] = 1;
        assert_eq!(
            Network::from_bytes(&v).unwrap_err().to_string(),
            "the network's version is 1, and this engine reads 2"
        );
        let mut base = bytes.clone();
        let at = header_len() - 4;
        base[at..at + 4].copy_from_slice(&7u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&base).unwrap_err().to_string(),
            "the network's base is 7: this engine knows 0 (none) and 1 (the hand-tuned evaluation)"
        );
        let residual = net.clone().with_base(Base::HandTuned);
        assert_eq!(
            Network::from_bytes(&residual.to_bytes()).unwrap().base(),
            Base::HandTuned
        );
        // Weights whose sums could leave the 16-bit accumulators.
        let mut wide = net.clone();
        wide.w1[HIDDEN + 5] = 900;
        assert_eq!(Network::from_bytes(&wide.to_bytes()).unwrap(), wide);
        wide.w1.iter_mut().step_by(HIDDEN).for_each(|w| *w = -900);
        let e = Network::from_bytes(&wide.to_bytes()).unwrap_err();
        assert_eq!(e.field(), "first layer range");
        assert!(
            e.to_string()
                .contains("more than the engine's 16-bit accumulators hold (32767)"),
            "{e}"
        );
        let mut short = bytes.clone();
        short.pop();
        assert_eq!(Network::from_bytes(&short).unwrap_err().field(), "length");
        let mut hidden = bytes;
        let at = header_len() - 20;
        hidden[at..at + 4].copy_from_slice(&32u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&hidden).unwrap_err().to_string(),
            "the network's hidden width is 32, and this engine reads 64"
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "searches; too slow under Miri")]
    fn a_zeroed_network_on_the_hand_tuned_base_searches_as_the_hand_tuned_evaluation() {
        use crate::search::{Limits, Searcher};
        let zero = alloc::sync::Arc::new(Network::zeroed().with_base(Base::HandTuned));
        for seed in 0..4u64 {
            let players = BySide::new(Player::Random, Player::Random);
            let mut driver = Driver::new(Game::standard(seed), players, seed);
            for _ in 0..(seed * 9) {
                driver.step();
            }
            let Ok(crate::search::Input::Search {
                position: pos,
                drawn,
                history,
            }) = crate::search::Input::of(driver.game())
            else {
                continue;
            };
            let mut plain = Searcher::new();
            plain.set_network(None);
            let mut net = Searcher::new();
            net.set_network(Some(zero.clone()));
            let a = plain.search(&pos, drawn, &history, &Limits::depth(4));
            let b = net.search(&pos, drawn, &history, &Limits::depth(4));
            assert_eq!(
                (a.decision, a.score, a.nodes),
                (b.decision, b.score, b.nodes),
                "seed {seed}"
            );
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "plays games with 300,000 weights; too slow under Miri")]
    fn both_views_agree_on_a_colour_swapped_position() {
        // Seen by the mover, a position and its colour-swapped, turned twin
        // have the same features, so the same score.
        let net = noisy();
        for seed in 0..10u64 {
            let players = BySide::new(Player::Random, Player::Random);
            let mut driver = Driver::new(Game::standard(seed), players, seed);
            for _ in 0..30 {
                if driver.step().is_none() {
                    break;
                }
            }
            let pos = *driver.game().position();
            let twin = pos.colour_swapped();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            active_features(&pos, pos.side_to_move(), |f| a.push(f));
            active_features(&twin, twin.side_to_move(), |f| b.push(f));
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{pos} / {twin}");
            assert_eq!(net.evaluate(&pos), net.evaluate(&twin));
        }
    }
}
