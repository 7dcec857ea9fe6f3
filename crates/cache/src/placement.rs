//! The cache of the placement tables of a split (Korf and Felner's two of
//! the 24-puzzle, the 35-puzzle's seven, the 48-puzzle's twelve), built on
//! every core the first time, read back after.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use slide_core::Instant;
use slide_pattern_db::{PlacementPatternDb, PlacementPdb, PlacementSplit, KORF_FELNER_BLANK, PLACEMENT_FORMAT_VERSION};

use crate::files::{huge_page_buffer, load_table, save_with, shown};
use crate::{CacheError, Origin, Report};

/// The file of a placement table of `goal_cells` and the goal's blank cell
/// `blank` on `rows` by `cols`, such as `wpdb-v2-5x5-b0-1.2.5.6.7.12.bin`.
pub fn placement_file_name(rows: usize, cols: usize, goal_cells: &[u8], blank: usize) -> String {
    let cells: Vec<String> = goal_cells.iter().map(u8::to_string).collect();
    format!(
        "wpdb-v{PLACEMENT_FORMAT_VERSION}-{rows}x{cols}-b{blank}-{}.bin",
        cells.join(".")
    )
}

/// The files of a split's tables, as they are stored: built for the blank
/// in the corner 0, they serve every corner by symmetry.
///
/// ```
/// let names = slide_cache::placement_file_names(&slide_pattern_db::KORF_FELNER);
/// assert_eq!(names.len(), 2);
/// assert!(names[0].starts_with("wpdb-v") && names[0].contains("-5x5-b0-1.2.5.6.7.12"));
/// ```
pub fn placement_file_names(split: &PlacementSplit) -> Vec<String> {
    split
        .tables
        .iter()
        .map(|cells| placement_file_name(split.side, split.side, cells, KORF_FELNER_BLANK))
        .collect()
}

/// A table loaded or built, and how; `None` where the deadline stopped it.
type Loaded = Option<(Arc<PlacementPatternDb>, Report)>;

/// A split's tables for a goal whose blank is in the corner `blank`
/// (Korf and Felner's 6-6-6-6 of the 24-puzzle, the 35-puzzle's seven, the
/// 48-puzzle's twelve),
/// from the files in `dir`, building (and saving) those missing or
/// unusable, as many side by side as there are cores, until `deadline`:
/// past it the builds stop, leave no file, and the answer is `Ok(None)`.
pub fn load_or_build_placement(
    dir: &Path,
    split: &PlacementSplit,
    blank: usize,
    deadline: Option<Instant>,
) -> Result<Option<(PlacementPdb, Vec<Report>)>, CacheError> {
    let patterns = split.patterns(blank).map_err(|e| CacheError(e.to_string()))?;
    crate::files::remove_stale_temporaries(dir);
    let bars = MultiProgress::new();
    let count = split.tables.len();
    // A build holds its table and a bit per (placement, cell): some 0.5 GB
    // on 6x6, 3.2 GB for Korf and Felner's two; a thread a core takes the
    // next table as it finishes one.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done: Mutex<Vec<Loaded>> = Mutex::new(vec![None; count]);
    std::thread::scope(|scope| {
        for _ in 0..cores.min(count) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                let Some(cells) = split.tables.get(number) else {
                    break;
                };
                let table = load_or_build_table(dir, split, cells, number, &bars, deadline);
                let stopped = table.is_none();
                lock(&done)[number] = table;
                if stopped {
                    break;
                }
            });
        }
    });
    let done = done.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(tables) = done.into_iter().collect::<Option<Vec<_>>>() else {
        return Ok(None);
    };
    let (tables, reports): (Vec<Arc<PlacementPatternDb>>, Vec<Report>) = tables.into_iter().unzip();
    Ok(Some((summed(split, patterns, &tables), reports)))
}

/// A split's tables for a goal whose blank is in the corner `blank`, if
/// all are in `dir` whole and intact (size and checksum); never builds.
/// Else why not, naming the file: missing, cut short or damaged are all one
/// to a caller that goes without the tables (`slide solve`'s `auto` then
/// takes linear conflict, rather than rebuilding for minutes). A table
/// read here is kept for the rest of the process, so
/// [`load_or_build_placement`] does not read it again.
pub fn load_placement(dir: &Path, split: &PlacementSplit, blank: usize) -> Result<PlacementPdb, Unusable> {
    let patterns = split.patterns(blank).map_err(|e| Unusable {
        reason: e.to_string(),
        missing: false,
    })?;
    let side = split.side;
    let tables = split
        .tables
        .iter()
        .map(|cells| {
            read_table(dir, side, cells)
                .map(|(table, _)| table)
                .map_err(|reason| Unusable {
                    missing: !dir
                        .join(placement_file_name(side, side, cells, KORF_FELNER_BLANK))
                        .exists(),
                    reason,
                })
        })
        .collect::<Result<Vec<_>, Unusable>>()?;
    Ok(summed(split, patterns, &tables))
}

/// The sum of `split`'s `patterns` (each a table's index and its map of
/// cells, [`PlacementSplit::patterns`]) over its `tables`.
fn summed(split: &PlacementSplit, patterns: Vec<(usize, Vec<u8>)>, tables: &[Arc<PlacementPatternDb>]) -> PlacementPdb {
    let patterns = patterns
        .into_iter()
        .map(|(table, to_table)| (Arc::clone(&tables[table]), to_table))
        .collect();
    PlacementPdb::new(split.side, split.side, patterns)
}

/// Why [`load_placement`] gave no tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unusable {
    /// The file and what is wrong with it, in words.
    pub reason: String,
    /// Whether the file is simply not there yet (not built), rather than
    /// there and unusable.
    pub missing: bool,
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Whether this process maps the 24-puzzle's table files rather than copy
/// them ([`map_tables`]).
static MAP_TABLES: AtomicBool = AtomicBool::new(false);

/// From now on, this process reads every table of the cache (the
/// 24-puzzle's above all) by mapping their files into memory (`mmap`, read
/// only, for the rest of the process) rather than copying them into memory
/// of its own in huge pages (tables of `MAP_FROM` bytes or more are mapped
/// in every process).
///
/// For a process that starts for one search of seconds, a unit's worker:
/// a copy of the two tables (255 MB then) cost it 0.04 to 0.27 s of start, most
/// of it the kernel's, when it had to gather free huge pages first; mapped,
/// the page cache's own pages serve every worker on the machine. A search
/// of minutes keeps the copy: in 4 KiB pages its lookups miss the
/// processor's table of page addresses more often
/// (`record/2026-12-05-units.md`). Where mapping fails (not Linux, or the
/// kernel refuses), the table is copied as before.
pub fn map_tables() {
    MAP_TABLES.store(true, Ordering::Relaxed);
}

/// Whether [`map_tables`] was called.
pub(crate) fn maps_every_table() -> bool {
    MAP_TABLES.load(Ordering::Relaxed)
}

/// The tables this process read whole and intact, by file: each is read
/// once however many searches (a batch's lines) use it.
static READ: Mutex<Vec<(PathBuf, Arc<PlacementPatternDb>)>> = Mutex::new(Vec::new());

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The table `cells` of a `side` by `side` split, from its file in `dir`
/// (or from what this process read before), with the time the read took;
/// why not, naming the file.
fn read_table(dir: &Path, side: usize, cells: &[u8]) -> Result<(Arc<PlacementPatternDb>, std::time::Duration), String> {
    let path = dir.join(placement_file_name(side, side, cells, KORF_FELNER_BLANK));
    let started = Instant::now();
    let known = |read: &[(PathBuf, Arc<PlacementPatternDb>)]| {
        read.iter()
            .find(|(known, _)| *known == path)
            .map(|(_, table)| Arc::clone(table))
    };
    if let Some(table) = known(&lock(&READ)) {
        return Ok((table, started.elapsed()));
    }
    // Read without the lock, so that the tables are read side by side.
    let table = load_table(
        &path,
        PlacementPatternDb::file_size(side, side, cells.len()),
        2 * PlacementPatternDb::slots(side * side, cells.len()),
        |input, buffer| {
            let mut input = input;
            PlacementPatternDb::read_from(&mut input, side, side, cells, KORF_FELNER_BLANK, buffer)
        },
        |file| PlacementPatternDb::from_file_bytes(file, side, side, cells, KORF_FELNER_BLANK),
    )
    .map_err(|why| format!("{}: {why}", shown(&path)))?;
    let mut read = lock(&READ);
    // Should another thread have read it meanwhile, one copy is kept.
    let table = known(&read).unwrap_or_else(|| {
        let table = Arc::new(table);
        read.push((path.clone(), Arc::clone(&table)));
        table
    });
    Ok((table, started.elapsed()))
}

/// The table `cells` of `split`, its `number`-th: read from its file in
/// `dir`, or built and saved there; `None` when `deadline` passes during
/// the build.
fn load_or_build_table(
    dir: &Path,
    split: &PlacementSplit,
    cells: &[u8],
    number: usize,
    bars: &MultiProgress,
    deadline: Option<Instant>,
) -> Option<(Arc<PlacementPatternDb>, Report)> {
    let side = split.side;
    let path: PathBuf = dir.join(placement_file_name(side, side, cells, KORF_FELNER_BLANK));
    let started = Instant::now();
    let reason = match read_table(dir, side, cells) {
        Ok((db, time)) => {
            let report = Report {
                path,
                origin: Origin::Loaded,
                time,
            };
            return Some((db, report));
        }
        // The reason without the file's name, which the report carries.
        Err(reason) => reason
            .strip_prefix(&format!("{}: ", shown(&path)))
            .unwrap_or(&reason)
            .to_string(),
    };
    let in_time = || deadline.is_none_or(|deadline| Instant::now() < deadline);
    let placements = PlacementPatternDb::placements(side * side, cells.len()) as u64;
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let bar = bars.add(ProgressBar::new(placements));
        let style = ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}").expect("a valid template");
        bar.set_style(style.progress_chars("=> "));
        bar.set_message(format!(
            "{} table {} of {} ({} tiles, {} MB)",
            split.puzzle,
            number + 1,
            split.tables.len(),
            cells.len(),
            PlacementPatternDb::file_size(side, side, cells.len()) / 1_000_000
        ));
        bar
    } else {
        ProgressBar::hidden()
    };
    let db = PlacementPatternDb::build_with_progress(side, side, cells, KORF_FELNER_BLANK, &mut |done, _| {
        bar.set_position(done);
        in_time()
    });
    bar.finish_and_clear();
    let db = db?.with_values_in(huge_page_buffer);
    let not_saved = save_with(dir, &path, |mut file| db.write_to(&mut file)).err();
    if not_saved.is_none() {
        // The earlier formats' files of the same pattern (the first: its
        // blank's goal anywhere, weaker; the second: only the least value;
        // the third: by rank), 127.5 to 255 MB each, will never be read
        // again.
        let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
        for version in 1..PLACEMENT_FORMAT_VERSION {
            let blank = if version == 1 {
                String::new()
            } else {
                format!("b{KORF_FELNER_BLANK}-")
            };
            let name = format!("wpdb-v{version}-{side}x{side}-{blank}{}.bin", cells.join("."));
            let _ = std::fs::remove_file(dir.join(name));
        }
    }
    let report = Report {
        path,
        origin: Origin::Built { reason, not_saved },
        time: started.elapsed(),
    };
    Some((Arc::new(db), report))
}

/// Why [`load_or_build_placement`] gave no tables, in words.
pub fn placement_not_ready(dir: &Path, split: &PlacementSplit) -> String {
    format!(
        "the time allowed passed while the {}'s pattern databases were being built in {}: they are not ready (the tables finished are saved, no partial file is left)",
        split.puzzle,
        shown(dir)
    )
}
