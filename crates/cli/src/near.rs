//! The near-optimal route: boards past the optimal searches (more than 16
//! cells, up to [`NEAR_MAX_CELLS`]), answered with the shortest path found
//! within a time budget, with the lower bound it can prove
//! (`docs/near-optimal.md`).
//!
//! In order, each bounded by the best path so far: the reduction (a path
//! at once, in milliseconds); on 5x5 with Korf and Felner's tables, their
//! weighted A* at a ladder of weights; beam searches of doubling widths
//! with the strongest estimate the board has, until the budget is spent
//! (and, where they stop at the widest that memory holds with time left,
//! a second estimate's beams after them).
//! Each path is shortened window by window before it is weighed against
//! the best. The lower bound is the start's estimate (and weighted A*'s,
//! its length over its weight). Every step is deterministic but the time
//! each beam is given, and a longer budget weighs the same paths and more:
//! it never gives a longer path.

use std::time::Duration;

use slide_core::{Instant, Move};
use slide_large::{reduce, shorten};
use slide_solvers::{
    beam_state_bytes, beam_within, states_within, wide_near_optimal, BeamFinish, BeamWay, Budget, Cells, Estimate,
    Heuristic, LinearConflict, MaxOf, SearchError, Stats, WideBoard, WideTiles, DEFAULT_MEMORY, NEAR_OPTIMAL_STATES,
};

use crate::args::HeuristicArg;
use crate::error::{bad_input, CliError};
use crate::instance::Instance;
use crate::packed::PackedPath;
use crate::route::{Request, Tables};
use crate::solution::{Found, Quality, Solution};

/// The most cells of a board the near-optimal route takes (10x10, or a
/// rectangle of as many cells); beyond, the reduction answers alone.
pub(crate) const NEAR_MAX_CELLS: usize = 100;

/// The time the route spends on a board unless `--budget` says otherwise.
pub(crate) const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The windows the finished path is shortened by: the longest whose
/// rectangle fits 16 cells pay (`record/2026-12-06-near-optimal.md`).
const SHORTEN_WINDOW: usize = 32;

/// Solves `instance` by the near-optimal route with `heuristic` (the
/// policy's default: the placement tables on 5x5, 6x6 and 7x7 where cached,
/// linear conflict otherwise), within the request's budget, counted from when the
/// request was made (the tables' reading included).
pub(crate) fn solve(
    instance: Instance,
    heuristic: HeuristicArg,
    request: &Request,
    tables: &Tables,
) -> Result<Solution, CliError> {
    let started = request.started;
    let budget = request.limits.budget.unwrap_or(DEFAULT_BUDGET);
    let budget = request.limits.timeout.map_or(budget, |timeout| timeout.min(budget));
    let deadline = started + budget;
    let Some(reduced) = crate::reduce::reduced(&instance, request.max_moves)?.map(|path| path.to_vec()) else {
        return Ok(Solution {
            instance,
            found: Found::One(None),
            algorithm: "near".to_string(),
            stats: None,
            quality: Quality::Optimal,
            seconds: started.elapsed().as_secs_f64(),
        });
    };
    // Every path is shortened before it is weighed (see `Completion`), the
    // reduction's too.
    let reduced = shorten(&instance.start, &reduced, SHORTEN_WINDOW);
    let mut completion = Completion {
        instance: &instance,
        bound: reduced.len() as u64,
    };
    let reduction = Reduction {
        path: &reduced,
        finish: &mut completion,
    };
    let shape = (instance.goal.rows(), instance.goal.cols());
    let searched = match (heuristic, instance.cells()) {
        (HeuristicArg::Pdb, 25) if shape == (5, 5) => {
            let (start, goal) = wide::<u128>(&instance)?;
            let pdb = tables.placement.for_goal(shape, goal.blank(), Some(deadline))?;
            let then = Some(&LinearConflict);
            search(&start, &goal, (&&pdb, then), true, reduction, request, deadline)?
        }
        // The 35-puzzle's tables of five tiles lead, linear conflict's beams
        // after them; the 48-puzzle's of four lift the estimate less, and
        // their beams, forward only, lose to linear conflict's both ways
        // within 30 s on random 7x7 boards: there linear conflict leads
        // (`record/2026-12-06-near-optimal.md`).
        (HeuristicArg::Pdb, 36 | 49) if shape.0 == shape.1 => {
            let (start, goal) = wide::<Cells>(&instance)?;
            let pdb = tables.placement.for_goal(shape, goal.blank(), Some(deadline))?;
            let both = MaxOf(LinearConflict, &pdb);
            if shape == (6, 6) {
                search(
                    &start,
                    &goal,
                    (&both, Some(&LinearConflict)),
                    false,
                    reduction,
                    request,
                    deadline,
                )?
            } else {
                search(
                    &start,
                    &goal,
                    (&LinearConflict, Some(&both)),
                    false,
                    reduction,
                    request,
                    deadline,
                )?
            }
        }
        (_, 0..=25) => {
            let (start, goal) = wide::<u128>(&instance)?;
            let only = (&LinearConflict, None::<&LinearConflict>);
            search(&start, &goal, only, false, reduction, request, deadline)?
        }
        _ => {
            let (start, goal) = wide::<Cells>(&instance)?;
            let only = (&LinearConflict, None::<&LinearConflict>);
            search(&start, &goal, only, false, reduction, request, deadline)?
        }
    };
    let path = searched.path;
    let lower_bound = searched
        .lower_bound
        .max(instance.start.manhattan(&instance.goal) as usize);
    Ok(Solution {
        instance,
        found: Found::One(Some(PackedPath::from(path))),
        algorithm: searched.name,
        stats: Some(searched.stats),
        quality: Quality::Near { lower_bound },
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// What the searches found: the best path, a lower bound, their nodes and
/// the route's name.
struct Searched {
    path: Vec<Move>,
    lower_bound: usize,
    stats: Stats,
    name: String,
}

/// The reduction's part in the searches: its path, the one to beat, and
/// how it finishes a beam that stalled and shortens every path.
struct Reduction<'a> {
    path: &'a [Move],
    finish: &'a mut dyn BeamFinish,
}

/// How the route completes a stalled beam and shortens every path it
/// weighs. A stalled beam's boards are finished by the reduction that
/// needs no search (a millisecond on 10x10, where `reduce_by_search` takes
/// a fifth of a second: `record/2026-12-06-near-optimal.md`), on the board
/// and on its transpose: a forward beam's from there to the goal, a
/// backward one's from the start to there; `None` if the beam's path does
/// not replay. Each path is shortened window by window before it is
/// weighed, so that a longer budget, which weighs the same paths and more,
/// never answers a longer one.
struct Completion<'a> {
    instance: &'a Instance,
    /// The reduction's length: a finish no shorter is no use.
    bound: u64,
}

impl BeamFinish for Completion<'_> {
    fn finish(&mut self, way: BeamWay, path: &[Move]) -> Option<Vec<Move>> {
        let (from, to) = match way {
            BeamWay::Forward => (&self.instance.start, &self.instance.goal),
            BeamWay::Backward => (&self.instance.goal, &self.instance.start),
        };
        let mut there = from.clone();
        there.apply_path(path).is_none().then_some(())?;
        let (a, b) = match way {
            BeamWay::Forward => (&there, to),
            BeamWay::Backward => (to, &there),
        };
        // The reduction places rows first; on the boards transposed it
        // places columns first, and from a stalled board either may be the
        // shorter (`record/2026-12-06-near-optimal.md`).
        let down = reduce(a, b, self.bound).ok().flatten();
        let across = reduce(&a.transposed(), &b.transposed(), self.bound)
            .ok()
            .flatten()
            .map(|path| path.into_iter().map(Move::transposed).collect());
        [down, across].into_iter().flatten().min_by_key(Vec::len)
    }

    fn shorten(&mut self, path: Vec<Move>) -> Vec<Move> {
        shorten(&self.instance.start, &path, SHORTEN_WINDOW)
    }
}

/// Beams of doubling widths with `heuristic` ([`beam_within`]), bounded
/// by the best path `searched` holds and replacing it (and its name) with
/// any shorter one, within 1 GB and the time to `deadline`.
fn beams<T, H>(
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    heuristic: &H,
    searched: &mut Searched,
    finish: &mut dyn BeamFinish,
    request: &Request,
    deadline: Instant,
) -> Result<(), CliError>
where
    T: WideTiles + Send + Sync,
    H: Heuristic<WideBoard<T>> + Sync,
    H::Estimate: Send,
{
    // The boards of a width's beams, both ways, that 1 GB holds.
    let bytes = beam_state_bytes::<T, <H::Estimate as Estimate<T>>::Kept>(searched.path.len());
    let boards = states_within(DEFAULT_MEMORY, bytes);
    let mut budget = Budget {
        max_states: request.limits.max_states.unwrap_or(boards),
        time_limit: Some(deadline.saturating_duration_since(Instant::now())),
        stop: request.stop.as_deref(),
        ..Budget::default()
    };
    let shorter_than = searched.path.len();
    let (path, beams) = beam_within(
        start,
        goal,
        heuristic,
        shorter_than,
        request.threads,
        finish,
        &mut budget,
    )?;
    searched.stats.generated += beams.generated;
    searched.stats.expanded += beams.expanded;
    if let Some(path) = path {
        searched.path = path;
        searched.name = format!("near/beam/{}", heuristic.name());
    }
    Ok(())
}

/// The start and the goal of `instance` packed as `T`.
fn wide<T: WideTiles>(instance: &Instance) -> Result<(WideBoard<T>, WideBoard<T>), CliError> {
    Ok((
        WideBoard::<T>::of(&instance.start).map_err(bad_input)?,
        WideBoard::<T>::of(&instance.goal).map_err(bad_input)?,
    ))
}

/// The searches with `heuristic` (and, with `ladder`, weighted A* at the
/// ladder of weights first), then beams with `then` where `heuristic`'s
/// stopped at the widest that memory holds with time left, each shorter
/// than the best path so far.
fn search<T, H, A>(
    start: &WideBoard<T>,
    goal: &WideBoard<T>,
    (heuristic, then): (&H, Option<&A>),
    ladder: bool,
    reduction: Reduction<'_>,
    request: &Request,
    deadline: Instant,
) -> Result<Searched, CliError>
where
    T: WideTiles + Send + Sync,
    H: Heuristic<WideBoard<T>> + Clone + Send + Sync,
    H::Estimate: Send,
    A: Heuristic<WideBoard<T>> + Sync,
    A::Estimate: Send,
{
    let left = || deadline.saturating_duration_since(Instant::now());
    let value = |h: Result<u32, slide_solvers::PatternMismatch>| h.map(|h| h as usize).map_err(SearchError::Heuristic);
    // All admissible: the largest is a lower bound too.
    let mut lower_bound = value(heuristic.estimate(start, goal))?.max(value(LinearConflict.estimate(start, goal))?);
    if let Some(then) = then {
        lower_bound = lower_bound.max(value(then.estimate(start, goal))?);
    }
    let mut best = reduction.path.to_vec();
    let mut stats = Stats::default();
    let mut name = "near/reduce".to_string();
    if ladder && best.len() > lower_bound {
        let others = NEAR_OPTIMAL_STATES * request.threads.saturating_sub(1);
        let mut budget = Budget {
            max_states: request
                .limits
                .max_states
                .unwrap_or_else(|| {
                    states_within(DEFAULT_MEMORY, slide_solvers::wide_astar_state_bytes::<T>()).saturating_sub(others)
                })
                .max(1),
            time_limit: Some(left()),
            stop: request.stop.as_deref(),
            ..Budget::default()
        };
        match wide_near_optimal(start, goal, heuristic.clone(), request.threads, &mut budget) {
            Ok(near) => {
                lower_bound = lower_bound.max(near.lower_bound);
                stats.generated += near.answer.stats.generated;
                stats.expanded += near.answer.stats.expanded;
                let path = near.answer.path.map(|path| reduction.finish.shorten(path));
                if let Some(path) = path.filter(|path| path.len() < best.len()) {
                    best = path;
                    name = format!("near/weighted_astar/{}", heuristic.name());
                }
            }
            // Out of time or of room: the beams go on from the reduction.
            Err(SearchError::OutOfTime { .. } | SearchError::StateLimit { .. }) => {}
            Err(error) => return Err(error.into()),
        }
    }
    let mut searched = Searched {
        path: best,
        lower_bound,
        stats,
        name,
    };
    if searched.path.len() > lower_bound {
        beams(
            start,
            goal,
            heuristic,
            &mut searched,
            reduction.finish,
            request,
            deadline,
        )?;
    }
    // Beams that ended at the widest that memory holds, with time left, are
    // followed by `then`'s (each bounded by the best path): other paths, a
    // shorter one on some boards (`record/2026-12-06-near-optimal.md`). A
    // beam cut by the clock leaves no time, so a longer budget still runs
    // the same beams and more.
    let stopped = request
        .stop
        .as_deref()
        .is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed));
    if let Some(then) = then.filter(|_| searched.path.len() > lower_bound && !left().is_zero() && !stopped) {
        beams(start, goal, then, &mut searched, reduction.finish, request, deadline)?;
    }
    Ok(searched)
}
