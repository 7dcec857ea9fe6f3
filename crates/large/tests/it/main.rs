//! Integration tests of the reductions of boards of any size.
//!
//! One test target per crate, so that the tests link once.

mod exhaustive;
mod reduce;
mod shorten;
