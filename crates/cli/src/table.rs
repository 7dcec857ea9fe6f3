//! `slide table`: the distance histogram of a small board.

use itertools::Itertools;
use slide_core::{factorial, Board, Shape};
use slide_solvers::{DistanceTable, DENSE_MAX_CELLS};

use crate::args::TableArgs;
use crate::error::{bad_input, CliError};

/// How many positions lie at each distance from the goal, as TSV (or one
/// JSON object whose `positions` are the counts by distance).
pub(crate) fn table(args: &TableArgs) -> Result<String, CliError> {
    let goal = match &args.goal {
        Some(text) => Board::parse_rows(text, Some(args.shape)).map_err(|e| bad_input(format!("the goal: {e}")))?,
        None => Board::goal(args.shape),
    };
    if args.shape.cells() > DENSE_MAX_CELLS {
        let fits = Shape::all().filter(|s| s.cells() <= DENSE_MAX_CELLS).join(", ");
        return Err(bad_input(format!(
            "a {} board has {} positions, too many to tabulate here; boards that fit: {}",
            args.shape,
            factorial(args.shape.cells()) / 2,
            fits
        )));
    }
    let table = DistanceTable::for_target(&goal).map_err(|e| bad_input(e.to_string()))?;
    // The table's goal has the tiles in reading order; any goal with the
    // blank in the same cell has the same distances.
    let histogram = table.histogram();
    if args.json {
        let object = serde_json::json!({
            "shape": args.shape.to_string(),
            "goal": goal.to_string(),
            "positions": histogram,
        });
        return Ok(format!("{object}\n"));
    }
    let mut output = String::from("distance\tpositions\n");
    for (distance, count) in histogram.iter().enumerate() {
        output.push_str(&format!("{distance}\t{count}\n"));
    }
    Ok(output)
}
