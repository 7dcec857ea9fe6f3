//! The data-driven test runner for the drivers.
//!
//! A folder of `testdata/` holds cases as files: `NAME.in` is the input, and
//! beside it either `NAME.out`, the exact expected output, or `NAME.err`, the
//! expected error line (for input that must be refused). Adding a case is
//! adding files; [`check_folder`] finds every case by itself.
//!
//! Drivers that print paths may print any shortest path, so for their
//! folders (see [`path_judge`]) an output line matches when it is a path of
//! the expected line's length that really leads from the puzzle to the goal;
//! the expected line is replayed too, so a wrong `.out` file is caught.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod reference;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use slide_core::{parse_path, Board, Shape};

pub use crate::reference::{check_path, eight_puzzle_set, korf100, korf_goal, reference, tsv_rows, KorfInstance};

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
            (Expected::Output(want), Ok(got)) => match path_judge(folder) {
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
}

/// The judge for the drivers whose answers are paths, by testdata folder.
pub fn path_judge(folder: &str) -> Option<PathJudge> {
    let (shape, counted, unsolvable) = match folder {
        "eight-path" => (Shape::new(3, 3).unwrap(), false, "unsolvable"),
        "uva-10181" => (Shape::new(4, 4).unwrap(), true, "This puzzle is not solvable."),
        _ => return None,
    };
    Some(PathJudge {
        shape,
        goal: Board::goal(shape),
        counted,
        unsolvable,
    })
}

impl PathJudge {
    /// Checks the output `got` against the expected output `want` for `input`.
    pub fn compare(&self, input: &str, want: &str, got: &str) -> Result<(), String> {
        let mut cells = slide_core::symbols(input, self.shape)
            .skip(self.counted as usize)
            .peekable();
        let starts = if cells.peek().is_none() {
            Vec::new()
        } else {
            slide_core::boards(cells, self.shape)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("the case's input is bad: {e}"))?
        };
        let (want_lines, got_lines): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
        if want_lines.len() != starts.len() || (!got.is_empty() && !got.ends_with('\n')) {
            return Err(format!(
                "{} puzzles, {} expected lines, output {got:?}",
                starts.len(),
                want_lines.len()
            ));
        }
        if got_lines.len() != want_lines.len() {
            return Err(format!(
                "expected {} lines, got {}: {got:?}",
                want_lines.len(),
                got_lines.len()
            ));
        }
        for (i, ((start, want), got)) in starts.iter().zip(&want_lines).zip(&got_lines).enumerate() {
            if *want == self.unsolvable || *got == self.unsolvable {
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
