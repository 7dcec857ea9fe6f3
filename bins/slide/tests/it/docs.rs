//! The manual's examples (`docs/cli.md`), run as written: each `$ slide
//! ...` line of a `console` block against the lines under it (issue 33: an
//! example that showed 30 letters for a 31-move path).

use std::path::Path;
use std::process::Command;

/// Replaces a summary's trailing time (`; 0.001 s`), which varies.
fn untimed(line: &str) -> String {
    match line.rsplit_once("; ") {
        Some((head, tail)) if tail.ends_with(" s") && tail[..tail.len() - 2].parse::<f64>().is_ok() => {
            format!("{head}; (time) s")
        }
        _ => line.to_string(),
    }
}

#[test]
fn the_manuals_examples_print_what_they_show() {
    let manual = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md")).unwrap();
    // A folder with `slide` in it, to run the examples as written.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-examples");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_slide"), dir.join("slide")).unwrap();
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in manual.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => examples.push((command.to_string(), Vec::new())),
            None => examples
                .last_mut()
                .expect("a console block starts with a command")
                .1
                .push(line.to_string()),
        }
    }
    assert!(examples.len() >= 8, "{} examples", examples.len());
    let mut run = 0;
    for (command, expected) in &examples {
        // JSON carries the seconds a search took.
        if command.contains("--json") {
            continue;
        }
        let output = Command::new("bash")
            .arg("-c")
            .arg(format!("{command} 2>&1"))
            .current_dir(&dir)
            .env(
                "PATH",
                format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default()),
            )
            .env("SLIDE_CACHE_DIR", dir.join("cache"))
            .output()
            .unwrap();
        let printed: Vec<String> = String::from_utf8_lossy(&output.stdout).lines().map(untimed).collect();
        let expected: Vec<String> = expected.iter().map(|line| untimed(line)).collect();
        assert_eq!(printed, expected, "$ {command}");
        run += 1;
    }
    assert!(run >= 8);
}
