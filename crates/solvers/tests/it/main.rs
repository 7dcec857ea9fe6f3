//! Integration tests of the optimal searches, one module per topic; the slow
//! exhaustive checks over every 8-puzzle position sample by default (see
//! `exhaustive`).
//!
//! One test target per crate, so that the tests link once.

mod agreement;
mod all_paths;
mod beam;
mod common;
mod exhaustive;
mod heuristic;
mod korf;
mod small_boards;
mod techniques;
mod wide;
