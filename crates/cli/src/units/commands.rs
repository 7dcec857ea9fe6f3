//! `slide units split`, `search` and `merge`: an iteration's lines
//! written, searched and merged, one command each; and `slide units run`,
//! the iterations to the answer (`docs/units.md`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use slide_core::Instant;
use slide_solvers::UnitEnd;
use slide_units::{parse_line, split_digest, Line, LineError, Nodes, ResultLine, SplitLine};

use super::processes::Processes;
use super::{conclude, iterate, resolve_arguments, resolve_named, split_lines, Merge, Resolved, UnitJob};
use crate::args::{MergeArgs, RunArgs, SplitArgs, UnitSearchArgs};
use crate::error::{bad_input, say, write_stdout, CliError};
use crate::solution::Solution;

/// `slide units split`.
pub(super) fn split(args: &SplitArgs) -> Result<(), CliError> {
    let instance = &args.instance;
    let resolved = resolve_arguments(instance)?;
    let (first, units) = split_lines(&resolved, args.bound, args.proven, instance.count)?;
    let mut output = first.to_string();
    for unit in &units {
        output.push_str(&unit.to_string());
    }
    write_stdout(&output)
}

/// The text of `file` (`-`: standard input).
fn read_text(file: &str) -> Result<String, CliError> {
    if file == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|error| bad_input(format!("standard input: {error}")))
    } else {
        std::fs::read_to_string(file).map_err(|error| bad_input(format!("{file}: {error}")))
    }
}

/// Searches the units in `text` (named `source`) in order until one finds
/// a path or `stop` exists (which a path then creates), and hands each
/// result line to `write` as soon as it is known: a worker stopped part way
/// (a time limit, the OOM killer, a preemption) leaves every result it
/// finished, and a second run needs only the units missing.
fn search_units(
    text: &str,
    source: &str,
    stop: Option<&Path>,
    mut write: impl FnMut(&str) -> Result<(), CliError>,
) -> Result<(), CliError> {
    // Every line is read before any is searched: a bad one anywhere gives
    // no result at all.
    let mut units = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok(Line::Unit(unit)) => units.push(unit),
            Ok(Line::Split(_)) => {}
            Ok(Line::Result(_)) => {
                return Err(bad_input(format!("{source} line {}: a result, not a unit", number + 1)));
            }
            Err(error) => return Err(bad_input(format!("{source} line {}: {error}", number + 1))),
        }
    }
    let mut resolved: HashMap<(String, String, String, String), Resolved> = HashMap::new();
    for unit in units {
        if stop.is_some_and(Path::exists) {
            break;
        }
        let named = &unit.iteration;
        let key = (
            named.board.clone(),
            named.goal.clone(),
            named.estimate.clone(),
            named.pruning.clone(),
        );
        if !resolved.contains_key(&key) {
            resolved.insert(key.clone(), resolve_named(named)?);
        }
        resolved[&key]
            .check_bound(named.bound)
            .map_err(|error| bad_input(format!("{source}: unit {}: {}", unit.id, error.message)))?;
        let (end, stats) = resolved[&key].dispatch(UnitJob {
            bound: named.bound,
            moves: &unit.moves,
        })?;
        let found = matches!(end, UnitEnd::Found(_));
        write(
            &ResultLine {
                iteration: unit.iteration,
                id: unit.id,
                generated: stats.generated,
                expanded: stats.expanded,
                end,
            }
            .to_string(),
        )?;
        if found {
            // A path ends the iteration: the units after it need no search,
            // here or in the searches that share `stop`.
            if let Some(stop) = stop {
                let _ = std::fs::write(stop, "");
            }
            break;
        }
    }
    Ok(())
}

/// `slide units search`: each result written and flushed as it is found.
pub(super) fn search(args: &UnitSearchArgs) -> Result<(), CliError> {
    let text = read_text(&args.file)?;
    let source = if args.file == "-" { "standard input" } else { &args.file };
    search_units(&text, source, args.stop_file.as_deref(), write_stdout)
}

/// The split's first line in `file`; the units after it, if any, must be
/// that split's (their ids in order, and its digest).
fn read_split(file: &str) -> Result<SplitLine, CliError> {
    let text = read_text(file)?;
    let mut lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
    let split = match lines.next().map(|(_, line)| parse_line(line)) {
        Some(Ok(Line::Split(split))) => split,
        Some(Ok(_)) | None => return Err(bad_input(format!("{file} line 1: not a split's first line"))),
        Some(Err(error)) => return Err(bad_input(format!("{file} line 1: {error}"))),
    };
    let mut moves = Vec::new();
    for (number, line) in lines {
        let unit = match parse_line(line) {
            Ok(Line::Unit(unit)) if unit.id == moves.len() && unit.iteration == split.iteration => unit,
            Ok(_) => {
                return Err(bad_input(format!(
                    "{file} line {}: not unit {} of the split on line 1",
                    number + 1,
                    moves.len()
                )))
            }
            Err(error) => return Err(bad_input(format!("{file} line {}: {error}", number + 1))),
        };
        moves.push(unit.moves);
    }
    if !moves.is_empty() && (moves.len() != split.units || split_digest(&moves) != split.iteration.split) {
        return Err(bad_input(format!(
            "{file}: its units are not those its first line names ({} units, split {})",
            split.units, split.iteration.split
        )));
    }
    Ok(split)
}

/// The results in `files`; a line that is damaged or cut short is said on
/// standard error and left out (its unit then has no result).
pub(super) fn read_results(files: &[PathBuf]) -> Result<Vec<ResultLine>, CliError> {
    let mut results = Vec::new();
    for file in files {
        let name = file.display();
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(error) => {
                say(&format!("warning: {name}: {error}; its units have no result"));
                continue;
            }
        };
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match parse_line(line) {
                Ok(Line::Result(result)) => results.push(result),
                Ok(_) => return Err(bad_input(format!("{name} line {}: not a result", number + 1))),
                Err(LineError::Damaged(why)) => say(&format!("warning: {name} line {}: {why}; left out", number + 1)),
                Err(LineError::Refused(why)) => return Err(bad_input(format!("{name} line {}: {why}", number + 1))),
            }
        }
    }
    Ok(results)
}

/// The text or JSON of an answer.
pub(super) fn answer_text(solution: &Solution, json: bool) -> String {
    let order = slide_core::MoveOrder::KORF;
    if json {
        format!("{}\n", solution.json(None, false, order))
    } else {
        solution.text(false, order)
    }
}

/// `slide units merge`.
pub(super) fn merge_files(args: &MergeArgs) -> Result<(), CliError> {
    let split = read_split(&args.units)?;
    let files: Vec<PathBuf> = args.results.iter().map(PathBuf::from).collect();
    let results = read_results(&files)?;
    let instance = || resolve_named(&split.iteration).map(|resolved| resolved.instance);
    let output = match conclude(&split, &results, (Nodes::default(), Instant::now()), instance)? {
        Merge::Answer(solution) => answer_text(&solution, args.json),
        Merge::Next { bound, nodes } if args.json => {
            let json = serde_json::json!({
                "next_bound": bound,
                "nodes_expanded": nodes.expanded,
                "nodes_generated": nodes.generated,
            });
            format!("{json}\n")
        }
        Merge::Next { bound, .. } => format!("next bound {bound}\n"),
    };
    write_stdout(&output)
}

/// `slide units run`: the iterations from the start's estimate, each split
/// into files a command searches, merged, until one has a path.
pub(super) fn run(args: &RunArgs) -> Result<Solution, CliError> {
    let started = Instant::now();
    let mut processes = Processes::new(args)?;
    let outcome = resolve_arguments(&args.instance).and_then(|resolved| {
        iterate(&resolved, args.instance.count, |first, units, last| {
            processes.search(&resolved, first, units, last)
        })
    });
    processes.clean_up();
    let mut solution = outcome?;
    solution.seconds = started.elapsed().as_secs_f64();
    Ok(solution)
}
