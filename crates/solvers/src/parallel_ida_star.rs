//! IDA* on several threads: each iteration's tree cut, a few moves below
//! the start, into subtrees that the threads take one at a time.
//!
//! An iteration bounded by `b` visits the same nodes however it is cut, so
//! the iterations and their bounds are those of [`crate::ida_star()`] (but
//! for mirrored moves, below), and the first iteration that reaches the
//! target finds a shortest path. Which
//! shortest path, and how many nodes the last iteration generates before
//! the threads stop, depend on the threads' timing. With a rule that skips
//! mirrored moves (`mirrored.rs`), the cut skips them at every node above
//! it, and so the nodes below them: fewer nodes for a deeper cut, but never
//! the first shortest path, so that an iteration's next bound is still at
//! most the shortest length and the first iteration that reaches the
//! target still finds a shortest path.
//!
//! # Work packets of bounded size
//!
//! What a search on several threads spends beyond the serial search is the
//! last iteration's work past the subtree that holds the path: the other
//! threads' subtrees in flight when it is found (each thread stops at once
//! then). So the subtrees are cut to be small, each at most a share of the
//! iteration: a subtree that generated more than
//! `last iteration / (threads * PACKETS_PER_THREAD)` nodes in the previous
//! iteration is cut deeper, its children's subtrees taken one by one, as
//! far as [`MAX_CUT_DEPTH`] (a child with no count of its own takes half
//! its parent's). The threads take the packets in the serial search's
//! order, and none more than [`WINDOW_PER_THREAD`] packets a thread past
//! the lowest one not finished, so the last iteration's extra work is a
//! few packets a thread. Measured on Korf and Felner's 24-puzzles
//! (`record/2026-12-05-frontier.md`): with one cut at depth 10, 16 threads
//! generated 2.36 times the serial search's nodes on their #38.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

use slide_core::{Instant, Move};

use crate::pruning::{Pruning, UndoLast};

use crate::budget::Watch;
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::ida_star::Search;
use crate::mirrored::Mirrors;
use crate::position::{Neighbours, Position, Tiles};
use crate::{Answer, Budget, SearchError, Stats};

/// The depth at which an iteration's tree is cut into subtrees: about two
/// thousand of them on 4x4 (fewer where the estimate prunes near the
/// start), so that the threads finish their last subtrees close together.
pub(crate) const CUT_DEPTH: u32 = 10;

/// Iterations that generate fewer nodes than this run on one thread: they
/// take milliseconds, and starting threads would cost more than it saves.
const PARALLEL_FROM: u64 = 1 << 20;

/// The deepest a subtree is cut (see the module's documentation).
pub(crate) const MAX_CUT_DEPTH: u32 = CUT_DEPTH + 10;

/// About how many packets each thread takes of an iteration.
pub(crate) const PACKETS_PER_THREAD: u64 = 64;

/// The nodes each packet of an iteration generated, by its root's tiles and
/// depth: what the next iteration's cut reads.
pub(crate) type Sizes<T> = std::collections::HashMap<(T, u32), u64>;

/// A shortest path from `start` to `target` by IDA* with `heuristic` on
/// `threads` threads (see the module's documentation). Iterations run on
/// this thread alone while the last one generated under a million nodes.
/// `stats.generated` counts every node every thread generated, in the last
/// iteration too (the subtrees stopped when another thread found the target
/// included: the work a search on several threads spends). The budget's time limit and
/// largest length apply; its progress is reported once per iteration.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{parallel_ida_star, Budget, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "5 1 3 4 9 2 7 8 13 6 10 12 14 11 15 _").unwrap();
/// let answer = parallel_ida_star(&start, &Board::goal(shape), LinearConflict, 2, &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), Some(12));
/// ```
pub fn parallel_ida_star<P, H>(
    start: &P,
    target: &P,
    heuristic: H,
    threads: usize,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    P: Position,
    H: Heuristic<P> + Sync,
{
    deepen(start, target, heuristic, threads, PARALLEL_FROM, UndoLast, budget)
}

/// [`parallel_ida_star`] skipping the moves `pruning` skips (see
/// [`crate::ida_star_pruned`]).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{parallel_ida_star_pruned, Budget, LinearConflict, MoveFsm};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "5 1 3 4 9 2 7 8 13 6 10 12 14 11 15 _").unwrap();
/// let fsm = MoveFsm::build(10);
/// let answer = parallel_ida_star_pruned(&start, &Board::goal(shape), LinearConflict, 2, &fsm, &mut Budget::default());
/// assert_eq!(answer.unwrap().length(), Some(12));
/// ```
pub fn parallel_ida_star_pruned<P, H, R>(
    start: &P,
    target: &P,
    heuristic: H,
    threads: usize,
    pruning: R,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    P: Position,
    H: Heuristic<P> + Sync,
    R: Pruning,
{
    deepen(start, target, heuristic, threads, PARALLEL_FROM, pruning, budget)
}

/// [`parallel_ida_star`], with iterations cut into subtrees once the last
/// generated `parallel_from` nodes.
fn deepen<P, H, R>(
    start: &P,
    target: &P,
    heuristic: H,
    threads: usize,
    parallel_from: u64,
    pruning: R,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    P: Position,
    H: Heuristic<P> + Sync,
    R: Pruning,
{
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let (mut estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let started = Instant::now();
    let max_length = budget
        .max_length
        .map_or(u32::MAX, |length| length.min(u32::MAX as usize) as u32);
    let mut stats = Stats {
        expanded: 0,
        generated: 1,
    };
    let mut bound = h;
    let mut last_iteration = 0;
    let mut sizes: Sizes<P::Tiles> = Sizes::new();
    let mirrors = Mirrors::for_rule(pruning, target);
    let root = pruning.start(start, target);
    while bound <= max_length {
        if let Some(progress) = budget.progress.as_mut() {
            progress(&crate::Progress {
                depth: bound as usize,
                stored: 0,
                generated: stats.generated,
                elapsed: started.elapsed(),
            });
        }
        let remaining = budget.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
        let (end, counted) = if last_iteration < parallel_from {
            // A small iteration: on this thread, from the start.
            let (estimate, _) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
            let mut budget = Budget {
                time_limit: remaining,
                stop: budget.stop,
                ..Budget::default()
            };
            let place = (start.tiles(), start.blank(), target);
            let never = AtomicBool::new(false);
            let at = (0, h, root);
            let (subtree, stats) = search_subtree(estimate, place, at, bound, pruning, &mut budget, &never);
            match subtree {
                Subtree::Found(path) => (End::Found { root: 0, path }, stats),
                Subtree::Stopped(error) => (End::Error(error.expect("nothing else stops it")), stats),
                Subtree::Exhausted { next_bound } => (End::Exhausted(next_bound), stats),
            }
        } else {
            // The cut: the nodes `CUT_DEPTH` moves down within the bound,
            // in Korf's order, or the target if it is nearer.
            let mut cut = Cut {
                neighbours: start.neighbours(),
                target: target.tiles(),
                bound,
                next_bound: u32::MAX,
                stats: Stats::default(),
                nodes: Vec::new(),
                path: Vec::new(),
                sizes: &sizes,
                max_packet: (last_iteration / (threads.max(1) as u64 * PACKETS_PER_THREAD)).max(1),
                root: 0,
                cut_at: CUT_DEPTH,
                pruning,
                mirrors: &mirrors,
            };
            if cut.collect(&mut estimate, start.tiles(), start.blank(), 0, h, root, None) {
                (
                    End::Found {
                        root: 0,
                        path: cut.path,
                    },
                    cut.stats,
                )
            } else {
                let outcome = run_subtrees(&heuristic, target, &cut, threads.max(1), (remaining, budget.stop));
                let (cut_stats, cut_next_bound) = (cut.stats, cut.next_bound);
                sizes = outcome.sizes;
                let end = match outcome.end {
                    End::Exhausted(next_bound) => End::Exhausted(next_bound.min(cut_next_bound)),
                    end => end,
                };
                let stats = Stats {
                    expanded: cut_stats.expanded + outcome.stats.expanded,
                    generated: cut_stats.generated + outcome.stats.generated,
                };
                (end, stats)
            }
        };
        stats.expanded += counted.expanded;
        stats.generated += counted.generated;
        last_iteration = counted.generated;
        match end {
            End::Found { path, .. } => {
                return Ok(Answer {
                    path: Some(path),
                    stats,
                })
            }
            End::Error(error) => return Err(whole_limit(error, budget)),
            // Every iteration raises the bound (see `ida_star`).
            End::Exhausted(next_bound) => bound = next_bound,
        }
    }
    Err(SearchError::TooLong {
        max_length: budget.max_length.unwrap_or(u32::MAX as usize),
    })
}

/// `error` as the whole search reports it: each iteration ran with the
/// time that was left, and the error names the whole limit.
pub(crate) fn whole_limit(error: SearchError, budget: &Budget) -> SearchError {
    match error {
        SearchError::OutOfTime { .. } => SearchError::OutOfTime {
            limit: budget.time_limit.unwrap_or_default(),
        },
        error => error,
    }
}

/// How the search below one node of an iteration ended.
enum Subtree {
    /// It reached the target: the moves from the node.
    Found(Vec<Move>),
    /// It did not: the smallest `f` above the bound.
    Exhausted { next_bound: u32 },
    /// `cancel` was set, or the budget ran out.
    Stopped(Option<SearchError>),
}

/// One subtree of an IDA* iteration bounded by `bound`: the search below
/// the board `tiles` (blank in `blank`), `g` moves from the start with
/// estimate `h` (which `estimate` follows), `pruning` in `state`, in
/// Korf's order. It stops early when `cancel` is set. With how it ended,
/// the nodes it generated and expanded, however it ended.
#[allow(clippy::too_many_arguments)]
fn search_subtree<P: Position, E: Estimate<P::Tiles>, R: Pruning>(
    estimate: E,
    (tiles, blank, target): (P::Tiles, usize, &P),
    (g, h, state): (u32, u32, R::State),
    bound: u32,
    pruning: R,
    budget: &mut Budget,
    cancel: &AtomicBool,
) -> (Subtree, Stats) {
    let mut search = Search::new(estimate, target, Watch::new(budget), bound, Move::ALL, None, pruning);
    search.cancel = Some(cancel);
    let found = search.dfs::<true>(tiles, blank, g, h, state);
    let subtree = if search.cancelled || search.stopped.is_some() {
        Subtree::Stopped(search.stopped.take())
    } else if found {
        Subtree::Found(search.found_path())
    } else {
        Subtree::Exhausted {
            next_bound: search.next_bound,
        }
    };
    (subtree, search.stats)
}

/// A node where the cut leaves the tree: a subtree's root, a packet.
pub(crate) struct Node<T, S> {
    tiles: T,
    blank: u8,
    g: u32,
    h: u32,
    /// The pruning rule's state there.
    state: S,
    /// The cut's root it lies below (0 for the start; see `root` in [`Cut`]).
    root: usize,
    /// The moves from that root.
    path: Vec<Move>,
}

impl<T, S> Node<T, S> {
    /// The moves from its root.
    pub(crate) fn into_path(self) -> Vec<Move> {
        self.path
    }
}

/// An iteration's tree down to the packets' roots: at [`CUT_DEPTH`], or
/// deeper below a subtree the last iteration found large.
pub(crate) struct Cut<'s, T, G, R: Pruning> {
    pub(crate) neighbours: G,
    pub(crate) target: T,
    pub(crate) bound: u32,
    /// The smallest `f` above the bound met above the cut.
    pub(crate) next_bound: u32,
    pub(crate) stats: Stats,
    pub(crate) nodes: Vec<Node<T, R::State>>,
    /// The moves from the root to the current node.
    pub(crate) path: Vec<Move>,
    /// The previous iteration's packets' sizes.
    pub(crate) sizes: &'s Sizes<T>,
    /// The most nodes a packet may have generated in the previous
    /// iteration and still be one packet.
    pub(crate) max_packet: u64,
    /// The root the tree being walked hangs from: 0 for the start, or one
    /// of the frontier nodes of `crate::astar_ida_star` (which cuts below
    /// each of them).
    pub(crate) root: usize,
    /// The depth `g` at which packets start: [`CUT_DEPTH`] below the start,
    /// the root's own below a frontier node; a large one is cut further, as
    /// far as [`MAX_CUT_DEPTH`] - [`CUT_DEPTH`] moves deeper.
    pub(crate) cut_at: u32,
    /// The moves it skips, and the mirrored moves it skips besides where
    /// the rule does (see `mirrored.rs`).
    pub(crate) pruning: R,
    pub(crate) mirrors: &'s Mirrors,
}

impl<T: Tiles, G: Neighbours, R: Pruning> Cut<'_, T, G, R> {
    /// Walks the tree below the board `tiles` as IDA* does, keeping the
    /// packets' roots; whether it reached the target (then `path` leads
    /// there). `inherited` is the size a node below the cut depth takes
    /// when the previous iteration has none for it: half its parent's.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn collect<E: Estimate<T>>(
        &mut self,
        estimate: &mut E,
        tiles: T,
        blank: usize,
        g: u32,
        h: u32,
        state: R::State,
        inherited: Option<u64>,
    ) -> bool {
        let size = (g >= self.cut_at)
            .then(|| self.sizes.get(&(tiles, g)).copied().or(inherited))
            .flatten();
        let small = size.map_or(true, |size| size <= self.max_packet);
        if g >= self.cut_at + (MAX_CUT_DEPTH - CUT_DEPTH) || (g >= self.cut_at && small) {
            let path = self.path.clone();
            let blank = blank as u8;
            self.nodes.push(Node {
                tiles,
                blank,
                g,
                h,
                state,
                root: self.root,
                path,
            });
            return false;
        }
        self.stats.expanded += 1;
        // The board this one came from, whose image a path need not visit.
        let parent = self.path.last().map(|&mv| {
            let back = self.neighbours.next(blank, mv.reverse() as usize) as usize;
            tiles.slide(tiles.tile(back), back, blank)
        });
        let mirrored = self.mirrors.at(tiles, blank, self.neighbours, parent);
        for mv in Move::ALL {
            let next = self.neighbours.next(blank, mv as usize);
            if next == u8::MAX || mirrored[mv as usize] {
                continue;
            }
            let Some(child_state) = self.pruning.step(state, mv as u8) else {
                continue;
            };
            let next = next as usize;
            self.stats.generated += 1;
            // The tile in `next` slides into `blank` (see `Tiles::slide`).
            let tile = tiles.tile(next);
            let child = tiles.slide(tile, next, blank);
            let slide = Slide {
                tiles: child,
                tile,
                from: next,
                to: blank,
            };
            let (child_h, undo) = estimate.moved(h, slide);
            let f = g + 1 + child_h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                self.path.push(mv);
                let half = size.map(|size| size / 2);
                if child == self.target || self.collect(estimate, child, next, g + 1, child_h, child_state, half) {
                    return true;
                }
                self.path.pop();
            }
            estimate.undo(slide, undo);
        }
        false
    }
}

/// How the subtrees of one iteration ended.
pub(crate) enum End {
    /// A path from the cut's root `root`.
    Found {
        root: usize,
        path: Vec<Move>,
    },
    Error(SearchError),
    /// None reached the target: the smallest `f` above the bound.
    Exhausted(u32),
}

/// What [`run_subtrees`] found, the nodes it generated and expanded, and
/// the nodes each packet searched to its end generated.
pub(crate) struct SubtreesRun<T> {
    pub(crate) end: End,
    pub(crate) stats: Stats,
    pub(crate) sizes: Sizes<T>,
}

/// How far past the lowest packet not yet finished a thread may take one,
/// in packets a thread: the bound on the last iteration's extra work when
/// the packet that holds the path runs long (a thread that gets ahead
/// waits). Measured on Korf and Felner's 24-puzzles
/// (`record/2026-12-05-frontier.md`): 2 a thread left 2 threads idle (41 M
/// nodes a second against 49); 8 still left them waiting, 64 took 0.94 to
/// 0.96 of the time on 2 threads with the same nodes (1.007 times the
/// serial search's on five instances; 1.046 on 16 threads, 1.052 with 8).
const WINDOW_PER_THREAD: usize = 64;

/// The packets of an iteration as the threads take them.
pub(crate) struct Window {
    state: Mutex<Taken>,
    /// Signalled when the lowest packet not finished moves, or on a stop.
    moved: Condvar,
    width: usize,
}

/// Which packets are taken and finished.
struct Taken {
    /// The next packet to take.
    next: usize,
    /// The lowest packet not finished.
    lowest: usize,
    done: Vec<bool>,
}

impl Window {
    /// The window over `count` packets for `workers` threads.
    pub(crate) fn new(count: usize, workers: usize) -> Window {
        Window {
            state: Mutex::new(Taken {
                next: 0,
                lowest: 0,
                done: vec![false; count],
            }),
            moved: Condvar::new(),
            width: WINDOW_PER_THREAD * workers,
        }
    }

    /// The next packet of `count`, once it is within the window of the
    /// lowest one not finished; `None` when every packet is taken or
    /// `stop` is set.
    pub(crate) fn take(&self, count: usize, stop: &AtomicBool) -> Option<usize> {
        let mut taken = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        loop {
            if taken.next >= count || stop.load(Ordering::Relaxed) {
                return None;
            }
            if taken.next < taken.lowest + self.width {
                taken.next += 1;
                return Some(taken.next - 1);
            }
            taken = self.moved.wait(taken).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    /// Packet `index` is done (searched to its end, or stopped).
    pub(crate) fn finish(&self, index: usize) {
        let mut taken = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        taken.done[index] = true;
        let before = taken.lowest;
        while taken.lowest < taken.done.len() && taken.done[taken.lowest] {
            taken.lowest += 1;
        }
        if taken.lowest != before {
            self.moved.notify_all();
        }
    }

    /// Wakes every waiting thread: the iteration is over.
    pub(crate) fn wake(&self) {
        let _taken = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.moved.notify_all();
    }
}

/// Searches the subtrees below `cut`'s nodes on `workers` threads, each taking the next subtree in order until
/// none is left or one reaches the target.
pub(crate) fn run_subtrees<P: Position, H: Heuristic<P> + Sync, R: Pruning>(
    heuristic: &H,
    target: &P,
    cut: &Cut<P::Tiles, P::Neighbours, R>,
    workers: usize,
    (time_limit, stop_flag): (Option<std::time::Duration>, Option<&AtomicBool>),
) -> SubtreesRun<P::Tiles> {
    let window = Window::new(cut.nodes.len(), workers);
    let stop = AtomicBool::new(false);
    // The first subtree (in order) to reach the target, or the first error.
    let ended: Mutex<Option<(usize, End)>> = Mutex::new(None);
    let work = || {
        let mut budget = Budget {
            time_limit,
            stop: stop_flag,
            ..Budget::default()
        };
        let mut next_bound = u32::MAX;
        let mut counted = Stats::default();
        let mut sizes = Sizes::new();
        while let Some(index) = window.take(cut.nodes.len(), &stop) {
            let node = &cut.nodes[index];
            let board = target.with_tiles(node.tiles, node.blank as usize);
            let (estimate, _) = heuristic
                .start(&board, target)
                .expect("the heuristic serves the target");
            let place = (node.tiles, node.blank as usize, target);
            let at = (node.g, node.h, node.state);
            let (subtree, stats) = search_subtree(estimate, place, at, cut.bound, cut.pruning, &mut budget, &stop);
            window.finish(index);
            counted.expanded += stats.expanded;
            counted.generated += stats.generated;
            let end = match subtree {
                Subtree::Exhausted { next_bound: bound } => {
                    next_bound = next_bound.min(bound);
                    sizes.insert((node.tiles, node.g), stats.generated);
                    continue;
                }
                Subtree::Stopped(None) => break,
                Subtree::Stopped(Some(error)) => End::Error(error),
                Subtree::Found(moves) => End::Found {
                    root: node.root,
                    path: node.path.iter().chain(&moves).copied().collect(),
                },
            };
            stop.store(true, Ordering::Relaxed);
            window.wake();
            let mut ended = ended.lock().expect("no thread panics holding the lock");
            if ended.as_ref().map_or(true, |(first, _)| index < *first) {
                *ended = Some((index, end));
            }
            break;
        }
        (next_bound, counted, sizes)
    };
    let results: Vec<(u32, Stats, Sizes<P::Tiles>)> = crate::threads::on_threads(workers, work);
    let stats = Stats {
        expanded: results.iter().map(|(_, stats, _)| stats.expanded).sum(),
        generated: results.iter().map(|(_, stats, _)| stats.generated).sum(),
    };
    let end = match ended.into_inner().expect("no thread panicked") {
        Some((_, end)) => end,
        None => End::Exhausted(results.iter().map(|&(bound, _, _)| bound).min().unwrap_or(u32::MAX)),
    };
    let sizes = results.into_iter().flat_map(|(_, _, sizes)| sizes).collect();
    SubtreesRun { end, stats, sizes }
}

#[cfg(test)]
mod tests {
    use slide_core::{factorial, is_solvable, unrank, Board, Shape, SplitMix64};

    use super::*;
    use crate::{ida_star, mirrored, DistanceTable, LinearConflict, Manhattan, MoveFsm};

    /// Checks that `answer` leads from `start` to `target` in `length` moves.
    fn check(start: &Board, target: &Board, answer: &Answer, length: Option<usize>) {
        assert_eq!(answer.length(), length, "{start}");
        if let Some(path) = &answer.path {
            let end = path.iter().try_fold(*start, |board, &mv| board.apply(mv));
            assert_eq!(end.as_ref(), Some(target), "{start}: the path replays to the target");
        }
    }

    #[test]
    fn every_iteration_cut_into_subtrees_still_finds_shortest_paths() {
        // Every 97th 3x3 position, cut from the first iteration on, on
        // three threads: the lengths of the distance table.
        let shape = Shape::new(3, 3).unwrap();
        let goal = Board::goal(shape);
        let table = DistanceTable::for_target(&goal).unwrap();
        for rank in (0..factorial(9)).step_by(97) {
            let start = unrank(shape, rank).unwrap();
            let answer = deepen(&start, &goal, Manhattan, 3, 0, UndoLast, &mut Budget::default()).unwrap();
            check(&start, &goal, &answer, table.distance(&start));
        }
        // 4x4 walks, against one-thread IDA*.
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::goal(shape);
        let mut random = SplitMix64::new(5);
        for _ in 0..20 {
            let start = random.scramble(&goal, 45);
            let length = ida_star(&start, &goal, LinearConflict).unwrap().length();
            let answer = deepen(&start, &goal, LinearConflict, 2, 0, UndoLast, &mut Budget::default()).unwrap();
            check(&start, &goal, &answer, length);
        }
    }

    /// With the move machine, the cut skips the mirrored moves of the
    /// nodes above it (`mirrored.rs`): from every 3x3 position with a
    /// mirrored move and those two moves from it, cut from the first
    /// iteration on, the path of plain one-thread IDA*.
    #[test]
    fn the_cut_skips_mirrored_moves_and_keeps_the_path() {
        let shape = Shape::new(3, 3).unwrap();
        let goal = Board::goal(shape);
        let fsm = MoveFsm::build(8);
        let mut starts = Vec::new();
        for rank in 0..factorial(9) {
            let board = unrank(shape, rank).unwrap();
            if is_solvable(&board, &goal) && mirrored(&board, &goal).contains(&true) {
                for first in Move::ALL.into_iter().filter_map(|mv| board.apply(mv)) {
                    starts.extend(Move::ALL.into_iter().filter_map(|mv| first.apply(mv)));
                    starts.push(first);
                }
            }
        }
        assert!(starts.len() > 500, "{} starts", starts.len());
        for start in starts {
            let plain = ida_star(&start, &goal, Manhattan).unwrap();
            let cut = deepen(&start, &goal, Manhattan, 2, 0, &fsm, &mut Budget::default()).unwrap();
            assert_eq!(cut.path, plain.path, "{start}");
        }
    }

    #[test]
    fn a_limit_stops_every_thread() {
        let shape = Shape::new(4, 4).unwrap();
        let start = Board::parse(shape, "_ 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1").unwrap();
        let mut budget = Budget {
            time_limit: Some(std::time::Duration::from_millis(200)),
            ..Budget::default()
        };
        let error = deepen(&start, &Board::goal(shape), Manhattan, 2, 0, UndoLast, &mut budget).unwrap_err();
        let limit = std::time::Duration::from_millis(200);
        assert_eq!(error, SearchError::OutOfTime { limit });
        let mut budget = Budget {
            max_length: Some(40),
            ..Budget::default()
        };
        let error = deepen(&start, &Board::goal(shape), Manhattan, 2, 0, UndoLast, &mut budget).unwrap_err();
        assert_eq!(error, SearchError::TooLong { max_length: 40 });
    }
}
