//! `cargo xtask web`: the page of `web/` with slide's WebAssembly
//! (`crates/web`), built into `target/web/`, and served on the loopback.
//!
//! The build: the `slide-web` crate for `wasm32-unknown-unknown` in the
//! `web` profile (the target added by rustup if missing), then
//! `wasm-bindgen --target web` into `target/web/pkg/`. The wasm-bindgen
//! command line must be the version of the `wasm-bindgen` crate in
//! `Cargo.lock`: one on the `PATH` of that version is used, else it is
//! installed (`cargo install wasm-bindgen-cli`) into `target/tools/`.
//! The page's own files (HTML, CSS, plain JavaScript) are copied as they
//! are: there is no other build step.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate whose version the command line must match.
const BINDGEN: &str = "wasm-bindgen";

/// The version of `wasm-bindgen` in the workspace's `Cargo.lock`.
pub fn bindgen_version(root: &Path) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("reading Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{BINDGEN}\"") {
            let version = lines.next().and_then(|line| line.strip_prefix("version = \""));
            if let Some(version) = version.and_then(|v| v.strip_suffix('"')) {
                return Ok(version.to_string());
            }
        }
    }
    Err(format!("Cargo.lock has no {BINDGEN}"))
}

/// The version a `wasm-bindgen` command prints, if it runs.
fn version_of(program: &Path) -> Option<String> {
    let output = Command::new(program).arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    text.split_whitespace().nth(1).map(str::to_string)
}

/// The `wasm-bindgen` command line of `version`: on the `PATH`, in
/// `target/tools/bin`, or installed there.
fn bindgen(root: &Path, version: &str) -> Result<PathBuf, String> {
    let tools = root.join("target/tools");
    let installed = tools.join("bin/wasm-bindgen");
    for program in [PathBuf::from("wasm-bindgen"), installed.clone()] {
        if version_of(&program).as_deref() == Some(version) {
            return Ok(program);
        }
    }
    eprintln!("installing wasm-bindgen-cli {version} into {} (once)", tools.display());
    // Not --locked: the command line's lock file names a webpki-roots that
    // the registry no longer serves; its own requirements still pin it.
    run(Command::new(cargo())
        .args(["install", "wasm-bindgen-cli", "--version"])
        .arg(format!("={version}"))
        .arg("--root")
        .arg(&tools))?;
    match version_of(&installed) {
        Some(found) if found == version => Ok(installed),
        found => Err(format!("the installed wasm-bindgen is {found:?}, not {version}")),
    }
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("running {command:?}: {e}"))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{command:?} ended with {status}")),
    }
}

/// Builds the page into `target/web/` and returns that folder.
pub fn build(root: &Path) -> Result<PathBuf, String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).contains("wasm32-unknown-unknown"))
        .unwrap_or(false);
    if !installed {
        run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))?;
    }
    run(Command::new(cargo())
        .args([
            "build",
            "--locked",
            "-p",
            "slide-web",
            "--target",
            "wasm32-unknown-unknown",
            "--profile",
            "web",
        ])
        .current_dir(root))?;
    let bindgen = bindgen(root, &bindgen_version(root)?)?;
    let out = root.join("target/web");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| format!("creating {}: {e}", out.display()))?;
    run(Command::new(bindgen)
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out.join("pkg"))
        .arg(root.join("target/wasm32-unknown-unknown/web/slide_web.wasm")))?;
    let page = root.join("web");
    for entry in std::fs::read_dir(&page).map_err(|e| format!("reading {}: {e}", page.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let to = out.join(path.file_name().expect("a file has a name"));
            std::fs::copy(&path, &to).map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    let wasm = out.join("pkg/slide_web_bg.wasm");
    let size = std::fs::metadata(&wasm)
        .map_err(|e| format!("{}: {e}", wasm.display()))?
        .len();
    eprintln!("built {} (the wasm {:.2} MB)", out.display(), size as f64 / 1e6);
    Ok(out)
}

/// Serves the files of `dir` over HTTP on `listener` (the loopback), a
/// thread a connection, until the process ends: GET and HEAD only, paths
/// inside `dir` only.
pub fn serve(listener: TcpListener, dir: PathBuf) {
    for stream in listener.incoming().flatten() {
        let dir = dir.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &dir);
        });
    }
}

/// One connection's requests (kept alive while the browser sends more).
fn answer(stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        // The headers, up to the empty line.
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
                break;
            }
        }
        let mut words = line.split_whitespace();
        let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
        let path = target.split(['?', '#']).next().unwrap_or("/");
        let file = match path {
            "/" => Some(dir.join("index.html")),
            path if path.split('/').any(|part| part == ".." || part.contains('\\')) => None,
            path => Some(dir.join(path.trim_start_matches('/'))),
        };
        let body = match (method, &file) {
            ("GET" | "HEAD", Some(file)) => std::fs::read(file).ok(),
            _ => None,
        };
        let Some(body) = body else {
            out.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n")?;
            continue;
        };
        let kind = match file.as_ref().and_then(|f| f.extension()).and_then(|e| e.to_str()) {
            Some("html") => "text/html; charset=utf-8",
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("wasm") => "application/wasm",
            Some("png") => "image/png",
            Some("svg") => "image/svg+xml",
            _ => "application/octet-stream",
        };
        write!(
            out,
            "HTTP/1.1 200 OK\r\ncontent-type: {kind}\r\ncontent-length: {}\r\ncache-control: no-store\r\n\r\n",
            body.len()
        )?;
        if method == "GET" {
            out.write_all(&body)?;
        }
    }
}

/// The page's own worker, driven from a script in the page: `ask(message)`
/// answers as the page's requests are answered, and `timed(message)` also
/// gives the milliseconds from the request to its answer.
const WORKER_SCRIPT: &str = r#"
const worker = new Worker('worker.js', { type: 'module' });
let id = 0;
const ask = (message) => new Promise((resolve, reject) => {
  const mine = ++id;
  const hear = (event) => {
    if (event.data.id !== mine) return;
    worker.removeEventListener('message', hear);
    event.data.ok ? resolve(event.data.value) : reject(new Error(event.data.error));
  };
  worker.addEventListener('message', hear);
  worker.postMessage({ ...message, id: mine });
});
const timed = async (message) => {
  const started = performance.now();
  const value = await ask(message);
  return [value, performance.now() - started];
};
"#;

/// The figures of docs/web.md's targets, measured in headless Chromium on
/// the page built into `dir` (served here) beside the command line built
/// in release (`slide`, one thread): a markdown table. The page's times
/// are from a request to its answer, in the worker the page runs.
pub fn measure(root: &Path, dir: PathBuf) -> Result<String, String> {
    use crate::webdriver::Browser;
    use serde_json::{json, Value};
    use std::time::Duration;

    run(Command::new(cargo())
        .args(["build", "--release", "--locked", "-p", "slide"])
        .current_dir(root))?;
    let slide = root.join("target/release/slide");
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| e.to_string())?;
    let page = format!(
        "http://{}/index.html",
        listener.local_addr().map_err(|e| e.to_string())?
    );
    std::thread::spawn(move || serve(listener, dir));
    let browser = Browser::start();
    let mut rows = vec![
        "| figure | page (Chromium, one worker) | command line (one thread) |".to_string(),
        "|---|---|---|".to_string(),
    ];
    let wasm = std::fs::metadata(root.join("target/web/pkg/slide_web_bg.wasm"))
        .map_err(|e| e.to_string())?
        .len();
    rows.push(format!("| the wasm | {:.2} MB | |", wasm as f64 / 1e6));

    // First paint: a fresh load, from the loopback.
    let mut paints = Vec::new();
    for _ in 0..5 {
        browser.open(&format!("{page}?fresh={}", paints.len()));
        let paint = browser.wait_for(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : null;",
            Duration::from_secs(10),
        );
        paints.push(paint.as_f64().unwrap_or(f64::NAN));
    }
    paints.sort_by(f64::total_cmp);
    rows.push(format!(
        "| first contentful paint, median of 5 | {:.0} ms | |",
        paints[2]
    ));

    let korf: Vec<(String, String)> = std::fs::read_to_string(root.join("testdata/reference/korf100.tsv"))
        .map_err(|e| e.to_string())?
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("id\t") && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[1].to_string(), fields[2].to_string())
        })
        .collect();
    let korf_goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

    // The page's worker: 3x3 boards (every one of 1,000 random ones and the
    // two farthest), the 6-6-3 tables built, Korf's 100, the transposed
    // goal, random 5x5 with a 5 s budget.
    let random = |size: &str, count: usize| -> Vec<String> {
        let output = Command::new(&slide)
            .args(["random", size, "--seed", "1", "--count", &count.to_string()])
            .output()
            .expect("slide random runs");
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let mut eights = random("3x3", 1000);
    eights.extend(["8 6 7 / 2 5 4 / 3 _ 1".to_string(), "6 4 7 / 8 5 _ / 3 2 1".to_string()]);
    let fives = random("5x5", 5);
    let transposed = "1 5 9 13 / 2 6 10 14 / 3 7 11 15 / 4 8 12 _";
    browser.open(&page);
    let script = format!(
        "{WORKER_SCRIPT}
const [eights, korf, korfGoal, transposed, fives, done] = arguments;
(async () => {{
  const out = {{}};
  // The worker started and its WebAssembly compiled, as on the page,
  // which starts it as it opens.
  out.started = (await timed({{ kind: 'read', start: '1 2 / 3 _' }}))[1];
  out.eights = [];
  for (const board of eights) out.eights.push((await timed({{ kind: 'solve', args: ['--json', board] }}))[1]);
  out.tables = (await timed({{ kind: 'tables', goal: korfGoal }}))[1];
  out.korf = [];
  for (const [board, length] of korf) {{
    const [json, ms] = await timed({{ kind: 'solve', args: ['--json', '--goal', korfGoal, board] }});
    const answer = JSON.parse(json);
    if (String(answer.length) !== length) throw new Error(`korf: ${{answer.length}} for ${{length}}`);
    out.korf.push([ms, answer.seconds]);
  }}
  out.standardTables = (await timed({{ kind: 'tables', goal: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0' }}))[1];
  const [json, ms] = await timed({{ kind: 'solve', args: ['--json', transposed] }});
  out.transposed = [ms, JSON.parse(json).length];
  out.fives = [];
  for (const board of fives) {{
    const [json, ms] = await timed({{ kind: 'solve', args: ['--json', '--budget', '4.5', board] }});
    const answer = JSON.parse(json);
    out.fives.push([ms, answer.length, answer.lower_bound, answer.bound]);
  }}
  done(out);
}})().catch((error) => done({{ error: String(error) }}));"
    );
    let out = browser.script_async(
        &script,
        json!([eights, korf, korf_goal, transposed, fives]),
        Duration::from_secs(3600),
    );
    if let Some(error) = out.get("error") {
        return Err(format!("the page failed: {error}"));
    }
    let numbers = |value: &Value| -> Vec<f64> {
        value
            .as_array()
            .map_or_else(Vec::new, |a| a.iter().filter_map(Value::as_f64).collect())
    };
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    rows.push(format!(
        "| the worker started (its WebAssembly fetched and compiled) | {:.0} ms | |",
        out["started"].as_f64().unwrap_or(f64::NAN)
    ));
    let eight_ms = numbers(&out["eights"]);
    let largest = eight_ms.iter().copied().fold(0.0, f64::max);
    rows.push(format!(
        "| 3x3, 1,002 boards (`slide random 3x3 --seed 1 --count 1000`, the two farthest): the first (walking distance's tables built), median, largest | {:.1} ms, {:.2} ms, {largest:.1} ms | |",
        eight_ms[0],
        median(eight_ms.clone())
    ));
    rows.push(format!(
        "| 6-6-3 built (Korf's goal) | {:.1} s | |",
        out["tables"].as_f64().unwrap_or(f64::NAN) / 1e3
    ));

    // The command line on Korf's 100: one thread, the tables cached first.
    let cache = root.join("target/web-measure-cache");
    let batch_input: String = korf
        .iter()
        .map(|(board, _)| format!("{board} ; {korf_goal}\n"))
        .collect();
    // `slide batch` (with `args`) on Korf's 100, one thread: its whole
    // time and what it printed.
    let batch = |args: &[&str]| -> Result<(f64, String), String> {
        let started = std::time::Instant::now();
        let mut child = Command::new(&slide)
            .arg("batch")
            .args(args)
            .env("SLIDE_THREADS", "1")
            .env("SLIDE_CACHE_DIR", &cache)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        child
            .stdin
            .take()
            .expect("a pipe")
            .write_all(batch_input.as_bytes())
            .map_err(|e| e.to_string())?;
        let output = child.wait_with_output().map_err(|e| e.to_string())?;
        match output.status.success() {
            true => Ok((
                started.elapsed().as_secs_f64(),
                String::from_utf8_lossy(&output.stdout).into_owned(),
            )),
            false => Err(format!("slide batch: {}", output.status)),
        }
    };
    batch(&[])?;
    let native: Vec<f64> = (0..3)
        .map(|_| batch(&[]).map(|(seconds, _)| seconds))
        .collect::<Result<_, _>>()?;
    // The searches' own seconds, as the page's JSON gives them.
    let native_searches: f64 = batch(&["--json"])?
        .1
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|answer| answer["seconds"].as_f64())
        .sum();
    let korf = out["korf"].as_array().cloned().unwrap_or_default();
    let page_total = korf.iter().filter_map(|pair| pair[0].as_f64()).sum::<f64>() / 1e3;
    let page_searches: f64 = korf.iter().filter_map(|pair| pair[1].as_f64()).sum();
    let native_total = median(native);
    rows.push(format!(
        "| Korf's 100 (6-6-3), total | {page_total:.2} s ({:.2} times) | {native_total:.2} s (`SLIDE_THREADS=1 slide batch`, whole process, median of 3) |",
        page_total / native_total
    ));
    rows.push(format!(
        "| Korf's 100, the searches' own `seconds` summed | {page_searches:.2} s ({:.2} times) | {native_searches:.2} s |",
        page_searches / native_searches
    ));
    rows.push(format!(
        "| 6-6-3 built (the standard goal) | {:.1} s | |",
        out["standardTables"].as_f64().unwrap_or(f64::NAN) / 1e3
    ));
    rows.push(format!(
        "| the transposed goal ({} moves) | {:.1} s | |",
        out["transposed"][1],
        out["transposed"][0].as_f64().unwrap_or(f64::NAN) / 1e3
    ));
    let fives = out["fives"].as_array().cloned().unwrap_or_default();
    let five_ms: Vec<f64> = fives.iter().filter_map(|f| f[0].as_f64()).collect();
    let bounds: Vec<f64> = fives.iter().filter_map(|f| f[3].as_f64()).collect();
    rows.push(format!(
        "| random 5x5 (`slide random 5x5 --seed 1 --count 5`), `--budget 4.5` (the page's default): largest time, mean length, mean bound | {:.2} s, {:.1}, {:.3} | |",
        five_ms.iter().copied().fold(0.0, f64::max) / 1e3,
        fives.iter().filter_map(|f| f[1].as_f64()).sum::<f64>() / fives.len().max(1) as f64,
        bounds.iter().sum::<f64>() / bounds.len().max(1) as f64,
    ));
    Ok(rows.join("\n"))
}
