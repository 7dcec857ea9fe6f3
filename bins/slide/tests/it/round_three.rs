//! The failures of issue 33, the third hostile pass: each one a test that
//! failed before its fix.

use crate::hostile::{empty_cache, shell, slide_with};

/// 1: a folder, or any input that cannot be read, is one error and the end.
#[test]
fn an_unreadable_input_is_one_error_and_the_end() {
    let dir = empty_cache("unreadable");
    let folder = dir.to_str().unwrap();
    for script in [
        format!("timeout 10 \"$SLIDE\" batch {folder}"),
        format!("timeout 10 \"$SLIDE\" batch - < {folder}"),
    ] {
        let (status, stdout, stderr) = shell(&script);
        assert_eq!(status, 2, "{script}: {stderr}");
        assert_eq!(stdout, "");
        assert_eq!(
            stderr, "error: line 1: cannot read the input: Is a directory (os error 21)\n",
            "{script}"
        );
    }
}

/// 2: a line with no end is refused by its number at once, in bounded
/// memory, and the lines after it go on.
#[test]
fn an_endless_line_is_refused_and_the_rest_go_on() {
    let mut input = b"12345678x\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 20 << 20));
    input.extend_from_slice(b"\n1234567x8\n");
    let (status, stdout, stderr) = slide_with(&["batch"], &input, &empty_cache("endless"));
    assert_eq!(status, 2);
    assert_eq!(stdout, "1\t0\t\n3\t1\tr\n");
    assert!(
        stderr.starts_with("line 2: the line is longer than 16 MiB, more than any board\n"),
        "{stderr}"
    );
    // An input that never ends: the refusal comes before the end.
    let (status, _, stderr) = shell("timeout 3 \"$SLIDE\" batch /dev/zero");
    assert_eq!(status, 124, "still reading, as cat would");
    assert_eq!(stderr, "line 1: the line is longer than 16 MiB, more than any board\n");
}

/// `slide ARGS` with no input and an empty cache: status, stdout, stderr.
fn slide(args: &[&str]) -> (i32, String, String) {
    slide_with(args, b"", &empty_cache("round-three"))
}

/// 5: `--all --limit 0` lists no path, and counts them.
#[test]
fn a_limit_of_zero_lists_no_path() {
    for algo in ["bfs", "astar", "bidi", "idastar"] {
        let (status, stdout, stderr) = slide(&[
            "solve",
            "12345678x",
            "--goal",
            "12345678x",
            "--all",
            "--limit",
            "0",
            "--algo",
            algo,
        ]);
        assert_eq!(
            (status, stdout.as_str()),
            (0, "length 0\ncount 1\n"),
            "{algo}: {stderr}"
        );
    }
}

/// 6: beyond 16 cells any goal is solved, the trivial answers first.
#[test]
fn large_goals_with_the_blank_anywhere_are_solved() {
    let goal = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 _ 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
    let (status, stdout, _) = slide(&["solve", goal, "--goal", goal]);
    assert_eq!(
        (status, stdout.as_str()),
        (0, "length 0\nmoves\n"),
        "no 'not optimal' after length 0"
    );
    let swapped = "2 1 3 4 5 / 6 7 8 9 10 / 11 12 _ 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
    assert_eq!(slide(&["solve", swapped, "--goal", goal]).1, "unsolvable\n");
    let start = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 _ 14 / 15 16 17 18 19 / 20 21 22 23 24";
    let (status, stdout, stderr) = slide(&["solve", start, "--goal", goal, "--json"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("\"solvable\":true"), "{stdout}");
    // A 3x3 board through the reduction, its goal's blank in the middle.
    let (status, stdout, stderr) = slide(&[
        "solve",
        "1 2 3 / 4 5 _ / 6 7 8",
        "--goal",
        "1 2 3 / 4 _ 5 / 6 7 8",
        "--algo",
        "reduce",
    ]);
    assert_eq!((status, stdout.as_str()), (0, "length 1\nmoves l\n"), "{stderr}");
}

/// 7: a square count of cells on one line is that square; `--shape` takes
/// any size.
#[test]
fn square_counts_and_any_shape_are_read() {
    let cells = |n: u32, blank_at: u32| -> String {
        let mut cells: Vec<String> = (1..n).map(|t| t.to_string()).collect();
        cells.insert(blank_at as usize, "0".to_string());
        cells.join(" ")
    };
    for n in [25, 36, 49] {
        let (status, stdout, stderr) = slide(&["solve", &cells(n, n - 2)]);
        assert_eq!(
            (status, stdout.as_str()),
            (0, "length 1\nmoves r\n"),
            "{n} cells: {stderr}"
        );
    }
    for shape in ["5x5", "3x20", "20x3"] {
        let n = shape.split('x').map(|side| side.parse::<u32>().unwrap()).product();
        let (status, stdout, stderr) = slide(&["solve", &cells(n, n - 2), "--shape", shape]);
        assert_eq!(
            (status, stdout.as_str()),
            (0, "length 1\nmoves r\n"),
            "{shape}: {stderr}"
        );
    }
    let (status, _, stderr) = slide(&["solve", &cells(20, 19)]);
    assert_eq!(status, 2);
    assert_eq!(stderr, "error: the board: cannot tell the shape of 20 cells on one line: separate the rows with / or line breaks, or give the shape (RxC)\n");
}

/// 8: a write that fails (here a file-size limit, as a full disk does)
/// leaves no temporary file behind; the answer and one warning still come.
#[test]
fn a_failed_write_leaves_no_temporary_file() {
    let dir = empty_cache("failed-write");
    let script = format!(
        "trap '' XFSZ; ulimit -f 200; SLIDE_CACHE_DIR={} \"$SLIDE\" solve '2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15'",
        dir.display()
    );
    let (status, stdout, stderr) = shell(&script);
    assert_eq!(
        (status, stdout.as_str()),
        (0, "length 9\nmoves llldrdrdr\n"),
        "{stderr}"
    );
    assert!(
        stderr.starts_with("warning: the pattern databases cannot be saved in "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let left: Vec<String> = crate::hostile::files(&dir);
    assert!(left.iter().all(|name| !name.contains(".tmp")), "{left:?}");
}

/// 9: help or the version that cannot be written is an error.
#[test]
fn help_that_cannot_be_written_is_an_error() {
    for script in [
        "\"$SLIDE\" --help > /dev/full",
        "\"$SLIDE\" -V >&-",
        "\"$SLIDE\" solve --help > /dev/full",
    ] {
        let (status, _, stderr) = shell(script);
        assert_eq!(status, 1, "{script}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{script}: {stderr}");
    }
    assert_eq!(shell("\"$SLIDE\" --help | head -1").0, 0, "a reader that goes away");
}

/// 10: bad usage names what is missing, on one line.
#[test]
fn missing_arguments_are_named() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["solve"],
            "error: the following required arguments were not provided: <BOARD> (see slide --help)\n",
        ),
        (
            &["solve", "12345678x", "--limit", "3"],
            "error: the following required arguments were not provided: --all (see slide --help)\n",
        ),
        (
            &[],
            "error: a subcommand is needed: solve, batch, table, random, farthest, units or completions (see slide --help)\n",
        ),
    ];
    for (args, expected) in cases {
        let (status, _, stderr) = slide(args);
        assert_eq!((status, stderr.as_str()), (2, expected), "{args:?}");
    }
}

/// 11: a cache folder named with a newline or an escape sequence is shown
/// escaped, on one line.
#[test]
fn odd_cache_folders_are_shown_on_one_line() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["solve", "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"])
        .env("SLIDE_CACHE_DIR", "/dev/null/a\nb\u{1b}[31m")
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("/dev/null/a\\nb\\u{1b}[31m"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'));
}

/// 4: a walk too long to take is refused at once, naming the cap.
#[test]
fn an_endless_walk_is_refused_at_once() {
    let (status, stdout, stderr) = slide(&["random", "2x2", "--moves", "1000000000000000000"]);
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(stderr, "error: invalid value '1000000000000000000' for '--moves <MOVES>': at most 10000000 moves, not 1000000000000000000 (see slide --help)\n");
    assert_eq!(slide(&["random", "2x2", "--moves", "10000000", "--seed", "1"]).0, 0);
}

/// The small ones: the bad symbol named rather than a count of cells, `-`
/// for standard input in `farthest`, the cap of `--timeout` named.
#[test]
fn the_small_ones() {
    let (_, _, stderr) = slide(&["solve", "ab"]);
    assert_eq!(
        stderr,
        "error: the board: cell 1: unknown symbol 'a': a cell is a tile number or a blank (x, ., 0 or _)\n"
    );
    let (_, _, stderr) = slide(&["solve", "1,2,3,4,5,6,7,8,0"]);
    assert_eq!(stderr, "error: the board: cell 1: unknown symbol '1,2,3,4,5,6,7,8,...': a cell is a tile number or a blank (x, ., 0 or _)\n");
    let (status, stdout, _) = slide_with(&["farthest", "-"], b"8 6 7 2 5 4 3 x 1\n", &empty_cache("farthest"));
    assert_eq!(status, 0);
    assert!(stdout.starts_with("distance 31\n"), "{stdout}");
    let (status, _, stderr) = slide(&["solve", "1234567x8", "--timeout", "1e9"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("below 1000000000"), "{stderr}");
}

/// 12: many lines towards one goal are answered from one distance table,
/// every path a shortest one that replays.
#[test]
fn many_lines_to_one_goal_are_answered_from_a_table() {
    use slide_core::{parse_path, Board, Shape, SplitMix64};
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = slide_solvers::DistanceTable::for_target(&goal).unwrap();
    let mut random = SplitMix64::new(12);
    let boards: Vec<Board> = (0..300).map(|_| random.board(&goal)).collect();
    let input: String = boards.iter().map(|board| format!("{board}\n")).collect();
    let (_, stdout, stderr) = slide_with(&["batch", "--json"], input.as_bytes(), &empty_cache("many-lines"));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), boards.len(), "{stderr}");
    assert!(lines
        .iter()
        .any(|line| line.contains("\"algorithm\":\"distance_table\"")));
    for (board, line) in boards.iter().zip(&lines) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let expected = table.distance(board);
        match value["path"].as_str() {
            Some(path) => {
                let path = parse_path(path).unwrap();
                assert_eq!(Some(path.len()), expected, "{board}");
                let mut at = *board;
                for mv in path {
                    at = at.apply(mv).unwrap();
                }
                assert_eq!(at, goal, "{board}");
            }
            None => assert_eq!(expected, None, "{board}"),
        }
    }
}

/// 3: the time allowed covers building the tables: past it the builds stop
/// with no partial file, and the run says the tables were not ready.
#[test]
fn a_timeout_covers_building_the_tables() {
    let dir = empty_cache("timeout-build");
    let board = b"6 2 4 3 / 1 5 15 11 / 9 10 _ 8 / 13 14 12 7\n";
    let started = std::time::Instant::now();
    let (status, stdout, stderr) = slide_with(&["batch", "--timeout", "0.2"], board, &dir);
    assert!(started.elapsed().as_secs_f64() < 1.5, "the 6-6-3 build takes seconds");
    assert_eq!((status, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.starts_with("line 1: the time allowed passed while the pattern databases were being built"),
        "{stderr}"
    );
    let files = crate::hostile::files(&dir);
    assert!(files.iter().all(|name| !name.contains(".tmp")), "{files:?}");
    assert!(files.len() < 3, "the 6-tile patterns were not finished: {files:?}");
}
