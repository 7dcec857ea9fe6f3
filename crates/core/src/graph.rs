//! Puzzles on graphs: pieces on the vertices of any undirected graph, one
//! vertex empty, a move sliding a piece along an edge onto the empty vertex.
//!
//! The state is the same packed `u64` as a [`Board`](crate::Board)'s: vertex
//! `v` holds its piece in nibble `v`, the empty vertex 0. Only the adjacency
//! changes: a grid is one graph among others. Unlike a grid, a graph gives no
//! parity rule for which positions are reachable (a graph with an odd cycle
//! reaches both halves of the permutations, a disconnected one less than a
//! half), so its searches cover the whole permutation space.

use std::fmt;

use crate::shape::MAX_CELLS;

/// The most neighbours a vertex can have: every other vertex.
pub const MAX_DEGREE: usize = MAX_CELLS - 1;

/// An undirected graph of at most 16 vertices, without loops or repeated edges.
///
/// Each vertex lists its neighbours in increasing order; a move is named by
/// its *slot*, the neighbour's place in the list of the empty vertex.
/// `back[v][s]` is the slot, in the list of `neighbours[v][s]`, that leads
/// back to `v`: a search keeps it to skip the move that undoes the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    vertices: usize,
    neighbours: [[u8; MAX_DEGREE]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
    back: [[u8; MAX_DEGREE]; MAX_CELLS],
}

/// Why a list of edges is not a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// Fewer than 2 vertices, or more than 16.
    Vertices {
        /// How many were asked for.
        count: usize,
    },
    /// An edge names a vertex the graph does not have.
    NoSuchVertex {
        /// The edge, from 0.
        edge: usize,
        /// The vertex, from 0.
        vertex: usize,
    },
    /// An edge joins a vertex to itself.
    Loop {
        /// The edge, from 0.
        edge: usize,
    },
    /// An edge is given twice.
    Repeated {
        /// The second of the two, from 0.
        edge: usize,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GraphError::Vertices { count } => {
                write!(f, "a graph of {count} vertices is not supported: 2 to {MAX_CELLS}")
            }
            GraphError::NoSuchVertex { edge, vertex } => {
                write!(
                    f,
                    "edge {} names vertex {}, which the graph does not have",
                    edge + 1,
                    vertex + 1
                )
            }
            GraphError::Loop { edge } => write!(f, "edge {} joins a vertex to itself", edge + 1),
            GraphError::Repeated { edge } => write!(f, "edge {} is given twice", edge + 1),
        }
    }
}

impl std::error::Error for GraphError {}

impl Graph {
    /// The graph on `vertices` vertices (numbered from 0) with `edges`.
    ///
    /// ```
    /// use slide_core::{Graph, GraphError};
    /// let triangle = Graph::new(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
    /// assert_eq!(triangle.neighbours(1), [0, 2]);
    /// assert_eq!(Graph::new(3, &[(0, 1), (1, 0)]), Err(GraphError::Repeated { edge: 1 }));
    /// ```
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        if !(2..=MAX_CELLS).contains(&vertices) {
            return Err(GraphError::Vertices { count: vertices });
        }
        let mut adjacent = [0u16; MAX_CELLS];
        for (edge, &(a, b)) in edges.iter().enumerate() {
            if let Some(&vertex) = [a, b].iter().find(|&&v| v >= vertices) {
                return Err(GraphError::NoSuchVertex { edge, vertex });
            }
            if a == b {
                return Err(GraphError::Loop { edge });
            }
            if adjacent[a] & 1 << b != 0 {
                return Err(GraphError::Repeated { edge });
            }
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        let mut graph = Graph {
            vertices,
            neighbours: [[0; MAX_DEGREE]; MAX_CELLS],
            degree: [0; MAX_CELLS],
            back: [[0; MAX_DEGREE]; MAX_CELLS],
        };
        for (v, &adjacent) in adjacent.iter().enumerate().take(vertices) {
            for w in (0..vertices).filter(|&w| adjacent & 1 << w != 0) {
                graph.neighbours[v][graph.degree[v] as usize] = w as u8;
                graph.degree[v] += 1;
            }
        }
        for v in 0..vertices {
            for slot in 0..graph.degree[v] as usize {
                let w = graph.neighbours[v][slot] as usize;
                let back = graph.neighbours(w).iter().position(|&u| u as usize == v);
                graph.back[v][slot] = back.expect("edges go both ways") as u8;
            }
        }
        Ok(graph)
    }

    /// The number of vertices.
    #[inline]
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The neighbours of `vertex`, in increasing order.
    #[inline]
    pub fn neighbours(&self, vertex: usize) -> &[u8] {
        &self.neighbours[vertex][..self.degree[vertex] as usize]
    }

    /// The slot that leads back from the neighbour in slot `slot` of `vertex`.
    ///
    /// ```
    /// use slide_core::Graph;
    /// let path = Graph::new(3, &[(0, 1), (1, 2)]).unwrap();
    /// // Vertex 2 is slot 1 of vertex 1; vertex 1 is slot 0 of vertex 2.
    /// assert_eq!(path.back(1, 1), 0);
    /// ```
    #[inline]
    pub fn back(&self, vertex: usize, slot: usize) -> usize {
        self.back[vertex][slot] as usize
    }

    /// The packed state with `pieces[v]` on vertex `v` (0 for the empty
    /// vertex), if the pieces are `0..vertices` once each.
    ///
    /// ```
    /// use slide_core::Graph;
    /// let path = Graph::new(3, &[(0, 1), (1, 2)]).unwrap();
    /// assert_eq!(path.state(&[1, 2, 0]), Some(0x021));
    /// assert_eq!(path.state(&[1, 1, 0]), None);
    /// ```
    pub fn state(&self, pieces: &[u8]) -> Option<u64> {
        let mut seen = 0u32;
        let mut tiles = 0u64;
        if pieces.len() != self.vertices {
            return None;
        }
        for (v, &piece) in pieces.iter().enumerate() {
            if piece as usize >= self.vertices || seen & 1 << piece != 0 {
                return None;
            }
            seen |= 1 << piece;
            tiles |= (piece as u64) << (4 * v);
        }
        Some(tiles)
    }
}
