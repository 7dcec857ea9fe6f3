//! The cells and their edges: [`Graph`].

/// The most cells a graph has: a cell's neighbours are one `u64` mask.
pub const MAX_VERTICES: usize = 64;

/// An undirected graph of at most [`MAX_VERTICES`] cells.
///
/// Invariant: `neighbours[v]` has bit `u` set exactly when `neighbours[u]`
/// has bit `v`, never bit `v` itself, and no bit at or above `neighbours.len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    neighbours: Vec<u64>,
}

impl Graph {
    /// The graph of `cells` cells (numbered from 0) and `edges`, or what is
    /// wrong with them.
    ///
    /// ```
    /// use slide_graph::Graph;
    /// let triangle = Graph::new(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
    /// assert_eq!(triangle.neighbours(0), 0b110);
    /// assert!(Graph::new(2, &[(0, 2)]).is_err());
    /// ```
    pub fn new(cells: usize, edges: &[(usize, usize)]) -> Result<Graph, String> {
        if cells == 0 || cells > MAX_VERTICES {
            return Err(format!("a graph has 1 to {MAX_VERTICES} cells, not {cells}"));
        }
        let mut neighbours = vec![0u64; cells];
        for &(a, b) in edges {
            if a >= cells || b >= cells {
                return Err(format!("the edge {a}-{b} names a cell beyond the {cells} cells"));
            }
            if a == b {
                return Err(format!("the edge {a}-{b} joins a cell to itself"));
            }
            neighbours[a] |= 1 << b;
            neighbours[b] |= 1 << a;
        }
        Ok(Graph { neighbours })
    }

    /// The grid of `rows` by `cols` cells, row-major, whose cells with
    /// `present[cell]` false are holes (no edges); neighbours share a side.
    ///
    /// # Panics
    /// Panics if the grid has more than [`MAX_VERTICES`] cells or `present`
    /// is not one flag per cell.
    ///
    /// ```
    /// use slide_graph::Graph;
    /// let grid = Graph::grid(2, 3, &[true; 6]);
    /// assert_eq!(grid.neighbours(1), 0b10101);
    /// ```
    pub fn grid(rows: usize, cols: usize, present: &[bool]) -> Graph {
        Graph::by_steps(rows, cols, present, &[(0, 1), (1, 0)])
    }

    /// The cells of a `rows` by `cols` board joined by a knight's jump
    /// (two cells one way and one the other), holes as in [`Graph::grid`].
    ///
    /// ```
    /// use slide_graph::Graph;
    /// let board = Graph::knight(5, 5, &[true; 25]);
    /// assert_eq!(board.neighbours(12).count_ones(), 8);
    /// assert_eq!(board.neighbours(0), 1 << 7 | 1 << 11);
    /// ```
    pub fn knight(rows: usize, cols: usize, present: &[bool]) -> Graph {
        Graph::by_steps(rows, cols, present, &[(1, 2), (2, 1), (1, -2), (2, -1)])
    }

    /// The grid of [`Graph::grid`] whose rows wrap: the last cell of each
    /// row is also joined to the first (a cylinder, as Jaguar King's 10x4
    /// board).
    ///
    /// ```
    /// use slide_graph::Graph;
    /// let cylinder = Graph::cylinder(2, 4, &[true; 8]);
    /// assert_eq!(cylinder.neighbours(0), 1 << 1 | 1 << 3 | 1 << 4);
    /// ```
    pub fn cylinder(rows: usize, cols: usize, present: &[bool]) -> Graph {
        let grid = Graph::grid(rows, cols, present);
        let mut neighbours = grid.neighbours;
        if cols > 2 {
            for row in 0..rows {
                let (first, last) = (row * cols, row * cols + cols - 1);
                if present[first] && present[last] {
                    neighbours[first] |= 1 << last;
                    neighbours[last] |= 1 << first;
                }
            }
        }
        Graph { neighbours }
    }

    /// The cells of a grid joined by each step `(down, right)` (and its
    /// reverse), holes left out.
    fn by_steps(rows: usize, cols: usize, present: &[bool], steps: &[(isize, isize)]) -> Graph {
        // Multiplied with a check: sides near 2^32 would wrap to few cells.
        let cells = rows
            .checked_mul(cols)
            .filter(|&cells| cells <= MAX_VERTICES && present.len() == cells)
            .expect("a grid of at most 64 cells, a flag each");
        let mut edges = Vec::new();
        for cell in (0..cells).filter(|&cell| present[cell]) {
            let (row, col) = ((cell / cols) as isize, (cell % cols) as isize);
            for &(down, right) in steps {
                let (r, c) = (row + down, col + right);
                if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
                    continue;
                }
                let other = r as usize * cols + c as usize;
                if present[other] {
                    edges.push((cell, other));
                }
            }
        }
        Graph::new(cells, &edges).expect("a grid's edges join its own cells")
    }

    /// The number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }

    /// The neighbours of `cell`, one bit each.
    #[inline]
    pub fn neighbours(&self, cell: usize) -> u64 {
        self.neighbours[cell]
    }

    /// `distance[a][b]`: the fewest edges from `a` to `b`, `u8::MAX` when
    /// no path joins them (breadth-first search from every cell).
    pub fn distances(&self) -> Vec<Vec<u8>> {
        let n = self.cells();
        (0..n)
            .map(|from| {
                let mut distance = vec![u8::MAX; n];
                distance[from] = 0;
                let (mut frontier, mut seen, mut d) = (1u64 << from, 1u64 << from, 0u8);
                while frontier != 0 {
                    d += 1;
                    let mut next = 0u64;
                    let mut rest = frontier;
                    while rest != 0 {
                        next |= self.neighbours[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    next &= !seen;
                    seen |= next;
                    let mut rest = next;
                    while rest != 0 {
                        distance[rest.trailing_zeros() as usize] = d;
                        rest &= rest - 1;
                    }
                    frontier = next;
                }
                distance
            })
            .collect()
    }
}
