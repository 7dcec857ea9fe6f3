//! What the command line prints: text and JSON.

use serde_json::json;
use slide_core::{path_string, Board, Move, MoveOrder};
use slide_solvers::{AllPaths, Answer};

use crate::plan::Instance;

/// The text answer of `slide solve`: the length and the moves (in the case
/// of `order`), and with `show` every board along the way.
pub(crate) fn answer_text(instance: &Instance, answer: &Answer, show: bool, order: MoveOrder) -> String {
    let Some(path) = &answer.path else {
        return "unsolvable\n".to_string();
    };
    let mut output = format!("length {}\nmoves {}\n", path.len(), order.write(path)).replace(" \n", "\n");
    if show {
        output.push_str(&boards_along(&instance.start, path));
    }
    output
}

/// Every board from `start` along `path`, `start` first.
pub(crate) fn boards_on(start: &Board, path: &[Move]) -> Vec<Board> {
    let mut boards = vec![*start];
    for &mv in path {
        let last = boards[boards.len() - 1];
        boards.push(last.apply(mv).expect("a solver's path stays on the board"));
    }
    boards
}

/// Every board from `start` along `path`, as grids, each under its move.
fn boards_along(start: &Board, path: &[Move]) -> String {
    let boards = boards_on(start, path);
    let mut output = format!("\nstart\n{}", boards[0].drawn());
    for (step, (&mv, board)) in path.iter().zip(&boards[1..]).enumerate() {
        output.push_str(&format!("\n{} {}\n{}", step + 1, mv.letter(), board.drawn()));
    }
    output
}

/// One line of `slide batch`: `LINE<TAB>LENGTH<TAB>MOVES`.
pub(crate) fn batch_line(line: usize, path: &Option<Vec<Move>>) -> String {
    match path {
        Some(path) => format!("{line}\t{}\t{}\n", path.len(), path_string(path)),
        None => format!("{line}\tunsolvable\t\n"),
    }
}

/// The JSON object of one answer; with `show`, a `boards` array holds every
/// board along the path, the start first.
pub(crate) fn answer_json(
    instance: &Instance,
    answer: &Answer,
    algorithm: &str,
    seconds: f64,
    line: Option<usize>,
    show: bool,
) -> serde_json::Value {
    let mut object = json!({
        "start": instance.start.to_string(),
        "goal": instance.goal.to_string(),
        "shape": instance.start.shape().to_string(),
        "solvable": answer.path.is_some(),
        "length": answer.length(),
        "path": answer.path.as_ref().map(|p| path_string(p)),
        "algorithm": algorithm,
        "nodes_expanded": answer.stats.expanded,
        "nodes_generated": answer.stats.generated,
        "seconds": seconds,
    });
    if let Some(line) = line {
        object["line"] = json!(line);
    }
    if let (true, Some(path)) = (show, &answer.path) {
        let boards: Vec<String> = boards_on(&instance.start, path).iter().map(Board::to_string).collect();
        object["boards"] = json!(boards);
    }
    object
}

/// The output of `slide solve --all`: the length, how many shortest paths
/// there are, and the listed ones (`moves` lines, or a JSON object with
/// `count` and `paths`).
pub(crate) fn all_paths_output(
    instance: &Instance,
    all: Option<&AllPaths>,
    algorithm: &str,
    seconds: f64,
    order: MoveOrder,
    json: bool,
) -> String {
    let paths: Vec<String> = all.map_or(Vec::new(), |all| {
        all.paths.iter().map(|path| order.write(path)).collect()
    });
    let length = all.map(|all| all.length);
    // A count beyond 2^64 would lose digits as a JSON number: it is a string then.
    let count = all.map(|all| match u64::try_from(all.count) {
        Ok(count) => json!(count),
        Err(_) => json!(all.count.to_string()),
    });
    if json {
        let object = json!({
            "start": instance.start.to_string(),
            "goal": instance.goal.to_string(),
            "shape": instance.start.shape().to_string(),
            "solvable": all.is_some(),
            "length": length,
            "count": count,
            "paths": paths,
            "algorithm": algorithm,
            "nodes_expanded": all.map_or(0, |all| all.stats.expanded),
            "nodes_generated": all.map_or(0, |all| all.stats.generated),
            "seconds": seconds,
        });
        return format!("{object}\n");
    }
    let Some(all) = all else {
        return "unsolvable\n".to_string();
    };
    let mut output = format!("length {}\ncount {}\n", length.unwrap_or(0), all.count);
    for path in paths {
        output.push_str(&format!("moves {path}\n").replace(" \n", "\n"));
    }
    output
}
