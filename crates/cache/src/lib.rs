//! The disk cache of pattern databases: tables read back when sound,
//! built with a progress bar and written when not.
//!
//! The tables of [`slide_pattern_db::AdditivePdb`] take seconds to build
//! (`record/fifteen-puzzle.md`) and a moment to read back, so tools keep them in a
//! cache folder ([`cache_dir`]), one file per pattern in the versioned,
//! checksummed format of [`PatternDb::to_bytes`]. A file that is missing,
//! truncated, damaged, of another format version or for another pattern is
//! never trusted: it is rebuilt and rewritten.
//!
//! ```no_run
//! use slide_core::Shape;
//! use slide_cache::{cache_dir, load_or_build};
//! use slide_pattern_db::Split;
//! let (pdb, reports) = load_or_build(&cache_dir(), Split::SixSixThree, Shape::new(4, 4).unwrap(), 15).unwrap();
//! for report in &reports {
//!     eprintln!("{report}");
//! }
//! ```

#![deny(unsafe_code)]
#![deny(missing_docs)]

mod files;
mod memory;
mod move_fsm;
mod placement;

pub use crate::memory::{hold_in_memory, put_file, take_new_files};
pub use crate::move_fsm::{move_fsm_file_name, shared_move_fsm};
pub use crate::placement::{
    load_or_build_placement, load_placement, map_tables, placement_file_name, placement_file_names,
    placement_not_ready, Unusable,
};

use crate::files::{huge_page_buffer, load_table, remove_stale_temporaries, save_with, shown};

use std::fmt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use slide_core::{Board, Instant, Shape, MAX_CELLS};
use slide_pattern_db::{check_split, patterns_for, AdditivePdb, PatternDb, Split, FORMAT_VERSION};
use slide_solvers::PatternMismatch;

/// The cache folder: `$SLIDE_CACHE_DIR` if set; else `slide` under
/// `$XDG_CACHE_HOME`, or under `$HOME/.cache`; else `slide-cache` in the
/// system's temporary folder. (In a browser, which has no folders, the
/// name `slide-cache`: its files are held in memory, see [`hold_in_memory`].)
pub fn cache_dir() -> PathBuf {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return PathBuf::from("slide-cache");
    }
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("SLIDE_CACHE_DIR") {
        return dir;
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return dir.join("slide");
    }
    if let Some(home) = var("HOME") {
        return home.join(".cache").join("slide");
    }
    std::env::temp_dir().join("slide-cache")
}

/// The file that holds the pattern with goal cells `cells` on `shape` with
/// the blank's goal in `blank`, such as `pdb-v5-4x4-b15-4.5.8.9.12.13.bin`.
pub fn file_name(shape: Shape, blank: usize, cells: &[u8]) -> String {
    file_name_of_version(FORMAT_VERSION, shape, blank, cells)
}

/// [`file_name`] in format version `version`.
fn file_name_of_version(version: u32, shape: Shape, blank: usize, cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    format!("pdb-v{version}-{shape}-b{blank}-{}.bin", cells.join("."))
}

/// What became of one pattern's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read and checked.
    Loaded,
    /// Built, because the file could not be used for this reason.
    Built {
        /// Why the file was not used.
        reason: String,
        /// Why the new file could not be written, if it could not.
        not_saved: Option<String>,
    },
}

/// One pattern's file and what became of it.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file.
    pub path: PathBuf,
    /// Loaded or built.
    pub origin: Origin,
    /// How long loading or building took.
    pub time: Duration,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.time.as_secs_f64();
        match &self.origin {
            Origin::Loaded => write!(f, "loaded {} in {seconds:.2} s", shown(&self.path)),
            Origin::Built { reason, not_saved } => {
                write!(f, "built {} in {seconds:.2} s ({reason})", shown(&self.path))?;
                if let Some(why) = not_saved {
                    write!(f, "; not saved: {why}")?;
                }
                Ok(())
            }
        }
    }
}

/// Why databases could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheError(pub String);

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CacheError {}

/// Why [`Databases::for_target`] has no tables for a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The split does not fit the target.
    Mismatch(PatternMismatch),
    /// The cache could neither read nor build them.
    Cache(CacheError),
    /// The time allowed passed while they were being built; the patterns
    /// finished were saved, the others left no file.
    OutOfTime,
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::Mismatch(mismatch) => mismatch.fmt(f),
            Unavailable::Cache(error) => error.fmt(f),
            Unavailable::OutOfTime => f.write_str(
                "the time allowed passed while the pattern databases were being built: they are not ready (the patterns finished are saved, no partial file is left)",
            ),
        }
    }
}

impl std::error::Error for Unavailable {}

/// The databases of `split` for targets of `shape` with the blank in
/// `blank` (see [`patterns_for`]), from the files in `dir`,
/// building (and saving) those that are missing or unusable.
pub fn load_or_build(
    dir: &Path,
    split: Split,
    shape: Shape,
    blank: usize,
) -> Result<(AdditivePdb, Vec<Report>), CacheError> {
    let partition = patterns_for(split, shape, blank).map_err(|e| CacheError(e.to_string()))?;
    load_or_build_patterns(dir, shape, &partition, blank)
}

/// [`load_or_build`], building only until `deadline`: past it every build
/// stops and leaves no file (a pattern finished before is saved), and the
/// answer is `Ok(None)`.
fn load_or_build_until(
    dir: &Path,
    split: Split,
    shape: Shape,
    blank: usize,
    deadline: Option<Instant>,
) -> Result<Option<(AdditivePdb, Vec<Report>)>, CacheError> {
    let partition = patterns_for(split, shape, blank).map_err(|e| CacheError(e.to_string()))?;
    load_or_build_patterns_until(dir, shape, &partition, blank, deadline)
}

/// [`load_or_build`] for any partition of any shape (see [`AdditivePdb::build`]).
pub fn load_or_build_patterns(
    dir: &Path,
    shape: Shape,
    partition: &[Vec<u8>],
    blank: usize,
) -> Result<(AdditivePdb, Vec<Report>), CacheError> {
    let built = load_or_build_patterns_until(dir, shape, partition, blank, None)?;
    Ok(built.expect("a build with no deadline ends"))
}

/// [`load_or_build_patterns`] until `deadline` (see [`load_or_build_until`]).
fn load_or_build_patterns_until(
    dir: &Path,
    shape: Shape,
    partition: &[Vec<u8>],
    blank: usize,
    deadline: Option<Instant>,
) -> Result<Option<(AdditivePdb, Vec<Report>)>, CacheError> {
    remove_stale_temporaries(dir);
    let bars = MultiProgress::new();
    let one = |(index, cells): (usize, &Vec<u8>)| {
        load_or_build_pattern(dir, shape, cells, blank, (index, partition.len()), &bars, deadline)
    };
    // One thread per pattern: each is loaded or built on its own, and the
    // large ones, built side by side, keep every core busy. A browser's
    // worker has one thread, and builds them one after another.
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        let loaded: Option<Vec<(PatternDb, Report)>> = partition.iter().enumerate().map(one).collect();
        return assembled(loaded);
    }
    let loaded: Option<Vec<(PatternDb, Report)>> = std::thread::scope(|scope| {
        let threads: Vec<_> = partition
            .iter()
            .enumerate()
            .map(|pattern| scope.spawn(move || one(pattern)))
            .collect();
        threads
            .into_iter()
            .map(|thread| thread.join().expect("loading or building a pattern does not panic"))
            .collect()
    });
    assembled(loaded)
}

/// The additive database of the patterns `loaded`, with their reports;
/// `None` if one of them was not built in time.
fn assembled(loaded: Option<Vec<(PatternDb, Report)>>) -> Result<Option<(AdditivePdb, Vec<Report>)>, CacheError> {
    let Some(loaded) = loaded else {
        return Ok(None);
    };
    let (patterns, reports): (Vec<PatternDb>, Vec<Report>) = loaded.into_iter().unzip();
    let pdb = AdditivePdb::from_patterns(patterns).map_err(|e| CacheError(e.to_string()))?;
    Ok(Some((pdb, reports)))
}

/// One pattern of [`load_or_build_patterns`], the `number.0`-th (from 0)
/// of `number.1`: loaded from its file in `dir`, or built and saved there;
/// `None` when `deadline` passes during the build.
fn load_or_build_pattern(
    dir: &Path,
    shape: Shape,
    cells: &[u8],
    blank: usize,
    number: (usize, usize),
    bars: &MultiProgress,
    deadline: Option<Instant>,
) -> Option<(PatternDb, Report)> {
    let path = dir.join(file_name(shape, blank, cells));
    let started = Instant::now();
    let reason = match read_file(&path, PatternDb::file_size(shape, cells.len())) {
        Ok(db) if db.goal_cells() == cells && db.blank() == blank && db.shape() == shape => {
            let report = Report {
                path,
                origin: Origin::Loaded,
                time: started.elapsed(),
            };
            return Some((db, report));
        }
        Ok(_) => "the file holds another pattern".to_string(),
        Err(reason) => reason,
    };
    // Built tables are read at random by the search that follows, as
    // loaded ones are: they go to huge pages too (a 6-tile table's copy
    // takes a few milliseconds).
    let db = build_with_bar(shape, cells, blank, number, bars, deadline)?.with_table_in(huge_page_buffer);
    let not_saved = save(dir, &path, &db).err();
    if not_saved.is_none() {
        // The same pattern's files of earlier formats will never be read
        // again: a 6-tile pattern's took 57 MB.
        for version in 1..FORMAT_VERSION {
            let _ = std::fs::remove_file(dir.join(file_name_of_version(version, shape, blank, cells)));
        }
    }
    let report = Report {
        path,
        origin: Origin::Built { reason, not_saved },
        time: started.elapsed(),
    };
    Some((db, report))
}

/// The database in the cache file `path`, which must be a regular file of
/// `size` bytes: anything else (a folder, a FIFO that would block, a link to
/// a device that never ends, a file of another size) is refused unread.
fn read_file(path: &Path, size: u64) -> Result<PatternDb, String> {
    load_table(
        path,
        size,
        size as usize,
        PatternDb::read_from,
        PatternDb::from_file_bytes,
    )
}

/// Builds one pattern, the `number.0`-th (from 0) of `number.1`, with a
/// progress bar among `bars` on standard error when it is a terminal;
/// `None` if `deadline` passes first.
fn build_with_bar(
    shape: Shape,
    cells: &[u8],
    blank: usize,
    number: (usize, usize),
    bars: &MultiProgress,
    deadline: Option<Instant>,
) -> Option<PatternDb> {
    let in_time = || deadline.is_none_or(|deadline| Instant::now() < deadline);
    if !std::io::stderr().is_terminal() {
        return PatternDb::build_with_progress(shape, cells, blank, &mut |_, _| in_time());
    }
    // The bar's length is the placements to value from the start: a bar of
    // length 0 would show as full until the first report.
    let n = shape.cells() as u64;
    let placements: u64 = (n + 1 - cells.len() as u64..=n).product();
    let bar = bars.add(ProgressBar::new(placements));
    let style = ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}").expect("a valid template");
    bar.set_style(style.progress_chars("=> "));
    bar.set_message(format!(
        "pattern database {} of {} ({} tiles)",
        number.0 + 1,
        number.1,
        cells.len()
    ));
    let db = PatternDb::build_with_progress(shape, cells, blank, &mut |done, total| {
        bar.set_position(done.min(total));
        in_time()
    });
    bar.finish_and_clear();
    db
}

/// Writes `db` to `path` through a temporary file, so that an interrupted
/// write never leaves a file that looks whole; a write that fails (a full
/// disk) removes its temporary file.
fn save(dir: &Path, path: &Path, db: &PatternDb) -> Result<(), String> {
    save_with(dir, path, |file| db.write_to(file))
}

/// A function that tells the user something, from any thread.
type Notice = Box<dyn Fn(&str) + Send + Sync>;

/// The databases of one split, for whichever goals a run meets: loaded or
/// built on first need, once per blank cell, and shared by every thread.
///
/// ```no_run
/// use slide_core::{Board, Shape, MAX_CELLS};
/// use slide_cache::{cache_dir, Databases};
/// use slide_pattern_db::Split;
/// let databases = Databases::new(cache_dir(), Split::SixSixThree);
/// let goal = Board::goal(Shape::new(4, 4).unwrap());
/// assert!(databases.for_target(&goal).is_ok());
/// let small = Board::goal(Shape::new(3, 3).unwrap());
/// assert!(matches!(databases.for_target(&small), Err(slide_cache::Unavailable::Mismatch(_))));
/// ```
pub struct Databases {
    dir: PathBuf,
    split: Split,
    /// By goal: the shape's index (see [`Shape::index`]) times 16 plus the blank's cell.
    by_goal: Vec<OnceLock<Result<AdditivePdb, CacheError>>>,
    /// Held while a goal's tables are read or built: one thread does it,
    /// and one that runs out of time leaves the goal to the next asker.
    building: Vec<Mutex<()>>,
    /// Told, once, when built tables cannot be saved.
    notice: Option<Notice>,
    told: AtomicBool,
}

impl Databases {
    /// The databases of `split`, kept in `dir`; none is read yet.
    pub fn new(dir: PathBuf, split: Split) -> Databases {
        Databases {
            dir,
            split,
            by_goal: (0..64 * MAX_CELLS).map(|_| OnceLock::new()).collect(),
            building: (0..64 * MAX_CELLS).map(|_| Mutex::new(())).collect(),
            notice: None,
            told: AtomicBool::new(false),
        }
    }

    /// Calls `notice` with a line, once, if tables were built but could not
    /// be saved (so the next run builds them again).
    pub fn with_notice(mut self, notice: impl Fn(&str) + Send + Sync + 'static) -> Databases {
        self.notice = Some(Box::new(notice));
        self
    }

    /// The split.
    pub fn split(&self) -> Split {
        self.split
    }

    /// Whether the databases for `target` can be had without building:
    /// loaded already, or every pattern's file in the cache at its size
    /// (its contents are checked when it is read). False when the split
    /// does not fit `target`.
    pub fn ready(&self, target: &Board) -> bool {
        let shape = target.shape();
        let Ok(partition) = patterns_for(self.split, shape, target.blank()) else {
            return false;
        };
        if self.by_goal[shape.index() * MAX_CELLS + target.blank()].get().is_some() {
            return true;
        }
        partition.iter().all(|cells| {
            let path = self.dir.join(file_name(shape, target.blank(), cells));
            let size = PatternDb::file_size(shape, cells.len());
            match memory::length(&path) {
                Some(held) => held == Some(size),
                None => std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file() && metadata.len() == size),
            }
        })
    }

    /// The databases that serve `target`, loaded or built the first time a
    /// target with its blank cell asks; [`Unavailable::Mismatch`] when the
    /// split does not fit `target` (see [`check_split`]).
    pub fn for_target(&self, target: &Board) -> Result<&AdditivePdb, Unavailable> {
        self.for_target_until(target, None)
    }

    /// [`Databases::for_target`], building only until `deadline`: past it
    /// the builds stop, leaving no file (the patterns finished before are
    /// saved), and the answer is [`Unavailable::OutOfTime`] (a later call
    /// builds the rest).
    pub fn for_target_until(&self, target: &Board, deadline: Option<Instant>) -> Result<&AdditivePdb, Unavailable> {
        check_split(self.split, target).map_err(Unavailable::Mismatch)?;
        let shape = target.shape();
        let slot = shape.index() * MAX_CELLS + target.blank();
        let loaded = match self.by_goal[slot].get() {
            Some(loaded) => loaded,
            None => {
                let _building = self.building[slot]
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                match self.by_goal[slot].get() {
                    Some(loaded) => loaded,
                    None => {
                        let loaded = match load_or_build_until(&self.dir, self.split, shape, target.blank(), deadline) {
                            Ok(None) => return Err(Unavailable::OutOfTime),
                            Ok(Some((pdb, reports))) => {
                                self.tell_if_unsaved(&reports);
                                Ok(pdb)
                            }
                            Err(error) => Err(error),
                        };
                        self.by_goal[slot].get_or_init(|| loaded)
                    }
                }
            }
        };
        loaded.as_ref().map_err(|error| Unavailable::Cache(error.clone()))
    }

    /// Tells, once, that built tables could not be saved, if so.
    fn tell_if_unsaved(&self, reports: &[Report]) {
        let unsaved = reports.iter().find_map(|report| match &report.origin {
            Origin::Built {
                not_saved: Some(why), ..
            } => Some(why.clone()),
            _ => None,
        });
        if let (Some(why), Some(notice)) = (unsaved, &self.notice) {
            if !self.told.swap(true, Ordering::Relaxed) {
                notice(&format!(
                    "the pattern databases cannot be saved in {} ({why}); they will be built again next time (set SLIDE_CACHE_DIR to a writable folder)",
                    shown(&self.dir)
                ));
            }
        }
    }
}
