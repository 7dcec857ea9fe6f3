//! `slide farthest`: a board as far as any from the given one.

use serde_json::json;
use slide_core::{path_string, Board};
use slide_solvers::{DistanceTable, DENSE_MAX_CELLS};

use crate::args::FarthestArgs;
use crate::error::{bad_input, CliError};

/// The distance, a farthest board and a shortest path to it, as text or JSON.
pub(crate) fn farthest(args: &FarthestArgs) -> Result<String, CliError> {
    let text = crate::instance::board_text(&args.board)?;
    let start = Board::parse_rows(&text, args.shape).map_err(|e| bad_input(format!("the board: {e}")))?;
    if start.shape().cells() > DENSE_MAX_CELLS {
        return Err(bad_input(format!(
            "farthest boards come from a complete distance table, which covers boards of at most {DENSE_MAX_CELLS} cells, not {}",
            start.shape()
        )));
    }
    let table = DistanceTable::for_target(&start).map_err(|e| bad_input(e.to_string()))?;
    let (far, answer) = table.farthest_from(&start).map_err(|e| bad_input(e.to_string()))?;
    let path = answer.path.unwrap_or_default();
    if args.json {
        let object = json!({
            "start": start.to_string(),
            "farthest": far.to_string(),
            "distance": path.len(),
            "path": path_string(&path),
        });
        return Ok(format!("{object}\n"));
    }
    Ok(format!(
        "distance {}\nboard {far}\nmoves {}\n",
        path.len(),
        path_string(&path)
    ))
}
