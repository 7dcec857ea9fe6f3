//! The breadth-first search over a window of at most 16 cells: the last
//! two tiles of a line, and the last 6 cells of [`crate::reduce()`].

use slide_core::Move;

use super::Reduction;

impl Reduction {
    /// Puts the tiles labelled `tracked` in their cells by breadth-first
    /// search over the arrangements of `window` (at most 16 cells, which
    /// must hold the blank and those tiles), moving nothing outside it.
    ///
    /// A state packs the window one nibble a cell: 0 for the blank, `i + 1`
    /// for the `i`-th tracked tile, 15 for any other tile, so that the
    /// others count as one and the search is small (120 states for a pair
    /// in a window of 6 cells; at most 6! = 720 for a whole window of 6).
    pub(super) fn solve_window(&mut self, window: &[usize], tracked: &[usize]) {
        let blank_label = self.label_at.len() - 1;
        let code = |label: usize| match tracked.iter().position(|&t| t == label) {
            _ if label == blank_label => 0u64,
            Some(i) => i as u64 + 1,
            None => 15,
        };
        let pack = |codes: &mut dyn Iterator<Item = u64>| codes.enumerate().fold(0u64, |s, (i, c)| s | c << (4 * i));
        let start = pack(&mut window.iter().map(|&cell| code(self.label_at[cell] as usize)));
        // The goal: each tracked tile (and the blank, if tracked) in its own cell.
        let (mut goal, mut mask) = (0u64, 0u64);
        for &label in tracked {
            let at = window
                .iter()
                .position(|&c| c == label)
                .expect("tracked cells in the window");
            goal |= code(label) << (4 * at);
            mask |= 15 << (4 * at);
        }
        // The window's neighbours: for each cell and move, the index of the
        // cell the blank reaches, if it stays in the window.
        let neighbours: Vec<[Option<usize>; 4]> = window
            .iter()
            .map(|&cell| {
                Move::ALL.map(|mv| {
                    self.neighbour(cell, mv)
                        .and_then(|n| window.iter().position(|&c| c == n))
                })
            })
            .collect();
        // Breadth-first, each state with the state and move it came from
        // (the start with itself, a placeholder the walk back stops before).
        let mut parents = std::collections::HashMap::from([(start, (start, Move::Up))]);
        let mut queue = vec![start];
        let mut head = 0;
        let path = loop {
            let state = match queue.get(head) {
                Some(&state) => state,
                None => break None,
            };
            head += 1;
            if state & mask == goal {
                let (mut path, mut at) = (Vec::new(), state);
                while at != start {
                    let (previous, mv) = parents[&at];
                    path.push(mv);
                    at = previous;
                }
                path.reverse();
                break Some(path);
            }
            let blank = (0..window.len())
                .find(|&i| state >> (4 * i) & 15 == 0)
                .expect("the blank in the window");
            for mv in Move::ALL {
                let next = match neighbours[blank][mv as usize] {
                    Some(next) => next,
                    None => continue,
                };
                // The tile at `next` moves to the blank's cell.
                let tile = state >> (4 * next) & 15;
                let child = state & !(15 << (4 * next)) | tile << (4 * blank);
                parents.entry(child).or_insert_with(|| {
                    queue.push(child);
                    (state, mv)
                });
            }
        };
        let path = path.expect("every arrangement of the tracked tiles is reachable in the window");
        for mv in path {
            self.step(mv);
        }
    }

    /// Solves the part left, `rows r0..` by `cols c0..`, by breadth-first
    /// search over its arrangements.
    pub(super) fn finish_by_window(&mut self, r0: usize, c0: usize) {
        let window: Vec<usize> = (r0..self.rows)
            .flat_map(|row| (c0..self.cols).map(move |col| (row, col)))
            .map(|(row, col)| row * self.cols + col)
            .collect();
        self.solve_window(&window, &window);
    }
}
