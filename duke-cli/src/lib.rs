//! The parts of the `duke` program that other programs drive: the engine
//! protocol ([`protocol`]: its commands as text) and the engine behind it
//! ([`engine`]). The fuzz target `engine_protocol` feeds [`engine::Engine`]
//! arbitrary lines through this library; the `duke` binary is the rest.
//! [`bounded`] reads input of any size within its limit.

pub mod bounded;
pub mod engine;
pub mod protocol;
