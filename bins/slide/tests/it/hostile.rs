//! The command line as a hostile user runs it: boards that never end,
//! broken and closed streams, bad bytes, huge counts, bad usage. Each test
//! is one of the failures that issue 14 lists.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh, empty cache folder for one test.
pub(crate) fn empty_cache(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-cache-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `slide ARGS` with `input` on standard input and `cache` as its cache
/// folder: status, stdout, stderr.
pub(crate) fn slide_with(args: &[&str], input: &[u8], cache: &Path) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_CACHE_DIR", cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

/// The files a cache folder holds.
pub(crate) fn files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Runs `script` in `bash` with `$SLIDE` set to the program: status, stdout, stderr.
pub(crate) fn shell(script: &str) -> (i32, String, String) {
    let output = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("SLIDE", env!("CARGO_BIN_EXE_slide"))
        .env("SLIDE_CACHE_DIR", empty_cache("shell"))
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (
        output.status.code().unwrap_or(-1),
        text(output.stdout),
        text(output.stderr),
    )
}

#[test]
fn what_needs_no_search_builds_no_table() {
    let cache = empty_cache("no-search");
    // Unsolvable with the pattern databases asked for: parity answers it.
    let swapped = "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 x";
    let (status, stdout, stderr) = slide_with(&["solve", swapped, "--heuristic", "pdb"], b"", &cache);
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "unsolvable\n", ""));
    // The goal itself.
    let goal = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 x";
    let (status, stdout, _) = slide_with(&["solve", goal], b"", &cache);
    assert_eq!((status, stdout.as_str()), (0, "length 0\nmoves\n"));
    // Goals in all four corners, every line answered by parity or equality.
    let lines = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n\
                 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15 ; 2 1 3 0 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15 ; 1 2 3 4 5 6 7 8 9 10 11 12 0 13 15 14\n";
    let (status, stdout, _) = slide_with(&["batch"], lines.as_bytes(), &cache);
    assert_eq!(status, 0);
    assert_eq!(stdout.lines().count(), 4);
    assert_eq!(files(&cache), Vec::<String>::new(), "no table was built");
}

#[test]
fn a_search_that_cannot_finish_stops_at_its_limits() {
    let cache = empty_cache("limits");
    // A 2x8 board that linear conflict (no table to build) cannot solve in
    // half a second; the pattern databases `auto` uses solve it.
    let board = "11 2 10 6 7 13 14 _ / 12 5 15 9 3 8 4 1";
    for algo in ["idastar", "bidi", "astar"] {
        let started = Instant::now();
        let args = [
            "solve",
            board,
            "--algo",
            algo,
            "--heuristic",
            "linear-conflict",
            "--timeout",
            "0.5",
        ];
        let (status, stdout, stderr) = slide_with(&args, b"", &cache);
        assert_eq!((status, stdout.as_str()), (1, ""), "{algo}: {stderr}");
        assert_eq!(
            stderr, "error: the search stopped after 0.5 s, its time limit, without reaching the target\n",
            "{algo}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{algo} took {:?}",
            started.elapsed()
        );
    }
    // A state cap bounds a breadth-first search, and says what it costs.
    let deep = "15 14 13 12 / 11 10 9 8 / 7 6 5 4 / 3 1 2 _";
    let (status, _, stderr) = slide_with(&["solve", deep, "--algo", "bfs", "--max-states", "200000"], b"", &cache);
    assert_eq!(status, 1);
    assert!(
        stderr.starts_with("error: the search stopped after storing 200000 states (at most 20 MB)"),
        "{stderr}"
    );
    // The largest cap is only a number: no allocation follows from it.
    let easy = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 _ 15";
    let max = u64::MAX.to_string();
    let (status, stdout, stderr) = slide_with(&["solve", easy, "--algo", "bfs", "--max-states", &max], b"", &cache);
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "length 1\nmoves r\n", "")
    );
}

#[test]
fn a_line_that_is_not_text_is_one_bad_line() {
    let cache = empty_cache("utf8");
    let input = b"12345678x\n1234\xff5678x\n1234567x8\n";
    let (status, stdout, stderr) = slide_with(&["batch"], input, &cache);
    assert_eq!(status, 2);
    assert_eq!(stdout, "1\t0\t\n3\t1\tr\n");
    assert!(stderr.contains("line 2: the line is not UTF-8 text\n"), "{stderr}");
}

#[test]
fn batch_answers_stream_out_before_the_slow_lines_finish() {
    let cache = empty_cache("stream");
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["batch", "--timeout", "20"])
        .env("SLIDE_CACHE_DIR", &cache)
        .env("RAYON_NUM_THREADS", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A quick line, then a 2x8 board that IDA* works on for the whole
    // twenty seconds, then the input stays open.
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"1234567x8\n11 2 10 6 7 13 14 0 / 12 5 15 9 3 8 4 1\n")
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "1\t1\tr\n");
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first answer came before the end"
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn output_streams_and_a_closed_pipe_stops_it_quietly() {
    let started = Instant::now();
    let (status, stdout, stderr) =
        shell(r#"set -o pipefail; "$SLIDE" random 3x3 --count 18446744073709551615 --seed 1 | head -1"#);
    assert_eq!((status, stdout.lines().count(), stderr.as_str()), (0, 1, ""));
    assert!(started.elapsed() < Duration::from_secs(20));
    let input = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-many-lines.txt");
    std::fs::write(&input, "1234567x8\n".repeat(200_000)).unwrap();
    let script = format!(r#"set -o pipefail; "$SLIDE" batch < '{}' | head -1"#, input.display());
    let (status, stdout, stderr) = shell(&script);
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "1\t1\tr\n", ""));
}

#[test]
fn closed_output_fails_and_unwritable_errors_do_not_panic() {
    let (status, _, stderr) = shell(r#""$SLIDE" solve 1234567x8 >&-"#);
    assert_eq!(status, 1);
    assert_eq!(stderr, "error: standard output is closed: the answers would be lost\n");
    // Output thrown away on purpose is not closed output.
    let (status, _, stderr) = shell(r#""$SLIDE" solve 1234567x8 >/dev/null"#);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let (status, stdout, _) = shell(r#""$SLIDE" solve 123456789 2>/dev/full"#);
    assert_eq!((status, stdout.as_str()), (2, ""));
    let (status, _, _) = shell(r#"printf '12345678x\nbad\n' | "$SLIDE" batch 2>/dev/full >/dev/null"#);
    assert_eq!(status, 2);
}

#[test]
fn bad_usage_is_one_line() {
    let cache = empty_cache("usage");
    for args in [
        &["solve", "12345678x", "--shape", "9x1"][..],
        &["solve", "12345678x", "extra"],
        &["solve", "12345678x", "--max-states", "-1"],
        &["solve", "12345678x", "--timeout", "soon"],
        &["frobnicate"],
        &[],
    ] {
        let (status, stdout, stderr) = slide_with(args, b"", &cache);
        assert_eq!((status, stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
    let (status, stdout, _) = slide_with(&["--help"], b"", &cache);
    assert_eq!(status, 0);
    assert!(stdout.contains("Usage"), "{stdout}");
    // A board that starts with a negative number is a bad board, not an option.
    let (status, _, stderr) = slide_with(&["solve", "-1 2 3 4 5 6 7 8 x"], b"", &cache);
    assert_eq!(
        (status, stderr.as_str()),
        (
            2,
            "error: the board: cell 1: unknown symbol '-1': a cell is a tile number or a blank (x, ., 0 or _)\n"
        )
    );
}

#[test]
fn errors_quote_a_short_escaped_piece() {
    let cache = empty_cache("quote");
    let long = format!("1 2 3 4 5 6 7 8 {}", "9".repeat(100_000));
    let (status, _, stderr) = slide_with(&["solve", &long], b"", &cache);
    assert_eq!(status, 2);
    assert!(stderr.len() < 200, "{} bytes", stderr.len());
    let (status, _, stderr) = slide_with(&["solve", "1 2 3 4 5 6 7 8 \u{1b}[31m"], b"", &cache);
    assert_eq!(status, 2);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}"), "{stderr:?}");
}

#[test]
fn many_threads_asked_for_are_clamped() {
    let cache = empty_cache("threads");
    let mut command = Command::new(env!("CARGO_BIN_EXE_slide"));
    command
        .args(["batch"])
        .env("SLIDE_CACHE_DIR", &cache)
        .env("RAYON_NUM_THREADS", "100000")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"12345678x\n1234567x8\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn json_with_show_has_the_boards() {
    let cache = empty_cache("json-show");
    let (status, stdout, _) = slide_with(&["solve", "1 2 3 / 4 5 6 / 7 _ 8", "--json", "--show"], b"", &cache);
    assert_eq!(status, 0);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        value["boards"],
        serde_json::json!(["1 2 3 / 4 5 6 / 7 _ 8", "1 2 3 / 4 5 6 / 7 8 _"])
    );
}
