//! The `slide` program, run as a user runs it: outputs checked against the
//! distance table, JSON parsed, errors and exit statuses checked.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use slide_core::{parse_path, Board, Shape};
use slide_solvers::DistanceTable;

/// Runs `slide ARGS` with `input` on standard input; returns status, stdout, stderr.
fn slide(args: &[&str], input: &str) -> (i32, String, String) {
    slide_in(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdb-cache"), args, input)
}

/// [`slide`] with the pattern databases' cache in `cache`.
fn slide_in(cache: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_CACHE_DIR", cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

/// Checks that the moves `letters` lead from `start` to `goal`, and returns their number.
fn replay(start: &Board, goal: &Board, letters: &str) -> usize {
    let path = parse_path(letters).unwrap();
    assert_eq!(start.apply_path(&path), Some(*goal), "{letters} from {start}");
    path.len()
}

#[test]
fn solve_gives_shortest_paths() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = DistanceTable::for_target(&goal).unwrap();
    for text in [
        "2 3 4 1 5 x 7 6 8",
        "8 6 7 / 2 5 4 / 3 _ 1",
        "123\n456\n78_",
        "1 2 3 4 5 6 7 8 0",
    ] {
        let (status, stdout, stderr) = slide(&["solve", text], "");
        assert_eq!((status, stderr.as_str()), (0, ""));
        let start = Board::parse_rows(text, None).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        let length: usize = lines[0].strip_prefix("length ").unwrap().parse().unwrap();
        let moves = lines[1].strip_prefix("moves").unwrap().trim();
        assert_eq!(Some(length), table.distance(&start));
        assert_eq!(replay(&start, &goal, moves), length);
    }
}

#[test]
fn every_algorithm_agrees() {
    for algo in ["auto", "bfs", "bidi", "idastar", "astar"] {
        let (status, stdout, _) = slide(&["solve", "8 6 7 2 5 4 3 x 1", "--algo", algo], "");
        assert_eq!(status, 0);
        assert!(stdout.starts_with("length 31\n"), "{algo}: {stdout}");
    }
    for algo in ["idastar", "astar"] {
        for heuristic in ["manhattan", "linear-conflict", "walking-distance"] {
            let args = ["solve", "8 6 7 2 5 4 3 x 1", "--algo", algo, "--heuristic", heuristic];
            let (status, stdout, _) = slide(&args, "");
            assert_eq!((status, stdout.lines().next()), (0, Some("length 31")), "{args:?}");
        }
    }
}

#[test]
fn solve_with_a_goal_and_a_shape() {
    let (status, stdout, _) = slide(&["solve", "12345678.", "--goal", "123.46758"], "");
    assert_eq!((status, stdout.lines().next()), (0, Some("length 3")));
    let start = Board::parse_rows("12345678.", None).unwrap();
    let goal = Board::parse_rows("123.46758", None).unwrap();
    assert_eq!(
        replay(
            &start,
            &goal,
            stdout.lines().nth(1).unwrap().trim_start_matches("moves ")
        ),
        3
    );
    let (status, stdout, _) = slide(&["solve", "1 2 3 4 5 0 6 7", "--shape", "2x4"], "");
    assert_eq!((status, stdout.lines().next()), (0, Some("length 2")));
    // One reader of board text: what the judge programs accept, `slide` accepts.
    for args in [
        &["solve", "123 456 7x8"][..],
        &["solve", "123 456 7x8", "--shape", "3x3"],
    ] {
        let (status, stdout, stderr) = slide(args, "");
        assert_eq!(
            (status, stdout.lines().next()),
            (0, Some("length 1")),
            "{args:?}: {stderr}"
        );
    }
    let (status, _, stderr) = slide(&["solve", "1 2 3 / 4 5 6 7 / 8 x", "--shape", "3x3"], "");
    assert_eq!(
        (status, stderr.as_str()),
        (
            2,
            "error: the board: row 2 has 4 cells, but a 3x3 board has 3 per row\n"
        )
    );
}

#[test]
fn solve_shows_every_board() {
    let (status, stdout, _) = slide(&["solve", "1 2 3 / 4 5 6 / 7 _ 8", "--show"], "");
    assert_eq!(status, 0);
    assert_eq!(
        stdout,
        "length 1\nmoves r\n\nstart\n1 2 3\n4 5 6\n7 _ 8\n\n1 r\n1 2 3\n4 5 6\n7 8 _\n"
    );
}

#[test]
fn solve_json_has_every_field() {
    let (status, stdout, _) = slide(&["solve", "2 3 4 1 5 x 7 6 8", "--json"], "");
    assert_eq!(status, 0);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["start"], "2 3 4 / 1 5 _ / 7 6 8");
    assert_eq!(value["goal"], "1 2 3 / 4 5 6 / 7 8 _");
    assert_eq!(value["shape"], "3x3");
    assert_eq!(value["solvable"], true);
    assert_eq!(value["length"], 19);
    let start = Board::parse_rows("2 3 4 1 5 x 7 6 8", None).unwrap();
    assert_eq!(
        replay(&start, &Board::goal(start.shape()), value["path"].as_str().unwrap()),
        19
    );
    assert_eq!(value["algorithm"], "ida_star/max(walking-distance,linear-conflict)");
    assert!(value["nodes_expanded"].as_u64().unwrap() > 0);
    assert!(value["nodes_generated"].as_u64().unwrap() >= value["nodes_expanded"].as_u64().unwrap());
    assert!(value["seconds"].as_f64().unwrap() >= 0.0);

    let (status, stdout, _) = slide(&["solve", "2 1 3 4 5 6 7 8 x", "--json"], "");
    assert_eq!(status, 0);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (
            value["solvable"].clone(),
            value["length"].clone(),
            value["path"].clone()
        ),
        (false.into(), serde_json::Value::Null, serde_json::Value::Null)
    );
}

/// The length and the algorithm of a JSON answer.
fn length_and_algorithm(json: &str) -> (Option<u64>, Option<String>) {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    (
        value["length"].as_u64(),
        value["algorithm"].as_str().map(str::to_string),
    )
}

#[test]
fn fifteen_puzzles_use_pattern_databases() {
    let board = "2 3 4 0 / 1 5 7 8 / 9 6 10 12 / 13 14 11 15";
    // With an empty cache, `solve` builds the quick 5-5-5 tables only.
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quick-first");
    let _ = std::fs::remove_dir_all(&empty);
    let (status, stdout, stderr) = slide_in(&empty, &["solve", board, "--json"], "");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        length_and_algorithm(&stdout),
        (Some(9), Some("ida_star/pdb-5-5-5".to_string()))
    );
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 3, "three 5-tile tables");
    // `batch` builds 6-6-3 at once; then `solve` uses it too.
    for args in [&["batch", "--json"][..], &["solve", board, "--json"]] {
        let (status, stdout, stderr) = slide(args, board);
        assert_eq!(status, 0, "{stderr}");
        let first = stdout.lines().next().unwrap();
        assert_eq!(
            length_and_algorithm(first),
            (Some(9), Some("ida_star/pdb-6-6-3".to_string()))
        );
    }
}

#[test]
fn boards_of_12_to_16_cells_use_pattern_databases_but_3x4() {
    // Each against IDA* with linear conflict, which needs no table.
    for (board, algorithm) in [
        ("7 3 4 2 8 _ / 1 6 5 10 11 9", "ida_star/pdb-6-5"),
        ("2 3 _ / 4 7 5 / 1 9 6 / 11 8 14 / 10 12 13", "ida_star/pdb-6-6-2"),
        (
            "5 1 2 3 / 9 6 7 4 / 10 _ 11 8",
            "ida_star/max(walking-distance,linear-conflict)",
        ),
    ] {
        // `batch` builds the 6-6-3 split's tables for the shape at once.
        let (status, stdout, stderr) = slide(&["batch", "--json"], board);
        assert_eq!(status, 0, "{stderr}");
        let value: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
        let args = ["solve", board, "--json", "--heuristic", "linear-conflict"];
        let reference: serde_json::Value = serde_json::from_str(&slide(&args, "").1).unwrap();
        assert!(reference["length"].as_u64().is_some(), "{board} is solvable");
        assert_eq!(
            (value["length"].as_u64(), value["algorithm"].as_str()),
            (reference["length"].as_u64(), Some(algorithm)),
            "{board}"
        );
    }
}

#[test]
fn errors_say_what_and_exit_with_a_status() {
    let cases: [(&[&str], i32, &str); 8] = [
        (&["solve", "1 2 3 4 5 6 7 8 9"], 2, "error: the board: cell 9: tile 9 is out of range: tiles are 1 to 8\n"),
        (&["solve", "1 2 3 4 5 0"], 2, "error: the board: cannot tell the shape of 6 cells: separate the rows with / or give the shape (RxC)\n"),
        (&["solve", "12345678x", "--goal", "1234"], 2, "error: the goal: found 4 cells, expected 9\n"),
        (&["solve", "1234567x8", "--heuristic", "pdb", "--algo", "idastar"], 2, "error: the 6-6-3 pattern databases are for boards of 12 to 16 cells, not 3x3; use --heuristic walking-distance\n"),
        (&["solve", "x 11 10 9 / 8 7 6 5 / 4 3 1 2", "--heuristic", "pdb-7-8"], 2, "error: the 7-8 pattern databases are for 4x4 boards, not 3x4; use --heuristic walking-distance\n"),
        (
            &["solve", "x 11 10 9 / 8 7 6 5 / 4 3 1 2", "--algo", "bfs", "--max-states", "1000"],
            1,
            "error: the search stopped after storing 1000 states (at most 100 kB) without reaching the target; IDA* needs no such memory (try --algo idastar, or raise --max-states)\n",
        ),
        (&["table", "3x4"], 2, "error: a 3x4 board has 239500800 positions, too many to tabulate here; boards that fit: 2x2, 2x3, 2x4, 2x5, 3x2, 3x3, 4x2, 5x2\n"),
        (&["table", "3x"], 2, ""),
    ];
    for (args, expected_status, expected_stderr) in cases {
        let (status, stdout, stderr) = slide(args, "");
        assert_eq!(status, expected_status, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        if !expected_stderr.is_empty() {
            assert_eq!(stderr, expected_stderr, "{args:?}");
        }
    }
}

#[test]
fn table_3x3_is_the_reference_histogram() {
    let (status, stdout, _) = slide(&["table", "3x3"], "");
    assert_eq!(status, 0);
    let reference =
        std::fs::read_to_string(slide_testdata::testdata_root().join("reference/eight-puzzle-distances.tsv")).unwrap();
    let reference: String = reference
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(stdout, reference);
    // Another goal with the blank in the same cell has the same table.
    let (_, other, _) = slide(&["table", "3x3", "--goal", "8 7 6 / 5 4 3 / 2 1 _"], "");
    assert_eq!(other, stdout);
}

#[test]
fn random_boards_are_solvable_and_repeatable() {
    let (status, first, _) = slide(&["random", "3x3", "--count", "50", "--seed", "7"], "");
    assert_eq!(status, 0);
    let (_, second, _) = slide(&["random", "3x3", "--count", "50", "--seed", "7"], "");
    assert_eq!(first, second);
    let table = DistanceTable::for_target(&Board::goal(Shape::new(3, 3).unwrap())).unwrap();
    let boards: Vec<Board> = first
        .lines()
        .map(|line| Board::parse_rows(line, None).unwrap())
        .collect();
    assert_eq!(boards.len(), 50);
    assert!(boards.iter().all(|board| table.distance(board).is_some()));
    let (_, walked, _) = slide(&["random", "3x3", "--count", "20", "--seed", "1", "--moves", "6"], "");
    for line in walked.lines() {
        let distance = table.distance(&Board::parse_rows(line, None).unwrap()).unwrap();
        assert!(distance <= 6 && distance.is_multiple_of(2), "{line}: {distance}");
    }
    let (status, four, _) = slide(&["random", "4x4", "--seed", "3"], "");
    assert_eq!(
        (status, Board::parse_rows(four.trim(), None).unwrap().shape()),
        (0, Shape::new(4, 4).unwrap())
    );
}

#[test]
fn batch_answers_in_order_and_reports_bad_lines() {
    let input =
        "2 3 4 1 5 x 7 6 8\n# a comment\n\n1 2 3 4 5 6 7 8 9\n12345678. ; 123.46758\n2 1 3 4 5 6 7 8 x\n1 2 / 3 0\n";
    let (status, stdout, stderr) = slide(&["batch"], input);
    assert_eq!(status, 2);
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        lines.iter().map(|l| (l[0], l[1])).collect::<Vec<_>>(),
        [("1", "19"), ("5", "3"), ("6", "unsolvable"), ("7", "0")]
    );
    let start = Board::parse_rows("2 3 4 1 5 x 7 6 8", None).unwrap();
    assert_eq!(replay(&start, &Board::goal(start.shape()), lines[0][2]), 19);
    assert!(
        stderr.contains("line 4: the board: cell 9: tile 9 is out of range: tiles are 1 to 8\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("4 instances: 3 solved, 1 unsolvable; total length 22, mean 7.33;"),
        "{stderr}"
    );

    let (status, stdout, _) = slide(&["batch", "--json"], "12345678x\n1234567x8\n");
    assert_eq!(status, 0);
    let values: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values.len(), 2);
    assert_eq!(
        (values[1]["line"].as_u64(), values[1]["length"].as_u64()),
        (Some(2), Some(1))
    );
}

#[test]
fn batch_reads_a_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("slide-batch-input.txt");
    std::fs::write(&file, "1 2 3 4 5 6 7 x 8\n").unwrap();
    let (status, stdout, _) = slide(&["batch", file.to_str().unwrap()], "");
    assert_eq!((status, stdout.as_str()), (0, "1\t1\tr\n"));
    let (status, _, stderr) = slide(&["batch", "/no/such/file"], "");
    assert_eq!(status, 2);
    assert!(stderr.starts_with("error: /no/such/file: "), "{stderr}");
}

#[test]
fn an_order_picks_the_first_shortest_path() {
    // HDU 3567's second sample, and LightOJ 1121's.
    let (status, stdout, _) = slide(&["solve", "564178X23", "--goal", "7568X4123", "--order", "dlru"], "");
    assert_eq!((status, stdout.as_str()), (0, "length 8\nmoves urrulldr\n"));
    let board = "1 2 3 4 / 6 7 8 0 / 5 10 11 12 / 9 13 14 15";
    let (status, stdout, _) = slide(&["solve", board, "--order", "DLRU", "--algo", "idastar"], "");
    assert_eq!((status, stdout.as_str()), (0, "length 8\nmoves LLLDDRRR\n"));
    let (status, _, stderr) = slide(&["solve", "12345678x", "--order", "ddlr"], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("must name each of u, d, l and r once"), "{stderr}");
}

#[test]
fn farthest_gives_a_board_at_the_largest_distance() {
    let (status, stdout, _) = slide(&["farthest", "2 6 4 / 1 3 7 / 0 5 8"], "");
    assert_eq!(status, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "distance 31");
    let start = Board::parse_rows("2 6 4 / 1 3 7 / 0 5 8", None).unwrap();
    let far = Board::parse_rows(lines[1].strip_prefix("board ").unwrap(), None).unwrap();
    assert_eq!(replay(&start, &far, lines[2].strip_prefix("moves ").unwrap()), 31);
    let table = DistanceTable::for_target(&start).unwrap();
    assert_eq!(table.histogram().len() - 1, 31, "no board is farther");
    let (status, _, stderr) = slide(&["farthest", "1 2 3 / 4 5 6 / 7 8 9 / 10 11 0"], "");
    assert_eq!(status, 2, "{stderr}");
}

#[test]
fn all_lists_every_shortest_path_and_counts_them() {
    let board = "8 6 7 / 2 5 4 / 3 _ 1";
    let (status, stdout, _) = slide(&["solve", board, "--all", "--limit", "3", "--order", "dlru"], "");
    assert_eq!(status, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(&lines[..2], ["length 31", "count 40"]);
    assert_eq!(lines.len(), 5);
    let start = Board::parse_rows(board, None).unwrap();
    let goal = Board::goal(start.shape());
    let paths: Vec<&str> = lines[2..].iter().map(|l| l.strip_prefix("moves ").unwrap()).collect();
    for path in &paths {
        assert_eq!(replay(&start, &goal, path), 31);
    }
    // In the order d < l < r < u: as strings of those letters, ascending.
    let key = |p: &str| p.chars().map(|c| "dlru".find(c).unwrap()).collect::<Vec<_>>();
    assert!(paths.windows(2).all(|w| key(w[0]) < key(w[1])), "{paths:?}");
    let (status, stdout, _) = slide(&["solve", board, "--all", "--json"], "");
    assert_eq!(status, 0);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (value["count"].as_u64(), value["paths"].as_array().unwrap().len()),
        (Some(40), 40)
    );
    let (status, _, _) = slide(&["solve", board, "--all", "--show"], "");
    assert_eq!(status, 2, "--show shows one path");
}

/// Replays `letters` on the board of any size `start` and returns where it ends.
fn replay_large(start: &slide_core::LargeBoard, letters: &str) -> slide_core::LargeBoard {
    let mut board = start.clone();
    assert_eq!(
        board.apply_path(&parse_path(letters).unwrap()),
        None,
        "{letters} leaves {start}"
    );
    board
}

#[test]
fn boards_beyond_16_cells_are_reduced_and_say_so() {
    use slide_core::LargeBoard;
    let (status, text, _) = slide(&["random", "7x6", "--seed", "4"], "");
    assert_eq!(status, 0);
    let start = LargeBoard::parse_rows(text.trim()).unwrap();
    assert!(start.reaches(&LargeBoard::goal(7, 6)));
    let manhattan = start.manhattan(&LargeBoard::goal(7, 6));

    // The near-optimal route, within a budget.
    let (status, stdout, stderr) = slide(&["solve", text.trim(), "--budget", "0.3"], "");
    assert_eq!((status, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    let length: usize = lines[0].strip_prefix("length ").unwrap().parse().unwrap();
    let moves = lines[1].strip_prefix("moves ").unwrap();
    assert_eq!(moves.len(), length);
    assert_eq!(replay_large(&start, moves), LargeBoard::goal(7, 6));
    assert!(lines[2].starts_with("not known to be optimal"), "{stdout}");

    // The reduction, from standard input, as JSON.
    let (status, stdout, _) = slide(&["solve", "-", "--json", "--algo", "reduce"], &text);
    assert_eq!(status, 0);
    let object: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(object["optimal"], false);
    assert_eq!(object["algorithm"], "reduce");
    assert_eq!(object["lower_bound"], manhattan);
    let path = object["path"].as_str().unwrap();
    assert!(path.len() as u64 >= object["lower_bound"].as_u64().unwrap());
    assert_eq!(replay_large(&start, path), LargeBoard::goal(7, 6));
    assert!(
        path.len() >= length,
        "the near-optimal route starts from the reduction's path"
    );
}

#[test]
fn the_reduction_on_small_boards_is_optimal_and_says_so() {
    let (status, stdout, _) = slide(&["solve", "8 6 7 2 5 4 3 x 1", "--algo", "reduce", "--json"], "");
    assert_eq!(status, 0);
    let object: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (object["length"].as_u64(), object["optimal"].as_bool()),
        (Some(31), Some(true))
    );
    let (status, _, stderr) = slide(&["solve", "8 6 7 2 5 4 3 x 1", "--algo", "reduce", "--all"], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("need an optimal search"), "{stderr}");
}

#[test]
fn a_path_too_long_is_refused_with_its_lower_bound() {
    let (_, board, _) = slide(&["random", "40x40", "--seed", "1"], "");
    let (status, stdout, stderr) = slide(&["solve", "-", "--max-moves", "1000"], &board);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(
        stderr.starts_with("error: the path would be longer than 1000 moves (at least "),
        "{stderr}"
    );
    let (status, _, stderr) = slide(&["solve", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 16 / 17 _ 18"], "");
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "error: the board: line 1, column 53: row 5 has 3 cells, but the first row has 4\n"
    );
}

#[test]
fn batch_takes_boards_of_any_size() {
    use slide_core::LargeBoard;
    let (_, board, _) = slide(&["random", "9x5", "--seed", "8"], "");
    let input = format!("{board}8 6 7 2 5 4 3 x 1\n");
    let (status, stdout, stderr) = slide(&["batch", "--budget", "0.2"], &input);
    assert_eq!(status, 0, "{stderr}");
    let lines: Vec<Vec<&str>> = stdout.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!((lines[0][0], lines[1][0], lines[1][1]), ("1", "2", "31"));
    let start = LargeBoard::parse_rows(board.trim()).unwrap();
    assert_eq!(lines[0][1].parse::<usize>().unwrap(), lines[0][2].len());
    assert_eq!(replay_large(&start, lines[0][2]), LargeBoard::goal(9, 5));

    let (status, stdout, stderr) = slide(&["batch", "--max-moves", "10"], &board);
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert!(
        stderr.starts_with("line 1: the path would be longer than 10 moves"),
        "{stderr}"
    );
}

/// The conventions of a command-line tool (issue 41): completions for
/// every shell clap knows, the manual pages, `--help` with examples and exit
/// statuses, JSON from `table` and `random`, the thread count's variable.
#[test]
fn completions_manual_pages_help_and_json() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (status, out, err) = slide(&["completions", shell], "");
        assert_eq!(status, 0, "{shell}: {err}");
        assert!(out.contains("slide") && out.contains("units"), "{shell}");
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("man");
    let _ = std::fs::remove_dir_all(&dir);
    let (status, out, err) = slide(&["man", dir.to_str().unwrap()], "");
    assert_eq!(status, 0, "{err}");
    for page in ["slide.1", "slide-solve.1", "slide-units-run.1", "slide-completions.1"] {
        assert!(out.lines().any(|line| line == page), "{out}");
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(
            text.starts_with(".ie") || text.contains(".TH"),
            "{page} is a manual page"
        );
    }
    let (status, out, _) = slide(&["--help"], "");
    assert_eq!(status, 0);
    assert!(
        out.starts_with("Solve, batch-solve, tabulate and generate sliding-tile puzzles"),
        "{out}"
    );
    assert!(
        out.contains("Examples:") && out.contains("Exit status: 0 done; 1 ") && out.contains("no colour"),
        "{out}"
    );
    let (_, out, _) = slide(&["table", "2x3", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let positions: u64 = json["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!((positions, json["shape"].as_str()), (360, Some("2x3")));
    let (_, out, _) = slide(&["random", "3x3", "--count", "3", "--seed", "9", "--json"], "");
    let (_, plain, _) = slide(&["random", "3x3", "--count", "3", "--seed", "9"], "");
    let boards: Vec<String> = out
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["board"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(boards, plain.lines().collect::<Vec<_>>());
}
