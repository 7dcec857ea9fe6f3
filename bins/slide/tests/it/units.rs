//! `slide units`: work units through `xargs -P` against `slide solve`, and
//! the merge under every fault a batch system can leave (a unit run twice,
//! a result cut short or missing, a result of another iteration).

use std::path::{Path, PathBuf};
use std::process::Command;

use slide_core::{parse_path, LargeBoard};

/// Runs `slide ARGS` with the cache in the tests' folder; status, stdout, stderr.
fn slide(args: &[&str]) -> (i32, String, String) {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdb-cache");
    let output = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_CACHE_DIR", cache)
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

/// A new empty folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("units").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// 5x5 boards with short answers (walks from the goal): 22 moves, whose
/// splits search most iterations whole above the cut, and 50, whose last
/// iterations have units.
const BOARDS: [&str; 2] = [
    "1 7 2 5 _ / 6 16 3 4 10 / 11 13 9 8 15 / 17 12 18 14 19 / 21 22 23 24 20",
    "3 11 12 7 8 / 1 _ 4 10 5 / 16 6 2 13 14 / 17 20 23 18 9 / 21 22 19 15 24",
];

/// The length `slide solve --algo idastar` gives.
fn solve_length(board: &str) -> usize {
    let (status, out, err) = slide(&[
        "solve",
        board,
        "--algo",
        "idastar",
        "--heuristic",
        "linear-conflict",
        "--json",
    ]);
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    json["length"].as_u64().unwrap() as usize
}

/// The path `letters` from `board` reaches the goal; its length.
fn replay(board: &str, letters: &str) -> usize {
    let mut start = LargeBoard::parse_rows(board).unwrap();
    let path = parse_path(letters).unwrap();
    assert_eq!(start.apply_path(&path), None, "{letters} stays on the board");
    assert_eq!(start, LargeBoard::goal(5, 5), "{letters} from {board}");
    path.len()
}

#[test]
fn units_through_xargs_give_the_in_process_length() {
    for (case, board) in BOARDS.into_iter().enumerate() {
        let length = solve_length(board);
        for pruning in ["fsm", "undo"] {
            let dir = folder(&format!("run-{case}-{pruning}"));
            let run = |extra: &[&str]| {
                let mut args = vec![
                    "units",
                    "run",
                    board,
                    "--heuristic",
                    "linear-conflict",
                    "--pruning",
                    pruning,
                    "--count",
                    "30",
                    "--in-process-below",
                    "0",
                    "--dir",
                    dir.to_str().unwrap(),
                    "--json",
                ];
                args.extend(extra);
                slide(&args)
            };
            let (status, out, err) = run(&["--workers", "2", "--files", "3"]);
            assert_eq!(status, 0, "{err}");
            // The workers ran: an iteration has their results.
            let searched = std::fs::read_dir(&dir)
                .unwrap()
                .any(|entry| entry.unwrap().path().join("result-0.txt").exists());
            assert!(searched || case == 0, "{board}: the workers' results");
            // The same folder again: nothing of the first run is read.
            let (status, again, err) = run(&[]);
            assert_eq!(status, 0, "{err}");
            let again: serde_json::Value = serde_json::from_str(&again).unwrap();
            let json: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(again["length"], json["length"]);
            assert_eq!(json["length"].as_u64(), Some(length as u64), "{board}");
            assert_eq!(json["optimal"], true);
            assert_eq!(replay(board, json["path"].as_str().unwrap()), length);
        }
    }
}

/// Splits `board` into `dir/NAME`: its units (`extra` arguments added).
fn split(dir: &Path, name: &str, board: &str, extra: &[&str]) -> PathBuf {
    let mut args = vec!["units", "split", board, "--count", "12", "--pruning", "undo"];
    args.extend(extra);
    let (status, out, err) = slide(&args);
    assert_eq!(status, 0, "{err}");
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// Searches the units in `units` into `dir/NAME`.
fn search(dir: &Path, name: &str, units: &Path) -> PathBuf {
    let (status, out, err) = slide(&["units", "search", units.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// `slide units merge UNITS RESULTS...`.
fn merge(units: &Path, results: &[&Path]) -> (i32, String, String) {
    let mut args = vec!["units".to_string(), "merge".to_string(), units.display().to_string()];
    args.extend(results.iter().map(|path| path.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    slide(&args)
}

#[test]
fn the_merge_refuses_what_is_not_its_iteration_and_lists_what_is_missing() {
    let dir = folder("faults");
    // 50 moves from the goal, its estimate 44: the iteration at 48 has
    // units and no path.
    let board = BOARDS[1];
    let units = split(
        &dir,
        "units.txt",
        board,
        &["--heuristic", "linear-conflict", "--bound", "48"],
    );
    let results = search(&dir, "results.txt", &units);
    let again = search(&dir, "again.txt", &units);
    assert_eq!(
        std::fs::read_to_string(&results).unwrap(),
        std::fs::read_to_string(&again).unwrap(),
        "a unit searched twice gives the same result"
    );
    let (status, out, err) = merge(&units, &[&results, &again]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, "next bound 50\n");

    // Cut short: the last line loses its end; its unit has no result.
    let text = std::fs::read_to_string(&results).unwrap();
    let cut = dir.join("cut.txt");
    std::fs::write(&cut, &text[..text.len() - 20]).unwrap();
    let (status, out, err) = merge(&units, &[&cut]);
    assert_eq!((status, out.as_str()), (1, ""), "{err}");
    let last = text.lines().count() - 1;
    assert!(err.contains("damaged or cut short"), "{err}");
    assert!(err.contains(&format!("units {last} have no result")), "{err}");

    // Missing: a file that is not there.
    let (status, _, err) = merge(&units, &[&dir.join("none.txt")]);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("units 0-"), "{err}");

    // Another bound, another estimate, another instance: refused by name.
    let later = split(
        &dir,
        "later.txt",
        board,
        &["--heuristic", "linear-conflict", "--bound", "50"],
    );
    let later_results = search(&dir, "later-results.txt", &later);
    let manhattan = split(
        &dir,
        "manhattan.txt",
        board,
        &["--heuristic", "manhattan", "--bound", "48"],
    );
    let manhattan_results = search(&dir, "manhattan-results.txt", &manhattan);
    let another = "2 7 9 3 10 / 1 8 13 _ 4 / 6 18 15 14 21 / 17 11 19 23 24 / 16 12 20 5 22";
    let other = split(
        &dir,
        "other.txt",
        another,
        &["--heuristic", "linear-conflict", "--bound", "54"],
    );
    let other_results = search(&dir, "other-results.txt", &other);
    for (results, says) in [
        (&later_results, "another bound"),
        (
            &manhattan_results,
            "another estimate or tables (manhattan, not linear-conflict)",
        ),
        (&other_results, "another instance"),
    ] {
        let (status, out, err) = merge(&units, &[results, results]);
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_path_is_shortest_only_when_every_smaller_bound_is_known_empty() {
    let dir = folder("proven");
    let board = BOARDS[0];
    let length = solve_length(board).to_string();
    let (_, out, _) = slide(&[
        "units",
        "split",
        board,
        "--heuristic",
        "linear-conflict",
        "--count",
        "1",
    ]);
    let estimate = out
        .split("bound=")
        .nth(1)
        .unwrap()
        .split('\t')
        .next()
        .unwrap()
        .to_string();
    assert_ne!(estimate, length, "the walk's estimate is below its length");
    for (proven, optimal) in [(estimate.as_str(), false), (length.as_str(), true)] {
        let units = split(
            &dir,
            "units.txt",
            board,
            &["--heuristic", "linear-conflict", "--bound", &length, "--proven", proven],
        );
        let results = search(&dir, "results.txt", &units);
        let (status, out, err) = merge(&units, &[&results]);
        assert_eq!(status, 0, "{err}");
        assert!(out.starts_with(&format!("length {length}\n")), "{out}");
        assert_eq!(out.contains("not known to be optimal"), !optimal, "{out}");
    }
    // A bound below what is proven is refused.
    let (status, _, err) = slide(&["units", "split", board, "--bound", &estimate, "--proven", &length]);
    assert_eq!(status, 2);
    assert!(err.contains("is above the bound"), "{err}");
}

#[test]
fn results_of_another_goal_or_table_version_are_refused_by_name() {
    use slide_solvers::UnitEnd;
    use slide_units::{Iteration, ResultLine, SplitLine};
    let dir = folder("versions");
    let board = BOARDS[1];
    // Another goal: the same board towards the goal with the blank first.
    let goal = "_ 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
    let units = split(
        &dir,
        "units.txt",
        board,
        &["--heuristic", "linear-conflict", "--bound", "48"],
    );
    let others = split(
        &dir,
        "others.txt",
        board,
        &["--heuristic", "linear-conflict", "--bound", "54", "--goal", goal],
    );
    let results = search(&dir, "results.txt", &others);
    let (status, _, err) = merge(&units, &[&results]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("another goal"), "{err}");
    // Tables of another format version: refused before any table is read.
    let tables = |version: u32| {
        let names: Vec<String> = ["1.2.5.6.7.12", "3.4.8.9.13.14"]
            .iter()
            .map(|cells| format!("wpdb-v{version}-5x5-b0-{cells}.bin"))
            .collect();
        format!("pdb-6-6-6-6 {}", names.join(","))
    };
    let iteration = |version| Iteration {
        board: board.to_string(),
        goal: goal.to_string(),
        estimate: tables(version),
        pruning: "fsm14".to_string(),
        bound: 48,
        proven: 48,
        split: "0000000000000001".to_string(),
    };
    let split_line = SplitLine {
        iteration: iteration(2),
        units: 1,
        depth: 1,
        next: None,
        generated: 1,
        expanded: 1,
    };
    let result = ResultLine {
        iteration: iteration(1),
        id: 0,
        generated: 5,
        expanded: 2,
        end: UnitEnd::Exhausted(Some(50)),
    };
    let (units, results) = (dir.join("pdb-units.txt"), dir.join("pdb-results.txt"));
    std::fs::write(&units, split_line.to_string()).unwrap();
    std::fs::write(&results, result.to_string()).unwrap();
    let (status, out, err) = merge(&units, &[&results]);
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("another estimate or tables") && err.contains("wpdb-v1"),
        "{err}"
    );
}

#[test]
fn bad_usage_and_bad_lines_are_one_line_errors() {
    let (status, out, err) = slide(&["units"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: a subcommand is needed: split, search, merge or run (see slide units --help)\n"
    );
    let dir = folder("usage");
    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "slide-unit\t1\tboard=1 2 / 3 _\n").unwrap();
    let (status, out, err) = slide(&["units", "search", garbage.to_str().unwrap()]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.ends_with("garbage.txt line 1: damaged or cut short: it has no `check` field at its end\n"),
        "{err}"
    );
    let (status, _, err) = slide(&["units", "split", "1 2 3 / 4 5 6 / 7 8 _", "--heuristic", "pdb"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("work units take --heuristic manhattan, linear-conflict, or pdb on 5x5"),
        "{err}"
    );
}
