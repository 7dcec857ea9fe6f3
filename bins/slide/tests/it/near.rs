//! The near-optimal route (boards of 17 to 100 cells): every path
//! replayed, its lower bound never above a shortest path's length (checked
//! against IDA* on walks short enough for it), the budget honoured, in
//! `solve` and `batch`.

use std::time::{Duration, Instant};

use slide_core::{LargeBoard, Move};

use crate::hostile::{empty_cache, slide_with};

/// The board `start` after `letters`, every move on the board.
fn replay(start: &LargeBoard, letters: &str) -> LargeBoard {
    let mut board = start.clone();
    for letter in letters.chars() {
        let mv = Move::ALL
            .into_iter()
            .find(|mv| mv.letter() == letter)
            .expect("a move's letter");
        assert!(board.apply(mv), "{letters}: a move off the board");
    }
    board
}

/// `slide ARGS --json` with no tables cached: its JSON.
fn json(args: &[&str], input: &str, cache: &std::path::Path) -> serde_json::Value {
    let mut args = args.to_vec();
    args.push("--json");
    let (status, stdout, stderr) = slide_with(&args, input.as_bytes(), cache);
    assert_eq!(status, 0, "{args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn short_walks_get_a_lower_bound_no_larger_than_a_shortest_path() {
    let cache = empty_cache("near-walks");
    for (shape, moves) in [
        ("5x5", "40"),
        ("6x6", "36"),
        ("7x7", "30"),
        ("4x6", "40"),
        ("3x9", "30"),
    ] {
        for seed in ["1", "2"] {
            let (status, board, _) = slide_with(&["random", shape, "--moves", moves, "--seed", seed], b"", &cache);
            assert_eq!(status, 0);
            let start = LargeBoard::parse_rows(&board).unwrap();
            let goal = LargeBoard::goal(start.rows(), start.cols());
            let near = json(&["solve", "-", "--budget", "0.3"], &board, &cache);
            let shortest = json(
                &["solve", "-", "--algo", "idastar", "--heuristic", "linear-conflict"],
                &board,
                &cache,
            );
            let shortest = shortest["length"].as_u64().unwrap();
            let length = near["length"].as_u64().unwrap();
            let lower_bound = near["lower_bound"].as_u64().unwrap();
            assert_eq!(replay(&start, near["path"].as_str().unwrap()), goal, "{shape} {seed}");
            assert_eq!(near["path"].as_str().unwrap().len() as u64, length);
            assert!(lower_bound <= shortest && shortest <= length, "{shape} {seed}: {near}");
            assert_eq!(near["optimal"], length == lower_bound, "{near}");
            let bound = near["bound"].as_f64().unwrap();
            assert!((bound - length as f64 / lower_bound as f64).abs() < 1e-9, "{near}");
            assert!(near["algorithm"].as_str().unwrap().starts_with("near/"), "{near}");
        }
    }
}

#[test]
fn the_budget_is_honoured_and_a_longer_one_is_not_worse() {
    let cache = empty_cache("near-budget");
    // Beams this narrow stall on boards this large: their paths are
    // finished by the reduction, on the board and on its transpose (a
    // rectangle's is another shape).
    for shape in ["9x9", "7x12"] {
        let (_, board, _) = slide_with(&["random", shape, "--seed", "4"], b"", &cache);
        let start = LargeBoard::parse_rows(&board).unwrap();
        let goal = LargeBoard::goal(start.rows(), start.cols());
        let mut lengths = Vec::new();
        for budget in [0.2, 1.5] {
            let started = Instant::now();
            let answer = json(&["solve", "-", "--budget", &budget.to_string()], &board, &cache);
            // The reduction before the searches and the paths' shortening
            // take a tenth of a second or so: the whole within a second more.
            assert!(
                started.elapsed() < Duration::from_secs_f64(budget + 1.0),
                "{shape} {budget}"
            );
            assert_eq!(
                replay(&start, answer["path"].as_str().unwrap()),
                goal,
                "{shape} {budget}"
            );
            lengths.push(answer["length"].as_u64().unwrap());
        }
        assert!(lengths[1] <= lengths[0], "{shape}: {lengths:?}");
    }
}

#[test]
fn batch_gives_each_board_the_budget() {
    let cache = empty_cache("near-batch");
    let (_, boards, _) = slide_with(&["random", "6x6", "--count", "3", "--seed", "8"], b"", &cache);
    let started = Instant::now();
    let (status, stdout, stderr) = slide_with(&["batch", "--budget", "0.3", "--json"], boards.as_bytes(), &cache);
    assert_eq!(status, 0, "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(4));
    for (line, board) in stdout.lines().zip(boards.lines()) {
        let answer: serde_json::Value = serde_json::from_str(line).unwrap();
        let start = LargeBoard::parse_rows(board).unwrap();
        let end = replay(&start, answer["path"].as_str().unwrap());
        assert_eq!(end, LargeBoard::goal(6, 6));
        assert!(answer["lower_bound"].as_u64().unwrap() <= answer["length"].as_u64().unwrap());
    }
    assert_eq!(stdout.lines().count(), 3);
}

#[test]
fn a_board_that_cannot_reach_its_goal_is_answered_at_once() {
    let cache = empty_cache("near-unsolvable");
    let swapped =
        "2 1 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / 31 32 33 34 35 _";
    let started = Instant::now();
    let (status, stdout, stderr) = slide_with(&["solve", swapped], b"", &cache);
    assert_eq!((status, stdout.as_str()), (0, "unsolvable\n"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// With the 48-puzzle's tables cached (opt-in: `SLIDE_SEVEN_BY_SEVEN`, the
/// cache `SLIDE_CACHE_DIR` or one under the target folder; a first run
/// builds them, some 15 s), the 7x7 route takes both estimates, linear
/// conflict's beams and then, where those stop at `--max-states` with time
/// left, the tables': every path replayed, the lower bound (the larger of
/// both estimates) never above IDA*'s shortest.
#[test]
fn seven_by_seven_with_its_tables_cached() {
    if std::env::var_os("SLIDE_SEVEN_BY_SEVEN").is_none() {
        return;
    }
    let cache = match std::env::var_os("SLIDE_CACHE_DIR") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdb-cache"),
    };
    // Walks IDA* with the tables solves within a second (62 to 78 moves).
    for seed in ["1", "2", "3"] {
        let (status, board, _) = slide_with(&["random", "7x7", "--moves", "90", "--seed", seed], b"", &cache);
        assert_eq!(status, 0);
        let start = LargeBoard::parse_rows(&board).unwrap();
        let goal = LargeBoard::goal(7, 7);
        let shortest = json(
            &["solve", "-", "--algo", "idastar", "--heuristic", "pdb"],
            &board,
            &cache,
        );
        assert!(
            shortest["algorithm"].as_str().unwrap().contains("pdb-4-4-4"),
            "{shortest}"
        );
        let shortest = shortest["length"].as_u64().unwrap();
        for limits in [&["--budget", "0.3"][..], &["--budget", "5", "--max-states", "4096"]] {
            let args = [&["solve", "-"][..], limits].concat();
            let near = json(&args, &board, &cache);
            let length = near["length"].as_u64().unwrap();
            let lower_bound = near["lower_bound"].as_u64().unwrap();
            assert_eq!(replay(&start, near["path"].as_str().unwrap()), goal, "seed {seed}");
            assert!(lower_bound <= shortest && shortest <= length, "seed {seed}: {near}");
            assert!(near["algorithm"].as_str().unwrap().starts_with("near/"), "{near}");
            assert!(near["seconds"].as_f64().unwrap() < 5.0, "{limits:?}: {near}");
        }
    }
}
