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
        let mut in_block = false;
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            if in_block {
                continue;
            }
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
