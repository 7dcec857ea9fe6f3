//! The bundler's second step: which units of which library a driver
//! reaches, following paths (`use` declarations, `slide_core::Board`,
//! `super::split::views`) from the driver's code to the files they name,
//! through re-exports, to a fixed point.

use std::collections::BTreeSet;

use crate::read::Library;
use crate::text::{is_ident, reexported_names};

impl Library {
    /// The module that the leading segments of `path`, written in unit
    /// `from`, lead to, and the segments after it; `None` when the path
    /// starts outside the library (`std::fmt`, another crate).
    pub(crate) fn module_of<'p>(&self, from: usize, path: &'p [&'p str]) -> Option<(usize, &'p [&'p str])> {
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
    pub(crate) fn child(&self, parent: usize, name: &str) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.units[u].parent == Some(parent) && self.units[u].name == name)
    }

    /// Adds to `out` the units that the path `path`, written in unit
    /// `from`, needs: the module it leads to and, when it goes on to an
    /// item, the unit that defines that item (see [`Library::reach_item`]).
    /// A path that leaves the library (`std::fmt`) needs none of its units.
    pub(crate) fn reach(&self, from: usize, path: &[&str], out: &mut BTreeSet<usize>) {
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
    pub(crate) fn reach_item(&self, unit: usize, name: &str, out: &mut BTreeSet<usize>) {
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
    pub(crate) fn provides(&self, unit: usize, name: &str, kept: &BTreeSet<usize>) -> bool {
        self.units[unit].items.contains(name)
            || self.units[unit].reexports.iter().any(|(statement, target)| {
                let path = statement.split_once(" use ").map_or("", |(_, path)| path);
                kept.contains(target)
                    && reexported_names(path)
                        .iter()
                        .any(|(original, renamed)| renamed == name && self.provides(*target, original, kept))
            })
    }
}

/// The paths `text` names, each as its segments: every path of a `use`
/// declaration, braces expanded (`use a::{b, c::d as e};` names `a::b` and
/// `a::c::d`), and every other path of two segments or more, from its first
/// segment (`f(a::b::C)` names `a::b::C`).
pub(crate) fn paths(text: &str) -> Vec<Vec<&str>> {
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
pub(crate) fn expand_use<'t>(prefix: &mut Vec<&'t str>, tree: &'t str, out: &mut Vec<Vec<&'t str>>) {
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
