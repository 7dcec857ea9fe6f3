//! A* on wide boards: the textbook best-first search, for answers short
//! enough that the boards it stores fit in memory.
//!
//! The A* of boards of at most 16 cells (`crate::astar`) stores the layered
//! searches' compact nodes and relies on a consistent estimate; this one
//! stores the packed tiles themselves (16 bytes a board in a `u128`, 128 in
//! [`Cells`](crate::Cells)) in one hash map, with the length of the
//! shortest path found to each and the move that ended it. Its estimate may
//! be merely admissible (the 24-puzzle's tables are not consistent), so a
//! board reached again by a shorter path is put back in the open list
//! ("reopened"); the first time the target is taken from the open list, its
//! path is then a shortest one. The open list is a binary heap ordered by
//! `f = g + h`, ties broken toward the larger `g`. Every board stored counts
//! against the budget's cap.
//!
//! Weighted A* is the same search ordered by `g + w h` with `w > 1`: it
//! trusts the estimate more, stores far fewer boards, and its path is at
//! most `w` times a shortest one (with reopening, for any admissible
//! estimate).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use slide_core::{Move, NO_MOVE};

use super::{WideBoard, WideTiles};
use crate::budget::Watch;
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::position::{Grid, Position};
use crate::{Answer, Budget, SearchError, Stats};

#[cfg(feature = "fxhash")]
type HashMap<K, V> = fxhash::FxHashMap<K, V>;
#[cfg(not(feature = "fxhash"))]
type HashMap<K, V> = std::collections::HashMap<K, V>;

/// What the search knows of a board it has reached: the length of the
/// shortest path found to it and the blank's last move on that path
/// (`NO_MOVE` for the start).
#[derive(Clone, Copy)]
struct Reached {
    g: u32,
    last: u8,
}

/// A board waiting in the open list, with its priority `f`: `100 g +
/// weight h` (see [`wide_weighted_astar`]; `100 (g + h)` for A*).
struct Open<T> {
    f: u64,
    g: u32,
    tiles: T,
    blank: u8,
}

/// The heap takes its largest element first: the smallest `f`, then the
/// largest `g`.
impl<T> Ord for Open<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cmp(&self.f).then(self.g.cmp(&other.g))
    }
}

impl<T> PartialOrd for Open<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> PartialEq for Open<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.f, self.g) == (other.f, other.g)
    }
}

impl<T> Eq for Open<T> {}

/// Expansions between two looks at the clock.
const NODES_PER_TICK: u64 = 1 << 12;

/// A shortest path from `start` to `target`, boards of more than 16 cells,
/// by A* with `heuristic` (an admissible one) within `budget`: it stores at
/// most `budget.max_states` boards, stops at its time limit, and reports
/// its progress.
///
/// ```
/// use slide_core::Move;
/// use slide_solvers::{wide_astar, Budget, LinearConflict, WideBoard};
/// let goal = WideBoard::<u128>::goal(5, 5);
/// let start = [Move::Up, Move::Left, Move::Up, Move::Left].iter().fold(goal, |b, &m| b.apply(m).unwrap());
/// let answer = wide_astar(&start, &goal, LinearConflict, &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), Some(4));
/// ```
pub fn wide_astar<T, H>(
    start: &WideBoard<T>,
    target: &WideBoard<T>,
    heuristic: H,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    T: WideTiles,
    H: Heuristic<WideBoard<T>>,
{
    wide_weighted_astar(start, target, heuristic, 100, budget)
}

/// A path from `start` to `target` at most `weight / 100` times as long as
/// a shortest one, by weighted A*: [`wide_astar`] with the boards taken in
/// the order of `100 g + weight h`, which trusts the estimate more the
/// larger `weight` is (100 is A*). The bound holds for an admissible
/// estimate because boards reached shorter are reopened.
///
/// ```
/// use slide_core::{Move, SplitMix64};
/// use slide_solvers::{wide_astar, wide_weighted_astar, Budget, LinearConflict, WideBoard};
/// let goal = WideBoard::<u128>::goal(5, 5);
/// let mut random = SplitMix64::new(7);
/// let mut start = goal;
/// for _ in 0..30 {
///     let moves: Vec<_> = Move::ALL.iter().filter_map(|&m| start.apply(m)).collect();
///     start = moves[random.below(moves.len())];
/// }
/// let shortest = wide_astar(&start, &goal, LinearConflict, &mut Budget::default()).unwrap().length().unwrap();
/// let weighted = wide_weighted_astar(&start, &goal, LinearConflict, 150, &mut Budget::default()).unwrap();
/// assert!(weighted.length().unwrap() * 100 <= shortest * 150);
/// ```
pub fn wide_weighted_astar<T, H>(
    start: &WideBoard<T>,
    target: &WideBoard<T>,
    heuristic: H,
    weight: u32,
    budget: &mut Budget,
) -> Result<Answer, SearchError>
where
    T: WideTiles,
    H: Heuristic<WideBoard<T>>,
{
    let priority = |g: u32, h: u32| 100 * g as u64 + weight as u64 * h as u64;
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(answer);
    }
    let (mut estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let grid = start.grid();
    let mut stats = Stats::default();
    let mut reached: HashMap<T, Reached> = HashMap::default();
    reached.insert(start.tiles(), Reached { g: 0, last: NO_MOVE });
    let mut open = BinaryHeap::new();
    open.push(Open {
        f: priority(0, h),
        g: 0,
        tiles: start.tiles(),
        blank: start.blank() as u8,
    });
    let mut last_f = 0;
    while let Some(Open { f, g, tiles, blank }) = open.pop() {
        let here = reached[&tiles];
        if g > here.g {
            continue; // Reached since by a shorter path, pushed again with it.
        }
        if tiles == target.tiles() {
            return Ok(Answer {
                path: Some(path_to(&reached, start, target)),
                stats,
            });
        }
        stats.expanded += 1;
        if f != last_f || stats.expanded % NODES_PER_TICK == 0 {
            last_f = f;
            watch.tick((f / 100) as usize, reached.len() as u64, stats.generated)?;
        }
        let h = estimate.reset(tiles);
        let blank = blank as usize;
        for mv in 0..4u8 {
            let next = grid.next(blank, mv as usize);
            // The board it came from is never reached shorter through it.
            if next == u8::MAX || Move::undoes(mv, here.last) {
                continue;
            }
            stats.generated += 1;
            let tile = tiles.tile(next as usize);
            let child = tiles.slide(tile, next as usize, blank);
            let stored = reached.len();
            match reached.get_mut(&child) {
                Some(known) if known.g <= g + 1 => continue,
                Some(known) => *known = Reached { g: g + 1, last: mv },
                None if stored >= limit => return Err(SearchError::StateLimit { limit }),
                None => {
                    reached.insert(child, Reached { g: g + 1, last: mv });
                }
            }
            let slide = Slide {
                tiles: child,
                tile,
                from: next as usize,
                to: blank,
            };
            let (child_h, undo) = estimate.moved(h, slide);
            estimate.undo(slide, undo);
            open.push(Open {
                f: priority(g + 1, child_h),
                g: g + 1,
                tiles: child,
                blank: next,
            });
        }
    }
    unreachable!("the start reaches the target (its parity was checked), and A* reaches every board it can")
}

/// The moves from `start` to `target`, walked back through the moves that
/// ended the shortest paths found. A board's recorded move leads back to a
/// board whose recorded length was then one less, and lengths only shrink,
/// so the lengths fall along the walk, which ends at the start (length 0)
/// in at most the target's length of steps: a shortest path.
fn path_to<T: WideTiles>(reached: &HashMap<T, Reached>, start: &WideBoard<T>, target: &WideBoard<T>) -> Vec<Move> {
    let mut path = Vec::new();
    let mut here = *target;
    while here != *start {
        let mv = Move::from_index(reached[&here.tiles()].last as usize);
        path.push(mv);
        here = here
            .apply(mv.reverse())
            .expect("a recorded move is undone by its reverse");
    }
    path.reverse();
    path
}
