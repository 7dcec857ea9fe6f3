//! The failures of issue 53, the fifth hostile pass, on `slide units`: each
//! one a test that failed before its fix (the Python package's are in
//! `python/tests`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use slide_units::{parse_line, Line};

use crate::hostile::{empty_cache, slide_with};

/// 50 moves from the goal; its linear-conflict estimate is 44, and the
/// iterations at 46 and 48 have units and no path.
const BOARD: &str = "3 11 12 7 8 / 1 _ 4 10 5 / 16 6 2 13 14 / 17 20 23 18 9 / 21 22 19 15 24";

/// The cache of this file's tests: emptied once, so that the move machine
/// is built once (about two seconds) rather than for every command.
fn cache() -> &'static Path {
    static CACHE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    CACHE.get_or_init(|| empty_cache("round-five"))
}

/// `slide ARGS` with `input` and the cache of this file's tests.
fn slide(args: &[&str], input: &str) -> (i32, String, String) {
    slide_with(args, input.as_bytes(), cache())
}

/// A new empty folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("round-five").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes what `slide ARGS` prints to `dir/name`, which it must print.
fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let (status, out, err) = slide(args, "");
    assert_eq!(status, 0, "{args:?}: {err}");
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// The split of [`BOARD`] at `bound` into about `count` units.
fn split(dir: &Path, name: &str, bound: &str, count: &str) -> PathBuf {
    let args = [
        "units",
        "split",
        BOARD,
        "--heuristic",
        "linear-conflict",
        "--bound",
        bound,
        "--count",
        count,
    ];
    write(dir, name, &args)
}

/// The results of the units in `units`.
fn search(dir: &Path, name: &str, units: &Path) -> PathBuf {
    write(dir, name, &["units", "search", units.to_str().unwrap()])
}

/// `slide units merge UNITS RESULTS... [extra]`.
fn merge(units: &Path, results: &[&Path], extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["units", "merge", units.to_str().unwrap()];
    args.extend(results.iter().map(|path| path.to_str().unwrap()));
    args.extend(extra);
    slide(&args, "")
}

/// `body` with its `check` field (64-bit FNV-1a, as `docs/units.md`
/// says): a line edited by hand that passes the check, as a forger's does.
fn checked(body: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in body.bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{body}\tcheck={hash:016x}\n")
}

/// `line` with its field `name` set to `value`, the check recomputed.
fn forged(line: &str, name: &str, value: &str) -> String {
    let body = line.trim_end().rsplit_once("\tcheck=").unwrap().0;
    let fields: Vec<String> = body
        .split('\t')
        .map(|field| match field.split_once('=') {
            Some((key, _)) if key == name => format!("{key}={value}"),
            _ => field.to_string(),
        })
        .collect();
    checked(&fields.join("\t"))
}

/// 1: two splits of one iteration with another `--count` number their units
/// otherwise; the results of one were merged as the other's and gave a
/// wrong next bound. Now each line names its split, and the merge refuses
/// another's, by name.
#[test]
fn results_of_another_split_are_refused() {
    let dir = folder("splits");
    let few = split(&dir, "few.txt", "48", "20");
    let many = split(&dir, "many.txt", "48", "200");
    let few_results = search(&dir, "few-results.txt", &few);
    let many_results = search(&dir, "many-results.txt", &many);
    let (status, out, err) = merge(&few, &[&few_results], &[]);
    assert_eq!((status, out.as_str()), (0, "next bound 50\n"), "{err}");
    // The first results of the finer split, as many as the coarser split
    // has units: every id is there, and they were merged.
    let units = std::fs::read_to_string(&few).unwrap().lines().count() - 1;
    let first: String = std::fs::read_to_string(&many_results)
        .unwrap()
        .lines()
        .take(units)
        .map(|line| format!("{line}\n"))
        .collect();
    let mixed = dir.join("mixed.txt");
    std::fs::write(&mixed, first).unwrap();
    for results in [&mixed, &many_results] {
        let (status, out, err) = merge(&few, &[results], &[]);
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("is of another split of the iteration"), "{err}");
    }
    // A units file whose units are not those its first line names.
    let text = std::fs::read_to_string(&few).unwrap();
    let other_units: String = std::fs::read_to_string(&many)
        .unwrap()
        .lines()
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n");
    let spliced = dir.join("spliced.txt");
    std::fs::write(&spliced, format!("{}\n{other_units}\n", text.lines().next().unwrap())).unwrap();
    let (status, _, err) = merge(&spliced, &[&few_results], &[]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("not unit 0 of the split on line 1"), "{err}");
}

/// 2: a bound past any path the board needs overflowed the stack (or ran
/// without end); now it is refused in one line, in the split and in a
/// unit's search.
#[test]
fn a_bound_no_board_needs_is_refused() {
    for bound in ["4294967295", "1000"] {
        let (status, out, err) = slide(
            &["units", "split", BOARD, "--bound", bound, "--heuristic", "manhattan"],
            "",
        );
        assert_eq!((status, out.as_str()), (2, ""), "{bound}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "error: the bound {bound} is more than this board needs: the reduction reaches the goal in "
            )),
            "{err}"
        );
    }
    let dir = folder("bound");
    let units = split(&dir, "units.txt", "46", "4");
    let text = std::fs::read_to_string(&units).unwrap();
    let unit = text.lines().nth(1).unwrap();
    let deep = dir.join("deep.txt");
    std::fs::write(&deep, forged(unit, "bound", "4294967295")).unwrap();
    let (status, out, err) = slide(&["units", "search", deep.to_str().unwrap()], "");
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("the bound 4294967295 is more than this board needs"),
        "{err}"
    );
}

/// 3: a worker killed part way left an empty file; now each result is
/// written as its unit ends, and what it finished is merged.
#[test]
fn a_killed_worker_keeps_the_results_it_finished() {
    let dir = folder("killed");
    // A unit of a small iteration (milliseconds), then one of an iteration
    // far past the 24-puzzle's estimate (hours): the worker is killed in
    // the second.
    let quick = split(&dir, "quick.txt", "46", "2");
    let first_unit = std::fs::read_to_string(&quick)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    // `slide random 5x5 --seed 1`: its Manhattan distance is 80.
    let far = "5 14 18 6 22 / 20 _ 2 1 10 / 15 11 12 17 21 / 7 19 4 3 9 / 13 24 23 8 16";
    let slow = write(
        &dir,
        "slow.txt",
        &[
            "units",
            "split",
            far,
            "--heuristic",
            "manhattan",
            "--bound",
            "110",
            "--count",
            "1",
        ],
    );
    let slow_unit = std::fs::read_to_string(&slow)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let units = dir.join("units.txt");
    std::fs::write(&units, format!("{first_unit}\n{slow_unit}\n")).unwrap();
    let results = dir.join("results.txt");
    let mut worker = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["units", "search", units.to_str().unwrap()])
        .env("SLIDE_CACHE_DIR", cache())
        .stdout(std::fs::File::create(&results).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let waited = Instant::now();
    while std::fs::read_to_string(&results).unwrap().lines().count() < 1 && waited.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    worker.kill().unwrap();
    worker.wait().unwrap();
    let text = std::fs::read_to_string(&results).unwrap();
    assert_eq!(text.lines().count(), 1, "the first unit's result, and only it: {text}");
    let Ok(Line::Result(result)) = parse_line(text.lines().next().unwrap()) else {
        panic!("a whole result line: {text}");
    };
    assert_eq!(result.id, 0);
    // Merged with the quick split, it counts: only unit 1 is missing.
    let (status, _, err) = merge(&quick, &[&results], &[]);
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("units 1 have no result") || err.contains("units 1-"),
        "{err}"
    );
}

/// 4: `{dir}` and `{slide}` went into `sh -c` as text: a folder named
/// `x$(touch PWNED)y` ran `touch`, one with a quote broke the command. Now
/// they are variables of the command's environment, expanded as data.
#[test]
fn folder_names_are_never_run_as_shell_code() {
    let dir = folder("names");
    let (_, expected, _) = slide(
        &["solve", BOARD, "--algo", "idastar", "--heuristic", "linear-conflict"],
        "",
    );
    let length = expected.lines().next().unwrap();
    for name in ["x$(touch PWNED)y", "it's", "a\"b", "$HOME", "sp ace", "`touch PWNED`"] {
        let output = Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(["units", "run", BOARD, "--heuristic", "linear-conflict", "--count", "30"])
            .args(["--in-process-below", "0", "--workers", "2", "--dir", name])
            .current_dir(&dir)
            .env("SLIDE_CACHE_DIR", cache())
            .output()
            .unwrap();
        let (out, err) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        assert_eq!(output.status.code(), Some(0), "{name}: {err}");
        assert!(err.is_empty(), "{name}: {err}");
        assert_eq!(out.lines().next(), Some(length), "{name}");
        // The workers searched in the folder of that very name.
        let searched = std::fs::read_dir(dir.join(name))
            .unwrap()
            .any(|entry| entry.unwrap().path().join("result-0.txt").exists());
        assert!(searched, "{name}");
        assert!(!dir.join("PWNED").exists(), "{name} ran a command");
    }
}

/// 5: a forged count of units made the merge list 2^64 ids (a hang) or
/// abort; 752 missing units printed a 3.7 KB line. Now a count past what a
/// split makes is refused, and the missing units named as ranges, briefly.
#[test]
fn forged_counts_are_refused_and_missing_units_named_briefly() {
    let dir = folder("counts");
    // 883 units (with linear conflict, the iteration is too narrow to give
    // as many).
    let args = [
        "units",
        "split",
        BOARD,
        "--heuristic",
        "manhattan",
        "--bound",
        "48",
        "--count",
        "700",
    ];
    let units = write(&dir, "units.txt", &args);
    let text = std::fs::read_to_string(&units).unwrap();
    let first = text.lines().next().unwrap();
    for count in ["18446744073709551615", "100000000"] {
        let forged_units = dir.join(format!("forged-{count}.txt"));
        std::fs::write(&forged_units, forged(first, "units", count)).unwrap();
        let results = dir.join("empty.txt");
        std::fs::write(&results, "").unwrap();
        let started = Instant::now();
        let (status, out, err) = merge(&forged_units, &[&results], &[]);
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("more than a split makes"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(30));
    }
    // Every third unit searched: the rest missing, in a short line.
    let results = search(&dir, "results.txt", &units);
    let some: String = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .step_by(3)
        .map(|line| format!("{line}\n"))
        .collect();
    let some_results = dir.join("some.txt");
    std::fs::write(&some_results, some).unwrap();
    let (status, _, err) = merge(&units, &[&some_results], &[]);
    assert_eq!(status, 1, "{err}");
    assert!(err.len() < 200 && err.contains(" more ("), "{err}");
    assert!(
        err.starts_with("error: no unit found a path, and units 1-2, 4-5, 7-8,"),
        "{err}"
    );
}

/// Lesser: the node counts a merge prints are real (expanded was 0), a
/// forged count that would wrap is refused, a line of another version is
/// refused as docs/units.md says (it was counted missing), `-` is standard
/// input, and output that cannot be written is status 1, not 2.
#[test]
fn the_lesser_failures_hold() {
    let dir = folder("lesser");
    let units = split(&dir, "units.txt", "48", "20");
    let results = search(&dir, "results.txt", &units);
    let (status, out, err) = merge(&units, &[&results], &["--json"]);
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json["nodes_expanded"].as_u64().unwrap() > 0, "{out}");
    assert!(
        json["nodes_generated"].as_u64() > json["nodes_expanded"].as_u64(),
        "{out}"
    );
    let (status, out, err) = slide(
        &[
            "units",
            "run",
            BOARD,
            "--heuristic",
            "linear-conflict",
            "--count",
            "20",
            "--json",
        ],
        "",
    );
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json["nodes_expanded"].as_u64().unwrap() > 0, "{out}");

    // A forged count of nodes that would wrap the sum.
    let text = std::fs::read_to_string(&results).unwrap();
    let mut lines: Vec<String> = text.lines().map(|line| format!("{line}\n")).collect();
    lines[0] = forged(&lines[0], "generated", &u64::MAX.to_string());
    let wrapped = dir.join("wrapped.txt");
    std::fs::write(&wrapped, lines.concat()).unwrap();
    let (status, _, err) = merge(&units, &[&wrapped], &[]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("add up past 2^64"), "{err}");

    // Another version, whole: refused, not left out as if cut short.
    let mut lines: Vec<String> = text.lines().map(|line| format!("{line}\n")).collect();
    let body = lines[0]
        .trim_end()
        .rsplit_once("\tcheck=")
        .unwrap()
        .0
        .replacen("\t2\t", "\t1\t", 1);
    lines[0] = checked(&body);
    let old = dir.join("old.txt");
    std::fs::write(&old, lines.concat()).unwrap();
    let (status, out, err) = merge(&units, &[&old], &[]);
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("written in format version 1; this slide reads version 2"),
        "{err}"
    );

    // `-` reads the board from standard input, as `slide solve -` does.
    let (status, out, err) = slide(
        &["units", "split", "-", "--heuristic", "linear-conflict", "--count", "3"],
        BOARD,
    );
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with(&format!("slide-split\t2\tboard={BOARD}\t")), "{out}");

    // Output that cannot be written: status 1.
    if Path::new("/dev/full").exists() {
        let output = Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(["units", "search", units.to_str().unwrap()])
            .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: cannot write the output"));
    }
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, "").unwrap();
    let inside = blocked.join("dir");
    let (status, _, err) = slide(
        &[
            "units",
            "run",
            BOARD,
            "--heuristic",
            "linear-conflict",
            "--count",
            "20",
            "--dir",
            inside.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, 1, "{err}");
    assert!(err.starts_with("error: cannot write "), "{err}");
}

/// Lesser: a 5x5 unit's estimate named files that are not stored (the
/// goal's corner where the files carry the corner they were built for).
/// Opt-in, as the tables take minutes to build: `SLIDE_KORF_FELNER` with
/// `SLIDE_CACHE_DIR`.
#[test]
fn a_units_tables_are_named_by_the_files_stored() {
    if std::env::var_os("SLIDE_KORF_FELNER").is_none() {
        return;
    }
    let cache = PathBuf::from(std::env::var_os("SLIDE_CACHE_DIR").expect("SLIDE_CACHE_DIR is set"));
    let (status, out, err) = slide_with(
        &["units", "split", BOARD, "--heuristic", "pdb", "--count", "2"],
        b"",
        &cache,
    );
    assert_eq!(status, 0, "{err}");
    let estimate = out.split("\testimate=").nth(1).unwrap().split('\t').next().unwrap();
    let files = estimate.strip_prefix("pdb-6-6-6-6 ").unwrap();
    for file in files.split(',') {
        assert!(cache.join(file).exists(), "{file} is not in {}", cache.display());
    }
}
