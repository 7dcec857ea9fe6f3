//! A*+IDA* (Bu and Korf, IJCAI 2019): A* from the start until it has
//! stored as many boards as it may, then IDA* from its frontier.
//!
//! IDA* repeats the paths near the start in every iteration, and meets the
//! same boards near the start many times (by moves in another order). A*
//! stores them once. Stopped at its memory budget, A*'s open list is a
//! frontier every path from the start crosses: any shortest path has a
//! board on the frontier with its shortest `g` (A* reopens a board reached
//! shorter, so this holds with an estimate that is admissible but not
//! consistent, as pattern databases' sums are). So IDA* from every
//! frontier node whose `f = g + h` is within the bound, with the bound
//! raised as IDA*'s is, finds a shortest path in the first iteration that
//! finds any. The frontier nodes are taken in increasing `f`, and of equal
//! `f` in increasing `h` (nearer the target first): the last iteration
//! stops far sooner than IDA*'s would. Each frontier node's subtree is cut
//! into packets and searched on every thread as `parallel_ida_star` does.
//!
//! A pruning rule ([`crate::Pruning`]) starts afresh below each frontier
//! node: A*'s path to the node is not the one IDA* would have taken, and a
//! rule that skips a move for an equivalent as long may only read the moves
//! of one path. Skipped there, the first shortest path below the node (in
//! the order of the moves) is still searched, with the path A* stored to
//! the node before it. The move back to the node's parent is skipped too:
//! its equivalent is shorter.
//!
//! Bu and Korf measured it about 5 times faster than IDA* on Korf and
//! Felner's 50 24-puzzles; what it does here is in
//! `record/2026-12-05-frontier.md`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use slide_core::{Instant, Move, NO_MOVE};

use crate::budget::Watch;
use crate::heuristic::{Estimate, Heuristic};
use crate::ida_star::Search;
use crate::parallel_ida_star::{whole_limit, End, Window};
use crate::position::Position;
use crate::pruning::Pruning;
use crate::wide::{weighted_astar, AstarAsk, AstarEnd};
use crate::{Answer, Budget, SearchError, Stats};

/// A frontier node: a board A* reached and did not expand.
struct Frontier<T> {
    tiles: T,
    blank: u8,
    g: u32,
    h: u32,
    last: u8,
}

/// A shortest path from `start` to `target` by A*+IDA* with `heuristic`
/// (an admissible one) on `threads` threads: A* stores at most `frontier`
/// boards, then IDA* runs from its frontier (see the module's
/// documentation), skipping the moves `pruning` skips below each frontier
/// node (and the move back to the node's parent). The budget's time limit
/// and largest length apply to the IDA* iterations.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{astar_ida_star, ida_star, Budget, LinearConflict, MoveFsm};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 _ 1").unwrap();
/// let goal = Board::goal(shape);
/// let fsm = MoveFsm::build(10);
/// let answer = astar_ida_star(&start, &goal, LinearConflict, 2, 1000, &fsm, &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), ida_star(&start, &goal, LinearConflict).unwrap().length());
/// ```
pub fn astar_ida_star<P, H, R>(
    start: &P,
    target: &P,
    heuristic: H,
    threads: usize,
    frontier: usize,
    pruning: R,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    P: Position + PartialEq,
    H: Heuristic<P> + Sync,
    R: Pruning,
{
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let started = Instant::now();
    let (mut estimate, _) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    // A* until it holds `frontier` boards, or takes the target: the crate's
    // one A* loop, with no limit but the frontier (the budget's time limit
    // is the IDA* iterations').
    let ask = AstarAsk {
        weight: 100,
        cancel: None,
        frontier: Some(frontier),
    };
    let mut first = Budget {
        max_states: usize::MAX,
        stop: budget.stop,
        ..Budget::default()
    };
    let mut astar = match weighted_astar(start, target, &heuristic, ask, &mut first)? {
        AstarEnd::Found(mut answer) => {
            answer.stats.generated += 1; // The start, as IDA* counts it.
            return Ok(answer);
        }
        AstarEnd::Frontier(astar) => astar,
        AstarEnd::Cancelled => unreachable!("asked for no cancel flag"),
    };
    let mut stats = astar.stats;
    stats.generated += 1;
    let open = std::mem::take(&mut astar.open);
    // The frontier: every board reached and not expanded, at its shortest
    // `g` found, in increasing `f` and then `h`.
    let mut nodes: Vec<Frontier<P::Tiles>> = open
        .into_iter()
        .map(|node| Frontier {
            tiles: node.tiles,
            blank: node.blank,
            g: node.g,
            h: estimate.reset(node.tiles),
            last: node.last,
        })
        .collect();
    nodes.sort_unstable_by_key(|node| (node.g + node.h, node.h));
    // IDA* from the frontier, its nodes within the bound in chunks that the
    // threads take in order (as `parallel_ida_star`'s packets, a window
    // keeping them close to the serial order).
    let max_length = budget
        .max_length
        .map_or(u32::MAX, |length| length.min(u32::MAX as usize) as u32);
    let mut bound = nodes.first().map_or(u32::MAX, |node| node.g + node.h);
    while bound <= max_length {
        if let Some(progress) = budget.progress.as_mut() {
            progress(&crate::Progress {
                depth: bound as usize,
                stored: astar.stored() as u64,
                generated: stats.generated,
                elapsed: started.elapsed(),
            });
        }
        let remaining = budget.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
        let within = nodes.partition_point(|node| node.g + node.h <= bound);
        let beyond = nodes.get(within).map_or(u32::MAX, |node| node.g + node.h);
        let (end, counted) = search_frontier(
            &nodes[..within],
            (start, target),
            &heuristic,
            bound,
            threads,
            pruning,
            (remaining, budget.stop),
        );
        stats.generated += counted.generated;
        stats.expanded += counted.expanded;
        match end {
            End::Found { root, path: moves } => {
                let board = target.with_tiles(nodes[root].tiles, nodes[root].blank as usize);
                let mut path = astar.path_to(start, &board);
                path.extend(moves);
                return Ok(Answer {
                    path: Some(path),
                    stats,
                });
            }
            End::Error(error) => return Err(whole_limit(error, budget)),
            End::Exhausted(next) => bound = next.min(beyond),
        }
    }
    Err(SearchError::TooLong {
        max_length: budget.max_length.unwrap_or(u32::MAX as usize),
    })
}

/// One IDA* iteration bounded by `bound` below each of `nodes` (frontier
/// nodes, in order) on `threads` threads, each taking the next chunk of
/// nodes: how it ended (a path from node `root`, or the least `f` above the
/// bound), and the nodes generated.
fn search_frontier<P, H, R>(
    nodes: &[Frontier<P::Tiles>],
    (start, target): (&P, &P),
    heuristic: &H,
    bound: u32,
    threads: usize,
    pruning: R,
    (time_limit, stop_flag): (Option<std::time::Duration>, Option<&AtomicBool>),
) -> (End, Stats)
where
    P: Position,
    H: Heuristic<P> + Sync,
    R: Pruning,
{
    let threads = threads.max(1);
    let chunk = (nodes.len() / (threads * CHUNKS_PER_THREAD)).max(1);
    let chunks = (nodes.len() + chunk - 1) / chunk;
    let window = Window::new(chunks, threads);
    let stop = AtomicBool::new(false);
    let ended: Mutex<Option<(usize, End)>> = Mutex::new(None);
    let work = || {
        let mut budget = Budget {
            time_limit,
            stop: stop_flag,
            ..Budget::default()
        };
        let (estimate, _) = heuristic.start(start, target).expect("the heuristic serves the target");
        let mut search = Search::new(
            estimate,
            target,
            Watch::new(&mut budget),
            bound,
            Move::ALL,
            None,
            pruning,
        );
        search.cancel = Some(&stop);
        while let Some(index) = window.take(chunks, &stop) {
            for (root, node) in nodes.iter().enumerate().skip(index * chunk).take(chunk) {
                let h = search.reset_estimate(node.tiles);
                let found = search.dfs_after(
                    node.tiles,
                    node.blank as usize,
                    node.g,
                    h,
                    pruning.after(NO_MOVE),
                    node.last,
                );
                let end = if search.cancelled {
                    break;
                } else if let Some(error) = search.stopped.take() {
                    End::Error(error)
                } else if found {
                    End::Found {
                        root,
                        path: search.found_path(),
                    }
                } else {
                    continue;
                };
                stop.store(true, Ordering::Relaxed);
                window.wake();
                let mut ended = ended.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if ended.as_ref().map_or(true, |(first, _)| root < *first) {
                    *ended = Some((root, end));
                }
                break;
            }
            window.finish(index);
        }
        (search.next_bound, search.stats)
    };
    let results: Vec<(u32, Stats)> = crate::threads::on_threads(threads, work);
    let stats = Stats {
        expanded: results.iter().map(|(_, stats)| stats.expanded).sum(),
        generated: results.iter().map(|(_, stats)| stats.generated).sum(),
    };
    let end = match ended.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        Some((_, end)) => end,
        None => End::Exhausted(results.iter().map(|&(bound, _)| bound).min().unwrap_or(u32::MAX)),
    };
    (end, stats)
}

/// About how many chunks of the frontier each thread takes an iteration.
const CHUNKS_PER_THREAD: usize = 256;

#[cfg(test)]
mod tests {
    use slide_core::{factorial, unrank, Board, Shape, SplitMix64};

    use super::*;
    use crate::{ida_star, DistanceTable, LinearConflict, Manhattan, MoveFsm, UndoLast};

    #[test]
    fn every_frontier_gives_shortest_paths() {
        // Every 97th 3x3 position, frontiers of 1 to 1000 boards.
        let shape = Shape::new(3, 3).unwrap();
        let goal = Board::goal(shape);
        let table = DistanceTable::for_target(&goal).unwrap();
        for (k, rank) in (0..factorial(9)).step_by(97).enumerate() {
            let start = unrank(shape, rank).unwrap();
            let frontier = [1, 2, 10, 1000][k % 4];
            let answer =
                astar_ida_star(&start, &goal, Manhattan, 2, frontier, UndoLast, &mut Budget::default()).unwrap();
            assert_eq!(answer.length(), table.distance(&start), "{start}");
            if let Some(path) = &answer.path {
                let end = path.iter().try_fold(start, |board, &mv| board.apply(mv));
                assert_eq!(end, Some(goal), "{start}: the path replays");
            }
        }
        // 4x4 walks against IDA*.
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::goal(shape);
        let mut random = SplitMix64::new(8);
        let fsm = MoveFsm::build(10);
        for frontier in [50, 5000] {
            for _ in 0..10 {
                let start = random.scramble(&goal, 45);
                let length = ida_star(&start, &goal, LinearConflict).unwrap().length();
                let answer = astar_ida_star(&start, &goal, LinearConflict, 2, frontier, &fsm, &mut Budget::default());
                let answer = answer.unwrap();
                assert_eq!(answer.length(), length, "{start}");
                let path = answer.path.unwrap();
                let end = path.iter().try_fold(start, |board, &mv| board.apply(mv));
                assert_eq!(end, Some(goal), "{start}");
            }
        }
    }
}
