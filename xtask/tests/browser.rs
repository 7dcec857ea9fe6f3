//! The web page in a real browser: headless Chromium driven through
//! chromedriver (Debian's `chromium` and `chromium-driver`, which `.ci/run`
//! installs). Opt-in, as it builds the page and starts a browser:
//! `SLIDE_BROWSER=1 cargo test -p xtask --test browser` (`.ci/run` runs it).
//!
//! The page is built (`cargo xtask web`'s build) and served on the
//! loopback; every answer it gives is checked against `slide solve --json`
//! for the same request, the `seconds` aside. docs/web.md is the manual
//! this follows.

use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use xtask::webdriver::{base64, Browser};

/// The 8-puzzle of the README, 31 moves from the goal.
const EIGHT: &str = "8 6 7 / 2 5 4 / 3 _ 1";

/// Korf's first 15-puzzle and his goal (the blank first): 57 moves.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 _ 2 1 4 8 10 3";
const KORF_GOAL: &str = "_ 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

fn opted_in() -> bool {
    if std::env::var_os("SLIDE_BROWSER").is_none() {
        eprintln!("skipped: set SLIDE_BROWSER=1 to build the page and drive it in headless Chromium");
        return false;
    }
    true
}

/// `slide solve --json ARGS` by the command line, with the cache `cache`.
fn command_line(args: &[&str], cache: &Path) -> Value {
    let output = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--locked", "-p", "slide", "--", "solve", "--json"])
        .args(args)
        .env("SLIDE_CACHE_DIR", cache)
        .current_dir(xtask::workspace_root())
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("slide solve --json prints JSON")
}

/// Both answers, their `seconds` aside, are the same.
fn assert_same(page: &Value, command_line: &Value) {
    let without_time = |value: &Value| {
        let mut value = value.clone();
        value.as_object_mut().expect("an object").remove("seconds");
        value
    };
    assert_eq!(without_time(page), without_time(command_line));
}

/// A link's query: its fields, URL-encoded.
fn query(fields: &[(&str, &str)]) -> String {
    let encoded = |text: &str| {
        text.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    fields
        .iter()
        .map(|(name, value)| format!("{name}={}", encoded(value)))
        .collect::<Vec<_>>()
        .join("&")
}

#[test]
fn the_page_solves_plays_compares_and_stops_in_chromium() {
    if !opted_in() {
        return;
    }
    let root = xtask::workspace_root();
    let dir = xtask::web::build(&root).expect("the page builds");
    let listener = TcpListener::bind(("127.0.0.1", 0)).expect("a port on the loopback");
    let page = format!("http://{}/index.html", listener.local_addr().expect("an address"));
    std::thread::spawn(move || xtask::web::serve(listener, dir));
    let cache = std::env::temp_dir().join(format!("slide-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    // The command line's 4x4 tables, as the page builds them (a batch
    // builds the 6-6-3 split that `slide solve` then finds cached).
    let batch = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--locked", "-p", "slide", "--", "batch"])
        .env("SLIDE_CACHE_DIR", &cache)
        .current_dir(&root)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("a pipe")
                .write_all(format!("{KORF_1} ; {KORF_GOAL}\n").as_bytes())?;
            child.wait()
        })
        .expect("slide batch runs");
    assert!(batch.success());

    let browser = Browser::start();

    eprintln!("browser: The 3x3 by link");
    // The 3x3 by link, then by typing it and clicking Solve.
    let eight = command_line(&[EIGHT], &cache);
    browser.open(&format!("{page}?{}", query(&[("board", EIGHT)])));
    assert_same(&browser.answer(Duration::from_secs(30)), &eight);
    // The share link asks for the same: that board, nothing else.
    let share = browser.script(
        "const url = new URL(document.getElementById('share').href); return [url.pathname, ...url.searchParams];",
        json!([]),
    );
    assert_eq!(share, json!(["/index.html", ["board", EIGHT]]));
    browser.open(&page);
    browser.type_into("#board", EIGHT);
    browser.click("#solve");
    assert_same(&browser.answer(Duration::from_secs(30)), &eight);
    // The answer is played: the path's last move ends at the goal.
    for _ in 0..31 {
        browser.click("#step");
    }
    assert_eq!(
        browser.script("return document.getElementById('grid').dataset.solved;", json!([])),
        "true"
    );

    eprintln!("browser: Korf's first 15-puzzle by link");
    // Korf's first 15-puzzle by link (the page builds its tables first),
    // with an algorithm and an estimate named; then by clicking.
    let korf = command_line(&[KORF_1, "--goal", KORF_GOAL], &cache);
    assert_eq!(korf["length"], 57);
    browser.open(&format!("{page}?{}", query(&[("board", KORF_1), ("goal", KORF_GOAL)])));
    assert_same(&browser.answer(Duration::from_secs(120)), &korf);
    let named = command_line(
        &[KORF_1, "--goal", KORF_GOAL, "--algo", "idastar", "--heuristic", "pdb"],
        &cache,
    );
    let link = query(&[
        ("board", KORF_1),
        ("goal", KORF_GOAL),
        ("algo", "idastar"),
        ("heuristic", "pdb"),
    ]);
    browser.open(&format!("{page}?{link}"));
    assert_same(&browser.answer(Duration::from_secs(120)), &named);
    browser.open(&page);
    browser.type_into("#board", KORF_1);
    browser.type_into("#goal", KORF_GOAL);
    browser.click("#solve");
    assert_same(&browser.answer(Duration::from_secs(120)), &korf);

    eprintln!("browser: A random 4x4");
    // A random 4x4, played to the goal with the arrow keys: an arrow slides
    // a tile towards it, the blank the other way.
    browser.open(&page);
    browser.wait_for(
        "return document.getElementById('position').textContent || null;",
        Duration::from_secs(30),
    );
    browser.script(
        "document.getElementById('size').value = '4x4'; document.getElementById('seed').value = '7';",
        json!([]),
    );
    browser.click("#random");
    let board = browser.wait_for(
        "const b = document.getElementById('board').value; return b.split('/').length === 4 ? b : null;",
        Duration::from_secs(30),
    );
    let board = board.as_str().expect("the board's text").to_string();
    let path = command_line(&[&board], &cache)["path"]
        .as_str()
        .expect("a path")
        .to_string();
    let keys: String = path
        .chars()
        .map(|mv| match mv {
            // WebDriver's keys: ArrowLeft E012, ArrowUp E013, ArrowRight
            // E014, ArrowDown E015. The blank going up is the tile above it
            // going down.
            'u' => '\u{E015}',
            'd' => '\u{E013}',
            'l' => '\u{E014}',
            'r' => '\u{E012}',
            other => panic!("no move {other}"),
        })
        .collect();
    let grid = browser.element("#grid");
    browser.session("POST", &format!("/element/{grid}/value"), Some(json!({ "text": keys })));
    let position = browser.script("return document.getElementById('position').textContent;", json!([]));
    assert!(
        position.as_str().is_some_and(|p| p.starts_with("at the goal")),
        "{position} after {path}"
    );

    eprintln!("browser: Compare");
    // Compare: three searches on the 8-puzzle, a row and a bar each.
    browser.open(&page);
    browser.wait_for(
        "return document.getElementById('position').textContent || null;",
        Duration::from_secs(30),
    );
    browser.click("#compare-run");
    let rows = browser.wait_for(
        "const rows = document.querySelectorAll('#compare-table tbody tr'); const done = !document.getElementById('compare-run').disabled; return done && rows.length ? rows.length : null;",
        Duration::from_secs(60),
    );
    assert!(rows.as_u64().is_some_and(|rows| rows >= 3), "{rows}");
    let lengths = browser.script(
        "return [...document.querySelectorAll('#compare-table tbody tr')].map(r => r.cells[1].textContent);",
        json!([]),
    );
    let optimal = lengths
        .as_array()
        .expect("lengths")
        .iter()
        .filter(|l| l.as_str() == Some("31"))
        .count();
    assert!(optimal >= 3, "{lengths}");
    let bars = browser.script("return document.querySelectorAll('#chart rect').length;", json!([]));
    assert!(bars.as_u64().is_some_and(|bars| bars >= 6), "{bars}");
    let shot = browser.session("GET", "/screenshot", None);
    let png = base64(shot.as_str().expect("a screenshot"));
    std::fs::write(root.join("target/web/screenshot.png"), png).expect("the screenshot is saved");

    eprintln!("browser: Stop");
    // Stop: a search of hours (IDA* with the Manhattan distance on Korf's
    // 88th, 65 moves: 6.3 billion nodes) ends within a second, and the page
    // goes on working.
    browser.open(&page);
    browser.type_into("#board", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4");
    browser.type_into("#goal", KORF_GOAL);
    browser.script(
        "document.getElementById('algo').value = 'idastar'; document.getElementById('heuristic').value = 'manhattan';",
        json!([]),
    );
    browser.click("#solve");
    std::thread::sleep(Duration::from_secs(2));
    assert!(browser
        .script(
            "return document.getElementById('answer').dataset.json === undefined;",
            json!([])
        )
        .as_bool()
        .expect("a boolean"));
    let stopped = Instant::now();
    browser.click("#stop");
    browser.wait_for(
        "return document.getElementById('status').textContent === 'stopped' && !document.getElementById('solve').disabled ? true : null;",
        Duration::from_secs(5),
    );
    let took = stopped.elapsed();
    assert!(took < Duration::from_secs(1), "Stop took {took:?}");
    browser.type_into("#board", EIGHT);
    browser.script(
        "document.getElementById('goal').value = ''; document.getElementById('algo').value = 'auto'; document.getElementById('heuristic').value = '';",
        json!([]),
    );
    browser.click("#solve");
    assert_same(&browser.answer(Duration::from_secs(30)), &eight);
    let _ = std::fs::remove_dir_all(&cache);
}
