//! The bundler's first step: the workspace's libraries read as trees of
//! units, one per source file, stripped of docs and tests, with their
//! re-exports resolved ([`Library`]); and which packages are judge drivers.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use itertools::Itertools;

use crate::text::{impl_targets, is_ident, statements, top_level_items};

pub(crate) fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))
}

/// The package name a `Cargo.toml` declares.
pub(crate) fn package_name(manifest: &str) -> Option<String> {
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
pub(crate) struct Library {
    /// The crate's name as written in paths (`slide_core`).
    pub(crate) ident: String,
    /// The files, `lib.rs` first (the root); a unit's children come after it.
    pub(crate) units: Vec<Unit>,
}

/// One source file of a library: the unit a bundle keeps or leaves out.
pub(crate) struct Unit {
    /// The module's name in its parent (empty for `lib.rs`).
    pub(crate) name: String,
    /// How its parent declares it: `mod`, `pub mod` or `pub(crate) mod`.
    pub(crate) declaration: String,
    /// The stripped source without its re-exports; each submodule's
    /// declaration is a line of `CHILD` and the child's unit index, where
    /// the child is written when it is kept.
    pub(crate) source: String,
    /// The re-exports (`pub use`, `pub(crate) use`) of units of the same
    /// library, flattened to one line each, with the unit each names.
    pub(crate) reexports: Vec<(String, usize)>,
    /// The unit that contains this one (`None` for the root).
    pub(crate) parent: Option<usize>,
    /// The types its `impl` blocks are for.
    pub(crate) impls: BTreeSet<String>,
    /// The names of its top-level items.
    pub(crate) items: BTreeSet<String>,
}

/// What marks a child's place in [`Unit::source`].
pub(crate) const CHILD: char = '\u{0}';

impl Library {
    pub(crate) fn read(dir: &Path) -> Result<Library, String> {
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
    pub(crate) fn read_unit(
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
}

/// `source` without doc comments, comment lines, lines marked
/// `// not bundled`, or its trailing `#[cfg(test)] mod tests`.
pub(crate) fn strip(source: &str) -> Result<String, String> {
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
/// as the pruning of imports reads them (see `text::use_list`).
pub(crate) fn join_uses(source: &str) -> String {
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
