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
        .args(["build", "--locked", "-p", "slide-web", "--target", "wasm32-unknown-unknown", "--profile", "web"])
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
    let size = std::fs::metadata(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))?.len();
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
