//! Integration tests of the command line, run as a program.
//!
//! One test target per crate, so that the tests link once.

mod cli;
mod docs;
mod graph;
mod hostile;
mod near;
mod round_five;
mod round_four;
mod round_three;
mod units;
mod wide;
