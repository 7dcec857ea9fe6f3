//! Reading Rust text lexically, as the bundler does: statements, names,
//! item and `impl` headers, `use` lists. It parses nothing; the conventions
//! at the top of `lib.rs` are what makes this enough.

use std::collections::{BTreeMap, BTreeSet};

use crate::read::CHILD;

/// Splits the top level of `source` into statements and items: text up to a
/// `;` or a closing `}` at brace depth 0, each keeping its own lines.
pub(crate) fn statements(source: &str) -> Vec<String> {
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
pub(crate) fn reexported_names(path: &str) -> Vec<(String, String)> {
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

/// Whether `c` can be part of an identifier.
pub(crate) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifiers of `text`.
pub(crate) fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()).collect()
}

/// The names of the items at the top level of `source` (not inside an
/// `impl` block, a trait or a nested module): see [`item`].
pub(crate) fn top_level_items(source: &str) -> BTreeSet<String> {
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
pub(crate) fn item(line: &str) -> Option<(&'static str, &str)> {
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

/// The types that `impl` blocks at the start of a line of `source` are for:
/// `Board` for `impl Board {` and for `impl fmt::Display for Board {`.
pub(crate) fn impl_targets(source: &str) -> BTreeSet<String> {
    source.lines().filter_map(impl_target).collect()
}

/// The type of the `impl` block that `line` opens, if it opens one (see
/// [`impl_targets`]).
pub(crate) fn impl_target(line: &str) -> Option<String> {
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
pub(crate) fn impl_header(line: &str) -> Option<&str> {
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

/// A `use` declaration on one line with at most one list, `pub use
/// path::{a, b as c};` or `use path::a;`: what comes before its path
/// (indentation, visibility, `use `), its path and its items; `None` for
/// any other line.
pub(crate) fn use_list(line: &str) -> Option<(&str, &str, Vec<&str>)> {
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

/// A `use` declaration on one line: `head` (indentation, visibility and
/// `use `), `path` and `items`, without braces around a single item.
pub(crate) fn use_line(head: &str, path: &str, items: &[&str]) -> String {
    match items {
        [item] if !item.contains(' ') => format!("{head}{path}::{item};\n"),
        _ => format!("{head}{path}::{{{}}};\n", items.join(", ")),
    }
}

/// The last line of the item whose header starts on line `start` (and may
/// span lines): where the depth of braces comes back after its body opened,
/// or the line that ends with `;` if no body opens first.
pub(crate) fn item_end(lines: &[&str], start: usize) -> usize {
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
pub(crate) fn attributes_start(lines: &[&str], line: usize) -> usize {
    let mut start = line;
    while start > 0 && lines[start - 1].trim().starts_with("#[") {
        start -= 1;
    }
    start
}

/// `lines` without the line ranges of `removed` (inclusive, in any order,
/// not overlapping), and with the names in `removed_names` that no item
/// left defines taken out of the libraries' `use` declarations that bring
/// them from the bundle itself (`crate::`; the line goes when none is left).
pub(crate) fn without(
    lines: &[&str],
    removed: &mut [(usize, usize)],
    removed_names: &BTreeSet<&str>,
    protected: usize,
) -> String {
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

/// `source` without the modules left empty (nothing in them but `use`
/// declarations) whose name appears nowhere else, and without the blank
/// lines that removing items left: at most one in a row, none after an
/// opening brace or before a closing one.
pub(crate) fn remove_empty_modules(source: &str) -> String {
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
pub(crate) fn word_counts<'t>(lines: &[&'t str], protected: usize) -> BTreeMap<&'t str, usize> {
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

/// How many times `name` appears as a word in `lines`.
pub(crate) fn occurrences(lines: &[&str], name: &str) -> usize {
    lines
        .iter()
        .flat_map(|line| line.split(|c: char| !is_ident(c)))
        .filter(|w| *w == name)
        .count()
}
