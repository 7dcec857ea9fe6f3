//! The web page in a real browser: headless Chromium driven through
//! chromedriver (Debian's `chromium` and `chromium-driver`, which `.ci/run`
//! installs). Opt-in, as it builds the page and starts a browser:
//! `SLIDE_BROWSER=1 cargo test -p xtask --test browser` (`.ci/run` runs it).
//!
//! The page is built (`cargo xtask web`'s build) and served on the
//! loopback; every answer it gives is checked against `slide solve --json`
//! for the same request, the `seconds` aside. docs/web.md is the manual
//! this follows.

use std::io::{BufRead, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

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

/// A WebDriver session of chromedriver, ended (and the driver stopped) on drop.
struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

impl Browser {
    fn start() -> Browser {
        let port = free_port();
        let driver = Command::new(program("chromedriver", "/usr/bin/chromedriver"))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (Debian's chromium-driver)");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
        };
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": program("chromium", "/usr/bin/chromium").display().to_string(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,1500"],
            },
        }}});
        let reply = browser.call("POST", "/session", Some(capabilities));
        browser.session = reply["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {reply}"))
            .to_string();
        browser
    }

    /// One WebDriver command; its `value`.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("chromedriver listens");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("a request is written");
        let text = read_reply(&mut std::io::BufReader::new(stream));
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        if let Some(error) = value["value"].get("error") {
            panic!("{method} {path}: {error}: {}", value["value"]["message"]);
        }
        value["value"].clone()
    }

    fn session(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn open(&self, url: &str) {
        self.session("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body) with `args` in the page.
    fn script(&self, script: &str, args: Value) -> Value {
        self.session("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    fn element(&self, css: &str) -> String {
        let found = self.session("POST", "/element", Some(json!({"using": "css selector", "value": css})));
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.session("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.session("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.session("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    /// Waits until `script` returns something other than null, and returns it.
    fn wait_for(&self, script: &str, limit: Duration) -> Value {
        let started = Instant::now();
        loop {
            let value = self.script(script, json!([]));
            if !value.is_null() {
                return value;
            }
            assert!(started.elapsed() < limit, "waited {limit:?} for {script}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The page's JSON answer once the search has ended (its error, as a
    /// panic, if it failed).
    fn answer(&self, limit: Duration) -> Value {
        let found = self.wait_for(
            "const a = document.getElementById('answer'); return a.dataset.json ?? (a.dataset.error ? 'error: ' + a.dataset.error : null);",
            limit,
        );
        let text = found.as_str().expect("a string");
        assert!(!text.starts_with("error: "), "the page answered {text}");
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = std::panic::catch_unwind(|| self.call("DELETE", &format!("/session/{}", self.session), None));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// An HTTP reply's body: of its `content-length`, or sent in chunks
/// (chromedriver keeps the connection open, so the end of the stream
/// cannot mark it).
fn read_reply(reader: &mut impl BufRead) -> String {
    let mut length = None;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a reply's header");
        let line = line.trim_end().to_ascii_lowercase();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("content-length:") {
            length = Some(value.trim().parse::<usize>().expect("a length"));
        }
        chunked |= line.starts_with("transfer-encoding:") && line.contains("chunked");
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).expect("a chunk's size");
            let size = usize::from_str_radix(size.trim(), 16).expect("a hexadecimal size");
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).expect("a chunk");
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length.expect("a reply of known length"), 0);
        reader.read_exact(&mut body).expect("the reply's body");
    }
    String::from_utf8(body).expect("a reply in UTF-8")
}

fn program(name: &str, usual: &str) -> PathBuf {
    match Path::new(usual).exists() {
        true => PathBuf::from(usual),
        false => PathBuf::from(name),
    }
}

fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
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
            child.stdin.take().expect("a pipe").write_all(format!("{KORF_1} ; {KORF_GOAL}\n").as_bytes())?;
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
    assert_eq!(browser.script("return document.getElementById('grid').dataset.solved;", json!([])), "true");

    eprintln!("browser: Korf's first 15-puzzle by link");
    // Korf's first 15-puzzle by link (the page builds its tables first),
    // with an algorithm and an estimate named; then by clicking.
    let korf = command_line(&[KORF_1, "--goal", KORF_GOAL], &cache);
    assert_eq!(korf["length"], 57);
    browser.open(&format!("{page}?{}", query(&[("board", KORF_1), ("goal", KORF_GOAL)])));
    assert_same(&browser.answer(Duration::from_secs(120)), &korf);
    let named = command_line(&[KORF_1, "--goal", KORF_GOAL, "--algo", "idastar", "--heuristic", "pdb"], &cache);
    let link = query(&[("board", KORF_1), ("goal", KORF_GOAL), ("algo", "idastar"), ("heuristic", "pdb")]);
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
    browser.wait_for("return document.getElementById('position').textContent || null;", Duration::from_secs(30));
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
    let path = command_line(&[&board], &cache)["path"].as_str().expect("a path").to_string();
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
    browser.wait_for("return document.getElementById('position').textContent || null;", Duration::from_secs(30));
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
    let optimal = lengths.as_array().expect("lengths").iter().filter(|l| l.as_str() == Some("31")).count();
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
        .script("return document.getElementById('answer').dataset.json === undefined;", json!([]))
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

/// Standard base64 decoded (a screenshot's PNG).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    digits
        .chunks(4)
        .flat_map(|chunk| {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes.into_iter().take(chunk.len() - 1)
        })
        .collect()
}
