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
//! path is then a shortest one. The open list is a stack per value of
//! `f = g + h` (see `OpenList`). Every board stored counts against the
//! budget's cap.
//!
//! Weighted A* is the same search ordered by `g + w h` with `w > 1`: it
//! trusts the estimate more, stores far fewer boards, and its path is at
//! most `w` times a shortest one (with reopening, for any admissible
//! estimate).

use std::sync::atomic::{AtomicBool, Ordering};

use slide_core::{Move, NO_MOVE};

use super::{WideBoard, WideTiles};
use crate::budget::{hashed_bytes, vector_bytes, Watch};
use crate::heuristic::{Estimate, Heuristic, Slide};
use crate::position::{Neighbours, Position, Tiles};
use crate::walk_back::walk_back;
use crate::{Answer, Budget, HashMap, SearchError, Stats};

/// What the search knows of a board it has reached: the length of the
/// shortest path found to it, the blank's last move on that path
/// (`NO_MOVE` for the start) and its cell, and whether the board was
/// expanded at that length (a frontier is the boards that were not).
#[derive(Clone, Copy)]
struct Reached {
    g: u32,
    last: u8,
    blank: u8,
    closed: bool,
}

/// A board A* reached and did not expand, when it stopped at its frontier
/// (see [`AstarEnd::Frontier`]).
pub(crate) struct Unexpanded<T> {
    pub(crate) tiles: T,
    pub(crate) blank: u8,
    /// The length of the shortest path found to it.
    pub(crate) g: u32,
    /// The blank's last move on that path.
    pub(crate) last: u8,
}

/// How [`weighted_astar`] ended, if not with an error.
pub(crate) enum AstarEnd<T> {
    /// It took the target: a path at most `weight / 100` times a shortest.
    Found(Answer),
    /// Its `cancel` flag was set.
    Cancelled,
    /// It held as many boards as its `frontier` allowed.
    Frontier(AstarFrontier<T>),
}

/// Where A* stopped at its frontier: every board it reached and did not
/// expand, each at the shortest `g` found (every path from the start
/// crosses them, a shortest path at its shortest `g`: A* reopens a board
/// reached shorter), with the paths it found to them.
pub(crate) struct AstarFrontier<T> {
    /// The boards reached and not expanded, in no order.
    pub(crate) open: Vec<Unexpanded<T>>,
    /// The nodes expanded and generated.
    pub(crate) stats: Stats,
    reached: HashMap<T, Reached>,
}

impl<T: Tiles + std::hash::Hash> AstarFrontier<T> {
    /// How many boards A* stored.
    pub(crate) fn stored(&self) -> usize {
        self.reached.len()
    }

    /// The shortest path A* found from `start` to `board`, a board it
    /// reached.
    pub(crate) fn path_to<P: Position<Tiles = T> + PartialEq>(&self, start: &P, board: &P) -> Vec<Move> {
        path_to(&self.reached, start, board)
    }
}

/// What [`weighted_astar`] is asked besides its budget.
#[derive(Clone, Copy)]
pub(crate) struct AstarAsk<'c> {
    /// The boards are taken in the order of `100 g + weight h` (100: A*).
    pub(crate) weight: u32,
    /// Stops the search, looked at every few thousand expansions.
    pub(crate) cancel: Option<&'c AtomicBool>,
    /// Stop, handing back the frontier, once the search has reached this
    /// many boards and takes the next to expand (A*+IDA*'s first phase).
    pub(crate) frontier: Option<usize>,
}

/// A board waiting in the open list: its tiles and blank, and the length
/// of the path it was pushed with.
struct Open<T> {
    g: u32,
    tiles: T,
    blank: u8,
}

/// The open list: a stack of boards per priority, and the least priority
/// whose stack may be non-empty. Priorities are small integers (see
/// [`wide_weighted_astar`]), so taking the least is a step along the
/// stacks rather than a heap's logarithm of cache misses; within one
/// priority the board pushed last comes first, which favours the children
/// of the board just expanded: the deeper boards, as A* ties are best
/// broken.
struct OpenList<T> {
    stacks: Vec<Vec<Open<T>>>,
    least: usize,
}

impl<T> OpenList<T> {
    fn push(&mut self, f: usize, open: Open<T>) {
        if f >= self.stacks.len() {
            self.stacks.resize_with(f + 1, Vec::new);
        }
        self.stacks[f].push(open);
        self.least = self.least.min(f);
    }

    /// The board of least priority pushed last, with its priority.
    fn pop(&mut self) -> Option<(usize, Open<T>)> {
        while self.least < self.stacks.len() {
            if let Some(open) = self.stacks[self.least].pop() {
                return Some((self.least, open));
            }
            self.least += 1;
        }
        None
    }
}

/// The most bytes [`wide_astar`] and [`wide_weighted_astar`] hold per
/// state they store (each board pushed on the open list counts, one reached
/// again shorter too): its entry of the hash map, and its place in the open
/// list's stacks (see `budget::hashed_bytes`, `budget::vector_bytes`).
/// About 180 bytes with `u128` tiles, 750 with [`Cells`](crate::Cells);
/// measured below that (`record/2026-12-04-reliability.md`).
///
/// ```
/// use slide_solvers::{wide_astar_state_bytes, Cells};
/// assert!(wide_astar_state_bytes::<u128>() < wide_astar_state_bytes::<Cells>());
/// ```
pub fn wide_astar_state_bytes<T>() -> usize {
    hashed_bytes(std::mem::size_of::<(T, Reached)>()) + vector_bytes(std::mem::size_of::<Open<T>>())
}

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
    let ask = AstarAsk {
        weight,
        cancel: None,
        frontier: None,
    };
    match weighted_astar(start, target, &heuristic, ask, budget)? {
        AstarEnd::Found(answer) => Ok(answer),
        AstarEnd::Cancelled | AstarEnd::Frontier(_) => unreachable!("asked for neither a cancel flag nor a frontier"),
    }
}

/// The crate's one A* loop over any [`Position`]: [`wide_weighted_astar`],
/// which also stops once `ask.cancel` is set, or at a frontier of
/// `ask.frontier` boards (the first phase of `astar_ida_star`). The `u64`
/// board of 11 to 16 cells keeps the A* of `crate::astar` all the same: on
/// Korf's 30 instances of at most 50 moves with linear conflict it took
/// 38.7 s and this one 115.9 s, expanding twice the boards (its ties go to
/// the last pushed, not the deepest; `record/2026-12-04-one-grid.md`).
pub(crate) fn weighted_astar<P, H>(
    start: &P,
    target: &P,
    heuristic: &H,
    ask: AstarAsk,
    budget: &mut Budget,
) -> Result<AstarEnd<P::Tiles>, SearchError>
where
    P: Position + PartialEq,
    P::Tiles: std::hash::Hash,
    H: Heuristic<P>,
{
    let AstarAsk {
        weight,
        cancel,
        frontier,
    } = ask;
    // The priority `100 g + weight h`, divided by the two factors' greatest
    // common divisor: `2 g + 3 h` for a weight of 150, `g + h` for A*.
    let weight = weight.max(100);
    let common = gcd(100, weight);
    let (g_factor, h_factor) = ((100 / common) as usize, (weight / common) as usize);
    let priority = |g: u32, h: u32| g_factor * g as usize + h_factor * h as usize;
    if let Some(answer) = start.answer_without_search(target)? {
        return Ok(AstarEnd::Found(answer));
    }
    let (mut estimate, h) = heuristic.start(start, target).map_err(SearchError::Heuristic)?;
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let neighbours = start.neighbours();
    let mut stats = Stats::default();
    let mut reached: HashMap<P::Tiles, Reached> = HashMap::default();
    reached.insert(
        start.tiles(),
        Reached {
            g: 0,
            last: NO_MOVE,
            blank: start.blank() as u8,
            closed: false,
        },
    );
    let mut open = OpenList {
        stacks: Vec::new(),
        least: 0,
    };
    open.push(
        priority(0, h),
        Open {
            g: 0,
            tiles: start.tiles(),
            blank: start.blank() as u8,
        },
    );
    // Every board pushed on the open list counts, a board reached again
    // shorter too: the map holds at most that many, the open list's stacks
    // at most that many entries (see `wide_astar_state_bytes`).
    let mut stored = 1;
    let mut last_f = 0;
    while let Some((f, Open { g, tiles, blank })) = open.pop() {
        let here = reached[&tiles];
        if g > here.g {
            continue; // Reached since by a shorter path, pushed again with it.
        }
        if tiles == target.tiles() {
            return Ok(AstarEnd::Found(Answer {
                path: Some(path_to(&reached, start, target)),
                stats,
            }));
        }
        if frontier.is_some_and(|frontier| reached.len() >= frontier) {
            let open = reached
                .iter()
                .filter(|(_, entry)| !entry.closed)
                .map(|(&tiles, entry)| Unexpanded {
                    tiles,
                    blank: entry.blank,
                    g: entry.g,
                    last: entry.last,
                })
                .collect();
            return Ok(AstarEnd::Frontier(AstarFrontier { open, stats, reached }));
        }
        reached.get_mut(&tiles).expect("reached").closed = true;
        stats.expanded += 1;
        if f != last_f || stats.expanded % NODES_PER_TICK == 0 {
            last_f = f;
            watch.tick(f / g_factor, stored as u64, stats.generated)?;
            if cancel.is_some_and(|cancel| cancel.load(Ordering::Relaxed)) {
                return Ok(AstarEnd::Cancelled);
            }
        }
        let h = estimate.reset(tiles);
        let blank = blank as usize;
        for mv in 0..4u8 {
            let next = neighbours.next(blank, mv as usize);
            // The board it came from is never reached shorter through it.
            if next == u8::MAX || Move::undoes(mv, here.last) {
                continue;
            }
            stats.generated += 1;
            let tile = tiles.tile(next as usize);
            let child = tiles.slide(tile, next as usize, blank);
            let entry = Reached {
                g: g + 1,
                last: mv,
                blank: next,
                closed: false,
            };
            match reached.get_mut(&child) {
                Some(known) if known.g <= g + 1 => continue,
                _ if stored >= limit => {
                    return Err(SearchError::StateLimit {
                        limit,
                        state_bytes: wide_astar_state_bytes::<P::Tiles>(),
                    })
                }
                Some(known) => *known = entry,
                None => {
                    reached.insert(child, entry);
                }
            }
            stored += 1;
            let slide = Slide {
                tiles: child,
                tile,
                from: next as usize,
                to: blank,
            };
            let (child_h, undo) = estimate.moved(h, slide);
            estimate.undo(slide, undo);
            open.push(
                priority(g + 1, child_h),
                Open {
                    g: g + 1,
                    tiles: child,
                    blank: next,
                },
            );
        }
    }
    unreachable!("the start reaches the target (its parity was checked), and A* reaches every board it can")
}

/// The greatest common divisor of `a` and `b`.
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The moves from `start` to `target`, walked back through the moves that
/// ended the shortest paths found. A board's recorded move leads back to a
/// board whose recorded length was then one less, and lengths only shrink,
/// so the lengths fall along the walk, which ends at the start (length 0)
/// in at most the target's length of steps: a shortest path.
fn path_to<P: Position + PartialEq>(reached: &HashMap<P::Tiles, Reached>, start: &P, target: &P) -> Vec<Move>
where
    P::Tiles: std::hash::Hash,
{
    let last = |here: &P| (here != start).then(|| Move::from_index(reached[&here.tiles()].last as usize));
    walk_back(target.clone(), last, |here, mv| {
        let blank = here.blank();
        let next = here.neighbours().next(blank, mv as usize);
        (next != u8::MAX).then(|| {
            let tiles = here.tiles();
            here.with_tiles(
                tiles.slide(tiles.tile(next as usize), next as usize, blank),
                next as usize,
            )
        })
    })
}
