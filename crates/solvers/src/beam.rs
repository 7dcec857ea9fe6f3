//! Beam search: breadth-first, keeping at each depth only the `width`
//! boards of least estimate.
//!
//! Where a shortest path is out of reach (boards of 6x6 and up, the
//! 24-puzzle in seconds), the estimate still tells good boards from bad. A
//! beam of `width` boards moves one depth at a time: every board of the
//! beam is expanded, the children are kept if new (not in this depth or
//! two before: a move changes the blank's colour, so a board seen at depth
//! `d - 1` can come back at `d + 1` only), and of them the `width` of least
//! estimate make the next depth. The first depth that holds the target gives
//! the path, which is then as short as any the beam could see; it is not a
//! shortest one in general, and the beam may die out (every child seen) or
//! wander, so a caller bounds it with `shorter_than`: a child whose depth
//! plus estimate reaches it cannot lead to a shorter path (for an
//! admissible estimate) and is dropped.
//!
//! A depth's boards are expanded on several threads, each its share in the
//! beam's order, and their children merged in that order: the same beam,
//! and the same path, on any number of threads.
//!
//! A beam can stall: on a large board (10x10) it brings the estimate down
//! to a few dozen and then finds no board that lowers it, its boards all
//! variations of one local minimum, until the bound ends it hundreds of
//! depths later with nothing. A beam whose least estimate has not dropped
//! for [`BEAM_STALL_DEPTHS`] depths stops there instead and hands back
//! the paths to the first board that held its least estimate (the depths
//! after it went nowhere) and to its last boards of least estimate
//! ([`BeamEnd::Stalled`]), for the caller to finish another way (the
//! near-optimal route: by the reduction, keeping the shortest).
//!
//! A wider beam finds shorter paths and costs proportionally more, which is
//! what [`beam_within`] trades against a time budget: beams of doubling
//! widths, each bounded by the best path of the narrower ones, and each
//! width run both ways, from the target to the start too ([`BeamWay`]),
//! side by side: the two find different paths, and on random 10x10 boards
//! the backward beams stall less.
//!
//! Memory: each depth keeps each kept board's parent and move (5 bytes), so
//! a path of `L` moves costs `5 L width` bytes, besides the depth being
//! expanded and the boards seen, which are kept as 64-bit digests of their
//! tiles: two boards with one digest (about one chance in 2^64 / width^2)
//! cost a child, never a wrong path ([`beam_state_bytes`]).

use std::sync::atomic::Ordering::Relaxed;

use slide_core::{undone, Move};

use crate::budget::{hashed_bytes, Watch};
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::position::{Neighbours, Position, Tiles};
use crate::{Budget, HashMap, SearchError, Stats};

/// Expansions between two looks at the clock.
const NODES_PER_TICK: u64 = 1 << 12;

/// The depths a beam goes on without lowering its least estimate before it
/// stops as stalled. On three random 10x10 boards, beams of widths 64 to
/// 8192 within 30 s, each stalled one finished from its last depth's best board
/// by `reduce_by_search` (the form tuned first): 20 depths gave a mean of
/// 1.880 times the Manhattan distance, 50 depths 1.886 and 100 depths 1.931,
/// and 20 cut beams short that 50 let reach the goal
/// (`record/2026-12-06-near-optimal.md`).
pub const BEAM_STALL_DEPTHS: usize = 50;

/// The most boards a stalled beam hands back: finishing a board near the
/// goal by the reduction costs from a few times its Manhattan distance to
/// twenty times, so the caller finishes each and keeps the shortest
/// (`record/2026-12-06-near-optimal.md`).
pub const BEAM_STALL_BOARDS: usize = 32;

/// How a beam ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BeamEnd {
    /// At the target: the path there.
    Reached(Vec<Move>),
    /// Stalled ([`BEAM_STALL_DEPTHS`] depths without a lower estimate):
    /// the paths to the boards it stalled at, none at the target: the
    /// first board that held its least estimate (empty if the start's
    /// estimate was never lowered), then the last depth's boards of least
    /// estimate, at most [`BEAM_STALL_BOARDS`] in all.
    Stalled(Vec<Vec<Move>>),
    /// With nothing: every child seen before or unable to beat the bound.
    Lost,
}

impl BeamEnd {
    /// The path to the target, if the beam reached it.
    ///
    /// ```
    /// use slide_core::Move;
    /// use slide_solvers::BeamEnd;
    /// assert_eq!(BeamEnd::Reached(vec![Move::Up]).reached(), Some(vec![Move::Up]));
    /// assert_eq!(BeamEnd::Stalled(vec![vec![Move::Up]]).reached(), None);
    /// ```
    pub fn reached(self) -> Option<Vec<Move>> {
        match self {
            BeamEnd::Reached(path) => Some(path),
            BeamEnd::Stalled(_) | BeamEnd::Lost => None,
        }
    }
}

/// One board of the beam: its tiles, blank, last move (to skip its undo),
/// estimate, what the estimate keeps of it (`K`, [`Estimate::Kept`]: its
/// children are followed from there, not from scratch) and digest.
#[derive(Clone, Copy)]
struct Beamed<T, K> {
    tiles: T,
    blank: u8,
    last: u8,
    h: u32,
    kept: K,
    seen: u64,
}

/// A child before the cut: where it came from (its parent's index and the
/// cell whose tile slid into the parent's blank), the move, its estimate
/// and digest, but not its tiles. Two children in three are cut, so a
/// child's tiles (128 bytes beyond the 24-puzzle) are written only once it
/// is kept ([`Candidate::board`]).
#[derive(Clone, Copy)]
struct Candidate<K> {
    seen: u64,
    h: u32,
    parent: u32,
    from: u8,
    last: u8,
    kept: K,
}

impl<K: Copy> Candidate<K> {
    /// The board this child is, made from its parent.
    #[inline]
    fn board<T: Tiles>(&self, parent: &Beamed<T, K>) -> Beamed<T, K> {
        let from = self.from as usize;
        let tile = parent.tiles.tile(from);
        Beamed {
            tiles: parent.tiles.slide(tile, from, parent.blank as usize),
            blank: self.from,
            last: self.last,
            h: self.h,
            kept: self.kept,
            seen: self.seen,
        }
    }
}

/// What one depth keeps for the path: each board's parent in the depth
/// before and the move that made it.
struct Depth {
    parents: Vec<u32>,
    moves: Vec<u8>,
}

/// What one thread made of its share of a depth: the children not seen two
/// depths before, in the beam's order; the first move, if any, that reached
/// the target (the board's index and the move); and its nodes.
struct Share<K> {
    children: Vec<Candidate<K>>,
    found: Option<(u32, u8)>,
    stats: Stats,
}

/// A path from `start` to `target` by beam search of `width` boards a
/// depth, with `heuristic`, shorter than `shorter_than`, each depth's
/// boards expanded on `threads` threads ([`BeamEnd::Reached`]); or the
/// path to where it stalled ([`BeamEnd::Stalled`]); or [`BeamEnd::Lost`]
/// if it died out (every child it kept could not beat `shorter_than`, or
/// had been seen); and the nodes it expanded and generated. Stops at the budget's time limit
/// and stop flag. The bound is not optional: a beam can wander without end
/// (a narrow one loops through boards it no longer remembers), and a
/// caller always has one, a path found another way. The threads' children
/// are merged in the beam's order, so the path is the same on any number
/// of threads.
///
/// ```
/// use slide_core::{Board, Shape};
/// use slide_solvers::{beam_search, ida_star, Budget, LinearConflict};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 x").unwrap();
/// let goal = Board::goal(shape);
/// let (end, _) = beam_search(&start, &goal, &LinearConflict, 100, 80, 2, &mut Budget::default()).unwrap();
/// let path = end.reached().unwrap();
/// let shortest = ida_star(&start, &goal, LinearConflict).unwrap();
/// assert!(path.len() >= shortest.length().unwrap());
/// assert_eq!(start.apply_path(&path), Some(goal));
/// ```
pub fn beam_search<P, H>(
    start: &P,
    target: &P,
    heuristic: &H,
    width: usize,
    shorter_than: usize,
    threads: usize,
    budget: &mut Budget,
) -> Result<(BeamEnd, Stats), SearchError>
where
    P: Position,
    H: Heuristic<P> + Sync,
    H::Estimate: Send,
{
    if let Some(answer) = start.answer_without_search(target)? {
        // The start itself, or a target out of reach: no path to beat.
        let end = match answer.path.filter(|path| path.len() < shorter_than) {
            Some(path) => BeamEnd::Reached(path),
            None => BeamEnd::Lost,
        };
        return Ok((end, answer.stats));
    }
    let width = width.max(1);
    let limit = shorter_than;
    let mut estimates = Vec::new();
    let mut h = 0;
    for _ in 0..threads.max(1) {
        let (estimate, value) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
        estimates.push(estimate);
        h = value;
    }
    let (time_limit, stop) = (budget.time_limit, budget.stop);
    let mut watch = Watch::new(budget);
    // Read after the watch starts: a thread that stops for the time has
    // the watch's agreement when the depth ends.
    let started = slide_core::Instant::now();
    let out_of_time =
        || time_limit.is_some_and(|limit| started.elapsed() >= limit) || stop.is_some_and(|stop| stop.load(Relaxed));
    let mut stats = Stats::default();
    let digests = Digests::new(start.grid().cells());
    let mut beam = vec![Beamed {
        tiles: start.tiles(),
        blank: start.blank() as u8,
        last: slide_core::NO_MOVE,
        h,
        kept: estimates[0].kept(),
        seen: digests.of(start.tiles(), start.blank()),
    }];
    let mut depths: Vec<Depth> = Vec::new();
    // The digests of the boards made at the depth before this one and at
    // this one: a child is new if not among the first nor made already at
    // its own depth (see the module's documentation).
    let mut before: HashMap<u64, ()> = HashMap::default();
    let mut here: HashMap<u64, ()> = beam.iter().map(|board| (board.seen, ())).collect();
    let mut spare: HashMap<u64, ()> = HashMap::default();
    // The least estimate the beam has held, the depth it first did, and
    // the board's index there.
    let (mut least, mut lowered, mut lowest) = (h, 0, 0);
    loop {
        let depth = depths.len() + 1;
        if depth >= limit || beam.is_empty() {
            return Ok((BeamEnd::Lost, stats));
        }
        watch.tick(depth, beam.len() as u64, stats.generated)?;
        let chunk = ((beam.len() + estimates.len() - 1) / estimates.len()).max(1);
        let ask = Ask {
            goal: target.tiles(),
            neighbours: start.neighbours(),
            depth,
            limit,
            before: &before,
            out_of_time: &out_of_time,
            digests: &digests,
        };
        let shares: Vec<Share<_>> = std::thread::scope(|scope| {
            let mut parts = beam.chunks(chunk).zip(estimates.iter_mut()).enumerate();
            let (_, (mine, estimate)) = parts.next().expect("the beam holds a board");
            let others: Vec<_> = parts
                .map(|(part, (boards, estimate))| scope.spawn(move || expand(boards, part * chunk, estimate, ask)))
                .collect();
            let mut shares = vec![expand(mine, 0, estimate, ask)];
            shares.extend(
                others
                    .into_iter()
                    .map(|other| other.join().expect("a beam's thread does not panic")),
            );
            shares
        });
        let mut next = std::mem::take(&mut spare);
        next.clear();
        next.reserve(shares.iter().map(|share| share.children.len()).sum());
        let mut candidates: Vec<Candidate<_>> = Vec::new();
        for share in shares {
            stats.generated += share.stats.generated;
            stats.expanded += share.stats.expanded;
            if let Some((index, mv)) = share.found {
                depths.push(Depth {
                    parents: vec![index],
                    moves: vec![mv],
                });
                return Ok((BeamEnd::Reached(path_back(&depths, 0)), stats));
            }
            for child in share.children {
                if next.insert(child.seen, ()).is_none() {
                    candidates.push(child);
                }
            }
        }
        // Past the time limit, a share may have stopped part way: the tick
        // says so before a cut depth is used.
        watch.tick(depth, beam.len() as u64, stats.generated)?;
        // The `width` of least estimate, ties to the first made: the same
        // beam from the same board, every run.
        if candidates.len() > width {
            // A child's key is its estimate, then its index: the `width`
            // least are those below the key of rank `width`, kept in the
            // order made (no sort).
            let key = |index: usize, candidate: &Candidate<_>| (candidate.h as u64) << 32 | index as u64;
            let mut keys: Vec<u64> = candidates.iter().enumerate().map(|(i, c)| key(i, c)).collect();
            let cut = *keys.select_nth_unstable(width).1;
            let mut index = 0;
            candidates.retain(|candidate| {
                index += 1;
                key(index - 1, candidate) < cut
            });
        }
        depths.push(Depth {
            parents: candidates.iter().map(|candidate| candidate.parent).collect(),
            moves: candidates.iter().map(|candidate| candidate.last).collect(),
        });
        beam = candidates
            .iter()
            .map(|candidate| candidate.board(&beam[candidate.parent as usize]))
            .collect();
        if let Some((index, board)) = beam.iter().enumerate().min_by_key(|(index, board)| (board.h, *index)) {
            if board.h < least {
                (least, lowered, lowest) = (board.h, depth, index);
            } else if depth - lowered >= BEAM_STALL_DEPTHS {
                // The depths since went nowhere; of the last, the boards of
                // least estimate, ties to the first.
                let mut ends = vec![path_back(&depths[..lowered], lowest)];
                let mut order: Vec<usize> = (0..beam.len()).collect();
                order.sort_by_key(|&index| (beam[index].h, index));
                ends.extend(
                    order
                        .into_iter()
                        .take(BEAM_STALL_BOARDS - 1)
                        .map(|index| path_back(&depths, index)),
                );
                return Ok((BeamEnd::Stalled(ends), stats));
            }
        }
        spare = std::mem::replace(&mut before, std::mem::replace(&mut here, next));
        // `here` now holds every child made, kept or not: a board cut from
        // this depth is not made again at the next but one.
    }
}

/// What every thread of a depth is told: the target's tiles, the cells'
/// neighbours, the depth its children are at, the bound, the digests of
/// the boards two depths before, and whether to stop.
struct Ask<'a, T, N> {
    goal: T,
    neighbours: N,
    depth: usize,
    limit: usize,
    before: &'a HashMap<u64, ()>,
    out_of_time: &'a (dyn Fn() -> bool + Sync),
    digests: &'a Digests,
}

impl<T: Copy, N: Copy> Clone for Ask<'_, T, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Copy, N: Copy> Copy for Ask<'_, T, N> {}

/// The children of `boards` (the beam's boards from index `first`) with
/// `estimate`, as `ask` says: those whose depth plus estimate stays under
/// the bound and that were not made two depths before, or the first move
/// to reach the target. Stops early when `ask.out_of_time()`.
fn expand<T: Tiles, N: Neighbours, E: Estimate<T>>(
    boards: &[Beamed<T, E::Kept>],
    first: usize,
    estimate: &mut E,
    ask: Ask<'_, T, N>,
) -> Share<E::Kept> {
    let mut share = Share {
        children: Vec::with_capacity(3 * boards.len()),
        found: None,
        stats: Stats::default(),
    };
    for (offset, board) in boards.iter().enumerate() {
        let index = (first + offset) as u32;
        share.stats.expanded += 1;
        if share.stats.expanded % NODES_PER_TICK == 0 && (ask.out_of_time)() {
            break;
        }
        let blank = board.blank as usize;
        if !E::STATELESS {
            estimate.resume(board.tiles, blank, board.kept);
        }
        for mv in 0..4u8 {
            if board.last != slide_core::NO_MOVE && mv == Move::ALL[board.last as usize].reverse() as u8 {
                continue;
            }
            let cell = ask.neighbours.next(blank, mv as usize);
            if cell == u8::MAX {
                continue;
            }
            let from = cell as usize;
            let tile = board.tiles.tile(from);
            let tiles = board.tiles.slide(tile, from, blank);
            share.stats.generated += 1;
            let slide = Slide {
                tiles,
                tile,
                from,
                to: blank,
            };
            let (h, undo) = estimate.moved(board.h, slide);
            let kept = estimate.kept();
            estimate.undo(slide, undo);
            // An admissible estimate is 0 at the target, so only a child
            // of estimate 0 is compared with it (a board of 128 bytes
            // beyond the 24-puzzle).
            if h == 0 && tiles == ask.goal {
                share.found = Some((index, mv));
                return share;
            }
            if ask.depth + h as usize >= ask.limit {
                continue;
            }
            let seen = board.seen ^ ask.digests.key(tile, from) ^ ask.digests.key(tile, blank);
            if ask.before.contains_key(&seen) {
                continue;
            }
            share.children.push(Candidate {
                seen,
                h,
                parent: index,
                from: cell,
                last: mv,
                kept,
            });
        }
    }
    share
}

/// The 64-bit digests of boards of `cells` cells (Zobrist's): a random
/// key for each tile in each cell, the board's digest the exclusive or of
/// its tiles' keys (the blank's left out: the tiles place it). A move
/// changes one tile's cell, so a child's digest is its parent's with that
/// tile's two keys, the cell it left and the one it entered, xored in: two
/// words read, where hashing the board would read all its cells. The keys
/// come from a fixed seed, so the digests, and the beams, are the same
/// every run.
struct Digests {
    cells: usize,
    keys: Vec<u64>,
}

impl Digests {
    fn new(cells: usize) -> Digests {
        let mut random = slide_core::SplitMix64::new(0x5EED_BEA5);
        Digests {
            cells,
            keys: (0..cells * cells).map(|_| random.next_u64()).collect(),
        }
    }

    /// The key of `tile` in `cell`.
    #[inline]
    fn key(&self, tile: usize, cell: usize) -> u64 {
        self.keys[tile * self.cells + cell]
    }

    /// The digest of the board of packed `tiles` whose blank is in `blank`.
    fn of<T: Tiles>(&self, tiles: T, blank: usize) -> u64 {
        (0..self.cells)
            .filter(|&cell| cell != blank)
            .fold(0, |digest, cell| digest ^ self.key(tiles.tile(cell), cell))
    }
}

/// The most bytes [`beam_search`] holds per board of its width, on boards
/// packed as `T` with an estimate that keeps `K` of each board
/// ([`Estimate::Kept`]), for paths of at most `longest` moves: each depth's
/// parent and move (5 bytes a depth), the children of a depth twice over
/// (as its threads made them and as merged, up to three a board each,
/// without their tiles), the boards of the depth expanded and of the next
/// (made from them), and the digests of three depths' children (see the
/// module's documentation).
///
/// ```
/// use slide_solvers::{beam_state_bytes, Cells};
/// assert!(beam_state_bytes::<u128, ()>(100) < beam_state_bytes::<Cells, ()>(100));
/// assert!(beam_state_bytes::<Cells, ()>(100) < beam_state_bytes::<Cells, [u8; 16]>(100));
/// ```
pub fn beam_state_bytes<T, K>(longest: usize) -> usize {
    5 * longest
        + 6 * std::mem::size_of::<Candidate<K>>()
        + 2 * std::mem::size_of::<Beamed<T, K>>()
        + 9 * hashed_bytes(std::mem::size_of::<u64>())
}

/// The moves from the start to board `index` of the last of `depths`,
/// walking the parents back.
fn path_back(depths: &[Depth], mut index: usize) -> Vec<Move> {
    let mut path = Vec::with_capacity(depths.len());
    for depth in depths.iter().rev() {
        path.push(Move::ALL[depth.moves[index] as usize]);
        index = depth.parents[index] as usize;
    }
    path.reverse();
    path
}

/// The first beam [`beam_within`] runs.
pub const BEAM_FIRST_WIDTH: usize = 64;

/// Which way a beam of [`beam_within`] runs: every move is undone by
/// another, so a path from the target to the start, read backwards, is a
/// path from the start to the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeamWay {
    /// From the start to the target.
    Forward,
    /// From the target to the start.
    Backward,
}

/// What the caller of [`beam_within`] makes of the beams' paths: it
/// completes a stalled beam's path, and may shorten each whole path before
/// it is weighed against the best. A closure `FnMut(BeamWay, &[Move]) ->
/// Option<Vec<Move>>` is a [`BeamFinish`] that completes and does not
/// shorten.
pub trait BeamFinish {
    /// Given [`BeamWay::Forward`] and a path from the start, the moves from
    /// its end to the target; given [`BeamWay::Backward`] and a path from
    /// the target, the moves from the start to its end; `None` if it has
    /// none.
    fn finish(&mut self, way: BeamWay, path: &[Move]) -> Option<Vec<Move>>;

    /// `path`, a whole path from the start to the target, or a shorter one
    /// to the same end. Each beam's path is shortened before it is weighed,
    /// so that the shortest answer of a longer time limit, which runs the
    /// same beams and more, is never longer once shortened: shortened only
    /// at the end, a beam's shorter path could shorten less than an earlier
    /// one's (`record/2026-12-06-near-optimal.md`). The default keeps it
    /// as it is.
    fn shorten(&mut self, path: Vec<Move>) -> Vec<Move> {
        path
    }
}

impl<F: FnMut(BeamWay, &[Move]) -> Option<Vec<Move>>> BeamFinish for F {
    fn finish(&mut self, way: BeamWay, path: &[Move]) -> Option<Vec<Move>> {
        self(way, path)
    }
}

/// The shortest path [`beam_search`] finds at widths [`BEAM_FIRST_WIDTH`],
/// twice that, and so on, each width run both ways ([`BeamWay`]; backward
/// only where the heuristic serves the start as a target), each beam
/// bounded by the best path of the narrower widths (`shorter_than` at
/// first: a path found another way), until the budget's time limit (a
/// beam cut by it gives nothing), its stop flag, a width whose beams (one
/// a way, held at once) would keep more than `budget.max_states` boards a
/// depth (the first width runs whatever it says), or a path as short as
/// the start's estimate (a shortest one, for an admissible estimate); and
/// the nodes of all the beams. The two ways of a width run side by side,
/// each on half of `threads`, where there are two; one after the other
/// otherwise, to the same paths.
///
/// A beam that stalls gives the shortest of its paths to where it
/// stalled, each completed by what `finish` makes of it ([`BeamFinish`]);
/// each beam's path, shortened by `finish`, counts if it beats the bound.
/// A longer time limit runs the same beams and more, so it never gives a
/// longer path. `None` if no beam beat `shorter_than`.
///
/// The two ways find different paths, and neither is the better one on
/// every board: on random 10x10 boards the backward beams stall less
/// (`record/2026-12-06-near-optimal.md`).
///
/// ```
/// use std::time::Duration;
/// use slide_core::{Board, Shape};
/// use slide_solvers::{beam_within, ida_star, BeamWay, Budget, Manhattan};
/// let shape = Shape::new(4, 4).unwrap();
/// let start = Board::parse(shape, "x 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1").unwrap();
/// let goal = Board::goal(shape);
/// // Widths 64, 128 and 256 (no wider than max_states), whatever the clock says.
/// let mut budget = Budget { time_limit: Some(Duration::from_secs(600)), max_states: 256, ..Budget::default() };
/// // A stalled beam's board finished by IDA*.
/// let mut finish = |way: BeamWay, path: &[slide_core::Move]| match way {
///     BeamWay::Forward => ida_star(&start.apply_path(path)?, &goal, Manhattan).ok()?.path,
///     BeamWay::Backward => ida_star(&start, &goal.apply_path(path)?, Manhattan).ok()?.path,
/// };
/// let (path, _) = beam_within(&start, &goal, &Manhattan, 200, 2, &mut finish, &mut budget).unwrap();
/// assert_eq!(start.apply_path(&path.unwrap()), Some(goal));
/// ```
pub fn beam_within<P, H>(
    start: &P,
    target: &P,
    heuristic: &H,
    shorter_than: usize,
    threads: usize,
    finish: &mut dyn BeamFinish,
    budget: &mut Budget,
) -> Result<(Option<Vec<Move>>, Stats), SearchError>
where
    P: Position,
    H: Heuristic<P> + Sync,
    H::Estimate: Send,
{
    let started = slide_core::Instant::now();
    let lower = heuristic.estimate(start, target).map_err(SearchError::Heuristic)? as usize;
    // A pattern database serves the targets its tables were built for:
    // where the start is not one, the beams run forward only.
    let ways: &[BeamWay] = match heuristic.estimate(target, start) {
        Ok(_) => &[BeamWay::Backward, BeamWay::Forward],
        Err(_) => &[BeamWay::Forward],
    };
    let mut best: Option<Vec<Move>> = None;
    let mut stats = Stats::default();
    let mut width = BEAM_FIRST_WIDTH;
    while width * ways.len() <= budget.max_states.max(BEAM_FIRST_WIDTH * ways.len()) {
        // Both ways are bounded by the best path of the widths before, so
        // that they can run side by side and give what they would one
        // after the other.
        let bound = best.as_ref().map_or(shorter_than, Vec::len);
        if bound <= lower {
            break;
        }
        let time_limit = budget.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
        let run = |way: BeamWay, threads: usize| {
            let mut inner = Budget {
                time_limit,
                stop: budget.stop,
                ..Budget::default()
            };
            let (from, to) = match way {
                BeamWay::Forward => (start, target),
                BeamWay::Backward => (target, start),
            };
            (way, beam_search(from, to, heuristic, width, bound, threads, &mut inner))
        };
        // Two beams side by side, a thread each, take less time than one
        // after the other on two threads each (0.85 of it, widths 64 to
        // 2048 on 10x10: `record/2026-12-06-near-optimal.md`).
        let beams = if ways.len() == 2 && threads >= 2 {
            std::thread::scope(|scope| {
                let backward = scope.spawn(|| run(BeamWay::Backward, threads / 2));
                let forward = run(BeamWay::Forward, threads - threads / 2);
                vec![backward.join().expect("a beam's thread does not panic"), forward]
            })
        } else {
            ways.iter().map(|&way| run(way, threads)).collect()
        };
        let mut out_of_time = false;
        for (way, beam) in beams {
            let (end, beam) = match beam {
                Ok(done) => done,
                // A beam cut by the clock gives nothing; the other way's,
                // if it ended, still counts (a longer budget would give it
                // too).
                Err(SearchError::OutOfTime { .. }) => {
                    out_of_time = true;
                    continue;
                }
                Err(error) => return Err(error),
            };
            stats.generated += beam.generated;
            stats.expanded += beam.expanded;
            // The beam's path, or a stalled one completed, from the start.
            let whole = |path: Vec<Move>, rest: Vec<Move>| -> Vec<Move> {
                match way {
                    BeamWay::Forward => path.into_iter().chain(rest).collect(),
                    BeamWay::Backward => rest.into_iter().chain(undone(&path)).collect(),
                }
            };
            let path = match end {
                BeamEnd::Reached(path) => Some(whole(path, Vec::new())),
                BeamEnd::Stalled(ends) => ends
                    .into_iter()
                    .filter_map(|path| {
                        let rest = finish.finish(way, &path)?;
                        Some(whole(path, rest))
                    })
                    .min_by_key(Vec::len),
                BeamEnd::Lost => None,
            };
            let path = path.map(|path| finish.shorten(path));
            if let Some(path) = path.filter(|path| path.len() < best.as_ref().map_or(bound, Vec::len)) {
                best = Some(path);
            }
        }
        if out_of_time {
            break;
        }
        width *= 2;
    }
    Ok((best, stats))
}
