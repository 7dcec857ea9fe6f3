//! Integration tests of the disk cache of pattern databases.
//!
//! One test target per crate, so that the tests link once.

mod cache;
mod korf;
