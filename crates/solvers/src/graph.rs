//! Puzzles on graphs ([`Graph`]): the layered search over the whole
//! permutation space, since no parity rule tells which arrangements a graph
//! reaches.
//!
//! The search is the grids' ([`crate::layered`]) with other moves: a node's
//! last move is the *slot back*, the place in the empty vertex's list of
//! the vertex it came from, and children skip that slot. Graphs of up to 10
//! vertices use a dense table of every rank (both halves), larger ones a
//! hashed map.

use std::marker::PhantomData;

use slide_core::{rank_step, slide, Graph};

use crate::budget::{Budget, Watch};
use crate::layered::node::{Node, Wide};
use crate::layered::scratch::{with_thread_scratch, Scratch};
use crate::layered::visited::{codes_to, DenseMap, HashedMap, StateMap};
use crate::layered::{meet, Children, Ends, SizeClass};
use crate::{SearchError, Stats};

/// The result of a search on a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphAnswer {
    /// The vertices the empty vertex moves to, one per move, from the start
    /// to the target; `None` if the target cannot be reached.
    pub path: Option<Vec<usize>>,
    /// What the search counted.
    pub stats: Stats,
}

impl GraphAnswer {
    /// The number of moves, or `None` when the target cannot be reached.
    pub fn length(&self) -> Option<usize> {
        self.path.as_ref().map(Vec::len)
    }
}

/// The fewest moves from `start` to `target`, packed states of `graph` (see
/// [`Graph::state`]), by breadth-first search from both ends, within
/// `budget`.
///
/// ```
/// use slide_core::Graph;
/// use slide_solvers::{graph_shortest_path, Budget};
/// // A triangle: an odd cycle, so both halves of the arrangements are reachable.
/// let triangle = Graph::new(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
/// let (start, target) = (triangle.state(&[2, 1, 0]).unwrap(), triangle.state(&[1, 2, 0]).unwrap());
/// let answer = graph_shortest_path(&triangle, start, target, &mut Budget::default()).unwrap();
/// assert_eq!(answer.length(), Some(3));
/// ```
pub fn graph_shortest_path(
    graph: &Graph,
    start: u64,
    target: u64,
    budget: &mut Budget,
) -> Result<GraphAnswer, SearchError> {
    with_thread_scratch(|scratch| graph_search(graph, start, target, Ends::Both, budget, scratch))
}

/// [`graph_shortest_path`] by plain breadth-first search from the start.
///
/// ```
/// use slide_core::Graph;
/// use slide_solvers::{graph_bfs, Budget};
/// // Two edges that do not meet: pieces cannot cross from one to the other.
/// let apart = Graph::new(4, &[(0, 1), (2, 3)]).unwrap();
/// let (start, target) = (apart.state(&[0, 1, 2, 3]).unwrap(), apart.state(&[2, 1, 0, 3]).unwrap());
/// assert_eq!(graph_bfs(&apart, start, target, &mut Budget::default()).unwrap().length(), None);
/// ```
pub fn graph_bfs(graph: &Graph, start: u64, target: u64, budget: &mut Budget) -> Result<GraphAnswer, SearchError> {
    with_thread_scratch(|scratch| graph_search(graph, start, target, Ends::One, budget, scratch))
}

/// The search of both functions, with the map the graph's size asks for.
fn graph_search(
    graph: &Graph,
    start: u64,
    target: u64,
    ends: Ends,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<GraphAnswer, SearchError> {
    let n = graph.vertices();
    let blank = |tiles: u64| (0..n).find(|&v| (tiles >> (4 * v)) & 0xF == 0).unwrap_or(0);
    let (roots, blanks) = ([start, target], [blank(start), blank(target)]);
    let limit = budget.max_states;
    let mut watch = Watch::new(budget);
    let mut stats = Stats::default();
    let found = match SizeClass::of_cells(n) {
        SizeClass::Table(_) | SizeClass::Small => {
            let moves = GraphMoves::<u64>::new(graph, true);
            let mut map = DenseMap::<false>::new(n, scratch);
            let found = meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| vertex_path(&map, graph, roots, tiles, blank)));
            map.give_back(scratch);
            found
        }
        SizeClass::Dense => {
            let moves = GraphMoves::<Wide>::new(graph, true);
            let mut map = DenseMap::<false>::new(n, scratch);
            let found = meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| vertex_path(&map, graph, roots, tiles, blank)));
            map.give_back(scratch);
            found
        }
        SizeClass::Hashed => {
            let moves = GraphMoves::<Wide>::new(graph, false);
            let mut map = HashedMap::new(limit);
            meet(roots, blanks, ends, &moves, &mut map, &mut watch, scratch, &mut stats)
                .map(|meeting| meeting.map(|(tiles, blank)| vertex_path(&map, graph, roots, tiles, blank)))
        }
    };
    match found {
        Ok(path) => Ok(GraphAnswer { path, stats }),
        Err(stop) => Err(stop.into_error(limit)),
    }
}

/// The vertices the empty vertex moves to, from `roots[0]` to `roots[1]`
/// through the state with packed `tiles` and the empty vertex `blank`.
fn vertex_path(map: &impl StateMap, graph: &Graph, roots: [u64; 2], tiles: u64, blank: usize) -> Vec<usize> {
    // A graph's code is 1 + the slot back: the vertex the empty one came from.
    let back = |vertex: usize, code: u8| graph.neighbours(vertex)[code as usize - 1] as usize;
    let forward = codes_to(map, roots[0], tiles, blank, 0, back);
    let backward = codes_to(map, roots[1], tiles, blank, 1, back);
    let mut path: Vec<usize> = forward.iter().map(|&(_, vertex)| vertex).collect();
    // The backward side went from the target's empty vertex through these
    // vertices to the meeting; the way on retraces them, ending where the
    // target's empty vertex is.
    let mut retrace: Vec<usize> = backward.iter().map(|&(code, vertex)| back(vertex, code)).collect();
    retrace.reverse();
    path.extend(retrace);
    path
}

/// A graph's moves, one by one: the tiles by two XORs, the rank (where the
/// search keeps ranks) by [`rank_step`], which serves any pair of cells.
struct GraphMoves<'g, N> {
    graph: &'g Graph,
    ranked: bool,
    node: PhantomData<N>,
}

impl<'g, N: Node> GraphMoves<'g, N> {
    fn new(graph: &'g Graph, ranked: bool) -> GraphMoves<'g, N> {
        GraphMoves {
            graph,
            ranked,
            node: PhantomData,
        }
    }
}

impl<N: Node> Children for GraphMoves<'_, N> {
    type Node = N;
    const MAX_CHILDREN: usize = slide_core::MAX_DEGREE;

    #[inline]
    fn write_children(&self, node: N, out: &mut [N], mut at: usize) -> usize {
        let (tiles, blank, back) = (node.tiles(), node.blank(), node.last() as usize);
        let n = self.graph.vertices();
        for (slot, &next) in self.graph.neighbours(blank).iter().enumerate() {
            // The slot back leads to where the empty vertex was a move ago.
            if slot == back {
                continue;
            }
            let next = next as usize;
            let rank = if self.ranked {
                rank_step(tiles, n, blank, next, node.rank())
            } else {
                0
            };
            let back = self.graph.back(blank, slot) as u8;
            out[at] = N::new(slide(tiles, blank, next), rank, next, back);
            at += 1;
        }
        at
    }
}
