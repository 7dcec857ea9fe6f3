//! `slide solve --graph`: a puzzle on any graph, in the text format of
//! `slide_graph::parse_puzzle` (docs/cli.md), solved optimally within its
//! cap (or `--max-moves`, if lower): by two-ended breadth-first search when
//! its boards pack into 128 bits (within `--max-states`), by IDA*
//! otherwise; `--algo bidi` or `idastar` chooses, and `--timeout` holds
//! for both.

use clap::ValueEnum;
use serde_json::json;
use slide_core::Instant;
use slide_graph::{bidirectional_bfs, ida_star_within, parse_puzzle, Step, BFS_STATE_BYTES};

use crate::args::{Algo, SolveArgs};
use crate::error::{bad_input, CliError};

/// The output of `slide solve --graph FILE` (`-` standard input).
pub(crate) fn solve(args: &SolveArgs) -> Result<String, CliError> {
    let text = match args.board.as_str() {
        "-" => crate::instance::board_text("-")?,
        path => std::fs::read_to_string(path).map_err(|e| {
            let path: String = path.escape_debug().collect();
            bad_input(format!("cannot read the puzzle file {path}: {e}"))
        })?,
    };
    if args.goal.is_some()
        || args.shape.is_some()
        || args.all
        || args.order.is_some()
        || args.show
        || args.heuristic.is_some()
    {
        return Err(bad_input(
            "--goal, --shape, --all, --order, --show and --heuristic are for boards; a graph puzzle's file gives its target",
        ));
    }
    let (puzzle, cap) = parse_puzzle(&text).map_err(|e| bad_input(format!("the puzzle: {e}")))?;
    // `--max-moves` lowers the file's cap; its default is far above any cap.
    let cap = cap.min(usize::try_from(args.max_moves).unwrap_or(usize::MAX));
    let packs = puzzle.board_bits() <= 128;
    let two_ended = match args.algo {
        Algo::Auto => packs,
        Algo::Bidi if packs => true,
        Algo::Bidi => {
            return Err(bad_input(format!(
                "--algo bidi needs boards that pack into 128 bits, and this puzzle's take {}; use --algo idastar",
                puzzle.board_bits()
            )))
        }
        Algo::Idastar => false,
        Algo::Bfs | Algo::Astar | Algo::Reduce => {
            return Err(bad_input(format!(
                "--algo {} is not for graph puzzles: use auto, bidi or idastar",
                args.algo
                    .to_possible_value()
                    .expect("every algorithm has a name")
                    .get_name()
            )))
        }
    };
    let started = Instant::now();
    let out_of_limits = |message| CliError { status: 1, message };
    let (path, algorithm) = if two_ended {
        let path = bidirectional_bfs(&puzzle, cap, args.limits.states(BFS_STATE_BYTES), args.limits.timeout)
            .map_err(out_of_limits)?;
        (path, "bidirectional_bfs")
    } else {
        // Boards too wide for the packing, or asked for: the search that
        // stores nothing.
        let path = ida_star_within(&puzzle, cap, args.limits.timeout).map_err(out_of_limits)?;
        (path, "ida_star")
    };
    let seconds = started.elapsed().as_secs_f64();
    let moves = |path: &[Step]| path.iter().map(|s| format!("{}>{}", s.from, s.to)).collect::<Vec<_>>();
    if args.json {
        let object = json!({
            "cells": puzzle.graph().cells(),
            "cap": cap,
            "length": path.as_ref().map(Vec::len),
            "moves": path.as_ref().map(|path| moves(path)),
            "algorithm": algorithm,
            "optimal": true,
            "seconds": seconds,
        });
        return Ok(format!("{object}\n"));
    }
    Ok(match path {
        Some(path) => format!("length {}\nmoves {}\n", path.len(), moves(&path).join(" ")).replace(" \n", "\n"),
        None => format!("no path of at most {cap} moves\n"),
    })
}
