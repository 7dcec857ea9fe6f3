//! Tidy checks of the docs against the tree, in the default suite (as
//! rust-analyzer's tidy tests keep its architecture document true):
//!
//! - every path that `ARCHITECTURE.md`, `README.md` and `docs/` name (in
//!   backticks, or as a link) is in the tree: a file or folder moved or
//!   removed fails here, not in a reader's hands;
//! - each package's one-line description (its `Cargo.toml`) is the first
//!   paragraph of its `lib.rs` documentation;
//! - every Rust source file opens with its module documentation (`//!`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The files git tracks, as paths from the root.
fn tracked(root: &Path) -> Vec<String> {
    let output = Command::new("git")
        .args(["ls-files", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .expect("git runs");
    String::from_utf8(output.stdout)
        .expect("paths are UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The documents whose paths are checked.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut documents = vec![root.join("ARCHITECTURE.md"), root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    documents.extend(docs);
    documents
}

/// Whether `token` (in backticks) is written as a path in the tree: it has
/// a `/`, no spaces, and none of the marks of a pattern or a variable
/// (`<`, `*`, `$`, `~`, `{`), and it is not under `target/`, which builds
/// make.
fn is_path(token: &str) -> bool {
    token.contains('/')
        && token.len() > 1
        && !token.starts_with("target/")
        && !token.starts_with('/')
        && !token.starts_with("http")
        && !token
            .chars()
            .any(|c| c.is_whitespace() || "<*$~{}()=:,;'\"".contains(c))
}

/// The lines of a Markdown `text` outside its code blocks, numbered from 0.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut in_block = false;
    text.lines().enumerate().filter(move |(_, line)| {
        let fence = line.trim_start().starts_with("```");
        in_block ^= fence;
        !fence && !in_block
    })
}

/// Whether `path` names a tracked file or folder: a file whose path ends
/// with it (at a `/`), or a folder that holds one (a path written from a
/// crate's folder, `reduce/frame.rs`, or from `crates/`, `core/src/board.rs`,
/// resolves; one that names nothing does not).
fn resolves(path: &str, files: &[String]) -> bool {
    let path = path.trim_end_matches('/');
    files.iter().any(|file| {
        let at_boundary = |index: usize| index == 0 || file.as_bytes()[index - 1] == b'/';
        match file.find(path) {
            None => false,
            Some(_) => file.match_indices(path).any(|(index, _)| {
                let end = index + path.len();
                at_boundary(index) && (end == file.len() || file.as_bytes()[end] == b'/')
            }),
        }
    })
}

#[test]
fn every_path_the_docs_name_is_in_the_tree() {
    let root = xtask::workspace_root();
    let files = tracked(&root);
    let mut missing = Vec::new();
    for document in documents(&root) {
        let text = std::fs::read_to_string(&document).unwrap();
        let name = document.strip_prefix(&root).unwrap().display().to_string();
        // Code blocks hold commands and output, not the tree's paths.
        for (number, line) in prose_lines(&text) {
            for (index, token) in line.split('`').enumerate() {
                if index % 2 == 1 && is_path(token) && !resolves(token, &files) {
                    missing.push(format!("{name}:{}: `{token}`", number + 1));
                }
            }
            // Links: `](path)`, relative to the document's folder.
            for link in line.split("](").skip(1) {
                let Some(target) = link.split(')').next() else { continue };
                let target = target.split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") {
                    continue;
                }
                if !document.parent().unwrap().join(target).exists() {
                    missing.push(format!("{name}:{}: ({target})", number + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that name nothing in the tree:\n{}",
        missing.join("\n")
    );
}

/// The first paragraph of a source file's `//!` documentation, on one line,
/// without Markdown's backticks and link brackets.
fn first_paragraph(source: &str) -> String {
    let lines: Vec<&str> = source
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    plain(&lines.join(" "))
}

/// Text without Markdown's backticks and link brackets.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('[') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find("](").or_else(|| after.find(']')) {
            Some(end) => {
                out.push_str(&after[..end]);
                let tail = &after[end..];
                rest = if let Some(stripped) = tail.strip_prefix("](") {
                    &stripped[stripped.find(')').map_or(stripped.len(), |i| i + 1)..]
                } else {
                    &tail[1..]
                };
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace('`', "")
}

#[test]
fn each_package_describes_itself_as_its_lib_rs_does() {
    let root = xtask::workspace_root();
    let mut differ = Vec::new();
    let mut checked = 0;
    for group in ["crates", "bins"] {
        for entry in std::fs::read_dir(root.join(group)).unwrap() {
            let dir = entry.unwrap().path();
            check_description(&dir, &mut differ, &mut checked);
        }
    }
    check_description(&root.join("benches"), &mut differ, &mut checked);
    check_description(&root.join("xtask"), &mut differ, &mut checked);
    assert!(checked > 30, "checked {checked} packages");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

fn check_description(dir: &Path, differ: &mut Vec<String>, checked: &mut usize) {
    let Ok(lib) = std::fs::read_to_string(dir.join("src/lib.rs")) else {
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let description = manifest
        .lines()
        .find_map(|line| line.strip_prefix("description = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or_default()
        .replace("\\\"", "\"");
    let first = first_paragraph(&lib);
    *checked += 1;
    if description != first {
        differ.push(format!(
            "{}: Cargo.toml says\n  {description}\nsrc/lib.rs says\n  {first}",
            dir.display()
        ));
    }
}

#[test]
fn every_source_file_opens_with_its_documentation() {
    let root = xtask::workspace_root();
    let undocumented: Vec<String> = tracked(&root)
        .into_iter()
        .filter(|file| file.ends_with(".rs") && !file.contains("/harness/"))
        .filter(|file| {
            // A file deleted but not yet committed is no longer a source.
            std::fs::read_to_string(root.join(file)).is_ok_and(|text| !text.starts_with("//!"))
        })
        .collect();
    assert!(undocumented.is_empty(), "no //! first: {undocumented:?}");
}

#[test]
fn the_libraries_read_the_clock_through_slide_core() {
    // A browser has no clock for the standard library's `Instant` (its
    // `now` panics there): the libraries read `slide_core::Instant`, which
    // is the standard library's everywhere else (`core/src/clock.rs`).
    let root = xtask::workspace_root();
    let direct: Vec<String> = tracked(&root)
        .into_iter()
        .filter(|file| file.starts_with("crates/") && file.contains("/src/") && file.ends_with(".rs"))
        .filter(|file| !file.starts_with("crates/python/") && file != "crates/core/src/clock.rs")
        .filter(|file| {
            std::fs::read_to_string(root.join(file)).is_ok_and(|text| {
                text.lines().any(|line| {
                    let line = line.trim_start();
                    !line.starts_with("//") && line.contains("time::") && line.contains("Instant")
                })
            })
        })
        .collect();
    assert!(direct.is_empty(), "std::time::Instant read directly: {direct:?}");
}

/// Every workspace package's direct dependencies on other workspace
/// packages (dev-dependencies apart), from `cargo metadata`.
fn workspace_dependencies(root: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root)
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let names: std::collections::BTreeSet<String> = packages
        .iter()
        .map(|package| package["name"].as_str().unwrap().to_string())
        .collect();
    packages
        .iter()
        .map(|package| {
            let uses = package["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|dependency| dependency["kind"].is_null())
                .map(|dependency| dependency["name"].as_str().unwrap().to_string())
                .filter(|name| names.contains(name))
                .collect();
            (package["name"].as_str().unwrap().to_string(), uses)
        })
        .collect()
}

/// The arrows ARCHITECTURE.md draws (`a, b <- c, d (words)`: c and d use a
/// and b), between names that are packages, and each row of its crate table
/// (its package, and the `slide-*` names it may use) are what `cargo
/// metadata` reports: an arrow drawn is a direct dependency, and a row names
/// every direct dependency on another package of the workspace.
#[test]
fn the_crate_arrows_and_the_crate_table_are_cargo_metadatas() {
    let root = xtask::workspace_root();
    let uses = workspace_dependencies(&root);
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut wrong = Vec::new();
    let names = |side: &str| -> Vec<String> {
        // Words in parentheses say what a name is; they name no package.
        let mut plain = String::new();
        let mut depth = 0;
        for c in side.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        plain
            .split(',')
            .map(|name| name.trim().to_string())
            .filter(|name| uses.contains_key(name))
            .collect()
    };
    let block = text.split("```").nth(1).expect("the drawing's code block");
    let mut arrows = 0;
    for line in block.lines() {
        let Some((used, users)) = line.split_once(" <- ") else {
            continue;
        };
        for user in names(users) {
            for used in names(used) {
                arrows += 1;
                if !uses[&user].contains(&used) {
                    wrong.push(format!("the drawing says {user} uses {used}; cargo metadata does not"));
                }
            }
        }
    }
    let mut rows = 0;
    for line in text.lines().filter(|line| line.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let Some(package) = cells[0]
            .split('`')
            .skip(1)
            .step_by(2)
            .find(|name| uses.contains_key(*name))
        else {
            continue;
        };
        let may_use: std::collections::BTreeSet<String> = cells[cells.len() - 1]
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|name| uses.contains_key(*name))
            .map(str::to_string)
            .collect();
        rows += 1;
        if may_use != uses[package] {
            wrong.push(format!(
                "the row of {package} names {may_use:?}; cargo metadata says {:?}",
                uses[package]
            ));
        }
    }
    assert!(arrows >= 15 && rows >= 12, "{arrows} arrows, {rows} rows read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The names of the items the workspace's Rust sources define (functions,
/// types, traits, constants, statics, modules, macros) and the variants of
/// their enums (a line that opens with a capitalised name and `(`, `{`,
/// `,` or nothing after it).
fn defined_names(root: &Path) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    for file in tracked(root).iter().filter(|file| file.ends_with(".rs")) {
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            continue;
        };
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
                .filter(|word| !word.is_empty())
                .collect();
            for pair in words.windows(2) {
                if [
                    "fn",
                    "struct",
                    "enum",
                    "trait",
                    "type",
                    "const",
                    "static",
                    "mod",
                    "union",
                    "macro_rules!",
                ]
                .contains(&pair[0])
                {
                    names.insert(pair[1].to_string());
                }
            }
            let trimmed = line.trim_start();
            let name: String = trimmed
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after = trimmed[name.len()..].trim_start();
            if name.starts_with(|c: char| c.is_ascii_uppercase())
                && (after.is_empty() || after.starts_with(['(', '{', ',']))
            {
                names.insert(name);
            }
        }
    }
    names
}

/// Every type, trait, function and constant ARCHITECTURE.md names in
/// backticks is defined in the code: a capitalised name (`Route`,
/// `MAX_CELLS`), a name with an underscore (`split_iteration`), or the last
/// part of a path (`Route::of`, `slide_cli::run`). Words such as `auto`
/// or `u64`, and paths of files, are not checked here.
#[test]
fn every_item_architecture_md_names_is_in_the_code() {
    let root = xtask::workspace_root();
    let defined = defined_names(&root);
    // The crates the workspace uses, named as code names them.
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    let crates: std::collections::BTreeSet<String> = lock
        .lines()
        .filter_map(|line| line.strip_prefix("name = \""))
        .map(|name| name.trim_end_matches('"').replace('-', "_"))
        .collect();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    let mut checked = 0;
    for (number, line) in prose_lines(&text) {
        for token in line.split('`').skip(1).step_by(2) {
            let token = token.trim_end_matches("()");
            if token.contains(['/', '.', ' ', '-', '<', '#', '"', '\'', '=', '&', '[', '*', '|', '!'])
                || token.is_empty()
            {
                continue;
            }
            let name = token.rsplit("::").next().unwrap_or(token);
            let is_item = name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().any(|c| c.is_ascii_lowercase())
                || name.contains('_') && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || token.contains("::");
            if !is_item || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            checked += 1;
            if !defined.contains(name) && !crates.contains(name) {
                missing.push(format!("ARCHITECTURE.md:{}: `{token}`", number + 1));
            }
        }
    }
    assert!(checked > 60, "{checked} names checked");
    assert!(
        missing.is_empty(),
        "names that the code does not define:\n{}",
        missing.join("\n")
    );
}
