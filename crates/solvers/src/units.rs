//! One IDA* iteration as work units, for searches spread past one machine:
//! the iteration's tree cut some moves below the start ([`split_iteration`]),
//! each node of the cut a unit that any process can search on its own
//! ([`search_unit`]), knowing only the instance, the bound and the moves
//! from the start to the node.
//!
//! An iteration bounded by `b` visits the same nodes however it is cut (as
//! `parallel_ida_star`'s threads rely on), but for the mirrored moves that
//! a rule skipping them skips above the cut (`mirrored.rs`): the units
//! together with the nodes above the cut are the iteration. So a path found
//! in any unit is a path of length at most `b`, the shortest one if every
//! smaller bound was exhausted; and when no unit finds one, the next bound
//! is the least `f` above `b` met by the units and above the cut. Both
//! searches skip the moves the same rule skips, and a unit's search reads
//! the moves to its node through the rule, so the units are exactly the
//! iteration's.

use slide_core::Move;

use crate::budget::Watch;
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::ida_star::Search;
use crate::mirrored::Mirrors;
use crate::parallel_ida_star::{Cut, Sizes};
use crate::position::{Neighbours, Position, Tiles};
use crate::pruning::Pruning;
use crate::{Budget, SearchError, Stats};

/// The deepest [`split_iteration`] cuts.
pub const MAX_SPLIT_DEPTH: u32 = 40;

/// The largest bound [`split_iteration`] and [`search_unit`] take: their
/// searches recurse once a move, as deep as the bound, and are checked to
/// go this deep on a thread's stack (a frame is under 100 bytes: the 8 MiB
/// of a main thread overflowed near depth 100,000, `record/2026-12-06-units-round-five.md`).
/// No board of at most 25 cells needs a path near this long (the 24-puzzle's
/// longest is at most 205 moves).
pub const MAX_UNIT_BOUND: u32 = 10_000;

/// `bound`, if the searches of units may take it (at most
/// [`MAX_UNIT_BOUND`]), else the error that says so.
fn within_reach(bound: u32) -> Result<(), SearchError> {
    match bound {
        0..=MAX_UNIT_BOUND => Ok(()),
        _ => Err(SearchError::TooDeep {
            bound,
            most: MAX_UNIT_BOUND,
        }),
    }
}

/// An iteration cut into units (see [`split_iteration`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationUnits {
    /// Each unit's moves from the start, in the order IDA* meets them.
    pub units: Vec<Vec<Move>>,
    /// The least `f` above the bound met above the cut (`None`: none).
    pub next_bound: Option<u32>,
    /// The nodes generated above the cut (the start included).
    pub generated: u64,
    /// The nodes expanded above the cut.
    pub expanded: u64,
    /// The depth of the cut.
    pub depth: u32,
}

/// The iteration of IDA* bounded by `bound` from `start` to `target`, with
/// `heuristic`, skipping the moves `pruning` skips, cut at the least depth
/// that gives at least `count` units (or at [`MAX_SPLIT_DEPTH`]). A unit
/// whose moves reach the target ends the list (a path above the cut). A
/// bound above [`MAX_UNIT_BOUND`] is an error.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{search_unit, split_iteration, Budget, LinearConflict, UndoLast, UnitEnd};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 _ 1").unwrap();
/// let goal = Board::goal(shape);
/// let split = split_iteration(&start, &goal, LinearConflict, 31, 50, UndoLast).unwrap();
/// assert!(split.units.len() >= 50);
/// let found = split.units.iter().find_map(|moves| {
///     match search_unit(&start, &goal, LinearConflict, 31, moves, UndoLast, &mut Budget::default()).unwrap() {
///         (UnitEnd::Found(path), _) => Some(path),
///         _ => None,
///     }
/// });
/// assert_eq!(found.unwrap().len(), 31);
/// ```
pub fn split_iteration<P, H, R>(
    start: &P,
    target: &P,
    heuristic: H,
    bound: u32,
    count: usize,
    pruning: R,
) -> Result<IterationUnits, SearchError>
where
    P: Position,
    H: Heuristic<P>,
    R: Pruning,
{
    within_reach(bound)?;
    if let Some(answer) = start.answer_without_search(target)? {
        if answer.path.is_none() {
            // No path at any bound: no unit, and no next bound.
            return Ok(IterationUnits {
                units: Vec::new(),
                next_bound: None,
                generated: 0,
                expanded: 0,
                depth: 0,
            });
        }
    }
    let sizes: Sizes<P::Tiles> = Sizes::new();
    let mirrors = Mirrors::for_rule(pruning, target);
    let mut depth = 0;
    loop {
        let (mut estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
        let mut cut = Cut {
            neighbours: start.neighbours(),
            target: target.tiles(),
            bound,
            next_bound: u32::MAX,
            stats: Stats {
                expanded: 0,
                generated: 1,
            },
            nodes: Vec::new(),
            path: Vec::new(),
            sizes: &sizes,
            max_packet: u64::MAX,
            root: 0,
            cut_at: depth,
            pruning,
            mirrors: &mirrors,
        };
        let mut units = Vec::new();
        let mut found = false;
        if h <= bound {
            if start.tiles() == target.tiles() {
                found = true;
            } else {
                found = cut.collect(
                    &mut estimate,
                    start.tiles(),
                    start.blank(),
                    0,
                    h,
                    pruning.start(start, target),
                    None,
                );
            }
            units = cut.nodes.into_iter().map(|node| node.into_path()).collect();
            if found {
                units.push(cut.path);
            }
        } else {
            cut.next_bound = h;
        }
        if found || units.len() >= count || depth >= MAX_SPLIT_DEPTH || units.is_empty() {
            return Ok(IterationUnits {
                units,
                next_bound: (cut.next_bound != u32::MAX).then_some(cut.next_bound),
                generated: cut.stats.generated,
                expanded: cut.stats.expanded,
                depth,
            });
        }
        depth += 1;
    }
}

/// How a unit's search ended (see [`search_unit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitEnd {
    /// It reached the target: the path from the start.
    Found(Vec<Move>),
    /// It did not: the least `f` above the bound it met (`None`: none).
    Exhausted(Option<u32>),
}

/// The search below the unit `moves` (from `start`) of the iteration
/// bounded by `bound`, as [`split_iteration`] made it, with the nodes it
/// generated below the unit's root. Moves that leave the board, or that
/// `pruning` skips, are an error: they are no unit of this search; so is a
/// bound above [`MAX_UNIT_BOUND`]. Between a start and a target that no
/// path joins, no unit has a path nor a next bound.
///
/// See [`split_iteration`] for an example.
pub fn search_unit<P, H, R>(
    start: &P,
    target: &P,
    heuristic: H,
    bound: u32,
    moves: &[Move],
    pruning: R,
    budget: &mut Budget,
) -> Result<(UnitEnd, Stats), SearchError>
where
    P: Position,
    H: Heuristic<P>,
    R: Pruning,
{
    within_reach(bound)?;
    if let Some(answer) = start.answer_without_search(target)? {
        if answer.path.is_none() {
            return Ok((UnitEnd::Exhausted(None), Stats::default()));
        }
    }
    let (mut estimate, mut h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let neighbours = start.neighbours();
    let (mut tiles, mut blank) = (start.tiles(), start.blank());
    let mut state = pruning.start(start, target);
    for (at, &mv) in moves.iter().enumerate() {
        let next = neighbours.next(blank, mv as usize);
        let stepped = pruning.step(state, mv as u8);
        let (Some(stepped), false) = (stepped, next == u8::MAX) else {
            return Err(SearchError::NotAUnit { at });
        };
        state = stepped;
        let next = next as usize;
        let tile = tiles.tile(next);
        let child = tiles.slide(tile, next, blank);
        (h, _) = estimate.moved(
            h,
            Slide {
                tiles: child,
                tile,
                from: next,
                to: blank,
            },
        );
        (tiles, blank) = (child, next);
    }
    let g = moves.len() as u32;
    if g + h > bound {
        return Ok((UnitEnd::Exhausted(Some(g + h)), Stats::default()));
    }
    if tiles == target.tiles() {
        return Ok((UnitEnd::Found(moves.to_vec()), Stats::default()));
    }
    let mut search = Search::new(estimate, target, Watch::new(budget), bound, Move::ALL, None, pruning);
    let found = search.dfs::<true>(tiles, blank, g, h, state);
    if let Some(error) = search.stopped.take() {
        return Err(error);
    }
    let end = if found {
        let mut path = moves.to_vec();
        path.extend(search.found_path());
        UnitEnd::Found(path)
    } else {
        UnitEnd::Exhausted((search.next_bound != u32::MAX).then_some(search.next_bound))
    };
    Ok((end, search.stats))
}
