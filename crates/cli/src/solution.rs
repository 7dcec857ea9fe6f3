//! What a route answers, for every route and size ([`Solution`]), and the
//! one way it is printed: `slide solve`'s text, a batch line, and JSON.

use std::io::{self, Write};

use serde_json::json;
use slide_core::{Board, LargeBoard, MoveOrder};
use slide_solvers::{AllPaths, Stats};

use crate::instance::Instance;
use crate::packed::PackedPath;

/// An instance's answer.
pub(crate) struct Solution {
    pub(crate) instance: Instance,
    pub(crate) found: Found,
    /// The search's name: `ida_star/pdb-6-6-3`, `reduce`...
    pub(crate) algorithm: String,
    /// What the search counted (none for the reduction, which counts nothing).
    pub(crate) stats: Option<Stats>,
    pub(crate) quality: Quality,
    pub(crate) seconds: f64,
}

/// The paths found.
pub(crate) enum Found {
    /// A path (none when the goal cannot be reached), two bits a move.
    One(Option<PackedPath>),
    /// Every shortest path, counted and listed up to a limit (`None` when
    /// the goal cannot be reached).
    All(Option<AllPaths>),
}

/// What is known of a path's length against a shortest one.
#[derive(Clone, Copy)]
pub(crate) enum Quality {
    /// A shortest path.
    Optimal,
    /// The near-optimal route's path: no path is shorter than
    /// `lower_bound`, so it is at most its length over that times a
    /// shortest one.
    Near { lower_bound: usize },
    /// A reduction's path: shortest only when `optimal`; no path is shorter
    /// than `lower_bound`, the Manhattan distance.
    Reduced { optimal: bool, lower_bound: u64 },
    /// Work units' path at a bound given by hand: no path is shorter than
    /// `lower_bound` (the bounds below it known to have none).
    Bounded { lower_bound: usize },
}

impl Solution {
    /// The path, or `None` when the goal cannot be reached (or all paths
    /// were asked for).
    pub(crate) fn path(&self) -> Option<&PackedPath> {
        match &self.found {
            Found::One(path) => path.as_ref(),
            Found::All(_) => None,
        }
    }

    /// The length, or `None` when the goal cannot be reached.
    pub(crate) fn length(&self) -> Option<usize> {
        match &self.found {
            Found::One(path) => path.as_ref().map(PackedPath::len),
            Found::All(all) => all.as_ref().map(|all| all.length),
        }
    }

    /// The reply [`crate::Solver`] gives.
    pub(crate) fn reply(&self) -> crate::Reply {
        crate::Reply {
            path: self.path().map(PackedPath::to_vec),
            optimal: self.optimal(),
        }
    }

    /// Whether the path is a shortest one (or there is none).
    fn optimal(&self) -> bool {
        match self.quality {
            Quality::Optimal => true,
            Quality::Near { lower_bound } => self.path().is_none_or(|path| path.len() <= lower_bound),
            Quality::Reduced { optimal, .. } => optimal,
            Quality::Bounded { lower_bound } => self.length().is_none_or(|length| length <= lower_bound),
        }
    }

    /// `slide solve`'s text: the length and the moves in `order` (every
    /// shortest path with `--all`), every board along the way with `show`,
    /// and a line saying so when the path may not be a shortest one.
    pub(crate) fn text(&self, show: bool, order: MoveOrder) -> String {
        let mut text = Vec::new();
        self.write_text(show, order, &mut text)
            .expect("writing to memory does not fail");
        String::from_utf8(text).expect("the text is UTF-8")
    }

    /// [`Solution::text`], written to `out` with the moves a chunk at a
    /// time: a path of billions of moves is never held as letters.
    pub(crate) fn write_text(&self, show: bool, order: MoveOrder, out: &mut dyn Write) -> io::Result<()> {
        if let Found::All(all) = &self.found {
            let Some(all) = all else {
                return out.write_all(b"unsolvable\n");
            };
            let mut output = format!("length {}\ncount {}\n", all.length, all.count);
            for path in &all.paths {
                output.push_str(&format!("moves {}\n", order.write(path)).replace(" \n", "\n"));
            }
            return out.write_all(output.as_bytes());
        }
        let Some(path) = self.path() else {
            return out.write_all(b"unsolvable\n");
        };
        // An empty path: `moves` with nothing after it.
        let moves = if path.len() == 0 { "moves" } else { "moves " };
        write!(out, "length {}\n{moves}", path.len())?;
        path.write_letters(order, out)?;
        out.write_all(b"\n")?;
        let length = path.len();
        match self.quality {
            Quality::Near { lower_bound } if lower_bound < length => writeln!(out,
                "not known to be optimal: the shortest path found within the budget; no path is shorter than {lower_bound}, so it is at most {:.3} times a shortest one; --budget gives it longer, --algo idastar finds a shortest one",
                ratio(length, lower_bound)
            )?,
            Quality::Reduced {
                optimal: false,
                lower_bound,
            } => writeln!(out,
                "not optimal: a reduction's path; no path is shorter than {lower_bound} (the Manhattan distance); --algo idastar finds a shortest one"
            )?,
            Quality::Bounded { lower_bound } if lower_bound < length => writeln!(out,
                "not known to be optimal: no path is shorter than {lower_bound} (the bounds below it have none); split from the start's estimate for a shortest one"
            )?,
            _ => {}
        }
        if show {
            out.write_all(boards_along(&self.instance.start, path).as_bytes())?;
        }
        Ok(())
    }

    /// One line of `slide batch`: `LINE<TAB>LENGTH<TAB>MOVES`.
    pub(crate) fn batch_line(&self, line: usize) -> String {
        match self.path() {
            Some(path) => format!("{line}\t{}\t{}\n", path.len(), path.letters(MoveOrder::KORF)),
            None => format!("{line}\tunsolvable\t\n"),
        }
    }

    /// The JSON object of the answer (with `line`, in a batch); with `show`,
    /// a `boards` array holds every board along the path, the start first;
    /// `order` writes the path (in capitals if its letters are).
    pub(crate) fn json(&self, line: Option<usize>, show: bool, order: MoveOrder) -> serde_json::Value {
        let mut object = self.object(line, show, order);
        if let Some(path) = self.path() {
            object["path"] = json!(path.letters(order));
        }
        object
    }

    /// [`Solution::json`] and a line break, written to `out` with the path's
    /// moves a chunk at a time: a path of billions of moves is never held as
    /// letters.
    pub(crate) fn write_json(&self, show: bool, order: MoveOrder, out: &mut dyn Write) -> io::Result<()> {
        let object = self.object(None, show, order);
        let fields = object.as_object().expect("an answer is a JSON object");
        out.write_all(b"{")?;
        for (index, (key, value)) in fields.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, key)?;
            out.write_all(b":")?;
            match self.path() {
                // Letters need no escaping in a JSON string.
                Some(path) if key == "path" => {
                    out.write_all(b"\"")?;
                    path.write_letters(order, out)?;
                    out.write_all(b"\"")?;
                }
                _ => serde_json::to_writer(&mut *out, value)?,
            }
        }
        out.write_all(b"}\n")
    }

    /// The JSON object of the answer, its `path` left `null` for the caller
    /// to write (see [`Solution::json`]).
    fn object(&self, line: Option<usize>, show: bool, order: MoveOrder) -> serde_json::Value {
        let Instance { start, goal } = &self.instance;
        let mut object = json!({
            "start": start.to_string(),
            "goal": goal.to_string(),
            "shape": format!("{}x{}", start.rows(), start.cols()),
            "solvable": self.length().is_some(),
            "length": self.length(),
            "algorithm": self.algorithm,
            "optimal": self.optimal(),
            "seconds": self.seconds,
        });
        match &self.found {
            Found::One(_) => object["path"] = serde_json::Value::Null,
            Found::All(all) => {
                let paths: Vec<String> = all
                    .iter()
                    .flat_map(|all| &all.paths)
                    .map(|path| order.write(path))
                    .collect();
                // A count beyond 2^64 would lose digits as a JSON number: it is a string then.
                let count = all.as_ref().map(|all| match u64::try_from(all.count) {
                    Ok(count) => json!(count),
                    Err(_) => json!(all.count.to_string()),
                });
                object["count"] = json!(count);
                object["paths"] = json!(paths);
            }
        }
        if let Some(stats) = self.stats {
            object["nodes_expanded"] = json!(stats.expanded);
            object["nodes_generated"] = json!(stats.generated);
        }
        match self.quality {
            Quality::Optimal => {}
            Quality::Near { lower_bound } => {
                object["lower_bound"] = json!(lower_bound);
                if let Some(length) = self.length() {
                    object["bound"] = json!(ratio(length, lower_bound));
                }
            }
            Quality::Reduced { lower_bound, .. } => object["lower_bound"] = json!(lower_bound),
            Quality::Bounded { lower_bound } => object["lower_bound"] = json!(lower_bound),
        }
        if let Some(line) = line {
            object["line"] = json!(line);
        }
        if let (true, Some(path)) = (show, self.path()) {
            let boards: Vec<String> = boards_on(start, path).iter().map(LargeBoard::to_string).collect();
            object["boards"] = json!(boards);
        }
        object
    }
}

/// How many times a shortest path `length` is at most, no path being
/// shorter than `lower_bound`: their ratio (1 for an empty path).
fn ratio(length: usize, lower_bound: usize) -> f64 {
    match lower_bound {
        0 => 1.0,
        _ => length as f64 / lower_bound as f64,
    }
}

/// Every board from `start` along `path`, `start` first.
fn boards_on(start: &LargeBoard, path: &PackedPath) -> Vec<LargeBoard> {
    let mut boards = vec![start.clone()];
    for mv in path.iter() {
        let mut next = boards[boards.len() - 1].clone();
        assert!(next.apply(mv), "a solver's path stays on the board");
        boards.push(next);
    }
    boards
}

/// Every board from `start` along `path`, drawn one row a line, each under
/// its move (boards of at most 16 cells: `--show` is for them).
fn boards_along(start: &LargeBoard, path: &PackedPath) -> String {
    let drawn = |board: &LargeBoard| {
        let board: Board = board.packed().expect("--show is for boards of at most 16 cells");
        board.drawn().to_string()
    };
    let boards = boards_on(start, path);
    let mut output = format!("\nstart\n{}", drawn(&boards[0]));
    for (step, (mv, board)) in path.iter().zip(&boards[1..]).enumerate() {
        output.push_str(&format!("\n{} {}\n{}", step + 1, mv.letter(), drawn(board)));
    }
    output
}
