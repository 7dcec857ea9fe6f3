//! The bundler: one judge driver and the library code it uses, as one file.
//!
//! Judges compile a single source file with the standard library only. The
//! bundle of a driver is its own code followed by each workspace library it
//! needs, wrapped as a module named like the crate (`mod slide_core { ... }`),
//! in the way ac-library-rs's expander and cargo-equip lay files out:
//!
//! - a crate is the coarse unit: it is in the bundle when the driver, or a
//!   library in the bundle, names it;
//! - inside a crate each source file is a unit, also inside a folder: it
//!   becomes an inline module in its parent's, and is kept only when a kept
//!   text reaches it through a path (see `bundle`); modules are not
//!   indented further, and indentation is written with tabs, to keep files
//!   well under the judges' size caps (a file that would still pass 64 KiB
//!   loses its indentation: see `fit`);
//! - `crate::` in a library becomes `crate::<its crate>::`, and a path
//!   `slide_core::` becomes `crate::slide_core::`, so every path resolves
//!   inside the one file;
//! - doc comments, comment lines, inner attributes (`#![...]`, which would
//!   not be first in their module any more) and `#[cfg(test)] mod tests` are
//!   removed, as is any line that ends in `// not bundled`;
//! - a bundle has no Cargo features: a one-line item under
//!   `#[cfg(feature = "...")]` is removed, and `#[cfg(not(feature = "..."))]`
//!   is dropped from the item it guards;
//! - functions, constants, statics and type aliases nothing names, structs
//!   and enums nothing names outside their own `impl` blocks, and modules
//!   left empty are removed (see `remove_unused_items`);
//! - last, what the compiler's `dead_code` and `unused_imports` lints name
//!   is removed, run after run, until they name nothing more (see the
//!   `dead` module): a name that appears elsewhere is a weak witness of a
//!   use, and the compiler's walk from `main` is the strong one.
//!
//! Conventions the sources keep for this: a file's test module comes last;
//! a module is declared `mod name;` (in `lib.rs` or in a folder's
//! `mod.rs`), from `name.rs` or `name/mod.rs`; what a module offers its
//! parent's users it re-exports with `pub use` (a re-export is no use of
//! what it names); a judge driver's `Cargo.toml` has a
//! `[package.metadata.bundle]` table.
//!
//! # Invariant: bundles
//!
//! A bundle contains no `extern crate`, no dependency, no test,
//! and no doc comment; it compiles alone with `rustc --edition 2021`, and its
//! modules keep their names and nesting (`mod slide_core { mod board { ... }
//! }`). A file of a library is in it only when a path from the driver's code,
//! or from a file already in it, reaches the file or an item of it. Of what
//! those files hold, the items the compiler finds unreachable from `main` are
//! removed (fields and enum variants stay), and a bundle that does not compile
//! is an error of the bundler, not a file.

#![deny(missing_docs)]

pub mod cputime;
mod dead;

use itertools::Itertools;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))
}

/// The package name a `Cargo.toml` declares.
fn package_name(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        line.trim()
            .strip_prefix("name = \"")?
            .strip_suffix('"')
            .map(str::to_string)
    })
}

/// The names of the judge drivers: the packages in `bins/` whose manifest
/// has a `[package.metadata.bundle]` table, sorted.
pub fn judge_drivers(root: &Path) -> Result<Vec<String>, String> {
    let mut drivers = Vec::new();
    let bins = root.join("bins");
    for entry in fs::read_dir(&bins).map_err(|e| format!("reading {}: {e}", bins.display()))? {
        let manifest = read(&entry.map_err(|e| e.to_string())?.path().join("Cargo.toml"))?;
        if manifest.lines().any(|line| line.trim() == "[package.metadata.bundle]") {
            drivers.push(package_name(&manifest).ok_or("a driver manifest without a name")?);
        }
    }
    drivers.sort();
    Ok(drivers)
}

/// The oldest Rust that `driver`'s judges run, which its file must compile
/// on: `rust = "1.59"` in its `[package.metadata.bundle]` table, else
/// [`JUDGE_RUST`].
pub fn judge_rust(root: &Path, driver: &str) -> Result<String, String> {
    let manifest = read(&root.join("bins").join(driver).join("Cargo.toml"))?;
    let table = manifest
        .split("[package.metadata.bundle]")
        .nth(1)
        .ok_or_else(|| format!("{driver} is not a judge driver"))?;
    let version = table
        .lines()
        .take_while(|line| !line.trim_start().starts_with('['))
        .find_map(|line| line.trim().strip_prefix("rust = \"")?.strip_suffix('"'));
    Ok(version.unwrap_or(JUDGE_RUST).to_string())
}

/// The oldest Rust of the judges that take Rust (AtCoder, 2023 to 2025),
/// which every judge file compiles on unless its driver names an older one.
pub const JUDGE_RUST: &str = "1.70";

/// A workspace library, read as a tree of units: one per source file.
struct Library {
    /// The crate's name as written in paths (`slide_core`).
    ident: String,
    /// The files, `lib.rs` first (the root); a unit's children come after it.
    units: Vec<Unit>,
}

/// One source file of a library: the unit a bundle keeps or leaves out.
struct Unit {
    /// The module's name in its parent (empty for `lib.rs`).
    name: String,
    /// How its parent declares it: `mod`, `pub mod` or `pub(crate) mod`.
    declaration: String,
    /// The stripped source without its re-exports; each submodule's
    /// declaration is a line of `CHILD` and the child's unit index, where
    /// the child is written when it is kept.
    source: String,
    /// The re-exports (`pub use`, `pub(crate) use`) of units of the same
    /// library, flattened to one line each, with the unit each names.
    reexports: Vec<(String, usize)>,
    /// The unit that contains this one (`None` for the root).
    parent: Option<usize>,
    /// The types its `impl` blocks are for.
    impls: BTreeSet<String>,
    /// The names of its top-level items.
    items: BTreeSet<String>,
}

/// What marks a child's place in [`Unit::source`].
const CHILD: char = '\u{0}';

impl Library {
    fn read(dir: &Path) -> Result<Library, String> {
        let name = package_name(&read(&dir.join("Cargo.toml"))?).ok_or("a library manifest without a name")?;
        let mut library = Library {
            ident: name.replace('-', "_"),
            units: Vec::new(),
        };
        library.read_unit(
            &dir.join("src/lib.rs"),
            &dir.join("src"),
            String::new(),
            String::new(),
            None,
        )?;
        // Re-exports name units by path: resolve them once every unit is read.
        for index in 0..library.units.len() {
            let source = std::mem::take(&mut library.units[index].source);
            let mut kept = String::new();
            for statement in statements(&source) {
                let flat = statement.split_whitespace().join(" ");
                let path = ["pub use ", "pub(crate) use "]
                    .iter()
                    .find_map(|prefix| flat.strip_prefix(prefix));
                let segments: Vec<&str> = path.map_or(Vec::new(), |path| path.split("::").map(str::trim).collect());
                if let Some((target, _)) = library.module_of(index, &segments) {
                    library.units[index].reexports.push((format!("{flat}\n"), target));
                    continue;
                }
                kept.push_str(&statement);
            }
            library.units[index].source = kept;
        }
        Ok(library)
    }

    /// Reads the file `file` as a unit (its submodules from the folder
    /// `dir`), and its submodules after it; returns its index.
    fn read_unit(
        &mut self,
        file: &Path,
        dir: &Path,
        name: String,
        declaration: String,
        parent: Option<usize>,
    ) -> Result<usize, String> {
        let text = strip(&read(file)?).map_err(|e| format!("{}: {e}", file.display()))?;
        let index = self.units.len();
        self.units.push(Unit {
            name,
            declaration,
            source: String::new(),
            reexports: Vec::new(),
            parent,
            impls: impl_targets(&text),
            items: top_level_items(&text),
        });
        let mut source = String::new();
        for line in text.lines() {
            let flat = line.trim();
            let submodule = ["mod ", "pub mod ", "pub(crate) mod "]
                .iter()
                .find_map(|prefix| flat.strip_prefix(prefix)?.strip_suffix(';'));
            match submodule {
                Some(sub) if sub.chars().all(is_ident) => {
                    let declaration = flat[..flat.len() - sub.len() - 2].to_string();
                    let folder = dir.join(sub);
                    let file = match dir.join(format!("{sub}.rs")) {
                        file if file.exists() => file,
                        _ => folder.join("mod.rs"),
                    };
                    let child = self.read_unit(&file, &folder, sub.to_string(), declaration, Some(index))?;
                    source.push_str(&format!("{CHILD}{child}\n"));
                }
                _ => {
                    source.push_str(line);
                    source.push('\n');
                }
            }
        }
        self.units[index].source = source;
        Ok(index)
    }

    /// The module that the leading segments of `path`, written in unit
    /// `from`, lead to, and the segments after it; `None` when the path
    /// starts outside the library (`std::fmt`, another crate).
    fn module_of<'p>(&self, from: usize, path: &'p [&'p str]) -> Option<(usize, &'p [&'p str])> {
        let (&first, mut rest) = path.split_first()?;
        let mut at = match first {
            "crate" => 0,
            "self" => from,
            "super" => self.units[from].parent?,
            _ => self.child(from, first)?,
        };
        while let Some((&segment, after)) = rest.split_first() {
            let next = match segment {
                "super" => self.units[at].parent,
                "self" => Some(at),
                _ => self.child(at, segment),
            };
            match next {
                Some(next) => at = next,
                None => break,
            }
            rest = after;
        }
        Some((at, rest))
    }

    /// The child of unit `parent` named `name`.
    fn child(&self, parent: usize, name: &str) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.units[u].parent == Some(parent) && self.units[u].name == name)
    }

    /// Adds to `out` the units that the path `path`, written in unit
    /// `from`, needs: the module it leads to and, when it goes on to an
    /// item, the unit that defines that item (see [`Library::reach_item`]).
    /// A path that leaves the library (`std::fmt`) needs none of its units.
    fn reach(&self, from: usize, path: &[&str], out: &mut BTreeSet<usize>) {
        if let Some((at, rest)) = self.module_of(from, path) {
            out.insert(at);
            if let Some(&item) = rest.first() {
                self.reach_item(at, item, out);
            }
        }
    }

    /// Adds to `out` what the name `name` seen from unit `unit` needs: the
    /// unit itself if it defines the name; the unit a re-export of `unit`
    /// brings it from, followed there; and every unit with an `impl` block
    /// for it (the methods the library adds to the type).
    fn reach_item(&self, unit: usize, name: &str, out: &mut BTreeSet<usize>) {
        for (statement, target) in &self.units[unit].reexports {
            let path = statement.split_once(" use ").map_or("", |(_, path)| path);
            for (original, renamed) in reexported_names(path) {
                if renamed == name && out.insert(*target) {
                    self.reach_item(*target, &original, out);
                }
            }
        }
        for (u, other) in self.units.iter().enumerate() {
            if other.impls.contains(name) {
                out.insert(u);
            }
        }
    }

    /// Whether unit `unit` offers the name `name` in a bundle that keeps
    /// the units `kept`: as its own item, or through a re-export of a kept
    /// unit that offers it.
    fn provides(&self, unit: usize, name: &str, kept: &BTreeSet<usize>) -> bool {
        self.units[unit].items.contains(name)
            || self.units[unit].reexports.iter().any(|(statement, target)| {
                let path = statement.split_once(" use ").map_or("", |(_, path)| path);
                kept.contains(target)
                    && reexported_names(path)
                        .iter()
                        .any(|(original, renamed)| renamed == name && self.provides(*target, original, kept))
            })
    }

    /// The text of unit `index` in a bundle that keeps the units `kept`:
    /// its re-exports of kept units, then its source with each kept child
    /// written where it was declared.
    fn write(&self, index: usize, kept: &BTreeSet<usize>) -> String {
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

/// Splits the top level of `source` into statements and items: text up to a
/// `;` or a closing `}` at brace depth 0, each keeping its own lines.
fn statements(source: &str) -> Vec<String> {
    let mut statements = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    for line in source.lines() {
        current.push_str(line);
        current.push('\n');
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        let end = line.trim_end();
        // A child's place in a unit's source stands alone.
        if depth == 0 && (end.ends_with(';') || end.ends_with('}') || end.starts_with(CHILD)) {
            statements.push(std::mem::take(&mut current));
        }
    }
    if !current.trim().is_empty() {
        statements.push(current);
    }
    statements
}

/// The names a `use` path brings in, each with the name it takes:
/// `m::{A, B as C}` gives `(A, A)` and `(B, C)`.
fn reexported_names(path: &str) -> Vec<(String, String)> {
    let list = match (path.find('{'), path.rfind('}')) {
        (Some(open), Some(close)) => &path[open + 1..close],
        _ => path.rsplit("::").next().unwrap_or_default(),
    };
    list.trim_end_matches(';')
        .split(',')
        .filter_map(|item| {
            let words: Vec<&str> = item.split_whitespace().map(|w| w.trim_end_matches(';')).collect();
            Some((words.first()?.to_string(), words.last()?.to_string()))
        })
        .filter(|(name, _)| !name.is_empty())
        .collect()
}

/// `source` without doc comments, comment lines, lines marked
/// `// not bundled`, or its trailing `#[cfg(test)] mod tests`.
fn strip(source: &str) -> Result<String, String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut end = lines.len();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() == "#[cfg(test)]" {
            if !lines
                .get(i + 1)
                .is_some_and(|next| next.trim_start().starts_with("mod tests"))
            {
                return Err(format!(
                    "line {}: #[cfg(test)] on something other than the final `mod tests`",
                    i + 1
                ));
            }
            end = i;
            break;
        }
    }
    let mut out = String::new();
    let mut skip_next = false;
    for (i, line) in lines[..end].iter().enumerate() {
        let trimmed = line.trim();
        if std::mem::take(&mut skip_next) {
            if !trimmed.ends_with(';') {
                return Err(format!("line {}: a feature-gated item must fit on one line", i + 1));
            }
            continue;
        }
        if trimmed.starts_with("#[cfg(feature = ") {
            skip_next = true;
            continue;
        }
        if trimmed.starts_with("#[cfg(not(feature = ")
            || trimmed.starts_with("#![")
            || trimmed.starts_with("//")
            || trimmed.ends_with("// not bundled")
        {
            continue;
        }
        if trimmed.is_empty() && (out.is_empty() || out.ends_with("\n\n")) {
            continue;
        }
        // Indentation is rewritten with tabs, a quarter of the bytes, which
        // would change a string literal that spans lines: refuse those.
        if (line.matches('"').count() - line.matches("\\\"").count()) % 2 == 1 {
            return Err(format!(
                "line {}: a string literal spans lines, which bundling would alter",
                i + 1
            ));
        }
        let spaces = line.len() - line.trim_start_matches(' ').len();
        out.push_str(&"\t".repeat(spaces / 4));
        out.push_str(&" ".repeat(spaces % 4));
        out.push_str(line.trim());
        out.push('\n');
    }
    Ok(join_uses(out.trim_end()) + "\n")
}

/// `source` with each `use` declaration that spans lines joined into one,
/// as the pruning of imports reads them (see [`use_list`]).
fn join_uses(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut open: Option<String> = None;
    for line in source.lines() {
        if let Some(statement) = open.as_mut() {
            let part = line.trim();
            if !statement.ends_with('{') && !part.starts_with('}') {
                statement.push(' ');
            }
            statement.push_str(part);
            if part.ends_with(';') {
                out.push_str(&statement.replace(",}", "}"));
                out.push('\n');
                open = None;
            }
            continue;
        }
        let trimmed = line.trim_start();
        let starts = ["use ", "pub use ", "pub(crate) use "]
            .iter()
            .any(|p| trimmed.starts_with(p));
        if starts && !line.trim_end().ends_with(';') {
            open = Some(line.trim_end().to_string());
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if let Some(statement) = open {
        out.push_str(&statement);
    }
    out.trim_end().to_string()
}

/// Whether `c` can be part of an identifier.
fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifiers of `text`.
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()).collect()
}

/// The names of the items at the top level of `source` (not inside an
/// `impl` block, a trait or a nested module): see [`item`].
fn top_level_items(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut depth = 0i32;
    for line in source.lines() {
        if depth == 0 {
            if let Some((_, name)) = item(line) {
                names.insert(name.to_string());
            }
        }
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
    }
    names
}

/// The kind and name of the item `line` starts to define, if it starts
/// one: a function (also `const fn`), struct, enum, trait, constant, static
/// or type alias, with any visibility.
fn item(line: &str) -> Option<(&'static str, &str)> {
    let trimmed = line.trim_start();
    let rest = ["pub(crate) ", "pub(super) ", "pub ", ""]
        .iter()
        .find_map(|visibility| trimmed.strip_prefix(visibility))?;
    let rest = rest
        .strip_prefix("const fn ")
        .map_or(rest, |name| &rest[rest.len() - name.len() - 3..]);
    let (kind, rest) = ["fn", "struct", "enum", "trait", "const", "static", "type"]
        .iter()
        .find_map(|&kind| Some((kind, rest.strip_prefix(kind)?.strip_prefix(' ')?)))?;
    let name = rest.split(|c: char| !is_ident(c)).next()?;
    (!name.is_empty()).then_some((kind, name))
}

/// The name of the function, constant, static or type alias that `line`
/// starts to define, if it starts one: the items that go when nothing
/// names them.
fn prunable_name(line: &str) -> Option<&str> {
    item(line)
        .filter(|(kind, _)| ["fn", "const", "static", "type"].contains(kind))
        .map(|(_, name)| name)
}

/// The paths `text` names, each as its segments: every path of a `use`
/// declaration, braces expanded (`use a::{b, c::d as e};` names `a::b` and
/// `a::c::d`), and every other path of two segments or more, from its first
/// segment (`f(a::b::C)` names `a::b::C`).
fn paths(text: &str) -> Vec<Vec<&str>> {
    let mut found = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let declaration = ["use ", "pub use ", "pub(crate) use "]
            .iter()
            .find_map(|prefix| trimmed.strip_prefix(prefix));
        if let Some(tree) = declaration {
            let start = offset + line.len() - tree.len();
            let end = text[start..].find(';').map_or(text.len(), |at| start + at);
            expand_use(&mut Vec::new(), &text[start..end], &mut found);
        }
        offset += line.len();
    }
    let mut from = 0;
    while let Some(at) = text[from..].find("::").map(|at| from + at) {
        from = at + 2;
        let head_start = text[..at].trim_end_matches(is_ident).len();
        if text[..head_start].ends_with("::") || head_start == at {
            continue;
        }
        let mut segments = vec![&text[head_start..at]];
        let mut tail = &text[at..];
        while let Some(after) = tail.strip_prefix("::") {
            let end = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
            if end == 0 {
                break;
            }
            segments.push(&after[..end]);
            tail = &after[end..];
        }
        // `a::{b, c}` is a `use` tree, read above.
        if segments.len() > 1 {
            found.push(segments);
        }
    }
    found
}

/// Adds to `out` the paths of the `use` tree `tree` under `prefix`.
fn expand_use<'t>(prefix: &mut Vec<&'t str>, tree: &'t str, out: &mut Vec<Vec<&'t str>>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or_default();
        let mut segments = prefix.clone();
        segments.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()));
        // `a::{self, b}` names `a` itself.
        if segments.len() > 1 && segments.last() == Some(&"self") {
            segments.pop();
        }
        if !segments.is_empty() {
            out.push(segments);
        }
        return;
    };
    let close = tree.rfind('}').unwrap_or(tree.len());
    let depth = prefix.len();
    prefix.extend(tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()));
    let inner = &tree[open + 1..close.max(open + 1)];
    let (mut level, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                expand_use(prefix, &inner[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        expand_use(prefix, &inner[start..], out);
    }
    prefix.truncate(depth);
}

/// The types that `impl` blocks at the start of a line of `source` are for:
/// `Board` for `impl Board {` and for `impl fmt::Display for Board {`.
fn impl_targets(source: &str) -> BTreeSet<String> {
    source.lines().filter_map(impl_target).collect()
}

/// The type of the `impl` block that `line` opens, if it opens one (see
/// [`impl_targets`]).
fn impl_target(line: &str) -> Option<String> {
    let header = impl_header(line)?;
    let target = header.rsplit(" for ").next()?.trim().trim_start_matches('&');
    // A reference's lifetime: `&'a Name`.
    let target = match target.strip_prefix('\'') {
        Some(lifetime) => lifetime.split_once(' ')?.1.trim_start(),
        None => target,
    };
    let name: String = target.chars().take_while(|&c| is_ident(c)).collect();
    (!name.is_empty()).then_some(name)
}

/// What follows `impl` and its generic parameters on a line that opens an
/// `impl` block, up to its body: `Name<T>` for `impl<T: Into<u8>> Name<T> {`.
fn impl_header(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("impl")?;
    let rest = match rest.strip_prefix('<') {
        // The parameters end where their angle brackets balance.
        Some(_) => {
            let mut depth = 0;
            let end = rest.char_indices().find_map(|(i, c)| {
                depth += match c {
                    '<' => 1,
                    '>' => -1,
                    _ => 0,
                };
                (depth == 0).then_some(i)
            })?;
            &rest[end + 1..]
        }
        None if rest.starts_with(' ') => rest,
        None => return None,
    };
    rest.split('{').next()
}

/// The name of the struct or enum that `line` starts to define, if it does.
fn type_name(line: &str) -> Option<&str> {
    item(line)
        .filter(|(kind, _)| ["struct", "enum"].contains(kind))
        .map(|(_, name)| name)
}

/// Replaces each path prefix `from` that starts a path (not preceded by an
/// identifier character or `::`) with `to`.
fn rewrite_prefix(text: &str, from: &str, to: &str) -> String {
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

/// The bundle of the judge driver `driver`: one file that `rustc` compiles alone.
pub fn bundle(root: &Path, driver: &str) -> Result<String, String> {
    let dir = root.join("bins").join(driver);
    let driver_ident = driver.replace('-', "_");
    let mut driver_code = strip(&read(&dir.join("src/lib.rs"))?)?;
    if let Ok(main) = fs::read_to_string(dir.join("src/main.rs")) {
        driver_code.push('\n');
        driver_code.push_str(&strip(&main)?);
    }
    driver_code = rewrite_prefix(&driver_code, &format!("{driver_ident}::"), "crate::");

    let mut libraries = Vec::new();
    let crates = root.join("crates");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&crates)
        .map_err(|e| format!("reading {}: {e}", crates.display()))?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .collect();
    dirs.sort();
    for dir in dirs {
        libraries.push(Library::read(&dir)?);
    }

    // Which units of which library the driver reaches: a fixed point over
    // the texts kept so far. A unit is kept when a kept text names it or an
    // item of it through a path (a `use` declaration, `slide_core::Board`,
    // `super::split::views`; see [`Library::reach`]), with the units that
    // contain it; a non-root unit also uses what it re-exports when its
    // code names it. A library's root comes with its first use. A variant
    // such as `SearchError::Heuristic` is no use of a trait `Heuristic`.
    let mut kept: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); libraries.len()];
    let mut texts: Vec<(Option<(usize, usize)>, String)> = vec![(None, driver_code.clone())];
    let mut seen = 0;
    while seen < texts.len() {
        let (owner, text) = std::mem::take(&mut texts[seen]);
        seen += 1;
        let mut reached: Vec<(usize, BTreeSet<usize>)> = Vec::new();
        for path in paths(&text) {
            if let Some(index) = libraries.iter().position(|l| l.ident == path[0]) {
                let mut units = BTreeSet::from([0]);
                if let Some(item) = path.get(1) {
                    let library = &libraries[index];
                    match library.child(0, item) {
                        Some(_) => library.reach(0, &path[1..], &mut units),
                        None => library.reach_item(0, item, &mut units),
                    }
                }
                reached.push((index, units));
            } else if let Some((index, unit)) = owner {
                let mut units = BTreeSet::new();
                libraries[index].reach(unit, &path, &mut units);
                reached.push((index, units));
            }
        }
        if let Some((index, unit)) = owner.filter(|&(_, unit)| unit != 0) {
            let words = words(&text);
            let library = &libraries[index];
            let mut units = BTreeSet::new();
            for (statement, _) in &library.units[unit].reexports {
                let path = statement.split_once(" use ").map_or("", |(_, path)| path);
                for (_, renamed) in reexported_names(path) {
                    if words.contains(renamed.as_str()) {
                        library.reach_item(unit, &renamed, &mut units);
                    }
                }
            }
            reached.push((index, units));
        }
        for (index, units) in reached {
            let library = &libraries[index];
            for mut u in units {
                while kept[index].insert(u) {
                    texts.push((Some((index, u)), library.units[u].source.clone()));
                    match library.units[u].parent {
                        Some(parent) => u = parent,
                        None => break,
                    }
                }
            }
        }
    }

    let mut out = format!(
        "// {driver}: generated by `cargo xtask bundle {driver}` from the slide workspace.\n\
         // One file, standard library only; the modules below are the workspace's crates.\n\n"
    );
    let rewrite = |text: &str, owner: &Library| {
        let mut text = rewrite_prefix(text, "crate::", &format!("crate::{}::", owner.ident));
        for library in &libraries {
            text = rewrite_prefix(
                &text,
                &format!("{}::", library.ident),
                &format!("crate::{}::", library.ident),
            );
        }
        text
    };
    let mut driver_text = driver_code;
    for library in &libraries {
        driver_text = rewrite_prefix(
            &driver_text,
            &format!("{}::", library.ident),
            &format!("crate::{}::", library.ident),
        );
    }
    out.push_str(&driver_text);
    // The driver's own functions stay: a judge may call them (LeetCode).
    let protected = out.lines().count();
    for (library, kept) in libraries.iter().zip(&kept) {
        if kept.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "\n{}\nmod {} {{\n{}}}\n",
            dead::QUIET,
            library.ident,
            rewrite(&library.write(0, kept), library)
        ));
    }
    let pruned = remove_unused_items(&out, protected);
    let work = root.join("target/bundle-work").join(driver);
    Ok(fit(dead::remove_dead_code(
        &pruned,
        protected,
        &harness(root, driver)?,
        &work,
    )?))
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
fn fit(bundle: String) -> String {
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

/// A `use` declaration on one line with at most one list, `pub use
/// path::{a, b as c};` or `use path::a;`: what comes before its path
/// (indentation, visibility, `use `), its path and its items; `None` for
/// any other line.
fn use_list(line: &str) -> Option<(&str, &str, Vec<&str>)> {
    let trimmed = line.trim_start();
    let rest = ["use ", "pub use ", "pub(crate) use "]
        .iter()
        .find_map(|prefix| trimmed.strip_prefix(prefix))?;
    let head = &line[..line.len() - rest.len()];
    let rest = rest.trim_end().strip_suffix(';')?;
    let (path, items) = match rest.strip_suffix('}') {
        Some(list) => list.split_once("::{")?,
        None => rest.rsplit_once("::")?,
    };
    if items.contains('{') || path.contains('{') {
        return None;
    }
    Some((
        head,
        path,
        items
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .collect(),
    ))
}

/// `source` without the functions and the types nothing uses
/// ([`remove_unused_functions`], [`remove_unused_types`]), until neither
/// finds one: removing a type's `impl` blocks can leave a function unused,
/// and removing a function a type.
fn remove_unused_items(source: &str, protected: usize) -> String {
    let mut text = source.to_string();
    loop {
        let next = remove_unused_types(&remove_unused_functions(&text, protected), protected);
        if next == text {
            return remove_empty_modules(&remove_unused_imports(&text, protected));
        }
        text = next;
    }
}

/// `source` without the names that the libraries' `use` declarations (after
/// the first `protected` lines) bring from the bundle itself (`crate::`,
/// `self::`, `super::`) into a module that does not name them: left by the
/// items removed. Traits stay, since a module may call their methods
/// without naming them, and so do re-exports (`pub use`), for other modules.
fn remove_unused_imports(source: &str, protected: usize) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let traits: BTreeSet<&str> = lines
        .iter()
        .filter_map(|line| item(line).filter(|(kind, _)| *kind == "trait").map(|(_, name)| name))
        .collect();
    // The module each line is in, by the line that opens it (`None` at the
    // top), and the words each module's other lines name.
    let mut module_of: Vec<Option<usize>> = Vec::with_capacity(lines.len());
    let mut open: Vec<(usize, i32)> = Vec::new();
    let mut depth = 0i32;
    for (i, line) in lines.iter().enumerate() {
        let opens_module = ["mod ", "pub mod ", "pub(crate) mod "]
            .iter()
            .any(|prefix| line.trim_start().starts_with(prefix) && line.trim_end().ends_with('{'));
        module_of.push(open.last().map(|&(start, _)| start));
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        if opens_module {
            open.push((i, depth));
        }
        while open.last().is_some_and(|&(_, opened)| depth < opened) {
            open.pop();
        }
    }
    let mut named: BTreeMap<Option<usize>, BTreeSet<&str>> = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        if use_list(line).is_none() {
            named.entry(module_of[i]).or_default().extend(words(line));
        }
    }
    let mut out = String::with_capacity(source.len());
    for (i, line) in lines.iter().enumerate() {
        let imports = use_list(line).filter(|(head, path, _)| {
            i >= protected
                && !head.trim_start().starts_with("pub")
                && ["crate", "self", "super"].iter().any(|root| path.starts_with(root))
        });
        let Some((head, path, items)) = imports else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let used = named.get(&module_of[i]);
        let count = items.len();
        let kept: Vec<&str> = items
            .into_iter()
            .filter(|item| {
                let local = item.rsplit(" as ").next().unwrap_or_default().trim();
                let original = item.split(" as ").next().unwrap_or_default().trim();
                local == "_"
                    || item.contains('*')
                    || traits.contains(original)
                    || used.is_some_and(|used| used.contains(local))
            })
            .collect();
        if kept.len() == count {
            out.push_str(line);
            out.push('\n');
        } else if !kept.is_empty() {
            out.push_str(&use_line(head, path, &kept));
        }
    }
    out
}

/// A `use` declaration on one line: `head` (indentation, visibility and
/// `use `), `path` and `items`, without braces around a single item.
fn use_line(head: &str, path: &str, items: &[&str]) -> String {
    match items {
        [item] if !item.contains(' ') => format!("{head}{path}::{item};\n"),
        _ => format!("{head}{path}::{{{}}};\n", items.join(", ")),
    }
}

/// `source` without the modules left empty (nothing in them but `use`
/// declarations) whose name appears nowhere else, and without the blank
/// lines that removing items left: at most one in a row, none after an
/// opening brace or before a closing one.
fn remove_empty_modules(source: &str) -> String {
    let mut text = source.to_string();
    loop {
        let lines: Vec<&str> = text.lines().collect();
        let counts = word_counts(&lines, lines.len());
        let empty = (0..lines.len()).find_map(|i| {
            let name = ["mod ", "pub mod ", "pub(crate) mod "]
                .iter()
                .find_map(|prefix| lines[i].trim().strip_prefix(prefix)?.strip_suffix(" {"))?;
            let end = item_end(&lines, i);
            let only_uses = lines[i + 1..end].iter().all(|line| {
                let line = line.trim();
                line.is_empty() || line.starts_with("use ")
            });
            (only_uses && counts.get(name) == Some(&occurrences(&lines[i..=end], name))).then_some((i, end))
        });
        let Some((start, end)) = empty else {
            break;
        };
        let mut removed = [(attributes_start(&lines, start), end)];
        text = without(&lines, &mut removed, &BTreeSet::new(), lines.len());
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines.iter().enumerate() {
        let blank = line.trim().is_empty();
        let after_open = i > 0 && (lines[i - 1].trim().is_empty() || lines[i - 1].trim_end().ends_with('{'));
        let before_close = lines.get(i + 1).is_some_and(|next| next.trim_start().starts_with('}'));
        if blank && (after_open || before_close) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// How many times each word appears in `lines`, where a library's `use`
/// declaration (`use m::{f, g};`, after the first `protected` lines) does
/// not count the names it brings in, unless renamed (`f as g`): a name
/// only imported is not used.
fn word_counts<'t>(lines: &[&'t str], protected: usize) -> BTreeMap<&'t str, usize> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (index, line) in lines.iter().enumerate() {
        let counted: Vec<&str> = match use_list(line).filter(|_| index >= protected) {
            Some((_, path, items)) => std::iter::once(path)
                .chain(items.into_iter().filter(|item| item.contains(" as ")))
                .collect(),
            None => vec![line],
        };
        for word in counted.iter().flat_map(|text| text.split(|c: char| !is_ident(c))) {
            if !word.is_empty() {
                *counts.entry(word).or_default() += 1;
            }
        }
    }
    counts
}

/// The last line of the item whose header starts on line `start` (and may
/// span lines): where the depth of braces comes back after its body opened,
/// or the line that ends with `;` if no body opens first.
fn item_end(lines: &[&str], start: usize) -> usize {
    let (mut end, mut inner, mut opened) = (start, 0i32, false);
    loop {
        let line = lines[end];
        inner += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        opened |= line.contains('{');
        let done = if opened {
            inner <= 0
        } else {
            line.trim_end().ends_with(';')
        };
        if done || end + 1 == lines.len() {
            return end;
        }
        end += 1;
    }
}

/// The first line of the attributes above line `line` (`line` if none).
fn attributes_start(lines: &[&str], line: usize) -> usize {
    let mut start = line;
    while start > 0 && lines[start - 1].trim().starts_with("#[") {
        start -= 1;
    }
    start
}

/// How many times `name` appears as a word in `lines`.
fn occurrences(lines: &[&str], name: &str) -> usize {
    lines
        .iter()
        .flat_map(|line| line.split(|c: char| !is_ident(c)))
        .filter(|w| *w == name)
        .count()
}

/// `lines` without the line ranges of `removed` (inclusive, in any order,
/// not overlapping), and with the names in `removed_names` that no item
/// left defines taken out of the libraries' `use` declarations that bring
/// them from the bundle itself (`crate::`; the line goes when none is left).
fn without(lines: &[&str], removed: &mut [(usize, usize)], removed_names: &BTreeSet<&str>, protected: usize) -> String {
    removed.sort_unstable();
    let mut left: Vec<(usize, &str)> = Vec::with_capacity(lines.len());
    let mut next = 0;
    for (index, line) in lines.iter().enumerate() {
        while next < removed.len() && index > removed[next].1 {
            next += 1;
        }
        if next < removed.len() && (removed[next].0..=removed[next].1).contains(&index) {
            continue;
        }
        left.push((index, line));
    }
    let defined: BTreeSet<&str> = left
        .iter()
        .filter_map(|(_, line)| item(line).map(|(_, name)| name))
        .collect();
    let gone = |item: &str| {
        let name = item.split(" as ").next().unwrap_or_default().trim();
        removed_names.contains(name) && !defined.contains(name)
    };
    let mut kept = String::with_capacity(lines.iter().map(|line| line.len() + 1).sum());
    for (index, line) in left {
        match use_list(line).filter(|_| index >= protected) {
            Some((head, path, items))
                if ["crate", "self", "super"].iter().any(|root| path.starts_with(root))
                    && items.iter().any(|item| gone(item)) =>
            {
                let items: Vec<&str> = items.into_iter().filter(|item| !gone(item)).collect();
                if !items.is_empty() {
                    kept.push_str(&use_line(head, path, &items));
                }
            }
            _ => {
                kept.push_str(line);
                kept.push('\n');
            }
        }
    }
    kept
}

/// `source` without the functions nothing calls: free functions and methods
/// of inherent `impl` blocks whose name appears nowhere else in the file,
/// with the attributes above them, until none is left. Methods of trait
/// `impl` blocks and of traits stay: a trait may need them. A name that
/// appears anywhere else (even as another item's name) keeps the function,
/// and so do the first `protected` lines (the driver's own code). A library's
/// re-export of a function (`pub use m::{f, g};`) is not a use: it loses the
/// names of the functions removed, and the whole line when none is left.
fn remove_unused_functions(source: &str, protected: usize) -> String {
    let mut text = source.to_string();
    loop {
        let lines: Vec<&str> = text.lines().collect();
        let counts = word_counts(&lines, protected);
        let mut removed_names: BTreeSet<&str> = BTreeSet::new();
        let mut removed: Vec<(usize, usize)> = Vec::new();
        // The depths at which a trait or a trait `impl` block opened.
        let mut kept_blocks: Vec<i32> = Vec::new();
        let mut depth = 0i32;
        let mut i = 0;
        while i < lines.len() {
            let trimmed = lines[i].trim();
            let opens = lines[i].matches('{').count() as i32 - lines[i].matches('}').count() as i32;
            let is_trait_block = (trimmed.starts_with("impl") && trimmed.contains(" for "))
                || trimmed.starts_with("trait ")
                || trimmed.starts_with("pub trait ")
                || trimmed.starts_with("pub(crate) trait ");
            if is_trait_block && trimmed.ends_with('{') {
                kept_blocks.push(depth);
            }
            let name = prunable_name(trimmed);
            if let (Some(name), true) = (name, kept_blocks.is_empty() && i >= protected) {
                let end = item_end(&lines, i);
                let own = occurrences(&lines[i..=end], name);
                if !name.is_empty() && name != "main" && counts.get(name).copied().unwrap_or(0) == own {
                    removed.push((attributes_start(&lines, i), end));
                    removed_names.insert(name);
                    i = end + 1;
                    continue;
                }
            }
            depth += opens;
            while kept_blocks.last().is_some_and(|&opened| depth <= opened) {
                kept_blocks.pop();
            }
            i += 1;
        }
        if removed.is_empty() {
            return text;
        }
        text = without(&lines, &mut removed, &removed_names, protected);
    }
}

/// `source` without the structs and enums nothing uses: a type whose name
/// appears only in its own definition and in its `impl` blocks (inherent or
/// of a trait) goes with those blocks and the attributes above them, until
/// none is left. The first `protected` lines stay, and a re-export of a type
/// removed loses its name, as in [`remove_unused_functions`].
fn remove_unused_types(source: &str, protected: usize) -> String {
    let mut text = source.to_string();
    loop {
        let lines: Vec<&str> = text.lines().collect();
        let counts = word_counts(&lines, protected);
        let mut impls: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
        for (i, line) in lines.iter().enumerate().skip(protected) {
            if let Some(target) = impl_target(line) {
                impls
                    .entry(target)
                    .or_default()
                    .push((attributes_start(&lines, i), item_end(&lines, i)));
            }
        }
        let mut removed_names: BTreeSet<&str> = BTreeSet::new();
        let mut removed: Vec<(usize, usize)> = Vec::new();
        for (i, line) in lines.iter().enumerate().skip(protected) {
            let Some(name) = type_name(line) else {
                continue;
            };
            let spans: Vec<(usize, usize)> = std::iter::once((attributes_start(&lines, i), item_end(&lines, i)))
                .chain(impls.get(name).into_iter().flatten().copied())
                .collect();
            let own: usize = spans
                .iter()
                .map(|&(start, end)| occurrences(&lines[start..=end], name))
                .sum();
            if counts.get(name).copied().unwrap_or(0) == own && removed_names.insert(name) {
                removed.extend(spans);
            }
        }
        if removed.is_empty() {
            return text;
        }
        text = without(&lines, &mut removed, &removed_names, protected);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_rewritten_only_where_they_start() {
        assert_eq!(
            rewrite_prefix(
                "use slide_core::{Board}; x::slide_core::y; my_slide_core::z",
                "slide_core::",
                "crate::slide_core::"
            ),
            "use crate::slide_core::{Board}; x::slide_core::y; my_slide_core::z"
        );
    }

    #[test]
    fn paths_are_read_from_uses_and_code() {
        let text =
            "use a::{B, c::{D as E, self}};\nfn f() -> G { lib::F(H::I) + crate::m::J }\nenum K { Board(Mismatch) }";
        let found: Vec<String> = paths(text).into_iter().map(|p| p.join("::")).collect();
        assert_eq!(found, ["a::B", "a::c::D", "a::c", "lib::F", "H::I", "crate::m::J"]);
        assert_eq!(paths("x::y::z(); w::v")[1], ["w", "v"]);
    }

    #[test]
    fn impl_blocks_name_their_types() {
        let source = "impl Board {\n}\nimpl fmt::Display for Grid<'_> {\n}\n    impl<T> PerShape<T> {\n}\n";
        let found: Vec<String> = impl_targets(source).into_iter().collect();
        assert_eq!(found, ["Board", "Grid", "PerShape"]);
    }

    #[test]
    fn functions_nothing_calls_are_removed() {
        let source = "fn main() {\n\tused();\n}\n#[inline]\nfn used() {\n\tinner();\n}\nfn inner() {}\n#[cold]\nfn unused() {\n\tgone();\n}\nfn gone(\n\ta: u8,\n) -> u8 {\n\ta\n}\nimpl Display for X {\n\tfn fmt(&self) {}\n}\nimpl X {\n\tpub fn method(&self) {\n\t}\n}\n";
        assert_eq!(
            remove_unused_functions(source, 0),
            "fn main() {\n\tused();\n}\n#[inline]\nfn used() {\n\tinner();\n}\nfn inner() {}\nimpl Display for X {\n\tfn fmt(&self) {}\n}\nimpl X {\n}\n"
        );
    }

    #[test]
    fn reexports_of_removed_functions_go_with_them() {
        let source = "fn main() {\n\tm::kept();\n}\nmod m {\n\tpub use self::a::{gone, kept, Type};\n\tpub use self::b::alone;\n\tpub use self::c::{renamed as other};\nfn gone() {}\npub fn kept() {}\npub fn alone() {}\nfn renamed() {}\n}\n";
        assert_eq!(
            remove_unused_functions(source, 3),
            "fn main() {\n\tm::kept();\n}\nmod m {\n\tpub use self::a::{kept, Type};\n\tpub use self::c::{renamed as other};\npub fn kept() {}\nfn renamed() {}\n}\n"
        );
        assert_eq!(
            use_list("pub use a::b::{C, d as e};"),
            Some(("pub use ", "a::b", vec!["C", "d as e"]))
        );
        assert_eq!(use_list("\tuse a::f;"), Some(("\tuse ", "a", vec!["f"])));
        assert_eq!(use_list("use a::{b::{c, d}, e};"), None);
    }

    #[test]
    fn types_nothing_uses_are_removed_with_their_impls() {
        let source = "fn main() {\n\tm::Used::new();\n}\nmod m {\n\tpub use self::a::{Inner, Lone, Used};\n#[derive(Clone)]\npub struct Used;\nimpl Used {\n\tpub fn new() -> Used {\n\t\tUsed\n\t}\n}\npub struct Lone<T>(T);\nimpl<T> Lone<T> {\n\tfn get(&self) -> Inner {\n\t\tInner::A\n\t}\n}\nimpl<'a, T> fmt::Display for &'a Lone<T> {\n}\npub(crate) enum Inner {\n\tA,\n}\nstruct Named;\nconst N: Named = Named;\n}\n";
        // `N` names `Named`, but nothing names `N`: both go.
        assert_eq!(
            remove_unused_items(source, 3),
            "fn main() {\n\tm::Used::new();\n}\nmod m {\n\tpub use self::a::Used;\n#[derive(Clone)]\npub struct Used;\nimpl Used {\n\tpub fn new() -> Used {\n\t\tUsed\n\t}\n}\n}\n"
        );
        assert_eq!(
            impl_target("impl<'a> Heuristic for &'a AdditivePdb {"),
            Some("AdditivePdb".to_string())
        );
        assert_eq!(impl_target("implement();"), None);
        assert_eq!(
            impl_target("impl<'a, I: Iterator<Item = Symbol<'a>>> Boards<'a, I> {"),
            Some("Boards".to_string())
        );
        // The driver's own types stay, used or not.
        let driver = "struct Args;\nfn main() {}\nmod m {\nstruct Gone;\n}\n";
        assert_eq!(remove_unused_items(driver, 2), "struct Args;\nfn main() {}\n");
        assert_eq!(type_name("\tpub(crate) struct View {"), Some("View"));
        assert_eq!(type_name("pub enum SearchError {"), Some("SearchError"));
        assert_eq!(type_name("pub fn f() {"), None);
    }

    #[test]
    fn constants_and_statics_nothing_names_are_removed() {
        let source = "fn main() {\n\tm::f();\n}\nmod m {\nconst USED: u8 = 1;\npub(crate) const UNUSED: u8 = 2;\nstatic TABLE: [u8; 2] = [0; 2];\ntype Alias = u8;\npub fn f() -> u8 {\n\tUSED\n}\nimpl T for X {\n\tconst C: u8 = 0;\n}\nmod empty {\n}\n}\n";
        assert_eq!(
            remove_unused_items(source, 3),
            "fn main() {\n\tm::f();\n}\nmod m {\nconst USED: u8 = 1;\npub fn f() -> u8 {\n\tUSED\n}\nimpl T for X {\n\tconst C: u8 = 0;\n}\n}\n"
        );
    }

    #[test]
    fn a_file_too_large_loses_its_indentation() {
        let small = "fn f() {\n\tg();\n}\n".to_string();
        assert_eq!(fit(small.clone()), small);
        let large = "fn f() {\n\tg();\n}\n".repeat(MAX_BYTES / 10);
        let flat = fit(large);
        assert!(flat.starts_with("fn f() {\ng();\n}\n") && !flat.contains('\t'));
    }

    #[test]
    fn reexports_are_read() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            reexported_names("board::{Board, Grid as G};"),
            [pair("Board", "Board"), pair("Grid", "G")]
        );
        assert_eq!(
            reexported_names("heuristic::Heuristic;"),
            [pair("Heuristic", "Heuristic")]
        );
    }

    #[test]
    fn tests_and_comments_are_stripped() {
        let source = "//! Docs.\nuse a::b;\n\n\n/// Doc.\nfn f() {} // keep\nstruct S; // not bundled\n#[cfg(test)]\nmod tests {\n}\n";
        assert_eq!(strip(source).unwrap(), "use a::b;\n\nfn f() {} // keep\n");
        assert_eq!(
            strip("fn f() {\n        g(\"a \\\" b\");\n }\n").unwrap(),
            "fn f() {\n\t\tg(\"a \\\" b\");\n }\n"
        );
        assert!(strip("const S: &str = \"one\n  two\";\n").is_err());
        let gated =
            "#[cfg(feature = \"fast\")]\ntype M = fast::Map;\n#[cfg(not(feature = \"fast\"))]\ntype M = std::Map;\n";
        assert_eq!(strip(gated).unwrap(), "type M = std::Map;\n");
        assert!(strip("#[cfg(test)]\nfn helper() {}\n").is_err());
        assert_eq!(
            strip("use a::{\n    b::{C, D},\n    e,\n};\nfn f() {}\n").unwrap(),
            "use a::{b::{C, D}, e};\nfn f() {}\n"
        );
    }
}
