//! Pattern databases for tools: cached on disk, built with a progress bar,
//! and used by many threads at once.
//!
//! The tables of [`slide_solvers::AdditivePdb`] take seconds to build (the
//! README measures 6-6-3) and a moment to read back, so tools keep them in a
//! cache folder ([`cache_dir`]), one file per pattern in the versioned,
//! checksummed format of [`PatternDb::to_bytes`]. A file that is missing,
//! truncated, damaged, of another format version or for another pattern is
//! never trusted: it is rebuilt and rewritten.
//!
//! ```no_run
//! use slide_pdb::{cache_dir, load_or_build};
//! use slide_solvers::Split;
//! let (pdb, reports) = load_or_build(&cache_dir(), Split::SixSixThree, 15).unwrap();
//! for report in &reports {
//!     eprintln!("{report}");
//! }
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::fmt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use slide_core::{Board, Shape};
use slide_solvers::{ida_star, AdditivePdb, Answer, Heuristic, PatternDb, SearchError, Split, FORMAT_VERSION};

/// The cache folder: `$SLIDE_CACHE_DIR` if set; else `slide` under
/// `$XDG_CACHE_HOME`, or under `$HOME/.cache`; else `slide-cache` in the
/// system's temporary folder.
pub fn cache_dir() -> PathBuf {
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
/// the blank's goal in `blank`, such as `pdb-v1-4x4-b15-0.4.5.8.9.12.bin`.
pub fn file_name(shape: Shape, blank: usize, cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    format!("pdb-v{FORMAT_VERSION}-{shape}-b{blank}-{}.bin", cells.join("."))
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
            Origin::Loaded => write!(f, "loaded {} in {seconds:.2} s", self.path.display()),
            Origin::Built { reason, not_saved } => {
                write!(f, "built {} in {seconds:.2} s ({reason})", self.path.display())?;
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

/// The 4x4 databases of `split` for targets with the blank in the corner
/// `blank`, from the files in `dir`, building (and saving) those that are
/// missing or unusable.
pub fn load_or_build(dir: &Path, split: Split, blank: usize) -> Result<(AdditivePdb, Vec<Report>), CacheError> {
    let shape = Shape::new(4, 4).expect("4x4 is a supported shape");
    let partition = split.partition(blank).map_err(|e| CacheError(e.to_string()))?;
    load_or_build_partition(dir, shape, &partition, blank)
}

/// [`load_or_build`] for any partition of any shape (see [`AdditivePdb::build`]).
pub fn load_or_build_partition(
    dir: &Path,
    shape: Shape,
    partition: &[Vec<u8>],
    blank: usize,
) -> Result<(AdditivePdb, Vec<Report>), CacheError> {
    let mut patterns = Vec::new();
    let mut reports = Vec::new();
    for (index, cells) in partition.iter().enumerate() {
        let path = dir.join(file_name(shape, blank, cells));
        let started = Instant::now();
        let reason = match std::fs::read(&path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => "no file yet".to_string(),
            Err(error) => format!("unreadable: {error}"),
            Ok(bytes) => match PatternDb::from_bytes(&bytes) {
                Ok(db) if db.goal_cells() == cells.as_slice() && db.blank() == blank && db.shape() == shape => {
                    patterns.push(db);
                    reports.push(Report {
                        path,
                        origin: Origin::Loaded,
                        time: started.elapsed(),
                    });
                    continue;
                }
                Ok(_) => "the file holds another pattern".to_string(),
                Err(error) => error,
            },
        };
        let db = build_with_bar(shape, cells, blank, index + 1, partition.len());
        let not_saved = save(dir, &path, &db.to_bytes()).err();
        patterns.push(db);
        reports.push(Report {
            path,
            origin: Origin::Built { reason, not_saved },
            time: started.elapsed(),
        });
    }
    let pdb = AdditivePdb::from_patterns(patterns).map_err(|e| CacheError(e.to_string()))?;
    Ok((pdb, reports))
}

/// Builds one pattern, with a progress bar on standard error when it is a terminal.
fn build_with_bar(shape: Shape, cells: &[u8], blank: usize, number: usize, count: usize) -> PatternDb {
    if !std::io::stderr().is_terminal() {
        return PatternDb::build(shape, cells, blank);
    }
    let bar = ProgressBar::new(0);
    let style = ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}").expect("a valid template");
    bar.set_style(style.progress_chars("=> "));
    bar.set_message(format!("pattern database {number} of {count} ({} tiles)", cells.len()));
    let db = PatternDb::build_with_progress(shape, cells, blank, &mut |done, total| {
        bar.set_length(total);
        bar.set_position(done.min(total));
    });
    bar.finish_and_clear();
    db
}

/// Writes `bytes` to `path` through a temporary file, so that an
/// interrupted write never leaves a file that looks whole.
fn save(dir: &Path, path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&temporary, bytes).map_err(|e| format!("writing {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("renaming to {}: {e}", path.display()))
}

/// The databases of one split, for whichever goals a run meets: loaded or
/// built on first need, once per blank cell, and shared by every thread.
///
/// ```no_run
/// use slide_core::{Board, Shape};
/// use slide_pdb::{cache_dir, Databases};
/// use slide_solvers::Split;
/// let databases = Databases::new(cache_dir(), Split::SixSixThree);
/// let goal = Board::goal(Shape::new(4, 4).unwrap());
/// assert!(databases.for_target(&goal).unwrap().is_some());
/// let small = Board::goal(Shape::new(3, 3).unwrap());
/// assert!(databases.for_target(&small).unwrap().is_none());
/// ```
pub struct Databases {
    dir: PathBuf,
    split: Split,
    by_blank: [OnceLock<Result<AdditivePdb, CacheError>>; 16],
}

impl Databases {
    /// The databases of `split`, kept in `dir`; none is read yet.
    pub fn new(dir: PathBuf, split: Split) -> Databases {
        Databases {
            dir,
            split,
            by_blank: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The split.
    pub fn split(&self) -> Split {
        self.split
    }

    /// The databases that serve `target`, loaded or built the first time a
    /// target with its blank cell asks; `None` when the split does not fit
    /// `target` (see [`Split::check_target`]).
    pub fn for_target(&self, target: &Board) -> Result<Option<&AdditivePdb>, CacheError> {
        if self.split.check_target(target).is_err() {
            return Ok(None);
        }
        let loaded = self.by_blank[target.blank()]
            .get_or_init(|| load_or_build(&self.dir, self.split, target.blank()).map(|(pdb, _)| pdb));
        match loaded {
            Ok(pdb) => Ok(Some(pdb)),
            Err(error) => Err(error.clone()),
        }
    }
}

/// Runs `solve` on every item of `items` on rayon's threads, and hands each
/// result to `emit` in the order of the items, as soon as it and every
/// earlier one are done. At most `window` items are in flight or waiting to
/// be emitted, so memory stays bounded however many items come, and `items`
/// is read only as fast as the answers go out.
///
/// ```
/// let mut squares = Vec::new();
/// slide_pdb::for_each_in_order(1..=5u64, 2, |x| x * x, |square| squares.push(square));
/// assert_eq!(squares, [1, 4, 9, 16, 25]);
/// ```
pub fn for_each_in_order<T, R>(
    items: impl IntoIterator<Item = T>,
    window: usize,
    solve: impl Fn(T) -> R + Sync,
    mut emit: impl FnMut(R),
) where
    T: Send,
    R: Send,
{
    let window = window.max(1);
    let (sender, receiver) = mpsc::channel::<(usize, std::thread::Result<R>)>();
    let mut items = items.into_iter().enumerate();
    let solve = &solve;
    // The producer and the consumer run on this thread; only the solving
    // goes to the pool, so no pool thread waits on the channel.
    rayon::in_place_scope(|scope| {
        let mut done: BTreeMap<usize, R> = BTreeMap::new();
        let (mut started, mut next) = (0, 0);
        loop {
            while started - next < window {
                let Some((index, item)) = items.next() else {
                    break;
                };
                let sender = sender.clone();
                scope.spawn(move |_| {
                    // A panic travels to this thread as a value, to be raised
                    // here: the loop below must not wait for a result that
                    // will never come. The receiver outlives the scope, so
                    // sending cannot fail.
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(item)));
                    let _ = sender.send((index, result));
                });
                started += 1;
            }
            if next == started {
                break;
            }
            let (index, result) = receiver.recv().expect("a spawned job sends its result");
            done.insert(index, result.unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            while let Some(result) = done.remove(&next) {
                emit(result);
                next += 1;
            }
        }
    });
}

/// Solves every start to `target` with IDA* and `heuristic`, one start per
/// thread of rayon's pool at a time; answers in the order of `starts`.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::Manhattan;
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::goal(shape);
/// let starts = [Board::parse(shape, "1 2 3 4 5 6 7 x 8").unwrap(), goal];
/// let answers = slide_pdb::solve_in_parallel(&starts, &goal, Manhattan);
/// assert_eq!(answers[0].as_ref().unwrap().length(), Some(1));
/// ```
pub fn solve_in_parallel<H: Heuristic + Copy + Sync>(
    starts: &[Board],
    target: &Board,
    heuristic: H,
) -> Vec<Result<Answer, SearchError>> {
    let mut answers = Vec::with_capacity(starts.len());
    let threads = rayon::current_num_threads();
    for_each_in_order(
        starts,
        2 * threads,
        |start| ida_star(start, target, heuristic),
        |answer| answers.push(answer),
    );
    answers
}
