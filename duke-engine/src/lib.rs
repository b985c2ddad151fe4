//! The reference rules engine for *The Duke* (Catalyst Game Labs, 2013
//! core set), for Rust programs. It has:
//!
//! - the charts of the fifteen troops as const tables;
//! - one move generator and one arbiter on 36-bit bitboards: the six
//!   marks, the levy, the guard rule, wins and draws;
//! - DPN and action text, perft, and games with undo, redo and records;
//! - encoders for machine learning, an SVG renderer and an AI.
//!
//! The crate is `no_std` and allocates nothing without its `alloc` feature.
//!
//! The crate is not on crates.io yet: depend on it by path, from a clone
//! of the repository.
//!
//! ```toml
//! [dependencies]
//! duke-engine = { path = "<the clone>/duke-engine" }
//! ```
//!
//! # Positions, legal actions and perft
//!
//! A [`Position`] is a `Copy` value: the board, both bags, the side to
//! move and the counters. It is read from and written as DPN (see
//! [`dpn`]), and it answers every rules question: its legal actions,
//! whether an action is legal, the position after one.
//!
//! ```
//! use duke_engine::{perft, Action, ActionKind, Position, Side, Square};
//!
//! let pos = Position::standard();
//! assert_eq!(pos.to_string(), "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0");
//! assert_eq!(pos.side_to_move(), Side::Light);
//!
//! // 4 relocations of the two Footmen and 14 levies (7 troop kinds onto C2).
//! let actions = pos.legal_actions();
//! assert_eq!(actions.len(), 18);
//! assert_eq!(actions.iter().filter(|a| a.kind() == ActionKind::Place).count(), 14);
//!
//! // Play returns the next position; the one you had is unchanged.
//! let b1b2 = Action::relocate(Square::B1, Square::B2);
//! assert!(pos.is_legal(b1b2));
//! let next = pos.play(b1b2)?;
//! assert_eq!(next.side_to_move(), Side::Dark);
//! assert_eq!(next.turn(), 1);
//!
//! // Any position from DPN; perft counts the leaves of the game tree.
//! let mid: Position = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40".parse()?;
//! assert_eq!(mid.legal_actions().len(), 67);
//! assert_eq!(perft(&Position::standard(), 3), 4_694);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Position::play_unchecked`] skips the legality check for the hot path
//! of a search or a playout; [`divide`] gives perft per root action.
//!
//! # Actions as text
//!
//! [`Action`] is packed in 32 bits; its text is the notation of [`notation`]
//! (`B1-B2` a relocation, `C3xC5` one that captures, `C3*B5` a strike,
//! `E4:D5-E5` a command, `P@C2` a levy). [`Action::view`] expands it into an
//! [`ActionView`] to match on.
//!
//! ```
//! use duke_engine::{Action, ActionView, Position, Square};
//!
//! let pos = Position::standard();
//! let action = pos.parse_action("b1-b2")?; // read and checked against the position
//! assert_eq!(action.to_string(), "B1-B2");
//! assert!(matches!(action.view(), ActionView::Relocate { from: Square::B1, to: Square::B2, .. }));
//! # Ok::<(), duke_engine::ActionError>(())
//! ```
//!
//! # A game with the levy
//!
//! A [`Game`] (feature `alloc`) keeps the history and the bags' draws. A
//! levy is a decision ([`Game::draw`]), a chance event (the troop that comes
//! out of the bag, from the game's seeded generator) and a placement next
//! to the Duke ([`Game::place`]). Undo never re-rolls a draw.
//!
//! ```
//! use duke_engine::{Game, Phase, Square, Troop};
//!
//! let mut game = Game::standard(42); // the fixed setup; Game::new(seed) starts with the setup
//! game.play_text("B1-B2")?;
//! game.play_text("E6-F6")?;
//!
//! // What a draw may give: each troop kind with its count in the bag.
//! let chances: Vec<_> = game.levy_chances().collect();
//! let pikeman = chances.iter().find(|c| c.troop == Troop::Pikeman).unwrap();
//! assert_eq!((pikeman.count, pikeman.total), (3, 16));
//!
//! let troop = game.draw()?;
//! assert_eq!(game.phase(), Phase::Levy { troop });
//! game.place(Square::C2)?;
//! assert_eq!(game.position().tile_at(Square::C2).map(|t| t.troop), Some(troop));
//!
//! assert!(game.undo()); // the whole levy is one turn: back before the draw
//! assert_eq!(game.phase(), Phase::Play);
//! assert_eq!(game.draw()?, troop); // the same troop comes out again
//! assert!(game.outcome().is_none());
//! # Ok::<(), duke_engine::GameError>(())
//! ```
//!
//! # Records
//!
//! A game record ([`record`]) carries the setup and every turn, each levy
//! with the troop drawn, so it replays without the seed.
//!
//! ```
//! use duke_engine::{Game, Square};
//!
//! let mut game = Game::standard(7);
//! game.play_text("B1-B2")?;
//! let troop = game.draw()?;
//! game.place(Square::D5)?;
//!
//! let text = game.record();
//! assert!(text.starts_with("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B2\n"));
//! assert!(text.ends_with(&format!("2. {}@D5\n", troop.char())));
//!
//! let back = Game::from_record(&text)?;
//! assert_eq!(back.position(), game.position());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! Every reader returns a typed error whose message names the problem, and
//! every error has a stable [`code`](IllegalActionError::code), the same
//! in the Python package and the C library:
//!
//! - [`ParseSquareError`]: a square name other than `A1` to `F6`;
//! - [`dpn::ParseDpnError`]: DPN that cannot be read, naming the field;
//! - [`ParseActionError`]: action text that cannot be read;
//! - [`IllegalActionError`]: an action that breaks a rule, with an
//!   [`IllegalReason`] (no tile there, not yours, no mark reaches, blocked,
//!   would expose your Duke, ...); [`ActionError`] is either of the last two;
//! - [`GameError`]: a game's refusal, also when a request does not fit the
//!   game's [`Phase`];
//! - [`record::RecordError`]: a record that does not replay, with its line
//!   and turn.
//!
//! Each converts into the one [`Error`] (kind, code, message), which is
//! what the Python package, the C library and the JavaScript package hand
//! on.
//!
//! A rejected action leaves the position or game exactly as it was.
//!
//! ```
//! use duke_engine::{dpn::ParseDpnError, Game, GameError, Position};
//!
//! let err = "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsq 0 0"
//!     .parse::<Position>()
//!     .unwrap_err();
//! assert_eq!(err.code(), "dpn.bags");
//! assert_eq!(err.to_string(), r#"dpn field "bags": 'q' is not a troop letter"#);
//!
//! let mut game = Game::standard(1);
//! let before = game.position().to_string();
//! let err = game.play_text("C1-C2").unwrap_err();
//! assert!(matches!(err, GameError::Illegal(_)));
//! assert_eq!(err.code(), "illegal.no-mark");
//! assert_eq!(err.to_string(), "C1-C2: the Duke on C1 has no mark that reaches C2");
//! assert_eq!(game.position().to_string(), before); // nothing changed
//! # let _: Option<ParseDpnError> = None;
//! ```
//!
//! # The AI
//!
//! [`search`] (feature `search`) holds an expectiminimax search in which the
//! levy's draw is a chance node, with five difficulty levels. Every face
//! asks it the same way: a [`search::Request`] (a level, limits or the
//! default; a seed, threads, an evaluation, how many alternatives) answered
//! for a game by one call.
//!
//! ```
//! use duke_engine::search::Request;
//! use duke_engine::{Decision, Game};
//!
//! let game = Game::standard(3);
//! let answer = Request::new().with_level(2)?.decide(&game)?;
//! // An action to play, or the decision to levy (draw, then ask again for the square).
//! match answer.decision {
//!     Decision::Act(action) => assert!(game.is_legal(action)),
//!     Decision::Levy => assert!(game.position().can_levy()),
//! }
//! # Ok::<(), duke_engine::Error>(())
//! ```
//!
//! # Machine learning and pictures
//!
//! [`encode`] turns positions into observation planes
//! ([`encode::PLANES`] × 6 × 6 bytes) and actions into indices of an action
//! space of [`encode::ACTION_SPACE`], with legal masks, from either side's
//! point of view; [`batch`] steps many games at once; [`render`] draws a
//! position or game as SVG or text.
//!
//! # Feature flags
//!
//! - `std` (default): implies `alloc`; the AI's time limit
//!   ([`search::Limits::millis`]) needs its clock, and its helper threads
//!   ([`search::Searcher::set_threads`], not on `wasm32`) need threads.
//!   The errors implement `core::error::Error` with or without it.
//! - `alloc`: [`Game`], [`record`], [`batch`], [`render`] and [`audit`]
//!   (a game's history needs a heap).
//! - `search` (default): the AI ([`search`]); needs `alloc`.
//! - `builtin-network` (default): the project's trained network, embedded
//!   (290 KB), is the AI's evaluation unless a program selects another
//!   ([`search::nnue::Network::builtin`]); without it the AI evaluates with
//!   the hand-tuned [`search::evaluate`]. Needs `search`.
//! - `serde`: `Serialize` and `Deserialize` for [`Position`] (as DPN),
//!   [`Action`] (as action text) and [`Game`] (as its record with the seed).
//!
//! Without features the crate is `no_std` and has no heap: positions, the
//! move generator, the arbiter, DPN, notation, the encoders and perft all
//! work (`cargo check -p duke-engine --no-default-features` in CI).
//!
//! # Minimum supported Rust version
//!
//! The `rust-version` of the manifest: CI checks the crate with exactly that
//! toolchain. Raising it is a minor change.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(all(test, not(feature = "alloc")))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod action;
mod arbiter;
#[cfg(feature = "alloc")]
pub mod audit;
#[cfg(feature = "alloc")]
pub mod batch;
mod bitboard;
mod charts;
pub mod dpn;
#[cfg(feature = "alloc")]
mod draw;
pub mod encode;
mod error;
mod expanded;
#[cfg(feature = "alloc")]
mod game;
mod idle;
mod kind;
mod masks;
mod movegen;
pub mod names;
pub mod notation;
pub mod perft;
mod position;
pub mod range;
#[cfg(feature = "alloc")]
pub mod record;
#[cfg(feature = "alloc")]
pub mod render;
#[cfg(feature = "alloc")]
mod repetition;
mod rules;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod setup;
mod side;
mod square;
#[cfg(test)]
mod testgen;
mod troop;
mod zobrist;

/// The examples of the crate's README (its crates.io page), compiled and
/// run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use action::{
    Action, ActionFlags, ActionKind, ActionList, ActionView, Decision, Terrain, MAX_ACTIONS,
};
pub use arbiter::{
    Chance, DrawReason, IllegalActionError, IllegalReason, Outcome, Reason, WinReason, QUIET_LIMIT,
};
pub use bitboard::Bitboard;
pub use charts::{chart, marks, ChartMark, Mark, MarkSet};
pub use dpn::ParseDpnError;
pub use error::Error;
#[cfg(feature = "alloc")]
pub use game::{Decisions, Game, GameError, Phase, Request};
pub use idle::{Idle, IdleReason, ReasonText};
pub use kind::ErrorKind;
pub use names::ParseNameError;
pub use notation::{ActionError, ParseActionError};
pub use perft::{divide, perft};
pub use position::{Position, PositionBytesError};
pub use range::{Limit, RangeError, MAX_PERFT_DEPTH};
pub use rules::{Objective, ParseRulesError, Rules, RulesProblem};
#[cfg(feature = "alloc")]
pub use setup::SetupRule;
pub use side::{BySide, Perspective, Side};
pub use square::{ParseSquareError, Square};
pub use troop::{Bag, ByTroop, Face, Tile, Troop};
