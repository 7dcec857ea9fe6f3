//! The boards of sliding-tile puzzles: the grid of any size and its rules,
//! the readable board of any size, and the board of at most 16 cells packed
//! one nibble a cell in a `u64`, with moves, parity, ranking and parsing.
//!
//! This crate holds what every solver stands on: the [`Shape`] of a board and
//! its neighbour table, the [`Board`] itself with its moves, the [`Move`]
//! letters `u d l r`, parsing with clear errors, solvability from permutation
//! parity, and a perfect hash ([`rank()`] and [`unrank`]) for dense tables.
//!
//! It uses the standard library only and nothing newer than Rust 1.70, so that
//! its modules can be pasted into a single file for an online judge.
//!
//! ```
//! use slide_core::{Board, Move, Shape};
//!
//! let shape = Shape::new(3, 3).unwrap();
//! let start = Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap();
//! let solved = start.apply(Move::Right).unwrap();
//! assert_eq!(solved, Board::goal(shape));
//! assert_eq!(solved.to_string(), "1 2 3 / 4 5 6 / 7 8 _");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod board;
mod clock;
mod grid;
mod input;
mod large_board;
mod moves;
mod parse;
mod random;
mod rank;
mod shape;
mod solvable;

pub use crate::bits::count_ones_16;
pub use crate::board::{slide, Board, BoardError, Drawn};
pub use crate::clock::Instant;
pub use crate::grid::{gap, neighbour_cell, CellMasks, Grid, GridError, MAX_SIDE};
pub use crate::input::{boards, counted_boards, Boards, InputError};
pub use crate::large_board::{large_is_solvable, LargeBoard};
pub use crate::moves::{parse_path, path_string, undone, Move, MoveOrder, PathError, NO_MOVE};
pub use crate::parse::{characters, parse_symbol, quoted, symbols, words, ParseError, Symbol, SymbolError, Words};
pub use crate::random::SplitMix64;
pub use crate::rank::{factorial, rank, rank_after_slide, rank_step, rank_tiles, unrank, RankSteps};
pub use crate::shape::{PerShape, Shape, ShapeError, MAX_CELLS};
pub use crate::solvable::{arrangement_parity, check_pair, is_solvable, reaches, PairError};

// Only a browser's build has a clock to install (`clock.rs`).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use crate::clock::set_clock;
