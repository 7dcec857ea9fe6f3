//! The failures of issue 37, the fourth hostile pass: each one a test that
//! failed before its fix (those that need Korf and Felner's tables are
//! opt-in, in `wide.rs`).

use crate::hostile::{empty_cache, slide_with};

/// `slide ARGS` with no input and an empty cache: status, stdout, stderr.
fn slide(args: &[&str]) -> (i32, String, String) {
    slide_with(args, b"", &empty_cache("round-four"))
}

/// 1: a 5x5 goal whose blank no table leaves free is refused by name,
/// before any table is built.
#[test]
fn a_5x5_goal_with_its_blank_inside_is_refused_by_name() {
    let goal = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 _ 14 15 / 16 17 13 19 20 / 21 22 18 23 24";
    let start = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 14 _ 15 / 16 17 13 19 20 / 21 22 18 23 24";
    for algo in ["idastar", "astar"] {
        let (status, stdout, stderr) = slide(&["solve", start, "--goal", goal, "--heuristic", "pdb", "--algo", algo]);
        assert_eq!((status, stdout.as_str()), (2, ""), "{algo}");
        assert_eq!(
            stderr,
            "error: the 5x5 pattern databases need the target's blank in a corner, not in cell 13; use --heuristic linear-conflict\n",
            "{algo}"
        );
    }
}
