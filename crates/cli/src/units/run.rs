//! `slide units run`: the iterations from the start's estimate to the
//! answer, each split into files of units that a command template searches
//! (by default `xargs -P` on this machine), merged (`docs/units.md`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use slide_core::Move;
use slide_solvers::UnitEnd;
use slide_units::{Nodes, ResultLine, UnitLine};

use super::commands::{answer_text, cannot_write, conclude, read_results, Merge};
use super::{resolve_arguments, split_lines, Resolved, StartEstimate, UnitJob};
use crate::args::{RunArgs, UnitsInstance};
use crate::error::{bad_input, say, write_stdout, CliError};
use crate::solution::Solution;

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

/// `slide units run`: the iterations from the start's estimate, each split
/// into files a command searches, merged, until one has a path.
pub(super) fn run(args: &RunArgs) -> Result<(), CliError> {
    let instance: &UnitsInstance = &args.instance;
    let started = Instant::now();
    let resolved = resolve_arguments(instance)?;
    let workers = args.workers.max(1);
    let files = args.files.unwrap_or(workers).max(1);
    let (dir, temporary) = match &args.dir {
        Some(dir) => (dir.clone(), false),
        None => (
            std::env::temp_dir().join(format!("slide-units-{}", std::process::id())),
            true,
        ),
    };
    let slide = std::env::current_exe().map_err(|error| bad_input(format!("this program's path: {error}")))?;
    let template = args.exec.as_deref().unwrap_or(LOCAL);
    let outcome = iterate(
        &resolved,
        instance.count,
        &dir,
        (files, args.in_process_below),
        |folder, count| {
            // The paths are never written into the command: `{dir}` and
            // `{slide}` become references to variables of the command's
            // environment, which a shell expands as data, never as code, so
            // a folder named `x$(touch y)` or `it's` stays a name.
            let command = template
                .replace("{dir}", &format!("${{{DIR_VARIABLE}}}"))
                .replace("{last}", &(count - 1).to_string())
                .replace("{count}", &count.to_string())
                .replace("{workers}", &workers.to_string())
                .replace("{slide}", &format!("${{{SLIDE_VARIABLE}}}"));
            let status = std::process::Command::new("sh")
                .arg("-c")
                .arg(&command)
                .env(DIR_VARIABLE, folder)
                .env(SLIDE_VARIABLE, &slide)
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
        },
    );
    if temporary {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let mut solution = outcome?;
    solution.seconds = started.elapsed().as_secs_f64();
    write_stdout(&answer_text(&solution, args.json))
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

/// The iterations of [`run`]: each split into `files` files of units in its
/// own folder under `dir`, searched by `search(folder, files)` (or here,
/// after an iteration of fewer than `in_process_below` nodes: about a
/// second on one thread by default), merged.
fn iterate(
    resolved: &Resolved,
    count: usize,
    dir: &Path,
    (files, in_process_below): (usize, u64),
    mut search: impl FnMut(&Path, usize) -> Result<(), CliError>,
) -> Result<Solution, CliError> {
    let started = Instant::now();
    let mut bound = resolved.dispatch(StartEstimate)?;
    // The nodes so far.
    let mut nodes = Nodes::default();
    // The nodes generated before the last iteration.
    let mut before = 0;
    // The last iteration's units: their moves and the nodes each generated.
    let mut last: Vec<(Vec<Move>, u64)> = Vec::new();
    loop {
        // Each iteration chains from the start's estimate: every bound
        // below this one was merged without a path.
        let (first, units) = split_lines(resolved, Some(bound), Some(bound), count)?;
        let folder = dir.join(format!("bound-{bound}"));
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
        let used = files.min(units.len()).max(1);
        let mut shares = vec![String::new(); used];
        let moves: Vec<&[Move]> = units.iter().map(|unit| &unit.moves[..]).collect();
        for (unit, file) in units.iter().zip(deal(&moves, &last, used)) {
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
        } else if nodes.generated - before < in_process_below {
            // A small iteration (the last one was): searched here, on as
            // many threads as files, rather than by processes that would
            // start for less.
            search_here(resolved, &units, used)?
        } else {
            search(&folder, used)?;
            let results: Vec<PathBuf> = (0..used)
                .map(|index| folder.join(format!("result-{index}.txt")))
                .collect();
            read_results(&results)?
        };
        before = nodes.generated;
        let by_id: HashMap<usize, u64> = results.iter().map(|result| (result.id, result.generated)).collect();
        last = units
            .iter()
            .filter_map(|unit| Some((unit.moves.clone(), *by_id.get(&unit.id)?)))
            .collect();
        match conclude(&first, &results, (nodes, started), Some(resolved))? {
            Merge::Answer(solution) => return Ok(*solution),
            Merge::Next {
                bound: next,
                nodes: so_far,
            } => {
                bound = next;
                nodes = so_far;
            }
        }
    }
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
