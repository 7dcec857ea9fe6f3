//! `slide units`: one IDA* iteration as work units for a batch system
//! (`docs/units.md`). The searches are `slide_solvers::split_iteration` and
//! `search_unit`; the lines and their merge are `slide_units`. This module
//! resolves an iteration's instance, estimate and rule, runs the searches
//! with them, and chains the iterations to an answer ([`iterate`]);
//! `commands.rs` holds the commands (`split`, `search`, `merge`, `run`);
//! `processes.rs` the searches of `run`'s units by a command's processes.

mod commands;
mod processes;

use slide_core::{Instant, Move};
use slide_pattern_db::{placement_split, PlacementPdb, PLACEMENT_SPLITS};
use slide_solvers::{
    search_unit, split_iteration, Budget, Heuristic, LinearConflict, Manhattan, MoveFsm, Pruning, SearchError, Stats,
    UndoLast, UnitEnd, WideBoard,
};

use slide_units::{merge, split_digest, Iteration, Merged, Nodes, ResultLine, SplitLine, UnitLine, MAX_COUNT};

use crate::args::{HeuristicArg, PruningArg, UnitsCommand, UnitsInstance};
use crate::error::{bad_input, write_stdout, CliError};
use crate::estimate::{self as policy, Packing};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::route::Tables;
use crate::solution::{Found, Quality, Solution};

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
        UnitsCommand::Split(args) => commands::split(args),
        UnitsCommand::Search(args) => commands::search(args),
        UnitsCommand::Merge(args) => commands::merge_files(args),
        UnitsCommand::Run(args) => write_stdout(&commands::answer_text(&commands::run(args)?, args.json)),
    }
}

/// An estimate, resolved.
enum LoadedEstimate {
    Manhattan,
    LinearConflict,
    Pdb(PlacementPdb),
}

/// An instance with its estimate and rule, as the lines name them.
struct Resolved {
    instance: Instance,
    start: Wide,
    goal: Wide,
    estimate: LoadedEstimate,
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
            (LoadedEstimate::Manhattan, PruningArg::Fsm) => job.run(start, goal, Manhattan, crate::route::move_fsm()),
            (LoadedEstimate::Manhattan, PruningArg::Undo) => job.run(start, goal, Manhattan, UndoLast),
            (LoadedEstimate::LinearConflict, PruningArg::Fsm) => {
                job.run(start, goal, LinearConflict, crate::route::move_fsm())
            }
            (LoadedEstimate::LinearConflict, PruningArg::Undo) => job.run(start, goal, LinearConflict, UndoLast),
            (LoadedEstimate::Pdb(pdb), PruningArg::Fsm) => job.run(start, goal, pdb, crate::route::move_fsm()),
            (LoadedEstimate::Pdb(pdb), PruningArg::Undo) => job.run(start, goal, pdb, UndoLast),
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

/// The instance, estimate and rule the arguments of `slide units split`
/// and `run` name (the board `-`: standard input, as for `slide solve`).
fn resolve_arguments(instance: &UnitsInstance) -> Result<Resolved, CliError> {
    resolve(
        Instance::read_argument(&instance.board, instance.goal.as_deref(), None)?,
        instance.heuristic,
        instance.pruning,
    )
}

/// Resolves an instance's estimate (`heuristic`, or the default) and rule.
fn resolve(instance: Instance, heuristic: Option<HeuristicArg>, pruning: PruningArg) -> Result<Resolved, CliError> {
    let pruning_name = pruning_name(pruning);
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
    // Units search the wide boards, whatever the size: the policy's default
    // and rule for them.
    let tables = Tables::new();
    let chosen = policy::ResolvedEstimate::resolve(heuristic, &instance, Packing::Wide, &tables);
    if !policy::fits(chosen.heuristic, Packing::Wide, (start.rows(), start.cols())) {
        return Err(bad_input(format!(
            "work units take --heuristic manhattan, linear-conflict, or pdb on 5x5, 6x6 and 7x7, not {}",
            policy::name_of(chosen.heuristic)
        )));
    }
    let (estimate, name) = match chosen.heuristic {
        HeuristicArg::Manhattan => (LoadedEstimate::Manhattan, "manhattan".to_string()),
        HeuristicArg::LinearConflict => (LoadedEstimate::LinearConflict, "linear-conflict".to_string()),
        HeuristicArg::Pdb => {
            let pdb = tables
                .placement
                .for_goal((goal.rows(), goal.cols()), goal.blank(), None)?;
            let files = chosen.needs(Packing::Wide, (goal.rows(), goal.cols())).files();
            let split = placement_split(goal.rows(), goal.cols()).expect("pdb fits the board");
            let name = format!("{} {}", split.name(), files.join(","));
            (LoadedEstimate::Pdb(pdb), name)
        }
        HeuristicArg::WalkingDistance | HeuristicArg::Pdb78 => unreachable!("refused above: they fit no wide board"),
    };
    let named = Iteration {
        board: instance.start.to_string(),
        goal: instance.goal.to_string(),
        estimate: name,
        pruning: pruning_name,
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
        Some(name) if PLACEMENT_SPLITS.iter().any(|split| split.name() == name) => HeuristicArg::Pdb,
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
    let instance = Instance::read(&iteration.board, Some(&iteration.goal), None)?;
    let resolved = resolve(instance, Some(heuristic), pruning)?;
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

/// IDA* over splits: the iterations from the start's estimate, each split
/// into `count` units, searched by `search` (`processes.rs`: by the processes a
/// command starts, or here), merged, until one answers. `search` is given
/// the units, the split that made them, and the nodes the iteration before
/// generated.
fn iterate(
    resolved: &Resolved,
    count: usize,
    mut search: impl FnMut(&SplitLine, &[UnitLine], u64) -> Result<Vec<ResultLine>, CliError>,
) -> Result<Solution, CliError> {
    let started = Instant::now();
    let mut bound = resolved.dispatch(StartEstimate)?;
    // The nodes so far, and those generated before the last iteration.
    let mut nodes = Nodes::default();
    let mut before = 0;
    loop {
        // Each iteration chains from the start's estimate: every bound
        // below this one was merged without a path.
        let (first, units) = split_lines(resolved, Some(bound), Some(bound), count)?;
        let results = search(&first, &units, nodes.generated - before)?;
        before = nodes.generated;
        let instance = || {
            Ok(Instance {
                start: resolved.instance.start.clone(),
                goal: resolved.instance.goal.clone(),
            })
        };
        match conclude(&first, &results, (nodes, started), instance)? {
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
/// before this iteration, which started at `started`; `instance` gives the
/// iteration's instance, asked only when the merge answers.
fn conclude(
    split: &SplitLine,
    results: &[ResultLine],
    (before, started): (Nodes, Instant),
    instance: impl FnOnce() -> Result<Instance, CliError>,
) -> Result<Merge, CliError> {
    let merged = merge(split, results).map_err(bad_input)?;
    let iteration = &split.iteration;
    let solution = |path: Option<Vec<Move>>, nodes: Nodes, instance: Instance| -> Result<Merge, CliError> {
        let quality = match &path {
            Some(path) if iteration.proven < path.len() as u32 => Quality::Bounded {
                lower_bound: iteration.proven as usize,
            },
            _ => Quality::Optimal,
        };
        Ok(Merge::Answer(Box::new(Solution {
            instance,
            found: Found::One(path.map(PackedPath::from)),
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
            let instance = instance()?;
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
        Merged::Next { bound: None, nodes } => solution(None, nodes, instance()?),
        Merged::Missing(missing) => Err(CliError {
            status: 1,
            message: format!("no unit found a path, and {missing} have no result: search them, then merge again"),
        }),
    }
}
