//! Mirrored moves: a move whose child is the mirror image of an earlier
//! move's child, or of the board the search came from, leads to no
//! shortest path the search does not meet first.
//!
//! **The images.** A symmetry of the grid that keeps the target's blank in
//! its cell, with each tile renamed as the target's tiles move (tile `t`
//! becomes the tile the target holds where the symmetry takes `t`'s cell
//! in the target), takes the target to itself, a move of the blank to a
//! move of the blank, and so every path to the target to a path as long
//! to the target.
//!
//! **The rule.** At a node `N` of a depth-first search, if the child of a
//! move `b` is the image of the child of a move `a` earlier in
//! `Move::ALL`, every path to the target through `N` and then `b` has an
//! image as long through `N` and then `a` (the path to `N` kept, the rest
//! mirrored), which comes first: the first shortest path never takes `b`
//! at `N`. If the child of `b` is the image of the board `P` the search
//! came from, the image of such a path goes `P`, `N`, `P`: it is no
//! shortest path, and neither is the path itself, as long. So a rule that
//! keeps the first shortest path (see [`crate::Pruning`]) may skip `b`,
//! and the search returns the path it returned without. Searches ask at
//! the start ([`crate::Pruning::start`]) and at the nodes above the
//! parallel search's cut, which they walk one by one: not at every node,
//! where comparing boards would cost more than it saves.
//!
//! **Where it pays.** A board that is its own image, its blank on the
//! symmetry's axis: its moves come in mirrored pairs, and the search does
//! about half the work; and a board a move or two from one, whose search
//! passes through it near the start. On the 15-puzzle these are the boards
//! the pattern databases' second view (the board reflected about the
//! diagonal through the target's blank) does least for: on such a board
//! it reads the board itself again. The hardest 15-puzzles known for
//! 6-6-3, the goal reflected about the other diagonal, the goal transposed
//! and the boards around them, are such boards: half the time
//! (`record/2026-12-06-mirrored.md`).

use slide_core::Move;

use crate::position::{Neighbours, Position, Tiles};
use crate::pruning::Pruning;

/// The moves from `start` (by `Move` index) whose child is the image of an
/// earlier move's child under a symmetry of the grid that keeps `target`
/// (see the module's documentation): none where the target repeats a tile.
///
/// ```
/// use slide_core::{Board, Move, Shape};
/// use slide_solvers::mirrored;
/// let shape = Shape::new(4, 4).unwrap();
/// let goal = Board::goal(shape);
/// // The goal transposed is its own image about the main diagonal, which
/// // keeps the goal's blank: moving the blank left mirrors moving it up.
/// let transposed = Board::parse(shape, "1 5 9 13 / 2 6 10 14 / 3 7 11 15 / 4 8 12 _").unwrap();
/// assert_eq!(mirrored(&transposed, &goal), [false, true, false, false]);
/// let other = Board::parse(shape, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 _").unwrap();
/// assert_eq!(mirrored(&other, &goal), [false; 4]);
/// ```
pub fn mirrored<P: Position>(start: &P, target: &P) -> [bool; 4] {
    Mirrors::new(target).at(start.tiles(), start.blank(), start.neighbours(), None)
}

/// The symmetries of the grid that keep a target, each as a map of cells
/// and the renaming of the tiles that goes with it: what
/// [`Mirrors::at`] compares a board's children by.
pub(crate) struct Mirrors {
    /// Per symmetry: where each cell goes, and what each tile becomes.
    images: Vec<(Vec<usize>, Vec<usize>)>,
}

impl Mirrors {
    /// The symmetries that keep `target`: those of its grid that keep its
    /// blank's cell; none where it repeats a tile.
    pub(crate) fn new<P: Position>(target: &P) -> Mirrors {
        let grid = target.grid();
        let cells = grid.cells();
        let goal = target.tiles();
        // Each tile's cell in the target.
        let mut home = vec![usize::MAX; cells];
        for cell in 0..cells {
            let tile = goal.tile(cell);
            if tile >= cells || home[tile] != usize::MAX {
                return Mirrors { images: Vec::new() };
            }
            home[tile] = cell;
        }
        let images = grid
            .symmetries()
            .into_iter()
            .filter(|map| map[target.blank()] == target.blank())
            .map(|map| {
                // Tile `t` becomes the tile the target holds where the map
                // takes `t`'s cell.
                let renamed = home.iter().map(|&cell| goal.tile(map[cell])).collect();
                (map, renamed)
            })
            .collect();
        Mirrors { images }
    }

    /// [`Mirrors::new`] where the rule `pruning` skips mirrored moves
    /// ([`Pruning::MIRRORED`]), else none: a search with the plain rule
    /// skips none of them.
    pub(crate) fn for_rule<P: Position, R: Pruning>(_pruning: R, target: &P) -> Mirrors {
        let images = if R::MIRRORED {
            Mirrors::new(target).images
        } else {
            Vec::new()
        };
        Mirrors { images }
    }

    /// The moves from the board `tiles`, its blank in `blank`, whose child
    /// is the image of an earlier move's child (by `Move` index), or of
    /// `parent`, the board a search came from: a path through that child
    /// is as long as its image, which goes back to the parent, so neither
    /// is a shortest path.
    pub(crate) fn at<T: Tiles, G: Neighbours>(
        &self,
        tiles: T,
        blank: usize,
        neighbours: G,
        parent: Option<T>,
    ) -> [bool; 4] {
        let mut skipped = [false; 4];
        if self.images.is_empty() {
            return skipped;
        }
        let children = Move::ALL.map(|mv| {
            let next = neighbours.next(blank, mv as usize);
            (next != u8::MAX).then(|| tiles.slide(tiles.tile(next as usize), next as usize, blank))
        });
        for (map, renamed) in &self.images {
            let image = |of: T, is: T| (0..map.len()).all(|cell| is.tile(map[cell]) == renamed[of.tile(cell)]);
            for (later, child) in children.iter().enumerate() {
                if let Some(&child) = child.as_ref() {
                    let earlier = parent.iter().chain(children[..later].iter().flatten());
                    skipped[later] |= earlier.into_iter().any(|&of| image(of, child));
                }
            }
        }
        skipped
    }
}
