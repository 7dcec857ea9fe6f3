//! What the judge drivers share: their `main`, the judges' usual lengths,
//! and the knights puzzle two judges set.
//!
//! What the judge drivers share: their `main` (read all of standard input,
//! hand it to the driver's function, write the answer or one error line;
//! `stdio.rs`, with the usual answer line) and the judges' usual question
//! (`lengths.rs`: the fewest moves of each board of a stream); and the
//! knights puzzle two judges share (`knights.rs`).
//!
//! Standard library only, so that it can be pasted into a judge file.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod knights;
mod lengths;
mod one_board;
mod stdio;

pub use crate::knights::{fewest_knight_moves, knight_boards, KNIGHTS_GOAL};
pub use crate::lengths::each_length_to;
pub use crate::one_board::one_board;
pub use crate::stdio::{push_length, run_stdio, stdout_is_open, BAD_INPUT, IO_ERROR};
