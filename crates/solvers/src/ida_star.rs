//! Iterative-deepening A*: depth-first searches bounded by `g + h`, the bound
//! raised each time to the smallest `f` that exceeded it.
//!
//! The board lives in one place and moves are applied and undone in place.
//! The estimate follows the board ([`Estimate`]): a move updates it by the
//! one tile that moved, and undoing the move restores it.

use std::sync::atomic::{AtomicBool, Ordering};

use slide_core::{Move, MoveOrder};

use crate::budget::{Budget, Watch};
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::position::{Neighbours, Position, Tiles};
use crate::pruning::{Pruning, UndoLast};
use crate::{AllPaths, Answer, SearchError, Stats};

/// A shortest path from `start` to `target` by IDA* with `heuristic`.
///
/// The blank's moves are tried in the order up, left, right, down, and the
/// move undoing the previous one is skipped. `stats.generated` counts every
/// child created (also one cut off by the bound) plus the root once, over
/// all iterations, with the last iteration stopping at its first solution:
/// Korf's count, which `korf100.tsv` lists for Manhattan distance.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 6 7 8 x 5 10 11 12 9 13 14 15").unwrap();
/// let answer = ida_star(&start, &Board::goal(shape), LinearConflict).unwrap();
/// assert_eq!(answer.length(), Some(8));
/// ```
pub fn ida_star<P: Position, H: Heuristic<P>>(start: &P, target: &P, heuristic: H) -> Result<Answer, SearchError> {
    ida_star_with(start, target, heuristic, &mut Budget::default())
}

/// [`ida_star`] within `budget`: it gives up once no path of at most
/// `budget.max_length` moves exists, with [`SearchError::TooLong`] (the last
/// iteration it runs is the one bounded by that length), or when its time
/// limit passes; it reports each iteration's bound as its progress.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star_with, Budget, Manhattan, SearchError};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let goal = Board::goal(shape);
/// let mut budget = Budget { max_length: Some(30), ..Budget::default() };
/// let error = ida_star_with(&start, &goal, Manhattan, &mut budget).unwrap_err();
/// assert_eq!(error, SearchError::TooLong { max_length: 30 });
/// budget.max_length = Some(31);
/// let answer = ida_star_with(&start, &goal, Manhattan, &mut budget).unwrap();
/// assert_eq!(answer.length(), Some(31));
/// ```
pub fn ida_star_with<P: Position, H: Heuristic<P>>(
    start: &P,
    target: &P,
    heuristic: H,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    ida_star_in_order(start, target, heuristic, MoveOrder::KORF, budget)
}

/// [`ida_star_with`] trying the blank's moves in `order`: the path it
/// returns is the shortest that comes first in `order`.
///
/// The last iteration is bounded by the optimal length, and every shortest
/// path stays within that bound (the estimate never exceeds the distance);
/// the depth-first search meets them in the order of their moves, so the
/// first goal it reaches is the first shortest path.
///
/// ```
/// use slide_core::{Board, MoveOrder, Shape};
/// use slide_solvers::{ida_star_in_order, Budget, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15").unwrap();
/// let order = MoveOrder::parse("DLRU").unwrap();
/// let answer = ida_star_in_order(&start, &Board::goal(shape), LinearConflict, order, &mut Budget::default()).unwrap();
/// assert_eq!(order.write(answer.path.as_ref().unwrap()), "LLLDDRRR");
/// ```
pub fn ida_star_in_order<P: Position, H: Heuristic<P>>(
    start: &P,
    target: &P,
    heuristic: H,
    order: MoveOrder,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let (path, stats, _) = deepen(start, target, heuristic, order, budget, None, UndoLast)?;
    Ok(Answer {
        path: Some(path),
        stats,
    })
}

/// Every shortest path from `start` to `target`: the count, and the first
/// `limit` in `order`, by IDA* with `heuristic` whose last iteration, the
/// one bounded by the optimal length, runs to its end. Every shortest path
/// stays within that bound, so the iteration meets each once, in order.
/// `Ok(None)` when the target cannot be reached.
///
/// ```
/// use slide_core::{Board, MoveOrder, Shape};
/// use slide_solvers::{ida_star_all, Budget, LinearConflict};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 x 1").unwrap();
/// let all = ida_star_all(&start, &Board::goal(shape), LinearConflict, MoveOrder::KORF, 3, &mut Budget::default());
/// let all = all.unwrap().unwrap();
/// assert_eq!(all.count, 40);
/// assert_eq!(all.paths.len(), 3);
/// ```
pub fn ida_star_all<P: Position, H: Heuristic<P>>(
    start: &P,
    target: &P,
    heuristic: H,
    order: MoveOrder,
    limit: usize,
    budget: &mut Budget,
) -> Result<Option<AllPaths>, SearchError> {
    match start.answer_without_search(target)? {
        Some(answer) => Ok(answer.path.map(|path| AllPaths {
            length: path.len(),
            count: 1,
            paths: if limit > 0 { vec![path] } else { Vec::new() },
            limit,
            stats: answer.stats,
        })),
        None => {
            let all = AllPaths {
                limit,
                ..AllPaths::default()
            };
            let (_, stats, all) = deepen(start, target, heuristic, order, budget, Some(all), UndoLast)?;
            Ok(all.map(|all| AllPaths { stats, ..all }))
        }
    }
}

/// [`ida_star_with`] skipping the moves `pruning` skips (the plain rule,
/// [`UndoLast`], or a [`crate::MoveFsm`]): the same path, from fewer
/// nodes (see [`Pruning`]).
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{ida_star, ida_star_pruned, Budget, LinearConflict, MoveFsm};
/// let shape = Shape::new(3, 3).unwrap();
/// let start = Board::parse(shape, "8 6 7 2 5 4 3 _ 1").unwrap();
/// let goal = Board::goal(shape);
/// let plain = ida_star(&start, &goal, LinearConflict).unwrap();
/// let fsm = MoveFsm::build(10);
/// let pruned = ida_star_pruned(&start, &goal, LinearConflict, &fsm, &mut Budget::default()).unwrap();
/// assert_eq!(pruned.path, plain.path);
/// assert!(pruned.stats.generated < plain.stats.generated);
/// ```
pub fn ida_star_pruned<P: Position, H: Heuristic<P>, R: Pruning>(
    start: &P,
    target: &P,
    heuristic: H,
    pruning: R,
    budget: &mut Budget,
) -> Result<Answer, SearchError> {
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let (path, stats, _) = deepen(start, target, heuristic, MoveOrder::KORF, budget, None, pruning)?;
    Ok(Answer {
        path: Some(path),
        stats,
    })
}

/// The iterations of IDA*: the first path found, or with `all` every path
/// of the first iteration that finds one. A `pruning` other than the plain
/// rule goes with Korf's order only (the order it knows).
fn deepen<P: Position, H: Heuristic<P>, R: Pruning>(
    start: &P,
    target: &P,
    heuristic: H,
    order: MoveOrder,
    budget: &mut Budget,
    all: Option<AllPaths>,
    pruning: R,
) -> Result<(Vec<Move>, Stats, Option<AllPaths>), SearchError> {
    let (estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let max_length = budget.max_length;
    let mut search = Search::new(estimate, target, Watch::new(budget), h, order.moves(), all, pruning);
    // The move machine skips the start's mirrored moves too (see
    // `mirrored.rs`); the plain rule, the one with other orders, none.
    let root = pruning.start(start, target);
    // The root counts once (see `ida_star`).
    search.stats.generated = 1;
    let bound_limit = max_length.map_or(u32::MAX, |length| length.min(u32::MAX as usize) as u32);
    while search.bound <= bound_limit {
        search.next_bound = u32::MAX;
        search.watch.report(search.bound as usize, 0, search.stats.generated);
        // Every path wanted needs the general search, which keeps a trail.
        let found = if order == MoveOrder::KORF && search.all.is_none() {
            search.dfs::<true>(start.tiles(), start.blank(), 0, h, root)
        } else {
            search.dfs::<false>(start.tiles(), start.blank(), 0, h, root)
        };
        if let Some(error) = search.stopped {
            return Err(error);
        }
        let found_all = search.all.as_ref().is_some_and(|all| all.count > 0);
        if found || found_all {
            let bound = search.bound as usize;
            let path = search.found_path();
            let all = search.all.map(|all| AllPaths { length: bound, ..all });
            return Ok((path, search.stats, all));
        }
        // Every iteration raises the bound, so a search with a poor
        // estimate still ends: at the latest at the length of some path.
        search.bound = search.next_bound;
    }
    Err(SearchError::TooLong {
        max_length: max_length.unwrap_or(u32::MAX as usize),
    })
}

/// Nodes expanded between two looks at the clock.
const NODES_PER_TICK: u64 = 1 << 14;

/// The state of one IDA* run, on boards whose tiles are packed as `T` on
/// the grid `G`.
pub(crate) struct Search<'b, 'a, E, T, G, R = UndoLast> {
    neighbours: G,
    /// The moves it skips.
    pruning: R,
    /// The target's packed tiles.
    target: T,
    /// Once the target is found: the moves to it, last move first, pushed
    /// as the search returns from it (see [`Search::found_path`]).
    path: Vec<Move>,
    /// When every shortest path is wanted: the moves from the start to the
    /// current board.
    trail: Vec<Move>,
    pub(crate) stats: Stats,
    /// The smallest `f` that exceeded the current bound.
    pub(crate) next_bound: u32,
    /// The heuristic's estimate, following the board.
    estimate: E,
    /// The clock of the budget, and why the search stopped early, if it did.
    watch: Watch<'b, 'a>,
    pub(crate) stopped: Option<SearchError>,
    /// The current iteration's bound on `g + h`.
    bound: u32,
    /// The order the blank's moves are tried in.
    order: [Move; 4],
    /// When every shortest path is wanted: those found so far.
    all: Option<AllPaths>,
    /// Set by another thread when this search should stop (see
    /// `parallel_ida_star.rs`), and whether it did stop for it.
    pub(crate) cancel: Option<&'b AtomicBool>,
    pub(crate) cancelled: bool,
}

impl<'b, 'a, T: Tiles, G: Neighbours, E: Estimate<T>, R: Pruning> Search<'b, 'a, E, T, G, R> {
    /// A search for `target` with `estimate` (following the board it will
    /// start from), iterations bounded by `bound` first.
    pub(crate) fn new<P: Position<Tiles = T, Neighbours = G>>(
        estimate: E,
        target: &P,
        watch: Watch<'b, 'a>,
        bound: u32,
        order: [Move; 4],
        all: Option<AllPaths>,
        pruning: R,
    ) -> Search<'b, 'a, E, T, G, R> {
        Search {
            neighbours: target.neighbours(),
            pruning,
            target: target.tiles(),
            path: Vec::new(),
            trail: Vec::new(),
            stats: Stats::default(),
            next_bound: u32::MAX,
            estimate,
            watch,
            stopped: None,
            bound,
            order,
            all,
            cancel: None,
            cancelled: false,
        }
    }
}

impl<T: Tiles, G: Neighbours, E: Estimate<T>, R: Pruning> Search<'_, '_, E, T, G, R> {
    /// At the goal: stop, or, when every shortest path is wanted, count
    /// this one (keeping it while there is room) and go on.
    #[cold]
    fn reached_goal(&mut self) -> bool {
        match &mut self.all {
            None => true,
            Some(all) => {
                all.count += 1;
                if all.paths.len() < all.limit {
                    all.paths.push(self.trail.clone());
                }
                false
            }
        }
    }

    /// Sets the estimate on the board `tiles` (for a search started again
    /// from another board): its value there.
    pub(crate) fn reset_estimate(&mut self, tiles: T) -> u32 {
        self.estimate.reset(tiles)
    }

    /// The path [`Search::dfs`] found, in order: from the board it started
    /// from to the target.
    pub(crate) fn found_path(&mut self) -> Vec<Move> {
        let mut path = std::mem::take(&mut self.path);
        path.reverse();
        path
    }

    /// Looks at the clock and the budget; whether the search must stop.
    #[cold]
    #[inline(never)]
    fn tick(&mut self) -> bool {
        if self.cancel.is_some_and(|cancel| cancel.load(Ordering::Relaxed)) {
            self.cancelled = true;
            return true;
        }
        match self.watch.tick(self.bound as usize, 0, self.stats.generated) {
            Ok(()) => false,
            Err(error) => {
                self.stopped = Some(error);
                true
            }
        }
    }

    /// Searches below the board `tiles` (packed) with its blank in `blank`,
    /// `g` moves from the start with estimate `h`; `state` is the pruning
    /// rule's after the moves that led here. The board travels in arguments, in
    /// registers, rather than in the search's fields. Returns
    /// whether it found the target, or had to stop (then `stopped` says why).
    /// `KORF`: the moves in Korf's order, and one path wanted (no trail).
    pub(crate) fn dfs<const KORF: bool>(&mut self, tiles: T, blank: usize, g: u32, h: u32, state: R::State) -> bool {
        self.stats.expanded += 1;
        if self.stats.expanded % NODES_PER_TICK == 0 && self.tick() {
            return true;
        }
        // The four children, written out rather than looped over: the
        // compiler then keeps each one's move in a register (a loop over
        // the order array costs about a fifth more instructions per node).
        let order = if KORF { Move::ALL } else { self.order };
        self.child::<KORF>(tiles, blank, g, h, state, order[0])
            || self.child::<KORF>(tiles, blank, g, h, state, order[1])
            || self.child::<KORF>(tiles, blank, g, h, state, order[2])
            || self.child::<KORF>(tiles, blank, g, h, state, order[3])
    }

    /// [`Search::dfs`] below a board another search reached (a frontier
    /// node of A*+IDA*), by the move `last`: `state` is the pruning rule's
    /// with no moves read, since a rule that skips a move for an equivalent
    /// as long reads only the path this search makes (see
    /// `astar_ida_star.rs`), and the move undoing `last` is skipped apart.
    pub(crate) fn dfs_after(&mut self, tiles: T, blank: usize, g: u32, h: u32, state: R::State, last: u8) -> bool {
        self.stats.expanded += 1;
        Move::ALL
            .into_iter()
            .any(|mv| !Move::undoes(mv as u8, last) && self.child::<true>(tiles, blank, g, h, state, mv))
    }

    /// The child of [`Search::dfs`]'s board by `mv`: searched below if its
    /// `f` is within the bound. Whether the search is over.
    #[inline(always)]
    fn child<const KORF: bool>(&mut self, tiles: T, blank: usize, g: u32, h: u32, state: R::State, mv: Move) -> bool {
        let Some(state) = self.pruning.step(state, mv as u8) else {
            return false;
        };
        let next = self.neighbours.next(blank, mv as usize);
        if next == u8::MAX {
            return false;
        }
        let next = next as usize;
        self.stats.generated += 1;
        // The tile in `next` slides into `blank` (see `Tiles::slide`).
        let tile = tiles.tile(next);
        let child = tiles.slide(tile, next, blank);
        // Only an `f` below the next iteration's bound as found so far
        // needs to be exact: it decides whether the child is searched, or
        // lowers that bound. Above it the child is cut off either way.
        let within = self.next_bound.saturating_sub(g + 2);
        let slide = Slide {
            tiles: child,
            tile,
            from: next,
            to: blank,
        };
        // An estimate that knows the child's value before the move cuts it
        // off without following the move (see `Estimate::peek`); a child
        // within the bound needs the exact value, and the move followed.
        let peeked = self.estimate.peek(h, slide);
        if let Some(child_h) = peeked {
            let f = g + 1 + child_h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                return false;
            }
        }
        let (child_h, undo) = match peeked {
            Some(_) => self.estimate.moved(h, slide),
            None => self.estimate.moved_within(h, slide, within),
        };
        let f = g + 1 + child_h;
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
        } else {
            let tracing = !KORF && self.all.is_some();
            if tracing {
                self.trail.push(mv);
            }
            // The goal test compares boards rather than trusting `h = 0`:
            // an estimate that is wrongly above 0 at the goal delays it
            // to a later iteration instead of hiding it for ever.
            let done = if child == self.target {
                self.reached_goal()
            } else {
                self.dfs::<KORF>(child, next, g + 1, child_h, state)
            };
            if done {
                // The path to the target is written on the way back up,
                // rather than kept move by move on the way down.
                self.path.push(mv);
                return true;
            }
            if tracing {
                self.trail.pop();
            }
        }
        self.estimate.undo(slide, undo);
        false
    }
}
