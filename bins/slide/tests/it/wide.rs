//! Shortest paths beyond 16 cells from the command line: `slide solve` and
//! `slide batch` with `--algo idastar`, `astar` and `bidi`, every path
//! replayed, and the refusals.

use slide_core::parse_path;
use slide_solvers::{Cells, WideBoard};

use crate::hostile::{empty_cache, slide_with};

/// The sample of AtCoder indeednow 2015 qual A D on 6x6: 24 moves.
const SIX_BY_SIX: &str =
    "1 2 3 4 5 6 / 14 15 10 16 11 12 / 8 9 19 17 0 18 / 7 13 20 22 23 24 / 25 26 21 28 29 30 / 31 32 27 33 34 35";

/// A 5x5 board 18 moves from the goal with the blank last
/// (`slide random 5x5 --moves 18 --seed 4`).
const FIVE_BY_FIVE: &str = "_ 11 3 4 5 / 1 6 7 8 10 / 12 2 13 9 14 / 16 17 18 19 15 / 21 22 23 24 20";

/// `slide ARGS` with `input` and an empty cache: status, stdout, stderr.
fn slide(args: &[&str], input: &str) -> (i32, String, String) {
    slide_with(args, input.as_bytes(), &empty_cache("wide"))
}

/// The board `text` (rows split by `/`, the blank 0 or `_`).
fn board(text: &str) -> WideBoard<Cells> {
    let rows: Vec<Vec<u32>> = text
        .split('/')
        .map(|row| {
            row.split_whitespace()
                .map(|cell| if cell == "_" { 0 } else { cell.parse().unwrap() })
                .collect()
        })
        .collect();
    let cells: Vec<u32> = rows.concat();
    WideBoard::new(rows.len(), rows[0].len(), &cells).unwrap()
}

/// The moves `path` replayed from `start`: they must end at the goal with
/// the blank last; their number.
fn replay(start: &str, path: &str) -> usize {
    let start = board(start);
    let moves = parse_path(path).unwrap();
    let end = moves
        .iter()
        .fold(start, |board, &mv| board.apply(mv).expect("on the board"));
    assert_eq!(end, WideBoard::goal(start.rows(), start.cols()), "{path} from {start}");
    moves.len()
}

#[test]
fn the_optimal_searches_agree_beyond_16_cells() {
    for (start, length) in [(SIX_BY_SIX, 24), (FIVE_BY_FIVE, 18)] {
        for algo in ["idastar", "astar", "bidi"] {
            let (status, stdout, stderr) = slide(&["solve", start, "--algo", algo], "");
            assert_eq!(status, 0, "{algo}: {stderr}");
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(lines[0], format!("length {length}"), "{algo} on {start}");
            assert_eq!(replay(start, lines[1].trim_start_matches("moves ")), length);
        }
    }
    let (status, stdout, _) = slide(
        &[
            "solve",
            FIVE_BY_FIVE,
            "--algo",
            "astar",
            "--heuristic",
            "manhattan",
            "--json",
        ],
        "",
    );
    assert_eq!(status, 0);
    assert!(stdout.contains(r#""algorithm":"astar/manhattan""#), "{stdout}");
    assert!(stdout.contains(r#""optimal":true"#), "{stdout}");
}

#[test]
fn batch_gives_each_line_beyond_16_cells_a_shortest_path() {
    let input = format!("{SIX_BY_SIX}\n1 2 3 / 4 5 6 / 7 _ 8\n{FIVE_BY_FIVE}\n");
    for algo in ["idastar", "astar", "bidi"] {
        let (status, stdout, stderr) = slide(&["batch", "--algo", algo], &input);
        assert_eq!(status, 0, "{algo}: {stderr}");
        let lines: Vec<Vec<&str>> = stdout.lines().map(|line| line.split('\t').collect()).collect();
        assert_eq!(lines.len(), 3, "{stdout}");
        assert_eq!((lines[0][0], lines[0][1]), ("1", "24"));
        assert_eq!(replay(SIX_BY_SIX, lines[0][2]), 24);
        assert_eq!((lines[1][0], lines[1][1], lines[1][2]), ("2", "1", "r"));
        assert_eq!((lines[2][0], lines[2][1]), ("3", "18"));
        assert_eq!(replay(FIVE_BY_FIVE, lines[2][2]), 18);
        assert!(
            stderr.contains("3 instances: 3 solved, 0 unsolvable; total length 43"),
            "{stderr}"
        );
    }
    // Without --algo, beyond 16 cells is the near-optimal route's.
    let (status, stdout, _) = slide(&["batch", "--json", "--budget", "0.3"], &format!("{FIVE_BY_FIVE}\n"));
    assert_eq!(status, 0);
    assert!(stdout.contains(r#""algorithm":"near/"#), "{stdout}");
}

#[test]
fn what_the_wide_searches_cannot_do_is_refused() {
    // 8x8, which has no pattern databases.
    let eight = (1..64).map(|tile| format!("{tile} ")).collect::<String>() + "_";
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", FIVE_BY_FIVE, "--algo", "bfs"],
            "error: --algo bfs is for boards of at most 16 cells; beyond, --algo idastar, astar or bidi finds a shortest path\n",
        ),
        (
            &["solve", FIVE_BY_FIVE, "--algo", "idastar", "--heuristic", "walking-distance"],
            "error: --heuristic walking-distance is for boards of at most 16 cells (pdb for 5x5, 6x6 and 7x7 too); beyond, use manhattan or linear-conflict\n",
        ),
        (
            &["solve", &eight, "--algo", "astar", "--heuristic", "pdb"],
            "error: --heuristic pdb is for boards of at most 16 cells (pdb for 5x5, 6x6 and 7x7 too); beyond, use manhattan or linear-conflict\n",
        ),
        (
            &["solve", FIVE_BY_FIVE, "--algo", "bidi", "--heuristic", "manhattan"],
            "error: --heuristic manhattan is for IDA* and A*; bidirectional BFS uses none\n",
        ),
        (
            &["solve", FIVE_BY_FIVE, "--algo", "idastar", "--show"],
            "error: --all, --order and --show are for boards of at most 16 cells\n",
        ),
    ];
    for (args, expected) in cases {
        let (status, stdout, stderr) = slide(args, "");
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (2, "", *expected),
            "{args:?}"
        );
    }
    // A stored search past its cap fails with status 1 and says so.
    let far = "5 14 18 6 22 / 20 _ 2 1 10 / 15 11 12 17 21 / 7 19 4 3 9 / 13 24 23 8 16";
    let (status, _, stderr) = slide(&["solve", far, "--algo", "bidi", "--max-states", "1000"], "");
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stderr.starts_with("error: the search stopped after storing 1000 states"),
        "{stderr}"
    );
    // In a batch, such a line is reported by number and the others go on.
    let input = format!("{FIVE_BY_FIVE}\n1 2 3 / 4 5 6 / 7 _ 8\n");
    let (status, stdout, stderr) = slide(&["batch", "--algo", "bfs"], &input);
    assert_eq!(status, 2);
    assert_eq!(stdout, "2\t1\tr\n");
    assert!(
        stderr.starts_with("line 1: --algo bfs is for boards of at most 16 cells"),
        "{stderr}"
    );
}

/// With Korf and Felner's tables cached, `auto` on 5x5 is the near-optimal
/// search, in `solve` and in `batch`: the path replayed, not called
/// optimal, with its bound and a lower bound. The tables take minutes to
/// build, so the test runs only when `SLIDE_KORF_FELNER` is set, with the
/// cache folder `SLIDE_CACHE_DIR` (built there if missing).
#[test]
fn auto_on_5x5_is_near_optimal_once_the_tables_are_cached() {
    if std::env::var_os("SLIDE_KORF_FELNER").is_none() {
        return;
    }
    let cache = std::path::PathBuf::from(std::env::var_os("SLIDE_CACHE_DIR").expect("SLIDE_CACHE_DIR is set"));
    // `slide random 5x5 --moves 100 --seed 1`: 60 moves, found by IDA* in
    // well under a second.
    let far = "6 8 1 3 13 / 11 9 2 14 4 / 16 19 17 10 5 / 21 15 18 23 20 / 7 22 _ 12 24";
    let (status, stdout, stderr) = slide_with(&["solve", far, "--algo", "idastar", "--heuristic", "pdb"], b"", &cache);
    assert_eq!(status, 0, "{stderr}");
    let shortest: usize = stdout
        .lines()
        .next()
        .unwrap()
        .trim_start_matches("length ")
        .parse()
        .unwrap();
    let (status, stdout, stderr) = slide_with(&["solve", far, "--budget", "1"], b"", &cache);
    assert_eq!(status, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let length = replay(far, lines[1].trim_start_matches("moves "));
    assert_eq!(lines[0], format!("length {length}"));
    if length > shortest {
        assert!(
            lines[2].starts_with("not known to be optimal: the shortest path found"),
            "{stdout}"
        );
    }
    let (status, stdout, _) = slide_with(&["solve", far, "--json", "--budget", "1"], b"", &cache);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let length = json["length"].as_u64().unwrap() as usize;
    assert!(json["algorithm"].as_str().unwrap().starts_with("near/"), "{stdout}");
    assert!(
        json["algorithm"].as_str().unwrap().contains("pdb-6-6-6-6") || length == shortest,
        "{stdout}"
    );
    let bound = json["bound"].as_f64().unwrap();
    let lower_bound = json["lower_bound"].as_u64().unwrap() as usize;
    assert!(lower_bound <= shortest && shortest <= length, "{stdout}");
    assert!(length as f64 <= bound * shortest as f64 + 1e-9, "{stdout}");
    let (status, stdout, stderr) = slide_with(
        &["batch", "--json", "--budget", "1"],
        format!("{far}\n").as_bytes(),
        &cache,
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains(r#""algorithm":"near/"#), "{stdout}");
}

/// Issue 37's case: a goal whose blank is bottom-left, Korf and Felner's
/// tables cached. Four independent solvers give 22; the tables read
/// reflected about the main diagonal gave 28, called optimal, and `auto` a
/// lower bound of 28 beside its own 22-move path. Opt-in, as above.
#[test]
fn a_goal_with_its_blank_bottom_left_gets_a_shortest_path() {
    if std::env::var_os("SLIDE_KORF_FELNER").is_none() {
        return;
    }
    let cache = std::path::PathBuf::from(std::env::var_os("SLIDE_CACHE_DIR").expect("SLIDE_CACHE_DIR is set"));
    let start = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 21 14 15 / 18 _ 16 23 20 / 17 19 13 22 24";
    let goal = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / _ 21 22 23 24";
    for algo in [
        &["--algo", "idastar"][..],
        &["--algo", "astar"],
        &["--heuristic", "pdb", "--algo", "idastar"],
    ] {
        let args = [&["solve", start, "--goal", goal][..], algo].concat();
        let (status, stdout, stderr) = slide_with(&args, b"", &cache);
        assert_eq!(status, 0, "{algo:?}: {stderr}");
        assert!(stdout.starts_with("length 22\n"), "{algo:?}: {stdout}");
    }
    let (status, stdout, stderr) = slide_with(&["solve", start, "--goal", goal, "--json"], b"", &cache);
    assert_eq!(status, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(json["lower_bound"].as_u64().unwrap() <= 22, "{stdout}");
    let line = format!("{start} ; {goal}\n");
    let (status, stdout, stderr) = slide_with(&["batch", "--algo", "idastar"], line.as_bytes(), &cache);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.starts_with("1\t22\t"), "{stdout}");
}
