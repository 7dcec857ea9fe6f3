//! Additive disjoint pattern databases (Korf and Felner, 2002).
//!
//! A pattern is a set of goal cells; its tiles are whatever tiles the target
//! has there. Its database holds, for every placement of those tiles on the
//! board and every region of free cells the blank can be in, the fewest
//! moves *of pattern tiles* that bring them home while the blank, which must
//! do the moving, finds its way among them (the other tiles are
//! indistinguishable and their moves free). This is the exact distance in
//! an abstraction of the puzzle: every move of the puzzle is a move there
//! (of cost 1 if it moves a pattern tile, else 0), so the value never
//! exceeds the true distance and one move changes it by at most one. Every
//! move moves one tile, of one pattern, so the sum over disjoint patterns is
//! admissible and consistent too.
//!
//! Keeping the blank's region, rather than the least value over the blank's
//! cells that Korf and Felner stored, is what keeps the estimate consistent:
//! the least over the blank's cells can jump by more than one in one move
//! (on 2x3, `_ 1 3 / 2 5 4` to `1 _ 3 / 2 5 4` goes from 9 to 14 with the
//! split `1 2 3` and `4 5`). It is also never smaller. Clausecker and
//! Reinefeld call these zero-aware pattern databases.
//!
//! The tables depend only on the cells of the patterns and the blank's goal
//! cell, not on which tiles the target puts where, so one set of tables
//! serves every target whose blank is in the cell no pattern covers.
//!
//! - [`PatternDb`] (`pattern.rs`): one pattern's table and its index;
//!   `build.rs` builds it by a breadth-first search over its abstraction,
//!   `regions.rs` the blank's regions the build and the search need;
//! - [`Split`] (`split.rs`): the named splits of 4x4 and of the boards of
//!   12 to 16 cells into patterns, and the reflection;
//! - [`AdditivePdb`] (`additive.rs`): the sum over a split's patterns, a
//!   [`slide_solvers::Heuristic`]; [`PdbEstimate`] (`estimate.rs`) follows a
//!   search's board;
//! - `file.rs`: the versioned, checksummed file format the disk cache
//!   (`slide-cache`) keeps tables in;
//! - [`strongest_estimate`] (`strongest.rs`): the one policy that names the
//!   strongest estimate for a goal;
//! - `placement/`: placement tables, one value a placement whatever the
//!   blank's region ([`PlacementPatternDb`]), and their sum
//!   ([`PlacementPdb`]): Korf and Felner's 6-6-6-6 for the 24-puzzle and
//!   seven patterns of five tiles for the 35-puzzle, twelve of four for the
//!   48-puzzle ([`PlacementSplit`]).
//!
//! Standard library only and Rust 1.70, like `slide-core`: the judge files
//! for the 15-puzzle carry the tables' build and search.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod additive;
mod build;
mod estimate;
mod file;
mod pattern;
mod placement;
mod regions;
mod split;
mod strongest;

pub use crate::additive::{AdditivePdb, ByCell};
pub use crate::estimate::{ByPlacement, Layout, PdbEstimate, Saved};
pub use crate::file::{checksum, FORMAT_VERSION};
pub use crate::pattern::PatternDb;
pub use crate::placement::{
    placement_split, PlacementKept, PlacementPatternDb, PlacementPdb, PlacementPdbEstimate, PlacementSaved,
    PlacementSplit, KORF_FELNER, KORF_FELNER_BLANK, KORF_FELNER_TABLES, MAX_PLACEMENT_CELLS, MAX_PLACEMENT_TILES,
    PLACEMENT_FORMAT_VERSION, PLACEMENT_SPLITS, SEVEN_BY_SEVEN, SIX_BY_SIX,
};
pub use crate::split::{check_split, patterns_for, patterns_for_corner, Split};
pub use crate::strongest::{strongest_estimate, Strongest};
