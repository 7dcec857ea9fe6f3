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
//! - last, what the compiler's `dead_code` and `unused_imports` lints name
//!   is removed, run after run, until they name nothing more, and modules
//!   left empty with it (see the `prune` module): the compiler's walk from
//!   `main` is the witness of a use. (A textual pruner, which removed an
//!   item whose name appeared nowhere else, ran before it until
//!   2026-12-05: with it the files were 0 to 11 bytes smaller and the
//!   bundling of all 27 took 22.8 s against 19.8 s, so it went:
//!   `record/2026-12-04-one-grid.md`.)
//!
//! The steps, one room each: `read.rs` (the libraries as trees of units),
//! `reach.rs` (the units a driver reaches), `write.rs` (the kept units as
//! one file), `prune.rs` (what rustc calls dead removed); `text.rs` holds
//! the lexical reading they share; this file, [`bundle`], runs them.
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
mod prune;
mod reach;
mod read;
mod text;
pub mod web;
pub mod webdriver;
mod write;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::reach::paths;
pub use crate::read::{judge_drivers, judge_rust, JUDGE_RUST};
use crate::read::{package_name, read, strip, Library};
use crate::text::{reexported_names, words};
use crate::write::{fit, rewrite_prefix};
pub use crate::write::{harness, MAX_BYTES};

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// The folders of the workspace's crates (`crates/`) that the package in
/// `dir` depends on, directly or through one another, in path order: the
/// only libraries its bundle can carry (the others, such as the command
/// line's and the Python package's, are never read).
fn carried_crates(root: &Path, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let crates = root.join("crates");
    let mut by_name = std::collections::BTreeMap::new();
    for entry in fs::read_dir(&crates).map_err(|e| format!("reading {}: {e}", crates.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let manifest = read(&path.join("Cargo.toml"))?;
        let name = package_name(&manifest).ok_or("a library manifest without a name")?;
        by_name.insert(name, (path, manifest));
    }
    let mut carried = BTreeSet::new();
    let mut pending = dependencies(&read(&dir.join("Cargo.toml"))?);
    while let Some(name) = pending.pop() {
        if let Some((path, manifest)) = by_name.get(&name) {
            if carried.insert(path.clone()) {
                pending.extend(dependencies(manifest));
            }
        }
    }
    Ok(carried.into_iter().collect())
}

/// The names of the packages a manifest's `[dependencies]` table names
/// (`slide-core.workspace = true`, `name = { ... }`, `name = "1"`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[dependencies]";
        } else if in_table && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['.', '=', ' ']).next().unwrap_or_default();
            names.push(name.to_string());
        }
    }
    names
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
    for dir in carried_crates(root, &dir)? {
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
            prune::QUIET,
            library.ident,
            rewrite(&library.write(0, kept), library)
        ));
    }
    let work = root.join("target/bundle-work").join(driver);
    Ok(fit(prune::remove_dead_code(
        &out,
        protected,
        &harness(root, driver)?,
        &work,
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{impl_target, impl_targets, use_list};

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
    fn use_lists_and_impl_headers_are_read() {
        assert_eq!(
            use_list("pub use a::b::{C, d as e};"),
            Some(("pub use ", "a::b", vec!["C", "d as e"]))
        );
        assert_eq!(use_list("\tuse a::f;"), Some(("\tuse ", "a", vec!["f"])));
        assert_eq!(use_list("use a::{b::{c, d}, e};"), None);
        assert_eq!(
            impl_target("impl<'a> Heuristic for &'a AdditivePdb {"),
            Some("AdditivePdb".to_string())
        );
        assert_eq!(impl_target("implement();"), None);
        assert_eq!(
            impl_target("impl<'a, I: Iterator<Item = Symbol<'a>>> Boards<'a, I> {"),
            Some("Boards".to_string())
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
