//! The bundler: one judge driver and the library code it uses, as one file.
//!
//! Judges compile a single source file with the standard library only. The
//! bundle of a driver is its own code followed by each workspace library it
//! needs, wrapped as a module named like the crate (`mod slide_core { ... }`),
//! in the way ac-library-rs's expander and cargo-equip lay files out:
//!
//! - each library module file becomes an inline module inside its crate's
//!   module, and only the modules the driver reaches are kept; modules are
//!   not indented further, and indentation is written with tabs, to keep
//!   files well under the judges' size caps;
//! - `crate::` in a library becomes `crate::<its crate>::`, and a path
//!   `slide_core::` becomes `crate::slide_core::`, so every path resolves
//!   inside the one file;
//! - doc comments, comment lines, inner attributes (`#![...]`, which would
//!   not be first in their module any more) and `#[cfg(test)] mod tests` are
//!   removed, as is any line that ends in `// not bundled`;
//! - a bundle has no Cargo features: a one-line item under
//!   `#[cfg(feature = "...")]` is removed, and `#[cfg(not(feature = "..."))]`
//!   is dropped from the item it guards.
//! - functions nothing calls, and structs and enums nothing names outside
//!   their own `impl` blocks, are removed (see `remove_unused_items`).
//!
//! Conventions the sources keep for this: a file's test module comes last;
//! library modules are declared `mod name;` in `lib.rs` and re-exported with
//! `pub use crate::name::...;`; a module may be a folder (`name/mod.rs`),
//! whose own `mod sub;` lines are inlined with it, and is then kept or left
//! out whole; a judge driver's `Cargo.toml` has a
//! `[package.metadata.bundle]` table.

#![deny(missing_docs)]

pub mod cputime;

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

/// A workspace library, read and split into its parts.
struct Library {
    /// The crate's name as written in paths (`slide_core`).
    ident: String,
    /// `lib.rs` without its module declarations and re-exports.
    root: String,
    /// The modules declared in `lib.rs`, by name: `(declaration, source)`,
    /// the declaration being `mod` or `pub mod`.
    modules: BTreeMap<String, (String, String)>,
    /// Every re-exported name and the module it comes from.
    exports: BTreeMap<String, String>,
    /// The re-export statements, each with the module it comes from.
    reexports: Vec<(String, String)>,
}

impl Library {
    fn read(dir: &Path) -> Result<Library, String> {
        let name = package_name(&read(&dir.join("Cargo.toml"))?).ok_or("a library manifest without a name")?;
        let lib = strip(&read(&dir.join("src/lib.rs"))?)?;
        let mut library = Library {
            ident: name.replace('-', "_"),
            root: String::new(),
            modules: BTreeMap::new(),
            exports: BTreeMap::new(),
            reexports: Vec::new(),
        };
        for statement in statements(&lib) {
            let flat = statement.split_whitespace().join(" ");
            if let Some(module) = flat.strip_prefix("mod ").or_else(|| flat.strip_prefix("pub mod ")) {
                if let Some(module) = module.strip_suffix(';') {
                    let declaration = if flat.starts_with("pub ") { "pub mod" } else { "mod" };
                    let source = module_source(&dir.join("src"), module)?;
                    library
                        .modules
                        .insert(module.to_string(), (declaration.to_string(), source));
                    continue;
                }
            }
            if let Some(path) = flat.strip_prefix("pub use crate::") {
                let module = path.split("::").next().unwrap_or_default().to_string();
                for name in reexported_names(path) {
                    library.exports.insert(name, module.clone());
                }
                library.reexports.push((statement, module));
                continue;
            }
            library.root.push_str(&statement);
        }
        Ok(library)
    }
}

/// The source of module `name` declared in the folder `dir`, from
/// `dir/name.rs` or `dir/name/mod.rs`, stripped, with its own submodules
/// (`mod sub;` lines, from the folder `dir/name/`) inlined in their place.
fn module_source(dir: &Path, name: &str) -> Result<String, String> {
    let file = dir.join(format!("{name}.rs"));
    let folder_file = dir.join(name).join("mod.rs");
    let text = match fs::read_to_string(&file) {
        Ok(text) => text,
        Err(_) => read(&folder_file)?,
    };
    let mut out = String::new();
    for line in strip(&text)?.lines() {
        let flat = line.trim();
        let submodule = ["mod ", "pub mod ", "pub(crate) mod "]
            .iter()
            .find_map(|prefix| flat.strip_prefix(prefix)?.strip_suffix(';'));
        match submodule {
            Some(sub) if sub.chars().all(is_ident) => {
                let declaration = &flat[..flat.len() - sub.len() - 1];
                let source = module_source(&dir.join(name), sub)?;
                out.push_str(&format!("{declaration}{sub} {{\n{source}}}\n"));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok(out)
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
        if depth == 0 && (end.ends_with(';') || end.ends_with('}')) {
            statements.push(std::mem::take(&mut current));
        }
    }
    if !current.trim().is_empty() {
        statements.push(current);
    }
    statements
}

/// The names a `pub use` path brings in: `m::{A, B as C}` gives `A` and `C`.
fn reexported_names(path: &str) -> Vec<String> {
    let list = match (path.find('{'), path.rfind('}')) {
        (Some(open), Some(close)) => &path[open + 1..close],
        _ => path.rsplit("::").next().unwrap_or_default(),
    };
    list.trim_end_matches(';')
        .split(',')
        .filter_map(|item| item.split_whitespace().last())
        .map(|name| name.trim_end_matches(';').to_string())
        .filter(|name| !name.is_empty())
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
    Ok(out.trim_end().to_string() + "\n")
}

/// Whether `c` can be part of an identifier.
fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifiers of `text`.
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()).collect()
}

/// The identifiers `text` names through paths: every word of a `use`
/// declaration, and every segment of a path that starts at `crate` or at one
/// of `roots` (the libraries' names). A variant such as
/// `SearchError::Heuristic` is not a use of a type `Heuristic`.
fn path_words<'t>(text: &'t str, roots: &[&str]) -> BTreeSet<&'t str> {
    let mut found = BTreeSet::new();
    // A `use` declaration starts a line (in any module, however nested) and
    // ends at its semicolon.
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("use ") || trimmed.starts_with("pub use ") || trimmed.starts_with("pub(crate) use ") {
            let start = offset + line.len() - trimmed.len();
            let end = text[start..].find(';').map_or(text.len(), |at| start + at);
            found.extend(words(&text[start..end]));
        }
        offset += line.len();
    }
    let mut rest = text;
    while let Some(at) = rest.find("::") {
        // The path's first segment: the identifier before `::`, unless
        // another `::` precedes it (then this `::` is not a path's first).
        let head_start = rest[..at].trim_end_matches(is_ident).len();
        let first = &rest[head_start..at];
        let continues = rest[..head_start].ends_with("::");
        let mut tail = &rest[at..];
        if !continues && (first == "crate" || roots.contains(&first)) {
            found.insert(first);
            while let Some(after) = tail.strip_prefix("::") {
                let end = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
                found.insert(&after[..end]);
                tail = &after[end..];
            }
        }
        rest = &rest[at + 2..];
    }
    found.remove("");
    found
}

/// The types that `impl` blocks at the start of a line of `source` are for:
/// `Board` for `impl Board {` and for `impl fmt::Display for Board {`.
fn impl_targets(source: &str) -> BTreeSet<String> {
    source.lines().filter_map(impl_target).collect()
}

/// The type of the `impl` block that `line` opens, if it opens one (see
/// [`impl_targets`]).
fn impl_target(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix("impl")?;
    // Skip generic parameters: `impl<T> Name<T>`.
    let rest = match rest.strip_prefix('<') {
        Some(generic) => &generic[generic.find('>')? + 1..],
        None if rest.starts_with(' ') => rest,
        None => return None,
    };
    let header = rest.split('{').next()?;
    let target = header.rsplit(" for ").next()?.trim().trim_start_matches('&');
    // A reference's lifetime: `&'a Name`.
    let target = match target.strip_prefix('\'') {
        Some(lifetime) => lifetime.split_once(' ')?.1.trim_start(),
        None => target,
    };
    let name: String = target.chars().take_while(|&c| is_ident(c)).collect();
    (!name.is_empty()).then_some(name)
}

/// The name of the struct or enum that `line` starts to define, if it does.
fn type_name(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let rest = ["pub(crate) ", "pub ", ""]
        .iter()
        .find_map(|visibility| trimmed.strip_prefix(visibility))?;
    let rest = rest.strip_prefix("struct ").or_else(|| rest.strip_prefix("enum "))?;
    let name = rest.split(|c: char| !is_ident(c)).next()?;
    (!name.is_empty()).then_some(name)
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

    // Which modules of which library the driver reaches: a fixed point over
    // the texts kept so far. A text uses a library if it names it (or is
    // part of it); it then uses every module whose re-exported names it
    // mentions, and every module it names after `crate::`.
    let mut used: BTreeSet<(usize, String)> = BTreeSet::new();
    let mut included: BTreeSet<usize> = BTreeSet::new();
    let mut texts: Vec<(Option<usize>, String)> = vec![(None, driver_code.clone())];
    let mut seen = 0;
    while seen < texts.len() {
        let (owner, text) = texts[seen].clone();
        seen += 1;
        let roots: Vec<&str> = libraries.iter().map(|l| l.ident.as_str()).collect();
        let text_words = path_words(&text, &roots);
        for (index, library) in libraries.iter().enumerate() {
            let own = owner == Some(index);
            if !own && !text.contains(&format!("{}::", library.ident)) {
                continue;
            }
            if included.insert(index) {
                texts.push((Some(index), library.root.clone()));
            }
            let mut reached: Vec<String> = library
                .exports
                .iter()
                .filter(|(name, _)| text_words.contains(name.as_str()))
                .map(|(_, module)| module.clone())
                .collect();
            // A module that adds methods to a type the text names (`impl
            // Board` in the module that reads boards) is used with the type.
            reached.extend(
                library
                    .modules
                    .iter()
                    .filter(|(_, (_, source))| impl_targets(source).iter().any(|t| text_words.contains(t.as_str())))
                    .map(|(module, _)| module.clone()),
            );
            if own {
                reached.extend(
                    library
                        .modules
                        .keys()
                        .filter(|m| text.contains(&format!("crate::{m}::")))
                        .cloned(),
                );
            }
            for module in reached {
                if used.insert((index, module.clone())) {
                    let (_, source) = &library.modules[&module];
                    texts.push((Some(index), source.clone()));
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
    for (index, library) in libraries.iter().enumerate() {
        if !included.contains(&index) {
            continue;
        }
        let mut body = String::new();
        for (statement, module) in &library.reexports {
            if used.contains(&(index, module.clone())) {
                body.push_str(statement);
            }
        }
        body.push_str(&library.root);
        for (module, (declaration, source)) in &library.modules {
            if used.contains(&(index, module.clone())) {
                body.push_str(&format!("\n{declaration} {module} {{\n{source}}}\n"));
            }
        }
        out.push_str(&format!(
            "\n#[allow(dead_code, unused_imports)]\nmod {} {{\n{}}}\n",
            library.ident,
            rewrite(&body, library)
        ));
    }
    Ok(remove_unused_items(&out, protected))
}

/// A one-line re-export, `pub use path::{a, b as c};` or `pub use path::a;`:
/// its path and its items; `None` for any other line.
fn reexport(line: &str) -> Option<(&str, Vec<&str>)> {
    let rest = line.trim().strip_prefix("pub use ")?.strip_suffix(';')?;
    let (path, items) = match rest.strip_suffix('}') {
        Some(list) => list.split_once("::{")?,
        None => rest.rsplit_once("::")?,
    };
    Some((
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
            return text;
        }
        text = next;
    }
}

/// How many times each word appears in `lines`, where a library's
/// re-export (`pub use m::{f, g};`, after the first `protected` lines) does
/// not count its names, unless renamed (`f as g`).
fn word_counts<'t>(lines: &[&'t str], protected: usize) -> BTreeMap<&'t str, usize> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (index, line) in lines.iter().enumerate() {
        let counted: Vec<&str> = match reexport(line).filter(|_| index >= protected) {
            Some((path, items)) => std::iter::once(path)
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
/// not overlapping), and with the names in `removed_names` taken out of the
/// libraries' re-exports (the line goes when none is left).
fn without(lines: &[&str], removed: &mut [(usize, usize)], removed_names: &BTreeSet<&str>, protected: usize) -> String {
    removed.sort_unstable();
    let mut kept = String::with_capacity(lines.iter().map(|line| line.len() + 1).sum());
    let mut next = 0;
    for (index, line) in lines.iter().enumerate() {
        while next < removed.len() && index > removed[next].1 {
            next += 1;
        }
        if next < removed.len() && (removed[next].0..=removed[next].1).contains(&index) {
            continue;
        }
        match reexport(line).filter(|_| index >= protected) {
            Some((path, items)) if items.iter().any(|item| removed_names.contains(item)) => {
                let items: Vec<&str> = items.into_iter().filter(|item| !removed_names.contains(item)).collect();
                if !items.is_empty() {
                    let indent = &line[..line.len() - line.trim_start().len()];
                    kept.push_str(&format!("{indent}pub use {path}::{{{}}};\n", items.join(", ")));
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
            let name = [
                "fn ",
                "pub fn ",
                "pub(crate) fn ",
                "const fn ",
                "pub const fn ",
                "pub(crate) const fn ",
            ]
            .iter()
            .find_map(|prefix| trimmed.strip_prefix(prefix))
            .map(|rest| rest.split(|c: char| !is_ident(c)).next().unwrap_or(""));
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
    fn only_paths_count_as_uses() {
        let text = "use a::{B, C as D};\nfn f() -> E { lib::F(G::H) + crate::m::I }\nenum K { Board(Mismatch) }";
        let found: Vec<&str> = path_words(text, &["lib"]).into_iter().collect();
        assert_eq!(found, ["B", "C", "D", "F", "I", "a", "as", "crate", "lib", "m", "use"]);
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
            reexport("pub use a::b::{C, d as e};"),
            Some(("a::b", vec!["C", "d as e"]))
        );
        assert_eq!(reexport("\tpub use a::f;"), Some(("a", vec!["f"])));
        assert_eq!(reexport("use a::f;"), None);
    }

    #[test]
    fn types_nothing_uses_are_removed_with_their_impls() {
        let source = "fn main() {\n\tm::Used::new();\n}\nmod m {\n\tpub use self::a::{Inner, Lone, Used};\n#[derive(Clone)]\npub struct Used;\nimpl Used {\n\tpub fn new() -> Used {\n\t\tUsed\n\t}\n}\npub struct Lone<T>(T);\nimpl<T> Lone<T> {\n\tfn get(&self) -> Inner {\n\t\tInner::A\n\t}\n}\nimpl<'a, T> fmt::Display for &'a Lone<T> {\n}\npub(crate) enum Inner {\n\tA,\n}\nstruct Named;\nconst N: Named = Named;\n}\n";
        assert_eq!(
            remove_unused_items(source, 3),
            "fn main() {\n\tm::Used::new();\n}\nmod m {\n\tpub use self::a::{Used};\n#[derive(Clone)]\npub struct Used;\nimpl Used {\n\tpub fn new() -> Used {\n\t\tUsed\n\t}\n}\nstruct Named;\nconst N: Named = Named;\n}\n"
        );
        assert_eq!(
            impl_target("impl<'a> Heuristic for &'a AdditivePdb {"),
            Some("AdditivePdb".to_string())
        );
        assert_eq!(impl_target("implement();"), None);
        // The driver's own types stay, used or not.
        let driver = "struct Args;\nfn main() {}\nmod m {\nstruct Gone;\n}\n";
        assert_eq!(
            remove_unused_items(driver, 2),
            "struct Args;\nfn main() {}\nmod m {\n}\n"
        );
        assert_eq!(type_name("\tpub(crate) struct View {"), Some("View"));
        assert_eq!(type_name("pub enum SearchError {"), Some("SearchError"));
        assert_eq!(type_name("pub fn f() {"), None);
    }

    #[test]
    fn reexports_are_read() {
        assert_eq!(reexported_names("board::{Board, Grid as G};"), ["Board", "G"]);
        assert_eq!(reexported_names("heuristic::Heuristic;"), ["Heuristic"]);
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
    }
}
