//! The data-driven test runner for the drivers.
//!
//! A folder of `testdata/` holds cases as files: `NAME.in` is the input, and
//! beside it either `NAME.out`, the exact expected output, or `NAME.err`, the
//! expected error line (for input that must be refused). Adding a case is
//! adding files; [`check_folder`] finds every case by itself.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

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
                _ => panic!(
                    "{}: give exactly one of {name}.out and {name}.err",
                    dir.display()
                ),
            };
            Case {
                name,
                input,
                expected,
            }
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
            (Expected::Output(want), Ok(got)) => want == got,
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
            writeln!(
                failures,
                "{folder}/{}.in: expected {want}, got {got}",
                case.name
            )
            .unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{failures}",
        failures.lines().count(),
        cases.len()
    );
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

/// `count` pseudo-random strings of up to `max_len` characters drawn from
/// `alphabet`, the same on every run: inputs for checking that a driver
/// answers or refuses, and never panics.
pub fn random_inputs(alphabet: &str, count: usize, max_len: usize) -> Vec<String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    // SplitMix64, seeded with a constant.
    let mut state = 0x5EED_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as usize
    };
    (0..count)
        .map(|_| {
            let len = next() % (max_len + 1);
            (0..len)
                .map(|_| alphabet[next() % alphabet.len()])
                .collect()
        })
        .collect()
}
