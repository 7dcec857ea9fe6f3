//! The bundler's last pass: what the compiler itself says nothing uses.
//!
//! The steps before it keep or drop a file of a crate by the paths that
//! reach it (`reach.rs`); within a kept file, what stays is the compiler's
//! call. Its `dead_code` lint walks from `main`, so one
//! run names every item that nothing reachable uses, and `unused_imports`
//! names the imports left over. This pass runs `rustc` on the bundle (only
//! up to the metadata, no code is generated), removes what those two lints
//! name, and runs it again until they name nothing it can remove: removing
//! dead code leaves imports unused, so it takes two rounds and a last check.
//!
//! What it removes, after the driver's own lines (which stay, as a judge
//! such as LeetCode may call them):
//!
//! - a function, method, constant, static or type alias the lint names;
//! - a struct, enum or trait the lint names, with every `impl` block for it
//!   (or, for a trait, of it);
//! - a trait's method the lint names, from the trait and from each `impl`
//!   block of the trait;
//! - an import the lint names, from its `use` declaration (the declaration
//!   goes when nothing is left), and the names of removed items from the
//!   bundle's own `use` declarations.
//!
//! Fields never read and variants never built stay: removing them would
//! mean rewriting the code that builds or matches them. A bundle that does
//! not compile is an error, before this pass or after it.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::text::{
    attributes_start, impl_header, impl_target, is_ident, item, item_end, remove_empty_modules, use_line, use_list,
    without,
};

/// The attribute that keeps a library module quiet in the file a judge
/// compiles; this pass takes it off to hear the lints.
pub(crate) const QUIET: &str = "#[allow(dead_code, unused_imports)]";

/// At most this many runs of `rustc`: every driver takes two (the dead
/// code, then the imports it alone used).
const MOST_RUNS: usize = 8;

/// `bundle` without what `rustc` says nothing uses (see the module's doc).
/// Its first `protected` lines are the driver's own and stay. `harness` is
/// what a judge adds around the file (a `main` for LeetCode), appended for
/// the check only. `work` is a folder for the compiler's files.
pub(crate) fn remove_dead_code(bundle: &str, protected: usize, harness: &str, work: &Path) -> Result<String, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("creating {}: {e}", work.display()))?;
    let mut text = bundle.to_string();
    for run in 0..MOST_RUNS {
        let messages = messages(&text, harness, work)?;
        // (The closing "aborting due to" message is no error of its own.)
        let errors: Vec<Value> = messages
            .iter()
            .filter(|message| message["level"] == "error")
            .filter(|message| {
                !message["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("aborting due to"))
            })
            .cloned()
            .collect();
        // A `use` of an item the last run removed, which another item of
        // the same name elsewhere kept in the declaration, goes in turn;
        // any other error is the bundle's, or this pass's, fault.
        if let Some(error) = errors.iter().find(|error| run == 0 || error["code"]["code"] != "E0432") {
            let rendered = error["rendered"].as_str().unwrap_or("");
            return Err(match run {
                0 => format!("the bundle does not compile:\n{rendered}"),
                _ => format!("removing dead code left a bundle that does not compile:\n{rendered}"),
            });
        }
        let lines: Vec<&str> = text.lines().collect();
        let stale = !errors.is_empty();
        let mut found = Removals::from_messages(if stale { &errors } else { &messages }, &lines, protected);
        found.thread_locals_of_removed(&lines);
        if found.ranges.is_empty() && found.imports.is_empty() {
            return Ok(text);
        }
        let imports_only = found.ranges.is_empty() && !stale;
        text = found.apply(&lines, protected);
        // Taking out imports that nothing uses can neither break the build
        // nor leave anything else unused: that needs no run to check.
        if imports_only {
            return Ok(text);
        }
    }
    Err(format!(
        "rustc still found dead code in the bundle after {MOST_RUNS} runs"
    ))
}

/// The compiler's messages on `text` (with `harness` after it), as JSON
/// values; the library modules' [`QUIET`] attribute is blanked out on its
/// line, so that line numbers stay those of `text`.
fn messages(text: &str, harness: &str, work: &Path) -> Result<Vec<Value>, String> {
    let source = work.join("bundle.rs");
    let loud = text.replace(QUIET, "");
    std::fs::write(&source, format!("{loud}\n{harness}")).map_err(|e| format!("writing {}: {e}", source.display()))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--emit=metadata",
            "--error-format=json",
            "-o",
        ])
        .arg(work.join("bundle.rmeta"))
        .arg(&source)
        .current_dir(work)
        .output()
        .map_err(|e| format!("running {}: {e}", rustc.to_string_lossy()))?;
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str(line).map_err(|e| format!("reading rustc's message {line}: {e}")))
        .collect()
}

/// What one run's messages say to remove.
#[derive(Default)]
struct Removals<'t> {
    /// Line ranges (inclusive) of whole items, with their attributes.
    ranges: Vec<(usize, usize)>,
    /// The names of the items removed.
    names: BTreeSet<&'t str>,
    /// Unused imports: the line of the `use` declaration and the name.
    imports: Vec<(usize, String)>,
    /// The types removed (a subset of `names`).
    types: BTreeSet<&'t str>,
}

impl<'t> Removals<'t> {
    fn from_messages(messages: &[Value], lines: &[&'t str], protected: usize) -> Removals<'t> {
        let mut found = Removals::default();
        for lint in messages {
            let message = lint["message"].as_str().unwrap_or("");
            let spans = lint["spans"].as_array().map_or(&[][..], Vec::as_slice);
            // A span's line (0-based) and the text it marks, on that line.
            let marked = |span: &Value| -> Option<(usize, String)> {
                let line = span["line_start"].as_u64()? as usize - 1;
                let text = span["text"][0]["text"].as_str()?;
                let from = span["text"][0]["highlight_start"].as_u64()? as usize - 1;
                let to = span["text"][0]["highlight_end"].as_u64()? as usize - 1;
                Some((line, text.get(from..to)?.to_string()))
            };
            let primary = spans
                .iter()
                .filter(|span| span["is_primary"] == true)
                .filter_map(marked)
                .filter(|&(line, _)| line >= protected && line < lines.len());
            match lint["code"]["code"].as_str() {
                Some("unused_imports" | "E0432") => {
                    for (line, name) in primary {
                        found.imports.push((line, name));
                    }
                }
                // Fields and variants stay, one named ("variant `X` is never
                // constructed") or several ("multiple variants are ...").
                Some("dead_code")
                    if !["field", "variant", "multiple fields", "multiple variants"]
                        .iter()
                        .any(|kind| message.starts_with(kind)) =>
                {
                    // A trait's member is marked with the trait around it.
                    let of_trait = spans
                        .iter()
                        .filter(|span| span["is_primary"] == false)
                        .filter(|span| span["text"][0]["text"].as_str().is_some_and(|t| t.contains("trait ")))
                        .find_map(marked)
                        .map(|(_, name)| name);
                    let kind = message.split(' ').next().unwrap_or("");
                    for (line, name) in primary {
                        found.item(lines, line);
                        if let Some(word) = word_at(lines[line], &name) {
                            found.names.insert(word);
                        }
                        if let Some(of_trait) = &of_trait {
                            found.trait_members(lines, of_trait, &name);
                        } else if ["struct", "enum", "trait", "union"].contains(&kind) {
                            found.impl_blocks(lines, &name, kind == "trait");
                            if let Some(word) = word_at(lines[line], &name) {
                                found.types.insert(word);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Marks the statics of `thread_local!` blocks that name a type being
    /// removed: rustc does not call such a static dead (the macro's
    /// expansion uses it), so removing a type only it uses would leave the
    /// static naming nothing (a thread's scratch space, which a bundle
    /// reaches only through dead code).
    fn thread_locals_of_removed(&mut self, lines: &[&str]) {
        let types = self.types.clone();
        let mut inside = false;
        for (i, line) in lines.iter().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with("thread_local!") {
                inside = true;
                continue;
            }
            if inside && trimmed.starts_with('}') {
                inside = false;
                continue;
            }
            let named = |name: &&str| line.split(|c: char| !is_ident(c)).any(|word| word == *name);
            if inside && trimmed.starts_with("static ") && types.iter().any(named) {
                self.ranges.push((i, i));
            }
        }
    }

    /// Marks the item whose header is on line `line`, with its attributes.
    fn item(&mut self, lines: &[&str], line: usize) {
        self.ranges.push((attributes_start(lines, line), item_end(lines, line)));
    }

    /// Marks the `impl` blocks for the type `name`, or of the trait `name`.
    fn impl_blocks(&mut self, lines: &[&str], name: &str, of_trait: bool) {
        for (i, line) in lines.iter().enumerate() {
            let target = match of_trait {
                true => implemented_trait(line),
                false => impl_target(line),
            };
            if target.as_deref() == Some(name) {
                self.item(lines, i);
            }
        }
    }

    /// Marks the method `method` in each `impl` block of the trait `name`.
    fn trait_members(&mut self, lines: &[&str], name: &str, method: &str) {
        for (i, line) in lines.iter().enumerate() {
            if implemented_trait(line).as_deref() != Some(name) {
                continue;
            }
            for j in i + 1..item_end(lines, i) {
                if item(lines[j]) == Some(("fn", method)) {
                    self.item(lines, j);
                }
            }
        }
    }

    /// `lines` without what was marked.
    fn apply(mut self, lines: &[&str], protected: usize) -> String {
        let mut edited: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
        for (line, name) in &self.imports {
            let current = edited[*line].clone();
            let Some((head, path, items)) = use_list(&current) else {
                continue;
            };
            let last = name.rsplit("::").next().unwrap_or(name);
            let kept: Vec<&str> = items
                .into_iter()
                .filter(|item| {
                    let local = item.rsplit(" as ").next().unwrap_or_default().trim();
                    *item != name && local != last
                })
                .collect();
            edited[*line] = match kept.is_empty() {
                true => String::new(),
                false => use_line(head, path, &kept).trim_end().to_string(),
            };
        }
        // Ranges may nest (a trait's method inside a type's `impl` block
        // also marked): `without` takes them disjoint.
        self.ranges.sort_unstable();
        let mut disjoint: Vec<(usize, usize)> = Vec::new();
        for (start, end) in self.ranges {
            match disjoint.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => disjoint.push((start, end)),
            }
        }
        let edited: Vec<&str> = edited.iter().map(String::as_str).collect();
        remove_empty_modules(&without(&edited, &mut disjoint, &self.names, protected))
    }
}

/// The word of `line` equal to `name`, borrowed from the line.
fn word_at<'t>(line: &'t str, name: &str) -> Option<&'t str> {
    line.split(|c: char| !is_ident(c)).find(|word| *word == name)
}

/// The trait an `impl` block that `line` opens implements: `Heuristic` for
/// `impl<P> Heuristic<P> for Manhattan {`; `None` for an inherent block.
fn implemented_trait(line: &str) -> Option<String> {
    let (trait_path, _) = impl_header(line)?.split_once(" for ")?;
    let name = trait_path.trim().split('<').next()?.rsplit("::").next()?;
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implemented_traits_are_read() {
        assert_eq!(
            implemented_trait("impl<P> Heuristic<P> for Manhattan {"),
            Some("Heuristic".into())
        );
        assert_eq!(
            implemented_trait("impl fmt::Display for Grid<'_> {"),
            Some("Display".into())
        );
        assert_eq!(
            implemented_trait("impl std::error::Error for E {}"),
            Some("Error".into())
        );
        assert_eq!(implemented_trait("impl Board {"), None);
        assert_eq!(
            implemented_trait("impl<'a, I: Iterator<Item = u8>> From<I> for Boards<'a> {"),
            Some("From".into())
        );
    }

    #[test]
    fn what_nothing_reaches_is_removed() {
        let bundle = "fn main() {\n\tm::f();\n}\n\
            #[allow(dead_code, unused_imports)]\nmod m {\n\
            pub use self::inner::{f, g};\n\
            mod inner {\n\
            use std::fmt;\n\
            pub fn f() {\n\t<u8 as T>::kept();\n}\n\
            pub fn g() -> S {\n\tS\n}\n\
            pub struct S;\n\
            impl S {\n\tfn h(&self) {}\n}\n\
            impl fmt::Display for S {\n\tfn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n\t\tOk(())\n\t}\n}\n\
            pub trait T {\n\tfn kept();\n\tfn gone(&self);\n}\n\
            impl T for u8 {\n\tfn kept() {}\n\tfn gone(&self) {}\n}\n\
            }\n}\n";
        let work = std::env::temp_dir().join(format!("xtask-dead-{}", std::process::id()));
        let pruned = remove_dead_code(bundle, 3, "", &work).unwrap();
        let _ = std::fs::remove_dir_all(&work);
        assert_eq!(
            pruned,
            "fn main() {\n\tm::f();\n}\n\
            #[allow(dead_code, unused_imports)]\nmod m {\n\
            pub use self::inner::f;\n\
            mod inner {\n\
            pub fn f() {\n\t<u8 as T>::kept();\n}\n\
            pub trait T {\n\tfn kept();\n}\n\
            impl T for u8 {\n\tfn kept() {}\n}\n\
            }\n}\n"
        );
    }

    #[test]
    fn a_bundle_that_does_not_compile_is_an_error() {
        let work = std::env::temp_dir().join(format!("xtask-dead-error-{}", std::process::id()));
        let error = remove_dead_code("fn main() {\n\tmissing();\n}\n", 3, "", &work).unwrap_err();
        let _ = std::fs::remove_dir_all(&work);
        assert!(error.starts_with("the bundle does not compile"), "{error}");
    }
}
