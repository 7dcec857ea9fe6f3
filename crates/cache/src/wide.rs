//! The cache of the 24-puzzle's tables: Korf and Felner's two, built on two
//! threads the first time, read back after.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use slide_pattern_db::{korf_felner_split, WidePatternDb, WidePdb, KORF_FELNER_TABLES, WIDE_FORMAT_VERSION};

use crate::{checked_file, save_with, shown, CacheError, Origin, Report};

/// The file of a wide table of `goal_cells` on `rows` by `cols`, such as
/// `wpdb-v1-5x5-1.2.5.6.7.12.bin`.
pub fn wide_file_name(rows: usize, cols: usize, goal_cells: &[u8]) -> String {
    let cells: Vec<String> = goal_cells.iter().map(u8::to_string).collect();
    format!("wpdb-v{WIDE_FORMAT_VERSION}-{rows}x{cols}-{}.bin", cells.join("."))
}

/// Korf and Felner's 6-6-6-6 tables of the 24-puzzle for a goal whose blank
/// is in the corner `blank`, from the files in `dir`, building (and
/// saving) those missing or unusable, each on a thread of its own, until
/// `deadline`: past it the builds stop, leave no file, and the answer is
/// `Ok(None)`.
pub fn load_or_build_korf_felner(
    dir: &Path,
    blank: usize,
    deadline: Option<Instant>,
) -> Result<Option<(WidePdb, Vec<Report>)>, CacheError> {
    let split = korf_felner_split(blank).map_err(|e| CacheError(e.to_string()))?;
    crate::remove_stale_temporaries(dir);
    let bars = MultiProgress::new();
    let tables: Option<Vec<(Arc<WidePatternDb>, Report)>> = std::thread::scope(|scope| {
        let threads: Vec<_> = KORF_FELNER_TABLES
            .iter()
            .enumerate()
            .map(|(number, cells)| {
                let bars = &bars;
                scope.spawn(move || load_or_build_table(dir, cells, (number, KORF_FELNER_TABLES.len()), bars, deadline))
            })
            .collect();
        threads
            .into_iter()
            .map(|thread| thread.join().expect("loading or building a table does not panic"))
            .collect()
    });
    let Some(tables) = tables else {
        return Ok(None);
    };
    let (tables, reports): (Vec<Arc<WidePatternDb>>, Vec<Report>) = tables.into_iter().unzip();
    let patterns = split
        .into_iter()
        .map(|(table, to_table)| (Arc::clone(&tables[table]), to_table))
        .collect();
    Ok(Some((WidePdb::new(5, 5, patterns), reports)))
}

/// Whether both of Korf and Felner's tables are in `dir`, each file of its
/// size (what [`load_or_build_korf_felner`] reads without building; its
/// checksum is checked then).
pub fn korf_felner_cached(dir: &Path) -> bool {
    KORF_FELNER_TABLES.iter().all(|cells| {
        let path = dir.join(wide_file_name(5, 5, cells));
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == WidePatternDb::file_size(5, 5, cells.len()))
    })
}

/// One of Korf and Felner's tables, `cells`, the `number.0`-th of
/// `number.1`: read from its file in `dir`, or built and saved there;
/// `None` when `deadline` passes during the build.
fn load_or_build_table(
    dir: &Path,
    cells: &[u8],
    number: (usize, usize),
    bars: &MultiProgress,
    deadline: Option<Instant>,
) -> Option<(Arc<WidePatternDb>, Report)> {
    let path: PathBuf = dir.join(wide_file_name(5, 5, cells));
    let started = Instant::now();
    let size = WidePatternDb::file_size(5, 5, cells.len());
    let read = checked_file(&path, size).and_then(|mut input| WidePatternDb::read_from(&mut input, 5, 5, cells));
    let reason = match read {
        Ok(db) => {
            let report = Report {
                path,
                origin: Origin::Loaded,
                time: started.elapsed(),
            };
            return Some((Arc::new(db), report));
        }
        Err(reason) => reason,
    };
    let in_time = || deadline.is_none_or(|deadline| Instant::now() < deadline);
    let placements = WidePatternDb::placements(25, cells.len()) as u64;
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let bar = bars.add(ProgressBar::new(placements));
        let style = ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {elapsed}").expect("a valid template");
        bar.set_style(style.progress_chars("=> "));
        bar.set_message(format!(
            "24-puzzle table {} of {} ({} tiles, {} MB)",
            number.0 + 1,
            number.1,
            cells.len(),
            placements >> 20
        ));
        bar
    } else {
        ProgressBar::hidden()
    };
    let db = WidePatternDb::build_with_progress(5, 5, cells, &mut |done, _| {
        bar.set_position(done);
        in_time()
    });
    bar.finish_and_clear();
    let db = db?;
    let not_saved = save_with(dir, &path, |file| db.write_to(file)).err();
    let report = Report {
        path,
        origin: Origin::Built { reason, not_saved },
        time: started.elapsed(),
    };
    Some((Arc::new(db), report))
}

/// Why [`load_or_build_korf_felner`] gave no tables, in words.
pub fn korf_felner_not_ready(dir: &Path) -> String {
    format!(
        "the time allowed passed while the 24-puzzle's pattern databases were being built in {}: they are not ready (the tables finished are saved, no partial file is left)",
        shown(dir)
    )
}
