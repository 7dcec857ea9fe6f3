//! The layered search: the one place where a layer of boards is expanded.
//!
//! Breadth-first search, bidirectional breadth-first search and the complete
//! distance table all advance whole layers: every board at distance `d` from
//! a root is expanded before any at `d + 1`. They differ only in what they
//! record of a new board ([`Visited`]) and in which end they advance. The
//! moves come from a [`Children`]: precomputed steps on boards of at
//! most 9 cells and 3 columns ([`TableMoves`]), or moves stepped one by one
//! ([`StepMoves`]) on the others.
//!
//! A layer is expanded a chunk of boards at a time, in two passes: the first
//! writes every child of the chunk after the next layer's kept boards, the
//! second looks each up and keeps the new ones, compacting them in place.
//! A look-up waits on a table load that misses the first-level cache, and a
//! loop that does nothing else is short enough for the processor to have
//! many children's loads in flight at once. A child advances the end of the
//! layer by whether it is new, without a branch on that coin toss, and
//! whether the chunk reached the other end is gathered in a bit and acted
//! on once.

pub(crate) mod node;
pub(crate) mod scratch;
pub(crate) mod table_moves;
pub(crate) mod visited;

use std::marker::PhantomData;

use slide_core::{slide, Board, Move, RankSteps, Shape, MAX_CELLS, NO_MOVE};

use crate::budget::{Budget, Watch};
use crate::layered::node::{Node, TwoWords};
use crate::layered::scratch::Scratch;
use crate::layered::table_moves::TableMoves;
use crate::layered::visited::{code, codes_to, DenseMap, Entry, HashedMap, StateMap};
use crate::{Answer, SearchError, Stats, DENSE_MAX_CELLS};

/// How a search's boards step to their children.
pub(crate) trait Children {
    /// The layers' entries.
    type Node: Node;

    /// The most children a board has (4: the blank's directions).
    const MAX_CHILDREN: usize;

    /// Writes the children of `node`, except the one its last move came
    /// from, to `out` from `at` on; returns where they end. `out` has room
    /// for [`Children::MAX_CHILDREN`].
    fn write_children(&self, node: Self::Node, out: &mut [Self::Node], at: usize) -> usize;
}

/// What a search records of the boards it reaches.
pub(crate) trait Visited<N> {
    /// Records that side `side` reached `child`. Returns whether the side
    /// reaches it for the first time, and its entry as it was, whose other
    /// side's code says whether the other side had reached it: a meeting.
    /// (A meeting ends the search, so a board the other side had reached is
    /// always new to this one.)
    fn visit(&mut self, child: N, side: usize) -> (bool, Entry);

    /// Whether the other side than `side` has reached `node`.
    fn met(&self, node: N, side: usize) -> bool;

    /// Whether the search must stop for want of room.
    fn full(&self) -> bool;
}

/// Why a layer's expansion stopped before its end.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The visited states reached their cap.
    Full,
    /// The search's budget ran out otherwise (its time).
    Budget(SearchError),
}

/// Chunks expanded between two calls of an expansion's `tick`.
const CHUNKS_PER_TICK: usize = 16;

/// Boards expanded per pass: enough children to keep the loads busy, few
/// enough that they are still in the first-level cache when looked up.
const CHUNK: usize = 64;

/// Expands `layer`, the newest layer of side `SIDE`: records each child in
/// `visited` and keeps the new ones at the start of `next`. Returns how many
/// were kept, and a new child the other side had reached, if there is one
/// (then the expansion stops there). Every few chunks it calls `tick` with
/// the counts so far, which may stop it.
///
/// Invariant: `next`'s length is the most it has held, not the layer's: the
/// kept children are `next[..kept]`, and the rest is scratch that the
/// branch-free compaction may overwrite. Buffers only grow, and are never
/// filled entry by entry (see [`grow`]).
///
/// The side is a constant, so that the code a visit reads and writes is at
/// a fixed place in the entry: no shifts by a side in the loop.
#[inline]
pub(crate) fn expand_layer<C: Children, V: Visited<C::Node>, const SIDE: usize>(
    children: &C,
    layer: &[C::Node],
    next: &mut Vec<C::Node>,
    visited: &mut V,
    stats: &mut Stats,
    tick: &mut dyn FnMut(&Stats) -> Result<(), SearchError>,
) -> Result<(usize, Option<C::Node>), Stop> {
    let mut kept = 0;
    for (index, chunk) in layer.chunks(CHUNK).enumerate() {
        // Room for all of the chunk's children.
        let room = kept + C::MAX_CHILDREN * chunk.len();
        if next.len() < room {
            grow(next, room, kept);
        }
        // The buffer as a slice: its length and address stay in registers,
        // where through the vector they would be read again after every write.
        let out = &mut next[..];
        let first = kept;
        let mut written = kept;
        for &node in chunk {
            written = children.write_children(node, out, written);
        }
        stats.expanded += chunk.len() as u64;
        stats.generated += (written - first) as u64;
        let met;
        (kept, met) = keep_new::<C::Node, V, SIDE>(out, first, written, visited);
        if met {
            // A meeting point is new, so it was kept.
            let meeting = out[first..kept]
                .iter()
                .find(|&&child| visited.met(child, SIDE))
                .copied();
            return Ok((kept, meeting));
        }
        if visited.full() {
            return Err(Stop::Full);
        }
        if index % CHUNKS_PER_TICK == CHUNKS_PER_TICK - 1 {
            tick(stats).map_err(Stop::Budget)?;
        }
    }
    Ok((kept, None))
}

/// Records the children `out[first..written]` in `visited` as side `SIDE`'s,
/// and moves the new ones to `out[first..]`, in order. Returns where the
/// new ones end, and whether one of them is on the other side.
///
/// A function of its own, not inlined: the loop then has the registers to
/// itself, where inside the search's loop the map's address was read from
/// the stack for every child.
#[inline(never)]
fn keep_new<N: Node, V: Visited<N>, const SIDE: usize>(
    out: &mut [N],
    first: usize,
    written: usize,
    visited: &mut V,
) -> (usize, bool) {
    let mut kept = first;
    // The entries of all children, ORed: the other side's code in it is
    // not 0 if and only if some child is on the other side. One OR a child,
    // where a flag would take a shift, a mask and a test, and no branch on
    // a load. Such a child is new (see `Visited::visit`), so `new` need not
    // be tested too.
    let mut entries = 0;
    // Cut at `written`, so that `out[i]` needs no bounds check.
    let out = &mut out[..written];
    for i in first..written {
        let child = out[i];
        let (new, entry) = visited.visit(child, SIDE);
        entries |= entry;
        out[kept] = child;
        kept += new as usize;
    }
    (kept, code(entries, 1 - SIDE) != 0)
}

/// The fewest entries a layer buffer grows to: 256 KiB of packed nodes,
/// above the size from which the allocator maps fresh pages.
const FIRST_ROOM: usize = 1 << 15;

/// Lengthens `buffer` to at least `room` (doubling it, and to at least
/// [`FIRST_ROOM`]), keeping its first `kept` entries: out of the
/// expansion's loop, which calls it rarely.
///
/// The new buffer is a vector of zeros, which the allocator takes from
/// pages the system hands out zeroed and untouched; `resize` would write
/// every entry. So the pages a search never reaches are never touched.
#[cold]
#[inline(never)]
fn grow<N: Node>(buffer: &mut Vec<N>, room: usize, kept: usize) {
    let mut bigger = vec![N::default(); room.max(2 * buffer.len()).max(FIRST_ROOM)];
    bigger[..kept].copy_from_slice(&buffer[..kept]);
    *buffer = bigger;
}

/// Each cell's moves that stay on the board, as (next cell, move index):
/// a search loops over exactly those instead of testing all four.
pub(crate) struct Exits {
    exits: [[(u8, u8); 4]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
}

impl Exits {
    pub(crate) fn of(shape: Shape) -> Exits {
        let mut exits = [[(0u8, 0u8); 4]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for (cell, row) in shape.neighbours().iter().enumerate().take(shape.cells()) {
            for (mv, &next) in row.iter().enumerate().filter(|(_, &next)| next != u8::MAX) {
                exits[cell][degree[cell] as usize] = (next, mv as u8);
                degree[cell] += 1;
            }
        }
        Exits { exits, degree }
    }

    /// The moves from `cell`.
    #[inline]
    pub(crate) fn from(&self, cell: usize) -> &[(u8, u8)] {
        &self.exits[cell][..self.degree[cell] as usize]
    }
}

/// The size classes of boards: how a layered search and A* keep a board
/// of each size, the cheapest that fits. The one
/// place that decides it is [`SizeClass::of`].
#[derive(Clone, Copy)]
pub(crate) enum SizeClass {
    /// At most 9 cells and 3 columns: `u64` nodes with ranks, stepped by
    /// table ([`TableMoves`]), dense maps.
    Table(&'static TableMoves),
    /// At most 9 cells: `u64` nodes with ranks, stepped one move at a time
    /// ([`StepMoves`]), dense maps.
    Small,
    /// At most [`DENSE_MAX_CELLS`] cells: [`TwoWords`] nodes with ranks, dense
    /// maps.
    Dense,
    /// More cells: [`TwoWords`] nodes without ranks, hashed maps.
    Hashed,
}

impl SizeClass {
    /// The class of boards of `shape`.
    pub(crate) fn of(shape: Shape) -> SizeClass {
        match TableMoves::of(shape) {
            Some(moves) => SizeClass::Table(moves),
            None if shape.cells() <= 9 => SizeClass::Small,
            None if shape.cells() <= DENSE_MAX_CELLS => SizeClass::Dense,
            None => SizeClass::Hashed,
        }
    }
}

/// The moves of any board, made one by one: the tiles by two XORs
/// ([`slide`]), the rank stepped by [`RankSteps`] where the search keeps
/// ranks, and left 0 where it does not (hashed searches).
pub(crate) struct StepMoves<N> {
    exits: Exits,
    ranks: Option<&'static RankSteps>,
    node: PhantomData<N>,
}

impl<N: Node> StepMoves<N> {
    /// The moves of `shape`, with ranks if `ranked`.
    pub(crate) fn new(shape: Shape, ranked: bool) -> StepMoves<N> {
        StepMoves {
            exits: Exits::of(shape),
            ranks: ranked.then(|| RankSteps::of(shape)),
            node: PhantomData,
        }
    }
}

impl<N: Node> Children for StepMoves<N> {
    type Node = N;
    const MAX_CHILDREN: usize = 4;

    #[inline]
    fn write_children(&self, node: N, out: &mut [N], mut at: usize) -> usize {
        let (tiles, blank, last) = (node.tiles(), node.blank(), node.last());
        for &(next, mv) in self.exits.from(blank) {
            if Move::undoes(mv, last) {
                continue;
            }
            let next = next as usize;
            let rank = match self.ranks {
                Some(steps) => steps.after_slide(tiles, blank, next, node.rank()),
                None => 0,
            };
            out[at] = N::new(slide(tiles, blank, next), rank, next, mv);
            at += 1;
        }
        at
    }
}

/// Which ends of a search advance.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ends {
    /// Only the start's: plain breadth-first search, which stops when it
    /// reaches the target (marked as the other end's root).
    One,
    /// Both, the one with the smaller newest layer each time.
    Both,
}

/// A shortest path from `start` to `target` (of one shape, connected by
/// parity: checked by the caller) by a layered search from `ends`, within
/// `budget` (its states count on boards that use hashing).
pub(crate) fn shortest_path(
    start: &Board,
    target: &Board,
    ends: Ends,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Answer, SearchError> {
    let shape = start.shape();
    let cells = shape.cells();
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let (roots, blanks) = ([start.tiles(), target.tiles()], [start.blank(), target.blank()]);
    let mut stats = Stats::default();
    let found = match SizeClass::of(shape) {
        SizeClass::Table(moves) => {
            let mut map = DenseMap::new(cells, scratch);
            let found = meet(roots, blanks, ends, moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| grid_path(&map, shape, [start, target], tiles, blank)));
            map.give_back(scratch);
            found
        }
        SizeClass::Small => {
            let moves = StepMoves::<u64>::new(shape, true);
            let mut map = DenseMap::new(cells, scratch);
            let found = meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| grid_path(&map, shape, [start, target], tiles, blank)));
            map.give_back(scratch);
            found
        }
        SizeClass::Dense => {
            let moves = StepMoves::<TwoWords>::new(shape, true);
            let mut map = DenseMap::new(cells, scratch);
            let found = meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| grid_path(&map, shape, [start, target], tiles, blank)));
            map.give_back(scratch);
            found
        }
        SizeClass::Hashed => {
            let moves = StepMoves::<TwoWords>::new(shape, false);
            let mut map = HashedMap::new(limit);
            meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| grid_path(&map, shape, [start, target], tiles, blank)))
        }
    };
    match found {
        Ok(path) => Ok(Answer { path, stats }),
        Err(stop) => Err(stop.into_error(limit)),
    }
}

impl Stop {
    /// The error a search reports for this stop, with `limit` its state cap.
    pub(crate) fn into_error(self, limit: usize) -> SearchError {
        match self {
            Stop::Full => SearchError::StateLimit {
                limit,
                state_bytes: crate::BYTES_PER_STATE,
            },
            Stop::Budget(error) => error,
        }
    }
}

/// The moves from `ends[0]` to `ends[1]` through the state with packed
/// `tiles` and the blank in `blank`, which both sides of `map` reached.
fn grid_path(map: &impl StateMap, shape: Shape, ends: [&Board; 2], tiles: u64, blank: usize) -> Vec<Move> {
    let neighbours = shape.neighbours();
    // A grid's code is 1 + the move's index; the blank came from the cell
    // that the reverse move reaches.
    let back = |blank: usize, code: u8| neighbours[blank][3 - (code as usize - 1)] as usize;
    let forward = codes_to(map, ends[0].tiles(), tiles, blank, 0, back);
    let backward = codes_to(map, ends[1].tiles(), tiles, blank, 1, back);
    let mut path: Vec<Move> = forward
        .iter()
        .map(|&(code, _)| Move::from_index(code as usize - 1))
        .collect();
    // The backward side recorded moves away from the target; walked from
    // the meeting point, each one's reverse leads to the target.
    path.extend(
        backward
            .iter()
            .rev()
            .map(|&(code, _)| Move::from_index(code as usize - 1).reverse()),
    );
    path
}

/// The layered search itself, compiled once per kind of moves and map: from
/// the arrangements `roots` (packed tiles, blanks in `blanks`), it advances
/// `ends` a layer at a time until a new state of one side is on the other.
/// Both ends share `visited`: each entry holds what reached the state from
/// either side. Returns the meeting state (tiles and blank), or `None` when
/// a side ran out of states first: the ends are not connected.
#[allow(clippy::too_many_arguments)]
pub(crate) fn meet<C, V>(
    roots: [u64; 2],
    blanks: [usize; 2],
    ends: Ends,
    moves: &C,
    visited: &mut V,
    watch: &mut Watch,
    scratch: &mut Scratch,
    stats: &mut Stats,
) -> Result<Option<(u64, usize)>, Stop>
where
    C: Children,
    V: Visited<C::Node> + StateMap,
{
    if roots[0] == roots[1] {
        return Ok(Some((roots[0], blanks[0])));
    }
    let spares = C::Node::spares(scratch);
    let mut layers = [(); 3].map(|()| Scratch::take_layer(spares));
    let mut lens = [1, 1];
    for side in 0..2 {
        let key = visited.key(roots[side]);
        visited.visit_root(key, side);
        // The rank field is what a dense map indexes by; a hashed one
        // ignores it (and a 16-cell rank would not fit).
        let rank = if V::RANKED { key } else { 0 };
        let node = C::Node::new(roots[side], rank, blanks[side], NO_MOVE);
        if layers[side].is_empty() {
            layers[side].push(node);
        }
        layers[side][0] = node;
    }
    // The depth reached from each end, and the states stored in all.
    let (mut depths, mut stored) = ([0usize; 2], 2u64);
    let found = loop {
        let side = match ends {
            Ends::Both if lens[1] < lens[0] => 1,
            _ => 0,
        };
        if lens[side] == 0 {
            break Ok(None);
        }
        let depth = depths[0] + depths[1] + 1;
        watch.report(depth, stored, stats.generated);
        let mut tick = |stats: &Stats| watch.tick(depth, stored, stats.generated);
        let [sides @ .., next] = &mut layers;
        let layer = &sides[side][..lens[side]];
        let expanded = match side {
            0 => expand_layer::<_, _, 0>(moves, layer, next, visited, stats, &mut tick),
            _ => expand_layer::<_, _, 1>(moves, layer, next, visited, stats, &mut tick),
        };
        match expanded {
            Err(stop) => break Err(stop),
            Ok((_, Some(meeting))) => break Ok(Some((meeting.tiles(), meeting.blank()))),
            Ok((kept, None)) => {
                // The new layer becomes the side's; the expanded one's buffer is next to fill.
                std::mem::swap(&mut sides[side], next);
                lens[side] = kept;
                depths[side] += 1;
                stored += kept as u64;
            }
        }
    };
    let spares = C::Node::spares(scratch);
    for layer in layers {
        Scratch::give_layer(spares, layer);
    }
    found
}
