//! `slide units`: one IDA* iteration as work units for a batch system
//! (`docs/units.md`). The searches are `slide_solvers::split_iteration` and
//! `search_unit`; the lines and their merge are `slide_units`; this module
//! reads the arguments, resolves an iteration's estimate and rule, and
//! prints.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use slide_core::Move;
use slide_pattern_db::PlacementPdb;
use slide_solvers::{
    search_unit, split_iteration, Budget, Heuristic, LinearConflict, Manhattan, MoveFsm, Pruning, SearchError, Stats,
    UndoLast, UnitEnd, WideBoard,
};
use slide_units::{
    merge, parse_line, split_digest, Iteration, Line, LineError, Merged, Nodes, ResultLine, SplitLine, UnitLine,
    MAX_COUNT,
};

use crate::args::{
    HeuristicArg, MergeArgs, PruningArg, RunArgs, SplitArgs, UnitSearchArgs, UnitsCommand, UnitsInstance,
};
use crate::error::{bad_input, say, write_stdout, CliError};
use crate::instance::Instance;
use crate::solution::{Found, Quality, Solution};
use crate::solve::board_text;

/// The packing of the boards units take: up to 25 cells.
type Wide = WideBoard<u128>;

/// The most cells a unit's board has.
const MAX_CELLS: usize = 25;

/// Runs `slide units ...`.
pub(crate) fn units(command: &UnitsCommand) -> Result<(), CliError> {
    // A worker starts once a file and an iteration, the driver once a run,
    // for searches of seconds: the 24-puzzle's tables mapped, not copied
    // (`slide_cache::map_tables`).
    slide_cache::map_tables();
    match command {
        UnitsCommand::Split(args) => split(args),
        UnitsCommand::Search(args) => search(args),
        UnitsCommand::Merge(args) => merge_files(args),
        UnitsCommand::Run(args) => run(args),
    }
}

/// An estimate, resolved.
enum Estimate {
    Manhattan,
    LinearConflict,
    Pdb(PlacementPdb),
}

/// An instance with its estimate and rule, as the lines name them.
struct Resolved {
    instance: Instance,
    start: Wide,
    goal: Wide,
    estimate: Estimate,
    pruning: PruningArg,
    /// The iteration's fields but the bounds and the split.
    named: Iteration,
    /// The length of a path from the start to the goal (the reduction's),
    /// `None` when there is none: no iteration needs a larger bound.
    known: Option<u32>,
}

/// A search run with an estimate and a rule of any type.
trait Job {
    type Out;
    fn run<H: Heuristic<Wide> + Copy + Sync, R: Pruning>(
        self,
        start: &Wide,
        goal: &Wide,
        heuristic: H,
        pruning: R,
    ) -> Self::Out;
}

impl Resolved {
    /// Runs `job` with the estimate and the rule.
    fn dispatch<J: Job>(&self, job: J) -> J::Out {
        let (start, goal) = (&self.start, &self.goal);
        match (&self.estimate, self.pruning) {
            (Estimate::Manhattan, PruningArg::Fsm) => job.run(start, goal, Manhattan, crate::route::move_fsm()),
            (Estimate::Manhattan, PruningArg::Undo) => job.run(start, goal, Manhattan, UndoLast),
            (Estimate::LinearConflict, PruningArg::Fsm) => {
                job.run(start, goal, LinearConflict, crate::route::move_fsm())
            }
            (Estimate::LinearConflict, PruningArg::Undo) => job.run(start, goal, LinearConflict, UndoLast),
            (Estimate::Pdb(pdb), PruningArg::Fsm) => job.run(start, goal, pdb, crate::route::move_fsm()),
            (Estimate::Pdb(pdb), PruningArg::Undo) => job.run(start, goal, pdb, UndoLast),
        }
    }

    /// The iteration bounded by `bound`, every bound below `proven` known
    /// to have no path, of the split `split`.
    fn iteration(&self, bound: u32, proven: u32, split: String) -> Iteration {
        Iteration {
            bound,
            proven,
            split,
            ..self.named.clone()
        }
    }

    /// `bound`, if an iteration may need it: at most the length of a path
    /// known (the iteration there has a path), and so at most the depth a
    /// unit's search is checked to go. A bound past it is refused, before
    /// any search recurses that deep.
    fn check_bound(&self, bound: u32) -> Result<u32, CliError> {
        match self.known {
            Some(known) if bound > known => Err(bad_input(format!(
                "the bound {bound} is more than this board needs: the reduction reaches the goal in {known} moves, so the iteration at {known} has a path"
            ))),
            _ => Ok(bound),
        }
    }
}

/// The name of `pruning` in the lines.
fn pruning_name(pruning: PruningArg) -> String {
    match pruning {
        PruningArg::Fsm => format!("fsm{}", MoveFsm::LONGEST),
        PruningArg::Undo => "undo".to_string(),
    }
}

/// Reads an instance and resolves its estimate (`heuristic`, or the
/// default) and rule.
fn resolve(
    board: &str,
    goal: Option<&str>,
    heuristic: Option<HeuristicArg>,
    pruning: PruningArg,
) -> Result<Resolved, CliError> {
    let instance = Instance::read(board, goal, None)?;
    if instance.cells() > MAX_CELLS {
        return Err(bad_input(format!(
            "work units take boards of at most {MAX_CELLS} cells, not {}x{}",
            instance.start.rows(),
            instance.start.cols()
        )));
    }
    let known = slide_large::reduce_by_search(&instance.start, &instance.goal, u64::MAX)
        .map_err(|error| bad_input(error.to_string()))?
        .map(|path| path.len().min(slide_solvers::MAX_UNIT_BOUND as usize) as u32);
    let start = Wide::of(&instance.start).map_err(bad_input)?;
    let goal = Wide::of(&instance.goal).map_err(bad_input)?;
    let five = (start.rows(), start.cols()) == (5, 5);
    let heuristic = heuristic.unwrap_or_else(|| {
        let corner = slide_pattern_db::korf_felner_split(goal.blank()).is_ok();
        if five && corner && crate::wide::korf_felner_cached(goal.blank()) {
            HeuristicArg::Pdb
        } else {
            HeuristicArg::LinearConflict
        }
    });
    let (estimate, name) = match heuristic {
        HeuristicArg::Manhattan => (Estimate::Manhattan, "manhattan".to_string()),
        HeuristicArg::LinearConflict => (Estimate::LinearConflict, "linear-conflict".to_string()),
        HeuristicArg::Pdb if five => {
            let pdb = crate::wide::Tables::default().for_goal(goal.blank(), None)?;
            let files = slide_cache::korf_felner_file_names();
            (Estimate::Pdb(pdb), format!("pdb-6-6-6-6 {}", files.join(",")))
        }
        other => {
            return Err(bad_input(format!(
                "work units take --heuristic manhattan, linear-conflict, or pdb on 5x5, not {}",
                crate::route::name_of(other)
            )))
        }
    };
    let named = Iteration {
        board: instance.start.to_string(),
        goal: instance.goal.to_string(),
        estimate: name,
        pruning: pruning_name(pruning),
        bound: 0,
        proven: 0,
        split: String::new(),
    };
    Ok(Resolved {
        instance,
        start,
        goal,
        estimate,
        pruning,
        named,
        known,
    })
}

/// Resolves the instance, estimate and rule an iteration names, refusing
/// an estimate or rule this program does not have (another table version).
fn resolve_named(iteration: &Iteration) -> Result<Resolved, CliError> {
    let heuristic = match iteration.estimate.split(' ').next() {
        Some("manhattan") => HeuristicArg::Manhattan,
        Some("linear-conflict") => HeuristicArg::LinearConflict,
        Some("pdb-6-6-6-6") => HeuristicArg::Pdb,
        _ => {
            return Err(bad_input(format!(
                "the estimate `{}` is not one this slide has",
                iteration.estimate
            )))
        }
    };
    let pruning = match iteration.pruning.as_str() {
        "undo" => PruningArg::Undo,
        name if name == pruning_name(PruningArg::Fsm) => PruningArg::Fsm,
        name => {
            return Err(bad_input(format!(
                "the pruning rule `{name}` is not one this slide has"
            )))
        }
    };
    let resolved = resolve(&iteration.board, Some(&iteration.goal), Some(heuristic), pruning)?;
    if let Some(difference) = resolved.named.differs(&Iteration {
        bound: 0,
        proven: 0,
        split: String::new(),
        ..iteration.clone()
    }) {
        return Err(bad_input(format!("the units are {difference}")));
    }
    Ok(resolved)
}

/// The start's estimate.
struct StartEstimate;

impl Job for StartEstimate {
    type Out = Result<u32, SearchError>;
    fn run<H: Heuristic<Wide> + Copy + Sync, R: Pruning>(
        self,
        start: &Wide,
        goal: &Wide,
        heuristic: H,
        _: R,
    ) -> Self::Out {
        Ok(heuristic.start(start, goal).map_err(SearchError::Heuristic)?.1)
    }
}

/// A split's lines.
struct SplitJob {
    bound: u32,
    count: usize,
}

impl Job for SplitJob {
    type Out = Result<slide_solvers::IterationUnits, SearchError>;
    fn run<H: Heuristic<Wide> + Copy + Sync, R: Pruning>(
        self,
        start: &Wide,
        goal: &Wide,
        heuristic: H,
        pruning: R,
    ) -> Self::Out {
        split_iteration(start, goal, heuristic, self.bound, self.count, pruning)
    }
}

/// One unit's search.
struct UnitJob<'m> {
    bound: u32,
    moves: &'m [Move],
}

impl Job for UnitJob<'_> {
    type Out = Result<(UnitEnd, Stats), SearchError>;
    fn run<H: Heuristic<Wide> + Copy + Sync, R: Pruning>(
        self,
        start: &Wide,
        goal: &Wide,
        heuristic: H,
        pruning: R,
    ) -> Self::Out {
        search_unit(
            start,
            goal,
            heuristic,
            self.bound,
            self.moves,
            pruning,
            &mut Budget::default(),
        )
    }
}

/// The split of the iteration at `bound` (default: the start's estimate),
/// `proven` (default: the start's estimate): its first line and its units.
fn split_lines(
    resolved: &Resolved,
    bound: Option<u32>,
    proven: Option<u32>,
    count: usize,
) -> Result<(SplitLine, Vec<UnitLine>), CliError> {
    if count > MAX_COUNT {
        return Err(bad_input(format!(
            "--count {count} is more units than a split makes (at most {MAX_COUNT})"
        )));
    }
    let h = resolved.dispatch(StartEstimate)?;
    let (bound, proven) = (bound.unwrap_or(h), proven.unwrap_or(h));
    if proven > bound {
        return Err(bad_input(format!("--proven {proven} is above the bound {bound}")));
    }
    let bound = resolved.check_bound(bound)?;
    let split = resolved.dispatch(SplitJob {
        bound,
        count: count.max(1),
    })?;
    let iteration = resolved.iteration(bound, proven, split_digest(&split.units));
    let units = split
        .units
        .into_iter()
        .enumerate()
        .map(|(id, moves)| UnitLine {
            iteration: iteration.clone(),
            id,
            moves,
        })
        .collect::<Vec<_>>();
    let first = SplitLine {
        iteration,
        units: units.len(),
        depth: split.depth,
        next: split.next_bound,
        generated: split.generated,
        expanded: split.expanded,
    };
    Ok((first, units))
}

/// `slide units split`.
fn split(args: &SplitArgs) -> Result<(), CliError> {
    let instance = &args.instance;
    let resolved = resolve(
        &board_text(&instance.board)?,
        instance.goal.as_deref(),
        instance.heuristic,
        instance.pruning,
    )?;
    let (first, units) = split_lines(&resolved, args.bound, args.proven, instance.count)?;
    let mut output = first.to_string();
    for unit in &units {
        output.push_str(&unit.to_string());
    }
    write_stdout(&output)
}

/// A file or folder that cannot be written (a full disk, no permission):
/// status 1, as output that cannot be written.
fn cannot_write(path: &Path, error: std::io::Error) -> CliError {
    CliError {
        status: 1,
        message: format!("cannot write {}: {error}", path.display()),
    }
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
fn search(args: &UnitSearchArgs) -> Result<(), CliError> {
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
fn read_results(files: &[PathBuf]) -> Result<Vec<ResultLine>, CliError> {
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

/// What a merge concludes.
enum Merge {
    Answer(Box<Solution>),
    Next { bound: u32, nodes: Nodes },
}

/// `before` and `here` added, or an error when a count passes 2^64.
fn added(before: Nodes, here: Nodes) -> Result<Stats, CliError> {
    let sum = |a: u64, b: u64| {
        a.checked_add(b)
            .ok_or_else(|| bad_input("the node counts add up past 2^64: a line was not written by a search"))
    };
    Ok(Stats {
        generated: sum(before.generated, here.generated)?,
        expanded: sum(before.expanded, here.expanded)?,
    })
}

/// Merges `results` into an answer or the next bound; `before` nodes came
/// before this iteration, which started at `started`.
fn conclude(
    split: &SplitLine,
    results: &[ResultLine],
    (before, started): (Nodes, Instant),
    known: Option<&Resolved>,
) -> Result<Merge, CliError> {
    let merged = merge(split, results).map_err(bad_input)?;
    let iteration = &split.iteration;
    let resolved = || match known {
        Some(known) => Ok(Instance {
            start: known.instance.start.clone(),
            goal: known.instance.goal.clone(),
        }),
        None => resolve_named(iteration).map(|resolved| resolved.instance),
    };
    let solution = |path: Option<Vec<Move>>, nodes: Nodes, instance: Instance| -> Result<Merge, CliError> {
        let quality = match &path {
            Some(path) if iteration.proven < path.len() as u32 => Quality::Bounded {
                lower_bound: iteration.proven as usize,
            },
            _ => Quality::Optimal,
        };
        Ok(Merge::Answer(Box::new(Solution {
            instance,
            found: Found::One(path),
            algorithm: format!(
                "units/ida_star/{}",
                iteration.estimate.split(' ').next().unwrap_or_default()
            ),
            stats: Some(added(before, nodes)?),
            quality,
            seconds: started.elapsed().as_secs_f64(),
        })))
    };
    match merged {
        Merged::Found { id, path, nodes } => {
            let instance = resolved()?;
            let mut board = instance.start.clone();
            let reaches = board.apply_path(&path).is_none() && board == instance.goal;
            if !reaches || path.len() as u32 > iteration.bound {
                return Err(bad_input(format!(
                    "unit {id}'s path does not reach the goal within the bound {}",
                    iteration.bound
                )));
            }
            solution(Some(path), nodes, instance)
        }
        Merged::Next {
            bound: Some(bound),
            nodes,
        } => {
            let Stats { generated, expanded } = added(before, nodes)?;
            Ok(Merge::Next {
                bound,
                nodes: Nodes { generated, expanded },
            })
        }
        Merged::Next { bound: None, nodes } => solution(None, nodes, resolved()?),
        Merged::Missing(missing) => Err(CliError {
            status: 1,
            message: format!("no unit found a path, and {missing} have no result: search them, then merge again"),
        }),
    }
}

/// The text or JSON of an answer.
fn answer_text(solution: &Solution, json: bool) -> String {
    let order = slide_core::MoveOrder::KORF;
    if json {
        format!("{}\n", solution.json(None, false, order))
    } else {
        solution.text(false, order)
    }
}

/// `slide units merge`.
fn merge_files(args: &MergeArgs) -> Result<(), CliError> {
    let split = read_split(&args.units)?;
    let files: Vec<PathBuf> = args.results.iter().map(PathBuf::from).collect();
    let results = read_results(&files)?;
    let output = match conclude(&split, &results, (Nodes::default(), Instant::now()), None)? {
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
fn run(args: &RunArgs) -> Result<(), CliError> {
    let instance: &UnitsInstance = &args.instance;
    let started = Instant::now();
    let resolved = resolve(
        &board_text(&instance.board)?,
        instance.goal.as_deref(),
        instance.heuristic,
        instance.pruning,
    )?;
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
