//! The searches of `slide units run`: each iteration's units written into
//! files that a command template searches (by default `xargs -P` on this
//! machine), or searched here on threads when the iteration before was
//! small (`docs/units.md`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use slide_core::Move;
use slide_solvers::UnitEnd;
use slide_units::{ResultLine, SplitLine, UnitLine};

use super::commands::read_results;
use super::{Resolved, UnitJob};
use crate::args::RunArgs;
use crate::error::{bad_input, say, CliError};

/// The results of `units`, searched by `resolved` on `threads` threads,
/// each taking the next unit not taken, until one finds a path.
fn search_here(resolved: &Resolved, units: &[UnitLine], threads: usize) -> Result<Vec<ResultLine>, CliError> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let work = || -> Result<Vec<ResultLine>, CliError> {
        let mut results = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let (end, stats) = resolved.dispatch(UnitJob {
                bound: unit.iteration.bound,
                moves: &unit.moves,
            })?;
            if let UnitEnd::Found(_) = end {
                stop.store(true, Ordering::Relaxed);
            }
            results.push(ResultLine {
                iteration: unit.iteration.clone(),
                id: unit.id,
                generated: stats.generated,
                expanded: stats.expanded,
                end,
            });
        }
        Ok(results)
    };
    let searched: Vec<Result<Vec<ResultLine>, CliError>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..threads.max(1)).map(|_| scope.spawn(work)).collect();
        threads
            .into_iter()
            .map(|thread| thread.join().expect("a unit's search does not panic"))
            .collect()
    });
    let mut results = Vec::new();
    for part in searched {
        results.extend(part?);
    }
    Ok(results)
}

/// The default command of `slide units run`: xargs -P on this machine.
/// `{slide}` and `{dir}` become the variables below, which the inner `sh`
/// expands from its environment.
const LOCAL: &str = r#"seq 0 {last} | xargs -P {workers} -I % sh -c '"{slide}" units search "{dir}/unit-%.txt" --stop-file "{dir}/found" > "{dir}/result-%.txt"'"#;

/// The variable of the command's environment that `{dir}` stands for: the
/// iteration's folder.
const DIR_VARIABLE: &str = "SLIDE_UNITS_DIR";

/// The variable that `{slide}` stands for: this program.
const SLIDE_VARIABLE: &str = "SLIDE_UNITS_SLIDE";

/// The searches of `slide units run`: each iteration's units written to
/// files in a folder of its own under `dir`, searched by the command
/// `template` starts, or here when the last iteration was small.
pub(super) struct Processes {
    dir: PathBuf,
    /// Whether `dir` is this run's own, removed at the end.
    temporary: bool,
    /// This program, for `{slide}`.
    slide: PathBuf,
    template: String,
    workers: usize,
    files: usize,
    /// The most nodes an iteration generates for the next to be searched
    /// here: about a second on one thread by default.
    in_process_below: u64,
    /// The last iteration's units: their moves and the nodes each generated.
    last: Vec<(Vec<Move>, u64)>,
}

impl Processes {
    /// The searches `slide units run`'s arguments ask for.
    pub(super) fn new(args: &RunArgs) -> Result<Processes, CliError> {
        let workers = args.workers.max(1);
        let (dir, temporary) = match &args.dir {
            Some(dir) => (dir.clone(), false),
            None => (
                std::env::temp_dir().join(format!("slide-units-{}", std::process::id())),
                true,
            ),
        };
        Ok(Processes {
            dir,
            temporary,
            slide: std::env::current_exe().map_err(|error| bad_input(format!("this program's path: {error}")))?,
            template: args.exec.clone().unwrap_or_else(|| LOCAL.to_string()),
            workers,
            files: args.files.unwrap_or(workers).max(1),
            in_process_below: args.in_process_below,
            last: Vec::new(),
        })
    }

    /// Removes the folder of the iterations if it is this run's own.
    pub(super) fn clean_up(&self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    /// Runs the command on the `count` files in `folder`.
    fn start(&self, folder: &Path, count: usize) -> Result<(), CliError> {
        // The paths are never written into the command: `{dir}` and
        // `{slide}` become references to variables of the command's
        // environment, which a shell expands as data, never as code, so a
        // folder named `x$(touch y)` or `it's` stays a name.
        let command = self
            .template
            .replace("{dir}", &format!("${{{DIR_VARIABLE}}}"))
            .replace("{last}", &(count - 1).to_string())
            .replace("{count}", &count.to_string())
            .replace("{workers}", &self.workers.to_string())
            .replace("{slide}", &format!("${{{SLIDE_VARIABLE}}}"));
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .env(DIR_VARIABLE, folder)
            .env(SLIDE_VARIABLE, &self.slide)
            .status()
            .map_err(|error| CliError {
                status: 1,
                message: format!("sh -c {command}: {error}"),
            })?;
        if !status.success() {
            say(&format!(
                "warning: `{command}` ended with {status}; merging what it left"
            ));
        }
        Ok(())
    }
}

impl Processes {
    /// The results of `units`, the split `first` made, searched with
    /// `resolved`; the iteration before generated `last` nodes.
    pub(super) fn search(
        &mut self,
        resolved: &Resolved,
        first: &SplitLine,
        units: &[UnitLine],
        last: u64,
    ) -> Result<Vec<ResultLine>, CliError> {
        let folder = self.dir.join(format!("bound-{}", first.iteration.bound));
        std::fs::create_dir_all(&folder).map_err(|error| cannot_write(&folder, error))?;
        // A folder used before (the same --dir again) keeps nothing of that
        // run: its stop file would stop the searches, its results be read.
        if let Ok(entries) = std::fs::read_dir(&folder) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name == "found" || (name.starts_with("result-") && name.ends_with(".txt")) {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        let write = |name: String, text: String| {
            let path = folder.join(name);
            std::fs::write(&path, text).map_err(|error| cannot_write(&path, error))
        };
        let mut all = first.to_string();
        let used = self.files.min(units.len()).max(1);
        let mut shares = vec![String::new(); used];
        let moves: Vec<&[Move]> = units.iter().map(|unit| &unit.moves[..]).collect();
        for (unit, file) in units.iter().zip(deal(&moves, &self.last, used)) {
            let line = unit.to_string();
            all.push_str(&line);
            shares[file].push_str(&line);
        }
        write("units.txt".to_string(), all)?;
        for (index, share) in shares.iter().enumerate() {
            write(format!("unit-{index}.txt"), share.clone())?;
        }
        let results = if units.is_empty() {
            // The split searched the whole iteration above its cut.
            Vec::new()
        } else if last < self.in_process_below {
            // A small iteration (the last one was): searched here, on as
            // many threads as files, rather than by processes that would
            // start for less.
            search_here(resolved, units, used)?
        } else {
            self.start(&folder, used)?;
            let results: Vec<PathBuf> = (0..used)
                .map(|index| folder.join(format!("result-{index}.txt")))
                .collect();
            read_results(&results)?
        };
        let by_id: HashMap<usize, u64> = results.iter().map(|result| (result.id, result.generated)).collect();
        self.last = units
            .iter()
            .filter_map(|unit| Some((unit.moves.clone(), *by_id.get(&unit.id)?)))
            .collect();
        Ok(results)
    }
}

/// A file or folder that cannot be written (a full disk, no permission):
/// status 1, as output that cannot be written.
fn cannot_write(path: &Path, error: std::io::Error) -> CliError {
    CliError {
        status: 1,
        message: format!("cannot write {}: {error}", path.display()),
    }
}

/// Which of `files` files each unit goes in (`units`: their moves from the
/// start, in the units' order):
/// each unit in turn to the file whose units are expected to cost least so
/// far, a unit expected to cost what its subtree cost in the last iteration
/// (`last`: moves and nodes), shared evenly among the units below one of
/// the last iteration's, or the sum of those below it.
///
/// Why: the workers search their files in the units' order, and the one
/// that finds a path stops the others. Dealt round robin, a worker whose
/// units happen to be light runs far ahead in that order, into units the
/// search at this bound never needs: on Korf and Felner's #40, one worker
/// searched 418 units while the other reached the path in its 76th. A
/// subtree costs about the same multiple of its last cost from one bound to
/// the next (the logarithms of the two correlate at 0.98 on #38 and #40), so
/// files dealt by that cost move through the order side by side
/// (`record/2026-12-05-units.md`). In the first iteration with units there
/// is no last cost, and every unit costs the same: round robin.
fn deal(units: &[&[Move]], last: &[(Vec<Move>, u64)], files: usize) -> Vec<usize> {
    // A unit's nearest ancestor among the last iteration's units, if any.
    let ancestor = |moves: &[Move]| {
        last.iter()
            .enumerate()
            .filter(|(_, (above, _))| moves.starts_with(above))
            .max_by_key(|(_, (above, _))| above.len())
            .map(|(index, _)| index)
    };
    let ancestors: Vec<Option<usize>> = units.iter().map(|moves| ancestor(moves)).collect();
    let mut below = vec![0u64; last.len()];
    for &index in ancestors.iter().flatten() {
        below[index] += 1;
    }
    let mut cost = vec![0u64; files];
    units
        .iter()
        .zip(&ancestors)
        .map(|(unit, ancestor)| {
            let expected = match ancestor {
                Some(index) => last[*index].1 / below[*index],
                // The last iteration cut deeper here: the units below this one.
                None => last
                    .iter()
                    .filter(|(moves, _)| moves.starts_with(unit))
                    .map(|(_, nodes)| nodes)
                    .sum(),
            };
            let file = (0..files).min_by_key(|&file| cost[file]).expect("a file at least");
            cost[file] += expected.max(1);
            file
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_core::Move::{Down, Left, Right, Up};

    /// With no last iteration, round robin.
    #[test]
    fn the_first_units_are_dealt_round_robin() {
        let units: Vec<&[Move]> = vec![&[Up], &[Left], &[Right], &[Down], &[Up, Left]];
        assert_eq!(deal(&units, &[], 2), [0, 1, 0, 1, 0]);
        assert_eq!(deal(&units, &[], 3), [0, 1, 2, 0, 1]);
    }

    /// A unit costs its ancestor's nodes shared among its siblings, or its
    /// descendants' nodes, or 1; each goes to the file cheapest so far.
    #[test]
    fn units_are_dealt_by_their_subtrees_last_cost() {
        let last = vec![
            (vec![Up], 100),
            (vec![Left], 10),
            (vec![Right, Up], 6),
            (vec![Right, Left], 6),
        ];
        let units: Vec<&[Move]> = vec![
            &[Up, Left],   // 50: file 0
            &[Up, Right],  // 50: file 1
            &[Left, Up],   // 10: file 0 (50 = 50, the first)
            &[Right],      // 12, from the two below it: file 1
            &[Down],       // 1, no history: file 0 (60 against 62)
            &[Down, Down], // 1: file 0 (61 against 62)
        ];
        assert_eq!(deal(&units, &last, 2), [0, 1, 0, 1, 0, 0]);
    }
}
