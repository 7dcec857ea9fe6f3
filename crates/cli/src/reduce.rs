//! The route of boards to the reduction (`auto` beyond 16 cells, or
//! `--algo reduce`): a good path fast, not a shortest one, and the answer
//! says so.

use slide_core::Instant;
use slide_large::{reduce_by_search_into, solved_whole, ReduceError, SEARCH_FINISH_CELLS};

use crate::error::{bad_input, CliError};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::solution::{Found, Quality, Solution};

/// Solves `instance` by reduction, with a path of at most `max_moves`; a
/// longer one is a failure with status 1.
pub(crate) fn solve(instance: Instance, max_moves: u64) -> Result<Solution, CliError> {
    let started = Instant::now();
    let path = reduced(&instance, max_moves)?;
    // The path is a shortest one when the reduction was one optimal search,
    // or the path is as short as the Manhattan distance (an empty one
    // included), or there is none.
    let lower_bound = instance.start.manhattan(&instance.goal);
    let (rows, cols) = (instance.start.rows(), instance.start.cols());
    let optimal = solved_whole(rows, cols, SEARCH_FINISH_CELLS)
        || path.as_ref().is_none_or(|path| path.len() as u64 == lower_bound);
    Ok(Solution {
        instance,
        found: Found::One(path),
        algorithm: "reduce".to_string(),
        stats: None,
        quality: Quality::Reduced { optimal, lower_bound },
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The reduction's path for `instance`, at most `max_moves` long (`None`
/// when the goal cannot be reached); a longer one is a failure with status
/// 1, boards of two sizes bad input. The path is packed as the reduction
/// hands it on, a line at a time: a 1000x1000 board's takes some 440 MB.
pub(crate) fn reduced(instance: &Instance, max_moves: u64) -> Result<Option<PackedPath>, CliError> {
    let mut path = PackedPath::default();
    let length = reduce_by_search_into(&instance.start, &instance.goal, max_moves, &mut |moves| {
        path.extend(moves.iter().copied())
    });
    let length = length.map_err(|error| match error {
        ReduceError::TooLong { .. } => CliError {
            status: 1,
            message: format!("{error} (raise --max-moves)"),
        },
        error => bad_input(error.to_string()),
    })?;
    Ok(length.map(|length| {
        debug_assert_eq!(length, path.len() as u64);
        path
    }))
}
