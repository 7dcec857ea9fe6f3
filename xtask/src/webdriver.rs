//! A WebDriver client of chromedriver, as much as the web page's test and
//! measurements ask: a session of headless Chromium (Debian's `chromium`
//! and `chromium-driver`), pages opened, scripts run, elements clicked and
//! typed into, screenshots. Plain HTTP/1.1 over the loopback.

use std::io::{BufRead, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A WebDriver session of chromedriver, ended (and the driver stopped) on drop.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

impl Browser {
    /// Starts chromedriver on a free port and a session of headless Chromium.
    pub fn start() -> Browser {
        let port = free_port();
        let driver = Command::new(program("chromedriver", "/usr/bin/chromedriver"))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (Debian's chromium-driver)");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver does not listen"
            );
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
    pub fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
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

    /// One command of this session (`path` after `/session/ID`).
    pub fn session(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Opens `url` and waits for it to load.
    pub fn open(&self, url: &str) {
        self.session("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body) with `args` in the page.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.session("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// The WebDriver id of the first element `css` selects.
    pub fn element(&self, css: &str) -> String {
        let found = self.session("POST", "/element", Some(json!({"using": "css selector", "value": css})));
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    /// Clicks the element `css` selects.
    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.session("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Clears the field `css` selects and types `text` into it.
    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.session("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.session("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    /// Runs `script` (a function body whose last argument is the callback
    /// it calls with its result) with `args`, waiting up to `limit`.
    pub fn script_async(&self, script: &str, args: Value, limit: Duration) -> Value {
        self.session("POST", "/timeouts", Some(json!({ "script": limit.as_millis() as u64 })));
        self.session(
            "POST",
            "/execute/async",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits until `script` returns something other than null, and returns it.
    pub fn wait_for(&self, script: &str, limit: Duration) -> Value {
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
    pub fn answer(&self, limit: Duration) -> Value {
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

/// Standard base64 decoded (a screenshot's PNG).
pub fn base64(text: &str) -> Vec<u8> {
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
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes.into_iter().take(chunk.len() - 1)
        })
        .collect()
}
