//! Work units of one IDA* iteration as lines of text: the units a split
//! writes, the results a search of each writes, and their merge into an
//! answer or the next bound.
//!
//! Format version 2, so that any batch system can run them: the lines
//! `slide units split` writes, the lines `slide units search` writes for
//! each unit, and their merge. The searches themselves are
//! `slide_solvers::split_iteration` and `slide_solvers::search_unit`; the
//! format and its rules are in `docs/units.md`.
//!
//! Every line is tab-separated: a kind (`slide-split`, `slide-unit`,
//! `slide-result`), the format version, the iteration's fields
//! ([`Iteration`]), the line's own fields, and last `check=`, a hash of
//! everything before it, so that a line cut short or altered is never
//! read as another. A result names the iteration it belongs to, field by
//! field, and the split it was cut from (a digest of the split's units): one
//! from another instance, goal, estimate, tables, rule, bound or split is
//! refused by name.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::fmt;

use slide_core::{parse_path, path_string, Move};
use slide_solvers::UnitEnd;

/// The format version these lines are written in and read (2: a line names
/// its split, and counts the nodes expanded as well as generated).
pub const VERSION: u32 = 2;

/// The most units a split is asked for (`slide units split --count`).
pub const MAX_COUNT: usize = 1 << 20;

/// The most units a split makes: it cuts at the least depth that gives
/// [`MAX_COUNT`] units at most, and each node one depth up, fewer than the
/// count, has at most 4 children (the path a split finds above its cut
/// adds one). A line that says more was not written by a split.
pub const MAX_UNITS: usize = 4 * MAX_COUNT;

/// What every line of one iteration carries: the instance and the iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The start, as `slide solve` prints boards (`1 2 3 / 4 5 6 / 7 8 _`).
    pub board: String,
    /// The goal, written the same way.
    pub goal: String,
    /// The estimate's name, and its tables' identity where it has tables.
    pub estimate: String,
    /// The rule for the moves the search skips (`undo`, `fsm14`).
    pub pruning: String,
    /// The iteration's bound on `g + h`.
    pub bound: u32,
    /// Every bound below this one is known to have no path (the iterations
    /// chained from the start's estimate): a path found at `bound` is a
    /// shortest one only if `proven == bound`.
    pub proven: u32,
    /// The split the line belongs to: [`split_digest`] of its units' moves
    /// (empty before the split is made). Two splits of one iteration with
    /// another `--count` cut it at other nodes, and number them otherwise:
    /// a result is merged only with the units of its own split.
    pub split: String,
}

/// The first line a split writes: how many units follow, and what the
/// iteration met above the cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitLine {
    /// The iteration.
    pub iteration: Iteration,
    /// How many units follow.
    pub units: usize,
    /// The depth of the cut.
    pub depth: u32,
    /// The least `f` above the bound met above the cut (`None`: none).
    pub next: Option<u32>,
    /// The nodes generated above the cut, the start included.
    pub generated: u64,
    /// The nodes expanded above the cut.
    pub expanded: u64,
}

/// One unit: the moves from the start to its subtree's root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitLine {
    /// The iteration.
    pub iteration: Iteration,
    /// Its place among the split's units, from 0.
    pub id: usize,
    /// The moves from the start.
    pub moves: Vec<Move>,
}

/// The result of one unit's search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The iteration.
    pub iteration: Iteration,
    /// The unit's id.
    pub id: usize,
    /// The nodes it generated below the unit's root.
    pub generated: u64,
    /// The nodes it expanded, the unit's root included.
    pub expanded: u64,
    /// How it ended.
    pub end: UnitEnd,
}

/// Any line of the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A split's first line.
    Split(SplitLine),
    /// A unit.
    Unit(UnitLine),
    /// A unit's result.
    Result(ResultLine),
}

/// A hash of `bytes` (64-bit FNV-1a) added to `hash` (start: the basis).
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// FNV-1a's starting value.
const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// A hash of `text` (64-bit FNV-1a), as the `check` field writes it.
fn check_of(text: &str) -> String {
    format!("{:016x}", fnv1a(FNV_BASIS, text.as_bytes()))
}

/// The digest that names a split (the `split` field): a hash (64-bit
/// FNV-1a) of its units' moves, in order, each ended by `;`. Two splits
/// with the same units are the same split; a split cut deeper or shallower
/// has other units, numbered otherwise.
///
/// ```
/// use slide_core::Move::{Down, Left, Up};
/// use slide_units::split_digest;
/// let one = split_digest(&[vec![Up], vec![Left]]);
/// assert_eq!(one, split_digest(&[vec![Up], vec![Left]]));
/// assert_ne!(one, split_digest(&[vec![Up, Left], vec![Up, Down]]));
/// assert_ne!(one, split_digest(&[vec![Left], vec![Up]]));
/// ```
pub fn split_digest(units: &[Vec<Move>]) -> String {
    let hash = units.iter().fold(FNV_BASIS, |hash, moves| {
        fnv1a(fnv1a(hash, path_string(moves).as_bytes()), b";")
    });
    format!("{hash:016x}")
}

/// `text`, then its `check` field and a line break.
fn with_check(text: String) -> String {
    let check = check_of(&text);
    format!("{text}\tcheck={check}\n")
}

fn next_text(next: Option<u32>) -> String {
    next.map_or("none".to_string(), |next| next.to_string())
}

impl Iteration {
    /// The iteration's fields, tab-separated.
    fn fields(&self) -> String {
        format!(
            "board={}\tgoal={}\testimate={}\tpruning={}\tbound={}\tproven={}\tsplit={}",
            self.board, self.goal, self.estimate, self.pruning, self.bound, self.proven, self.split
        )
    }

    /// How `other` differs from this iteration, named (the first field that
    /// does), or `None` if it is the same.
    ///
    /// ```
    /// use slide_units::Iteration;
    /// let ours = Iteration { board: "2 1 / 3 _".into(), goal: "1 2 / 3 _".into(), estimate: "manhattan".into(),
    ///     pruning: "undo".into(), bound: 5, proven: 5, split: "1f".into() };
    /// let theirs = Iteration { bound: 7, ..ours.clone() };
    /// assert_eq!(ours.differs(&theirs).unwrap(), "another bound (7, not 5)");
    /// let cut_otherwise = Iteration { split: "2e".into(), ..ours.clone() };
    /// assert_eq!(ours.differs(&cut_otherwise).unwrap(), "another split of the iteration (2e, not 1f)");
    /// assert_eq!(ours.differs(&ours), None);
    /// ```
    pub fn differs(&self, other: &Iteration) -> Option<String> {
        let fields: [(&str, String, String); 7] = [
            ("instance", self.board.clone(), other.board.clone()),
            ("goal", self.goal.clone(), other.goal.clone()),
            ("estimate or tables", self.estimate.clone(), other.estimate.clone()),
            ("pruning rule", self.pruning.clone(), other.pruning.clone()),
            ("bound", self.bound.to_string(), other.bound.to_string()),
            ("proven bound", self.proven.to_string(), other.proven.to_string()),
            ("split of the iteration", self.split.clone(), other.split.clone()),
        ];
        fields
            .into_iter()
            .find(|(_, ours, theirs)| ours != theirs)
            .map(|(name, ours, theirs)| format!("another {name} ({theirs}, not {ours})"))
    }
}

impl fmt::Display for SplitLine {
    /// The line, its line break included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_check(format!(
            "slide-split\t{VERSION}\t{}\tunits={}\tdepth={}\tnext={}\tgenerated={}\texpanded={}",
            self.iteration.fields(),
            self.units,
            self.depth,
            next_text(self.next),
            self.generated,
            self.expanded
        )))
    }
}

impl fmt::Display for UnitLine {
    /// The line, its line break included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_check(format!(
            "slide-unit\t{VERSION}\t{}\tid={}\tmoves={}",
            self.iteration.fields(),
            self.id,
            path_string(&self.moves)
        )))
    }
}

impl fmt::Display for ResultLine {
    /// The line, its line break included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = match &self.end {
            UnitEnd::Found(path) => format!("found={}", path_string(path)),
            UnitEnd::Exhausted(next) => format!("next={}", next_text(*next)),
        };
        f.write_str(&with_check(format!(
            "slide-result\t{VERSION}\t{}\tid={}\tgenerated={}\texpanded={}\t{end}",
            self.iteration.fields(),
            self.id,
            self.generated,
            self.expanded
        )))
    }
}

/// The fields of a line after its kind and version, by name, in order.
struct Fields<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Fields<'a> {
    fn get(&self, name: &str) -> Result<&'a str, String> {
        self.0
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| *value)
            .ok_or_else(|| format!("its field `{name}` is missing"))
    }

    fn number<N: std::str::FromStr>(&self, name: &str) -> Result<N, String> {
        let text = self.get(name)?;
        text.parse()
            .map_err(|_| format!("its field `{name}` is `{text}`, not a number"))
    }

    /// A unit's number or a count of units: at most [`MAX_UNITS`], so that
    /// no line makes a merge list or hold more units than a split makes.
    fn units(&self, name: &str) -> Result<usize, String> {
        let number: usize = self.number(name)?;
        if number > MAX_UNITS {
            return Err(format!(
                "its field `{name}` is {number}, more than a split makes (at most {MAX_UNITS} units)"
            ));
        }
        Ok(number)
    }

    fn next(&self) -> Result<Option<u32>, String> {
        match self.get("next")? {
            "none" => Ok(None),
            _ => self.number("next").map(Some),
        }
    }

    fn moves(&self, name: &str) -> Result<Vec<Move>, String> {
        parse_path(self.get(name)?).map_err(|error| format!("its field `{name}`: {error}"))
    }

    fn iteration(&self) -> Result<Iteration, String> {
        Ok(Iteration {
            board: self.get("board")?.to_string(),
            goal: self.get("goal")?.to_string(),
            estimate: self.get("estimate")?.to_string(),
            pruning: self.get("pruning")?.to_string(),
            bound: self.number("bound")?,
            proven: self.number("proven")?,
            split: self.get("split")?.to_string(),
        })
    }
}

/// Why a line is not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Cut short or altered (its `check` field does not match it): a line a
    /// worker was writing when it was stopped. Its unit has no result.
    Damaged(String),
    /// Whole, but not a line this program reads: another format version,
    /// another kind, a field missing or out of range. Refused.
    Refused(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Damaged(why) | LineError::Refused(why) => f.write_str(why),
        }
    }
}

/// Reads one line (without its line break). The error says what is wrong
/// with it, to be prefixed with where it is.
///
/// ```
/// use slide_solvers::UnitEnd;
/// use slide_units::{parse_line, Iteration, Line, LineError, ResultLine};
/// let iteration = Iteration { board: "2 1 / 3 _".into(), goal: "1 2 / 3 _".into(), estimate: "manhattan".into(),
///     pruning: "undo".into(), bound: 5, proven: 5, split: "00000000000000af".into() };
/// let result = ResultLine { iteration, id: 3, generated: 12, expanded: 4, end: UnitEnd::Exhausted(Some(7)) };
/// let text = result.to_string();
/// assert_eq!(parse_line(text.trim_end()), Ok(Line::Result(result)));
/// // Cut short: `next=7` would read as `next=` and a wrong check.
/// assert!(matches!(parse_line(&text[..text.len() - 10]), Err(LineError::Damaged(_))));
/// ```
pub fn parse_line(line: &str) -> Result<Line, LineError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let (body, check) = line.rsplit_once("\tcheck=").ok_or(LineError::Damaged(
        "damaged or cut short: it has no `check` field at its end".into(),
    ))?;
    if check_of(body) != check {
        return Err(LineError::Damaged(
            "damaged or cut short: its `check` field does not match it".into(),
        ));
    }
    read_body(body).map_err(LineError::Refused)
}

/// A line's fields, its check already matched.
fn read_body(body: &str) -> Result<Line, String> {
    let mut parts = body.split('\t');
    let kind = parts.next().unwrap_or_default();
    let version = parts.next().unwrap_or_default();
    if version != VERSION.to_string() {
        return Err(format!(
            "written in format version {version}; this slide reads version {VERSION} (split and search again with this slide)"
        ));
    }
    let fields = parts
        .map(|part| part.split_once('=').ok_or(format!("`{part}` is not a field")))
        .collect::<Result<Vec<_>, _>>()?;
    let fields = Fields(fields);
    let iteration = fields.iteration()?;
    match kind {
        "slide-split" => Ok(Line::Split(SplitLine {
            iteration,
            units: fields.units("units")?,
            depth: fields.number("depth")?,
            next: fields.next()?,
            generated: fields.number("generated")?,
            expanded: fields.number("expanded")?,
        })),
        "slide-unit" => Ok(Line::Unit(UnitLine {
            iteration,
            id: fields.units("id")?,
            moves: fields.moves("moves")?,
        })),
        "slide-result" => {
            let end = match fields.get("found") {
                Ok(_) => UnitEnd::Found(fields.moves("found")?),
                Err(_) => UnitEnd::Exhausted(fields.next()?),
            };
            Ok(Line::Result(ResultLine {
                iteration,
                id: fields.units("id")?,
                generated: fields.number("generated")?,
                expanded: fields.number("expanded")?,
                end,
            }))
        }
        _ => Err(format!("`{kind}` is not a line of slide's work units")),
    }
}

/// The nodes a merge counts: above the cut and by every unit merged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nodes {
    /// The nodes generated.
    pub generated: u64,
    /// The nodes expanded.
    pub expanded: u64,
}

/// What the results of an iteration's units say together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Merged {
    /// A path: the first unit's (by id) that found one. Of length at most
    /// the bound; a shortest one if the iteration's `proven` is its bound.
    Found {
        /// The unit that found it.
        id: usize,
        /// The path from the start.
        path: Vec<Move>,
        /// The nodes: above the cut and by every unit merged.
        nodes: Nodes,
    },
    /// No path at this bound: the next iteration's bound, or `None` when no
    /// node exceeded the bound either (no path at any bound).
    Next {
        /// The least `f` above the bound, over the cut and every unit.
        bound: Option<u32>,
        /// The nodes: above the cut and by every unit.
        nodes: Nodes,
    },
    /// No unit found a path, and these units have no result: nothing can be
    /// concluded.
    Missing(Missing),
}

/// The units that have no result, as ranges of ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing(pub Vec<std::ops::RangeInclusive<usize>>);

impl Missing {
    /// How many units have no result.
    pub fn count(&self) -> usize {
        self.0.iter().map(|range| range.end() - range.start() + 1).sum()
    }
}

impl fmt::Display for Missing {
    /// The ranges, the first eight of them; past those, how many more.
    ///
    /// ```
    /// use slide_units::Missing;
    /// assert_eq!(Missing(vec![3..=3, 5..=9]).to_string(), "units 3, 5-9");
    /// let many = Missing((0..20).map(|k| 2 * k..=2 * k).collect());
    /// assert_eq!(many.to_string(), "units 0, 2, 4, 6, 8, 10, 12, 14 and 12 more (20 in all)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 8;
        let ranges: Vec<String> = self
            .0
            .iter()
            .take(SHOWN)
            .map(|range| match range.start() == range.end() {
                true => range.start().to_string(),
                false => format!("{}-{}", range.start(), range.end()),
            })
            .collect();
        write!(f, "units {}", ranges.join(", "))?;
        if self.0.len() > SHOWN {
            let shown: usize = Missing(self.0[..SHOWN].to_vec()).count();
            write!(f, " and {} more ({} in all)", self.count() - shown, self.count())?;
        }
        Ok(())
    }
}

/// Merges the results of the units of `split` (each result of its
/// iteration and split, by [`Iteration::differs`]). A unit may have several
/// results if they agree; a result for a unit the split did not make, two
/// results of one unit that disagree, or node counts that add past 2^64 are
/// an error.
///
/// ```
/// use slide_solvers::UnitEnd;
/// use slide_units::{merge, Iteration, Merged, Missing, Nodes, ResultLine, SplitLine};
/// let iteration = Iteration { board: "2 1 / 3 _".into(), goal: "1 2 / 3 _".into(), estimate: "manhattan".into(),
///     pruning: "undo".into(), bound: 5, proven: 5, split: "1f".into() };
/// let split = SplitLine { iteration: iteration.clone(), units: 2, depth: 1, next: Some(9), generated: 3, expanded: 1 };
/// let result = |id, next| ResultLine { iteration: iteration.clone(), id, generated: 10, expanded: 4, end: UnitEnd::Exhausted(Some(next)) };
/// assert_eq!(merge(&split, &[result(0, 7)]), Ok(Merged::Missing(Missing(vec![1..=1]))));
/// let nodes = Nodes { generated: 23, expanded: 9 };
/// assert_eq!(merge(&split, &[result(1, 8), result(0, 7)]), Ok(Merged::Next { bound: Some(7), nodes }));
/// ```
pub fn merge(split: &SplitLine, results: &[ResultLine]) -> Result<Merged, String> {
    let mut by_id: BTreeMap<usize, &ResultLine> = BTreeMap::new();
    for result in results {
        if let Some(difference) = split.iteration.differs(&result.iteration) {
            return Err(format!("the result of unit {} is of {difference}", result.id));
        }
        if result.id >= split.units {
            return Err(format!(
                "a result of unit {}, but the split made units 0 to {}",
                result.id,
                split.units.saturating_sub(1)
            ));
        }
        if let Some(earlier) = by_id.insert(result.id, result) {
            if earlier != result {
                return Err(format!("unit {} has two results that disagree", result.id));
            }
        }
    }
    let past = || "the node counts add up past 2^64: a line was not written by a search".to_string();
    let mut nodes = Nodes {
        generated: split.generated,
        expanded: split.expanded,
    };
    for result in by_id.values() {
        nodes.generated = nodes.generated.checked_add(result.generated).ok_or_else(past)?;
        nodes.expanded = nodes.expanded.checked_add(result.expanded).ok_or_else(past)?;
    }
    if let Some((id, path)) = by_id.iter().find_map(|(id, result)| match &result.end {
        UnitEnd::Found(path) => Some((*id, path.clone())),
        UnitEnd::Exhausted(_) => None,
    }) {
        return Ok(Merged::Found { id, path, nodes });
    }
    // The gaps between the ids that have a result: as many steps as results.
    let mut missing = Vec::new();
    let mut from = 0;
    for &id in by_id.keys().chain(std::iter::once(&split.units)) {
        if id > from {
            missing.push(from..=id - 1);
        }
        from = id + 1;
    }
    if !missing.is_empty() {
        return Ok(Merged::Missing(Missing(missing)));
    }
    let bound = by_id
        .values()
        .filter_map(|result| match result.end {
            UnitEnd::Exhausted(next) => next,
            UnitEnd::Found(_) => None,
        })
        .chain(split.next)
        .min();
    Ok(Merged::Next { bound, nodes })
}
