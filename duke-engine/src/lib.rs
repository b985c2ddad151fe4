//! The reference rules engine for *The Duke* (Catalyst Game Labs, 2013
//! core set): squares and 36-bit bitboards, the charts of the fifteen
//! troops as const tables, the one move generator and the one arbiter
//! (levy, guard rule, results, draws), DPN and action text, perft, and
//! games with history, undo, redo and records.
//!
//! ```
//! use duke_engine::{perft, Game, Position};
//!
//! let pos = Position::standard();
//! assert_eq!(pos.legal_actions().len(), 18);
//! assert_eq!(perft(&pos, 3), 4_694);
//!
//! let mut game = Game::standard(42);
//! game.play_text("D1-D2").unwrap();
//! assert_eq!(game.position().turn(), 1);
//! ```
//!
//! # Feature flags
//!
//! - `std` (default): implies `alloc`; needed by the `duke` program.
//! - `alloc`: [`Game`] and the [`record`] format (history needs a heap).
//! - `search` (default): the AI ([`search`]), which needs `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Position`] (as DPN),
//!   [`Action`] (as action text) and [`Game`] (as its record with the seed).
//!
//! Without features the crate is `no_std` and has no heap: positions,
//! move generation, the arbiter, DPN, notation and perft all work.
//!
//! # Errors
//!
//! Every reader returns a typed error whose message names the problem:
//! [`ParseSquareError`], [`ParseActionError`], [`dpn::ParseDpnError`]
//! (naming the DPN field), [`IllegalActionError`] (with an
//! [`IllegalReason`]: no tile there, not yours, no mark reaches, blocked,
//! would expose your Duke, ...), [`GameError`] (also the phase) and
//! [`record::RecordError`] (the line and the turn). A rejected action
//! leaves the position or game exactly as it was.
//!
//! # The README
#![doc = include_str!("../../README.md")]
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
pub mod encode;
#[cfg(feature = "alloc")]
mod game;
mod masks;
mod movegen;
pub mod notation;
mod perft;
mod position;
#[cfg(feature = "alloc")]
pub mod record;
#[cfg(feature = "alloc")]
pub mod render;
#[cfg(feature = "alloc")]
mod repetition;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
mod square;
mod troop;
mod zobrist;

pub use action::{Action, ActionKind, ActionList, ActionView, MAX_ACTIONS};
pub use arbiter::{
    Chance, DrawReason, IllegalActionError, IllegalReason, Outcome, WinReason, QUIET_LIMIT,
};
pub use bitboard::Bitboard;
pub use charts::{chart, ChartMark, Mark};
pub use dpn::ParseDpnError;
#[cfg(feature = "alloc")]
pub use game::{Game, GameError, Phase, Request};
pub use notation::{ActionError, ParseActionError};
pub use perft::{divide, perft};
pub use position::{Position, PositionBytesError};
pub use side::{BySide, Side};
pub use square::{ParseSquareError, Square};
pub use troop::{Bag, ByTroop, Face, Tile, Troop};
