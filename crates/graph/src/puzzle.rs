//! A puzzle on a graph: its start and target, and what the searches
//! derive from them once.

use crate::graph::Graph;

/// One move: the piece in cell `from` slides along an edge into the blank
/// cell `to` (so the blank is in `from` afterwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The cell the piece leaves.
    pub from: u8,
    /// The blank cell it enters.
    pub to: u8,
}

/// A start and a target on one graph. Each cell holds a label: 0 for a
/// blank, any other number for a piece; pieces with one label are
/// interchangeable, and any number of cells may be blank.
///
/// Invariant: `start` and `target` hold one label per cell of `graph`, as
/// indices into `labels` (0 the blank); `nearest[l][c]` is the fewest edges
/// from cell `c` to a target cell of label `l` (`u8::MAX` if none).
#[derive(Clone, Debug)]
pub struct Puzzle {
    graph: Graph,
    labels: Vec<u32>,
    start: Vec<u8>,
    target: Vec<u8>,
    nearest: Vec<Vec<u8>>,
}

impl Puzzle {
    /// The puzzle on `graph` from `start` to `target` (a label per cell, 0
    /// the blank), or what is wrong with them.
    ///
    /// ```
    /// use slide_graph::{Graph, Puzzle};
    /// let graph = Graph::grid(1, 3, &[true; 3]);
    /// assert!(Puzzle::new(graph.clone(), vec![7, 0, 7], vec![0, 7, 7]).is_ok());
    /// assert!(Puzzle::new(graph, vec![1, 0], vec![0, 1]).is_err());
    /// ```
    pub fn new(graph: Graph, start: Vec<u32>, target: Vec<u32>) -> Result<Puzzle, String> {
        let n = graph.cells();
        for (name, cells) in [("start", &start), ("target", &target)] {
            if cells.len() != n {
                return Err(format!("the {name} has {} cells, the graph {n}", cells.len()));
            }
        }
        let mut labels = vec![0u32];
        for &label in start.iter().chain(&target) {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        if labels.len() > 256 {
            return Err("a puzzle has at most 255 labels of pieces".to_string());
        }
        let index = |cells: &[u32]| -> Vec<u8> {
            cells
                .iter()
                .map(|label| labels.iter().position(|l| l == label).expect("every label is listed") as u8)
                .collect()
        };
        let (start, target) = (index(&start), index(&target));
        let distances = graph.distances();
        let nearest = (0..labels.len())
            .map(|label| {
                (0..n)
                    .map(|cell| {
                        (0..n)
                            .filter(|&t| target[t] as usize == label)
                            .map(|t| distances[cell][t])
                            .min()
                            .unwrap_or(u8::MAX)
                    })
                    .collect()
            })
            .collect();
        Ok(Puzzle {
            graph,
            labels,
            start,
            target,
            nearest,
        })
    }

    /// The same graph and target from another start (a label per cell),
    /// keeping the tables the target decides rather than making them
    /// again: for judges that send many starts towards one target.
    ///
    /// ```
    /// use slide_graph::{fewest_moves, Graph, Puzzle};
    /// let puzzle = Puzzle::new(Graph::grid(1, 3, &[true; 3]), vec![0, 1, 2], vec![1, 0, 2]).unwrap();
    /// let other = puzzle.with_start(vec![1, 2, 0]).unwrap();
    /// assert_eq!((fewest_moves(&puzzle, 5), fewest_moves(&other, 5)), (Some(1), Some(1)));
    /// assert!(puzzle.with_start(vec![1, 2]).is_err());
    /// ```
    pub fn with_start(&self, start: Vec<u32>) -> Result<Puzzle, String> {
        let n = self.graph.cells();
        if start.len() != n {
            return Err(format!("the start has {} cells, the graph {n}", start.len()));
        }
        let mut puzzle = self.clone();
        puzzle.start.clear();
        for label in start {
            let index = match puzzle.labels.iter().position(|&l| l == label) {
                Some(index) => index,
                None if puzzle.labels.len() == 256 => {
                    return Err("a puzzle has at most 255 labels of pieces".to_string())
                }
                // A label the target lacks: no target cell is near it.
                None => {
                    puzzle.labels.push(label);
                    puzzle.nearest.push(vec![u8::MAX; n]);
                    puzzle.labels.len() - 1
                }
            };
            puzzle.start.push(index as u8);
        }
        Ok(puzzle)
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Whether the start and the target hold the same pieces (as many of
    /// each label, and as many blanks): otherwise no path joins them.
    pub fn same_pieces(&self) -> bool {
        let count = |cells: &[u8]| {
            let mut count = vec![0usize; self.labels.len()];
            for &label in cells {
                count[label as usize] += 1;
            }
            count
        };
        count(&self.start) == count(&self.target)
    }

    /// The bits a board takes packed, as [`crate::bidirectional_bfs()`]
    /// stores it: enough per cell for every label, the blank's included.
    ///
    /// ```
    /// use slide_graph::{Graph, Puzzle};
    /// let knights = Puzzle::new(Graph::knight(5, 5, &[true; 25]), vec![1; 25], vec![1; 25]).unwrap();
    /// assert_eq!(knights.board_bits(), 25);
    /// ```
    pub fn board_bits(&self) -> usize {
        let bits = (usize::BITS - (self.labels.len() - 1).max(1).leading_zeros()) as usize;
        self.graph.cells() * bits
    }

    /// The start's cells, as label indices (0 the blank).
    pub(crate) fn start(&self) -> &[u8] {
        &self.start
    }

    /// The target's cells, as label indices.
    pub(crate) fn target(&self) -> &[u8] {
        &self.target
    }

    /// The number of labels, the blank's included.
    pub(crate) fn label_count(&self) -> usize {
        self.labels.len()
    }

    /// The fewest edges from `cell` to a target cell of `label`.
    #[inline]
    pub(crate) fn nearest(&self, label: u8, cell: usize) -> u8 {
        self.nearest[label as usize][cell]
    }

    /// The sum over the pieces of `cells` of their distance to the nearest
    /// target cell of their label: every move carries one piece along one
    /// edge, so no path is shorter. `None` if a piece can reach no such
    /// cell. 0 exactly at the target when the pieces are the same (each
    /// label's pieces then fill that label's target cells).
    pub(crate) fn estimate(&self, cells: &[u8]) -> Option<u32> {
        let mut h = 0u32;
        for (cell, &label) in cells.iter().enumerate() {
            if label != 0 {
                let d = self.nearest(label, cell);
                if d == u8::MAX {
                    return None;
                }
                h += d as u32;
            }
        }
        Some(h)
    }

    /// The target's labels, as given.
    pub fn target_labels(&self) -> Vec<u32> {
        self.target.iter().map(|&label| self.labels[label as usize]).collect()
    }

    /// The start's moves replayed: the cells after `path`, or `None` if a
    /// move is not one (no edge, or its `to` is not blank, or its `from` is).
    ///
    /// ```
    /// use slide_graph::{ida_star, Graph, Puzzle};
    /// let graph = Graph::grid(2, 2, &[true; 4]);
    /// let puzzle = Puzzle::new(graph, vec![0, 1, 3, 2], vec![1, 2, 3, 0]).unwrap();
    /// let path = ida_star(&puzzle, 20).unwrap();
    /// assert_eq!(puzzle.replay(&path), Some(vec![1, 2, 3, 0]));
    /// ```
    pub fn replay(&self, path: &[Step]) -> Option<Vec<u32>> {
        let mut cells = self.start.clone();
        for slide in path {
            let (from, to) = (slide.from as usize, slide.to as usize);
            let joined = from < cells.len() && to < cells.len() && self.graph.neighbours(to) >> from & 1 == 1;
            if !joined || cells[to] != 0 || cells[from] == 0 {
                return None;
            }
            cells.swap(from, to);
        }
        Some(cells.iter().map(|&label| self.labels[label as usize]).collect())
    }
}
