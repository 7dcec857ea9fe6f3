//! The bundler's third step: the kept units written as nested inline
//! modules, paths rewritten to `crate::<library>::`, and the file fitted
//! under the judges' size cap.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::read::{read, Library, CHILD};
use crate::text::{is_ident, use_line, use_list};

impl Library {
    /// The text of unit `index` in a bundle that keeps the units `kept`:
    /// its re-exports of kept units, then its source with each kept child
    /// written where it was declared.
    pub(crate) fn write(&self, index: usize, kept: &BTreeSet<usize>) -> String {
        let unit = &self.units[index];
        let mut out = String::new();
        for (statement, target) in &unit.reexports {
            if !kept.contains(target) {
                continue;
            }
            // Of the names a re-export lists, those that a unit left out
            // provided go.
            match use_list(statement) {
                Some((head, path, items)) => {
                    let items: Vec<&str> = items
                        .into_iter()
                        .filter(|item| self.provides(*target, item.split(" as ").next().unwrap_or_default(), kept))
                        .collect();
                    if !items.is_empty() {
                        out.push_str(&use_line(head, path, &items));
                    }
                }
                None => out.push_str(statement),
            }
        }
        for line in unit.source.lines() {
            match line.strip_prefix(CHILD) {
                Some(child) => {
                    let child: usize = child.parse().expect("a unit index");
                    if kept.contains(&child) {
                        let sub = &self.units[child];
                        out.push_str(&format!(
                            "{} {} {{\n{}}}\n",
                            sub.declaration,
                            sub.name,
                            self.write(child, kept)
                        ));
                    }
                }
                None => {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// Replaces each path prefix `from` that starts a path (not preceded by an
/// identifier character or `::`) with `to`.
pub(crate) fn rewrite_prefix(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = &rest[..at];
        let starts_path = !before.ends_with(is_ident) && !before.ends_with("::");
        out.push_str(before);
        out.push_str(if starts_path { to } else { from });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}

/// What a judge adds around `driver`'s file (a `main` around a LeetCode-style
/// function): the files of the driver's `harness/` folder in name order,
/// or nothing when it has none.
pub fn harness(root: &Path, driver: &str) -> Result<String, String> {
    let Ok(entries) = fs::read_dir(root.join("bins").join(driver).join("harness")) else {
        return Ok(String::new());
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|entry| Some(entry.ok()?.path())).collect();
    files.sort();
    let mut text = String::new();
    for file in files {
        text.push('\n');
        text.push_str(&read(&file)?);
    }
    Ok(text)
}

/// The most bytes a judge takes in one file: Codeforces's 64 KiB.
pub const MAX_BYTES: usize = 64 * 1024;

/// `bundle` as it is when it fits in [`MAX_BYTES`]; otherwise without its
/// indentation, which a compiler does not need (no string literal spans
/// lines: `strip` refuses them).
pub(crate) fn fit(bundle: String) -> String {
    if bundle.len() < MAX_BYTES {
        return bundle;
    }
    let mut flat = String::with_capacity(bundle.len());
    for line in bundle.lines() {
        flat.push_str(line.trim_start());
        flat.push('\n');
    }
    flat
}
