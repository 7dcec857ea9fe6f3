//! Integration tests of the pattern databases.
//!
//! One test target per crate, so that the tests link once.

mod pattern_db;
mod placement;
