//! The data-driven test runner for the drivers.
//!
//! A folder of `testdata/` holds cases as files: `NAME.in` is the input, and
//! beside it either `NAME.out`, the exact expected output, or `NAME.err`, the
//! expected error line (for input that must be refused). Adding a case is
//! adding files; [`check_folder`] finds every case by itself.
//!
//! Drivers that print paths may print any shortest path, so for their
//! folders (see [`judge`]) an output line matches when it is a path of the
//! expected line's length that really leads from the puzzle to the goal;
//! the expected line is replayed too, so a wrong `.out` file is caught.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod oracle;
mod reference;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use slide_core::{parse_path, Board, Shape};

pub use crate::oracle::{eight_puzzle_positions, eight_puzzle_sample, naive_distances};
pub use crate::reference::{
    check_path, eight_puzzle_set, korf100, korf_felner_24, korf_felner_goal, korf_goal, reference, tsv_rows,
    KorfFelnerInstance, KorfInstance,
};

/// The workspace's `testdata/` folder.
pub fn testdata_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// What a case expects.
pub enum Expected {
    /// This output, exactly.
    Output(String),
    /// An error with this message (one line, without its newline).
    Error(String),
}

/// One case of a testdata folder.
pub struct Case {
    /// The file name without `.in`.
    pub name: String,
    /// The input, exactly as stored (line ends included).
    pub input: String,
    /// What the driver must answer.
    pub expected: Expected,
}

/// Every case of `testdata/<folder>`, sorted by name.
///
/// # Panics
/// Panics if the folder cannot be read, or a case has neither or both of
/// `.out` and `.err`: a broken case must fail the test, not be skipped.
pub fn cases(folder: &str) -> Vec<Case> {
    let dir = testdata_root().join(folder);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|file| file.strip_suffix(".in").map(str::to_string))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "{} holds no NAME.in case", dir.display());
    names
        .into_iter()
        .map(|name| {
            let read = |ext: &str| fs::read_to_string(dir.join(format!("{name}.{ext}"))).ok();
            let input = read("in").unwrap_or_else(|| panic!("{name}.in is not UTF-8 text"));
            let expected = match (read("out"), read("err")) {
                (Some(out), None) => Expected::Output(out),
                (None, Some(err)) => Expected::Error(err.trim_end().to_string()),
                _ => panic!("{}: give exactly one of {name}.out and {name}.err", dir.display()),
            };
            Case { name, input, expected }
        })
        .collect()
}

/// Runs `run` on every case of `testdata/<folder>` and panics with a report
/// of every case that failed. `run` returns the output, or the error line.
pub fn check_folder(folder: &str, run: impl Fn(&str) -> Result<String, String>) {
    let mut failures = String::new();
    let cases = cases(folder);
    for case in &cases {
        let actual = run(&case.input);
        let ok = match (&case.expected, &actual) {
            (Expected::Output(want), Ok(got)) => match judge(folder) {
                Some(judge) => match judge.compare(&case.input, want, got) {
                    Ok(()) => true,
                    Err(why) => {
                        writeln!(failures, "{folder}/{}.in: {why}", case.name).unwrap();
                        continue;
                    }
                },
                None => want == got,
            },
            (Expected::Error(want), Err(got)) => want == got,
            _ => false,
        };
        if !ok {
            let want = match &case.expected {
                Expected::Output(out) => format!("output {out:?}"),
                Expected::Error(err) => format!("error {err:?}"),
            };
            let got = match &actual {
                Ok(out) => format!("output {out:?}"),
                Err(err) => format!("error {err:?}"),
            };
            writeln!(failures, "{folder}/{}.in: expected {want}, got {got}", case.name).unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{failures}",
        failures.lines().count(),
        cases.len()
    );
}

/// How the answers of a driver whose answers are not unique are judged.
pub enum Judge {
    /// The answers are shortest paths, any of which will do.
    Paths(PathJudge),
    /// The answers are farthest states with paths to them (UVa 10085).
    Farthest,
    /// The answer is any path, of any length, that solves a square board
    /// of any size (POJ 3240, HackerRank N Puzzle).
    AnyPath(AnyPathFormat),
}

/// How a driver of [`Judge::AnyPath`] writes its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPathFormat {
    /// POJ 3240: one line of `L R U D`, or `No Answer!`; the goal has the blank last.
    Letters,
    /// HackerRank N Puzzle: a count, then one `UP`, `DOWN`, `LEFT` or
    /// `RIGHT` a line; the goal has the blank first.
    Words,
    /// eolymp 4609: `No`, or `Yes` and a line of `L R U D` of at most
    /// 2,500,000 moves (empty for a solved board); the blank last.
    YesLetters,
}

/// How the answers of a path-printing driver are judged.
pub struct PathJudge {
    /// The boards' shape.
    pub shape: Shape,
    /// The goal every path must reach.
    pub goal: Board,
    /// Whether the input starts with a count of boards.
    pub counted: bool,
    /// The line printed for a board with no (short enough) path.
    pub unsolvable: &'static str,
    /// Another line printed instead of a path (a shortest path over the
    /// judge's cap), or empty.
    pub too_long: &'static str,
    /// Whether an empty line stands between consecutive answers.
    pub separated: bool,
}

/// The judge for the drivers whose answers are not unique, by testdata
/// folder; the others' outputs are compared as text.
pub fn judge(folder: &str) -> Option<Judge> {
    let (shape, counted, unsolvable, separated, too_long) = match folder {
        "eight-path" => (Shape::new(3, 3).unwrap(), false, "unsolvable", false, ""),
        "uva-10181" => (
            Shape::new(4, 4).unwrap(),
            true,
            "This puzzle is not solvable.",
            false,
            "",
        ),
        "uva-652" => (Shape::new(3, 3).unwrap(), true, "unsolvable", true, ""),
        "eolymp-3669" => (Shape::new(4, 4).unwrap(), false, "NO SOLUTION", false, "TOO LONG"),
        "uva-10085" => return Some(Judge::Farthest),
        "poj-3240" => return Some(Judge::AnyPath(AnyPathFormat::Letters)),
        "hackerrank-n-puzzle" => return Some(Judge::AnyPath(AnyPathFormat::Words)),
        "eolymp-4609" => return Some(Judge::AnyPath(AnyPathFormat::YesLetters)),
        _ => return None,
    };
    Some(Judge::Paths(PathJudge {
        shape,
        goal: Board::goal(shape),
        counted,
        unsolvable,
        separated,
        too_long,
    }))
}

impl Judge {
    /// Checks the output `got` against the expected output `want` for `input`.
    pub fn compare(&self, input: &str, want: &str, got: &str) -> Result<(), String> {
        match self {
            Judge::Paths(judge) => judge.compare(input, want, got),
            Judge::Farthest => compare_farthest(input, want, got),
            Judge::AnyPath(format) => {
                compare_any_path(*format, input, want).map_err(|e| format!("the .out file: {e}"))?;
                compare_any_path(*format, input, got)
            }
        }
    }
}

/// Checks that `output` solves the square board of `input` (its side, then
/// its cells) in `format`.
fn compare_any_path(format: AnyPathFormat, input: &str, output: &str) -> Result<(), String> {
    let mut numbers = input.split_whitespace().map(|t| t.parse::<u32>());
    let n = match numbers.next() {
        Some(Ok(n)) => n as usize,
        _ => return Err("the case's input has no side".to_string()),
    };
    let cells: Vec<u32> = numbers
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the case's input: {e}"))?;
    // A 1x1 board is the blank alone (no `LargeBoard`): the goal already,
    // with no move to make.
    if n == 1 && cells == [0] && matches!(format, AnyPathFormat::YesLetters) {
        return match output {
            "Yes\n\n" => Ok(()),
            _ => Err(format!(
                "the blank alone is solved: Yes and an empty line, not {output:?}"
            )),
        };
    }
    let mut board = slide_core::LargeBoard::new(n, n, cells).map_err(|e| format!("the case's input: {e}"))?;
    let (goal, path) = match format {
        AnyPathFormat::Letters => {
            let goal = slide_core::LargeBoard::goal(n, n);
            if output == "No Answer!\n" {
                return match board.reaches(&goal) {
                    false => Ok(()),
                    true => Err(format!("{board} is solvable, but the answer is No Answer!")),
                };
            }
            let Some(line) = output.strip_suffix('\n').filter(|line| !line.contains('\n')) else {
                return Err(format!("expected one line: {output:?}"));
            };
            if line.chars().any(|c| c.is_lowercase()) {
                return Err(format!("the path {line:?} is not in capitals"));
            }
            (goal, parse_path(line).map_err(|e| format!("the path: {e}"))?)
        }
        AnyPathFormat::YesLetters => {
            let goal = slide_core::LargeBoard::goal(n, n);
            if output == "No\n" {
                return match board.reaches(&goal) {
                    false => Ok(()),
                    true => Err(format!("{board} is solvable, but the answer is No")),
                };
            }
            let Some(line) = output.strip_prefix("Yes\n").and_then(|rest| rest.strip_suffix('\n')) else {
                return Err(format!("expected No, or Yes and a line of moves: {output:?}"));
            };
            if line.contains('\n') || line.len() > 2_500_000 || line.chars().any(|c| c.is_lowercase()) {
                return Err(format!(
                    "expected one line of at most 2,500,000 capitals: {} bytes",
                    line.len()
                ));
            }
            (goal, parse_path(line).map_err(|e| format!("the path: {e}"))?)
        }
        AnyPathFormat::Words => {
            let goal = slide_core::LargeBoard::new(n, n, (0..(n * n) as u32).collect()).map_err(|e| e.to_string())?;
            let mut lines = output.lines();
            let count: usize = lines.next().and_then(|l| l.parse().ok()).ok_or("no count of moves")?;
            let path = lines
                .map(|line| match line {
                    "UP" => Ok(slide_core::Move::Up),
                    "DOWN" => Ok(slide_core::Move::Down),
                    "LEFT" => Ok(slide_core::Move::Left),
                    "RIGHT" => Ok(slide_core::Move::Right),
                    other => Err(format!("{other:?} is not a move")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            if path.len() != count || !output.ends_with('\n') {
                return Err(format!("{count} moves announced, {} given", path.len()));
            }
            (goal, path)
        }
    };
    let start = board.clone();
    if board.apply_path(&path).is_some() {
        return Err(format!("the path leaves the board {start}"));
    }
    match board == goal {
        true => Ok(()),
        false => Err(format!("the path leads from {start} to {board}, not to the goal")),
    }
}

/// The boards of a judge's input: after a count if `counted`, read as the
/// drivers read them (characters on boards of at most 10 cells).
fn input_boards(input: &str, shape: Shape, counted: bool) -> Result<Vec<Board>, String> {
    let mut words = slide_core::words(input);
    if counted {
        words.next();
    }
    let cells: Box<dyn Iterator<Item = slide_core::Symbol<'_>>> = if shape.cells() <= 10 {
        Box::new(slide_core::characters(words))
    } else {
        Box::new(words)
    };
    let mut cells = cells.peekable();
    if cells.peek().is_none() {
        return Ok(Vec::new());
    }
    slide_core::boards(cells, shape)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the case's input is bad: {e}"))
}

/// The answers of an output of `count` answers, one per line, or (with
/// `separated`) with an empty line between consecutive ones.
fn answers(output: &str, count: usize, separated: bool) -> Result<Vec<&str>, String> {
    if !output.is_empty() && !output.ends_with('\n') {
        return Err(format!("the output does not end its last line: {output:?}"));
    }
    let lines: Vec<&str> = output.lines().collect();
    if !separated {
        return match lines.len() == count {
            true => Ok(lines),
            false => Err(format!("expected {count} lines, got {}: {output:?}", lines.len())),
        };
    }
    if lines.len() != (2 * count).saturating_sub(1) || lines.iter().skip(1).step_by(2).any(|l| !l.is_empty()) {
        return Err(format!(
            "expected {count} answers with empty lines between them: {output:?}"
        ));
    }
    Ok(lines.into_iter().step_by(2).collect())
}

impl PathJudge {
    /// Checks the output `got` against the expected output `want` for `input`.
    pub fn compare(&self, input: &str, want: &str, got: &str) -> Result<(), String> {
        let starts = input_boards(input, self.shape, self.counted)?;
        let want_answers = answers(want, starts.len(), self.separated).map_err(|e| format!("the .out file: {e}"))?;
        let got_answers = answers(got, starts.len(), self.separated)?;
        for (i, ((start, want), got)) in starts.iter().zip(&want_answers).zip(&got_answers).enumerate() {
            let not_a_path =
                |answer: &str| answer == self.unsolvable || (!self.too_long.is_empty() && answer == self.too_long);
            if not_a_path(want) || not_a_path(got) {
                if want != got {
                    return Err(format!("puzzle {}: expected {want:?}, got {got:?}", i + 1));
                }
                continue;
            }
            self.replay(start, want)
                .map_err(|e| format!("puzzle {}: the expected path {want:?} {e}", i + 1))?;
            self.replay(start, got)
                .map_err(|e| format!("puzzle {}: the path {got:?} {e}", i + 1))?;
            let same_case = want.chars().all(|c| c.is_uppercase()) == got.chars().all(|c| c.is_uppercase());
            if got.len() != want.len() || !same_case {
                return Err(format!("puzzle {}: expected a path like {want:?}, got {got:?}", i + 1));
            }
        }
        Ok(())
    }

    /// Checks that the moves `letters` lead from `start` to the goal.
    fn replay(&self, start: &Board, letters: &str) -> Result<(), String> {
        let path = parse_path(letters).map_err(|e| format!("is not a path: {e}"))?;
        match start.apply_path(&path) {
            None => Err("leaves the board".to_string()),
            Some(board) if board == self.goal => Ok(()),
            Some(board) => Err(format!("ends at {board}, not at the goal")),
        }
    }
}

/// The largest distance from `start` to any board it reaches, by the
/// plainest breadth-first search.
fn largest_distance(start: &Board) -> usize {
    let mut seen = std::collections::HashSet::from([*start]);
    let mut layer = vec![*start];
    let mut distance = 0;
    loop {
        let mut next = Vec::new();
        for board in &layer {
            for (_, child) in board.successors() {
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return distance;
        }
        layer = next;
        distance += 1;
    }
}

/// UVa 10085's answers: per board `Puzzle #k`, a state as 3 lines, a path
/// in capitals from the board to it, as long as the largest distance from
/// the board, and an empty line.
fn compare_farthest(input: &str, want: &str, got: &str) -> Result<(), String> {
    let shape = Shape::new(3, 3).unwrap();
    let starts = input_boards(input, shape, true)?;
    for (name, output) in [("the .out file", want), ("the output", got)] {
        let lines: Vec<&str> = output.lines().collect();
        if lines.len() != 6 * starts.len() || !output.ends_with('\n') && !output.is_empty() {
            return Err(format!("{name}: expected 6 lines per board: {output:?}"));
        }
        for (k, (start, block)) in starts.iter().zip(lines.chunks(6)).enumerate() {
            let at = |what: String| format!("{name}, puzzle {}: {what}", k + 1);
            if block[0] != format!("Puzzle #{}", k + 1) || !block[5].is_empty() {
                return Err(at(format!("a block of the wrong form: {block:?}")));
            }
            let state = Board::parse(shape, &block[1..4].join(" ")).map_err(|e| at(format!("the state: {e}")))?;
            if block[4].chars().any(|c| c.is_lowercase()) {
                return Err(at(format!("the path {:?} is not in capitals", block[4])));
            }
            let path = parse_path(block[4]).map_err(|e| at(format!("the path: {e}")))?;
            if start.apply_path(&path) != Some(state) {
                return Err(at(format!("the path {:?} does not lead to {state}", block[4])));
            }
            let largest = largest_distance(start);
            if path.len() != largest {
                return Err(at(format!(
                    "a path of {} moves, but the farthest state is {largest} away",
                    path.len()
                )));
            }
        }
    }
    Ok(())
}

/// Runs the program at `path` with `input` on standard input, the way a
/// judge does, and returns its standard output; or, if it refused the input,
/// its error line without the `error: ` prefix.
///
/// # Panics
/// Panics unless the program either succeeded with nothing on standard error,
/// or failed with exit status 2, one line `error: ...` on standard error and
/// nothing on standard output: the contract of every driver.
pub fn run_program(path: &Path, input: &[u8]) -> Result<String, String> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", path.display()));
    // The driver reads everything before it writes, so this cannot deadlock.
    child.stdin.take().unwrap().write_all(input).unwrap();
    let result = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(result.stdout).expect("the output is UTF-8");
    let stderr = String::from_utf8(result.stderr).expect("the error is UTF-8");
    match result.status.code() {
        Some(0) if stderr.is_empty() => Ok(stdout),
        Some(2) if stdout.is_empty() && stderr.lines().count() == 1 => {
            let line = stderr.trim_end();
            Err(line
                .strip_prefix("error: ")
                .unwrap_or_else(|| panic!("no 'error: ' prefix: {line:?}"))
                .to_string())
        }
        status => panic!(
            "{}: status {status:?}, stdout {stdout:?}, stderr {stderr:?}",
            path.display()
        ),
    }
}

/// The exit status, standard output and standard error of `sh -c SCRIPT`,
/// with `$PROGRAM` set to `program`.
pub fn shell(script: &str, program: &Path) -> (i32, String, String) {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("PROGRAM", program)
        .output()
        .unwrap_or_else(|e| panic!("running sh: {e}"));
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (
        output.status.code().unwrap_or(-1),
        text(output.stdout),
        text(output.stderr),
    )
}

/// Runs `program` on `unit` repeated to about `bytes` bytes, with its
/// address space capped at 16 MB (the program itself) plus four times the
/// input, and checks that it answers: memory grows with the input by a
/// small factor only.
///
/// # Panics
/// Panics if the program fails, or answers nothing.
pub fn check_memory(program: &Path, unit: &str, bytes: usize) {
    let input = unit.repeat(bytes / unit.len() + 1);
    let name = program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = std::env::temp_dir().join(format!("slide-memory-{}-{name}.in", std::process::id()));
    fs::write(&file, &input).unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
    let limit_kb = (16 << 20) / 1024 + 4 * input.len() / 1024;
    let script = format!("ulimit -v {limit_kb}; \"$PROGRAM\" < '{}' | wc -l", file.display());
    let (status, stdout, stderr) = shell(&script, program);
    let _ = fs::remove_file(&file);
    assert_eq!(
        (status, stderr.as_str()),
        (0, ""),
        "{} on {} bytes",
        program.display(),
        input.len()
    );
    assert!(
        stdout.trim().parse::<usize>().unwrap_or(0) > 0,
        "no answers: {stdout:?}"
    );
}

/// `count` pseudo-random strings of up to `max_len` characters drawn from
/// `alphabet`, the same on every run: inputs for checking that a driver
/// answers or refuses, and never panics.
pub fn random_inputs(alphabet: &str, count: usize, max_len: usize) -> Vec<String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let mut rng = slide_core::SplitMix64::new(0x5EED);
    (0..count)
        .map(|_| {
            let len = rng.below(max_len + 1);
            (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect()
        })
        .collect()
}

/// The tests every judge driver has, as one line in its `tests/testdata.rs`:
/// every case of its testdata folder through its `run` function and through
/// its compiled program, input that is not text refused, and random input
/// answered or refused without a panic.
///
/// ```text
/// slide_testdata::driver_tests!("eight", eight::run, env!("CARGO_BIN_EXE_eight"));
/// ```
#[macro_export]
macro_rules! driver_tests {
    ($folder:literal, $run:path, $program:expr, large = $unit:expr) => {
        $crate::driver_tests!($folder, $run, $program);

        #[test]
        fn a_large_input_costs_a_small_factor_of_its_size() {
            $crate::check_memory(std::path::Path::new($program), $unit, 8 << 20);
        }
    };
    ($folder:literal, $run:path, $program:expr) => {
        #[test]
        fn testdata() {
            $crate::check_folder($folder, $run);
        }

        #[test]
        fn testdata_through_the_program() {
            let program = std::path::Path::new($program);
            $crate::check_folder($folder, |input| $crate::run_program(program, input.as_bytes()));
        }

        #[test]
        fn input_that_is_not_text_is_refused() {
            let program = std::path::Path::new($program);
            let error = $crate::run_program(program, b"1 2 3 \xff").unwrap_err();
            assert_eq!(error, "byte 7: the input is not UTF-8 text");
        }

        #[test]
        fn no_input_makes_it_panic() {
            for input in $crate::random_inputs("12345678x.0_9y \t\r\n", 3000, 40) {
                let _ = $run(&input);
            }
        }

        #[test]
        fn errors_quote_a_short_escaped_piece() {
            for input in ["1 2 3 \u{1b}[31m 5 6", &format!("1 2 {} 4", "9".repeat(100_000))] {
                if let Err(message) = $run(input) {
                    assert!(message.len() < 200, "{} bytes", message.len());
                    assert!(!message.chars().any(char::is_control), "{message:?}");
                }
            }
        }

        #[test]
        fn a_closed_pipe_ends_it_quietly_and_closed_output_is_an_error() {
            let program = std::path::Path::new($program);
            // The reader goes away before the program writes.
            let mut child = std::process::Command::new(program)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            drop(child.stdout.take());
            let input = $crate::cases($folder)
                .into_iter()
                .find(|case| matches!(case.expected, $crate::Expected::Output(_)));
            let input = input.map(|case| case.input).unwrap_or_default();
            std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
            let output = child.wait_with_output().unwrap();
            assert_eq!(
                (output.status.code(), output.stderr.as_slice()),
                (Some(0), &b""[..])
            );
            let (status, _, stderr) = $crate::shell("echo 12345678x | \"$PROGRAM\" >&-", program);
            assert_eq!(
                (status, stderr.as_str()),
                (1, "error: standard output is closed: the answers would be lost\n")
            );
        }
    };
}
