//! The splits of a square into placement patterns, for a goal whose blank
//! is in a corner: Korf and Felner's 6-6-6-6 of the 24-puzzle (four
//! patterns from two tables), the 5-5-5-5-5-5-5 of the 35-puzzle (seven
//! tables) and twelve patterns of four tiles for the 48-puzzle.

use slide_solvers::PatternMismatch;

/// The goal's blank cell of every placement split's tables: the top-left
/// corner, Korf and Felner's. (A table that walls the corner in counts the
/// blank's way there; one that leaves every free cell one region could
/// take any of them.) Their goal has tile `t` in cell `t`; a goal whose
/// blank is in another corner is served by turning the tables there.
pub const KORF_FELNER_BLANK: usize = 0;

/// The two tables of Korf and Felner's split, as goal cells for their goal
/// (the blank in cell 0, tile `t` in cell `t`): a 2x3 block with a cell of
/// the next row (`A`), and a 3x2 block (`B`). The split's four patterns are
/// `A`, `B`, `B` turned a half turn and `B` turned a quarter turn.
pub const KORF_FELNER_TABLES: [&[u8]; 2] = [&[1, 2, 5, 6, 7, 12], &[3, 4, 8, 9, 13, 14]];

/// How a split's pattern is its table turned about the square's centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// Not turned.
    None,
    /// A half turn.
    Half,
    /// A quarter turn: `(row, col)` to `(col, side - 1 - row)`.
    Quarter,
}

/// A split of a square board into disjoint placement patterns that cover
/// every cell but the goal's blank, the blank in the corner
/// [`KORF_FELNER_BLANK`]: its tables (goal cells) and its patterns (each a
/// table, turned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementSplit {
    /// The square's side.
    pub side: usize,
    /// The tables, as goal cells for the goal with the blank in cell 0 and
    /// tile `t` in cell `t`, in the order their index reads them.
    pub tables: &'static [&'static [u8]],
    /// The patterns: each a table of [`PlacementSplit::tables`], turned.
    patterns: &'static [(usize, Turn)],
    /// The puzzle the split is for, in words: `24-puzzle`.
    pub puzzle: &'static str,
}

/// The patterns of a split whose `N` tables cover the board by
/// themselves: each table once, not turned.
const fn unturned<const N: usize>() -> [(usize, Turn); N] {
    let mut patterns = [(0, Turn::None); N];
    let mut table = 0;
    while table < N {
        patterns[table].0 = table;
        table += 1;
    }
    patterns
}

/// Korf and Felner's 6-6-6-6 split of the 24-puzzle (Artificial
/// Intelligence 134, 2002): two tables of 6 tiles, 488 MB each.
pub const KORF_FELNER: PlacementSplit = PlacementSplit {
    side: 5,
    tables: &KORF_FELNER_TABLES,
    patterns: &[(0, Turn::None), (1, Turn::None), (1, Turn::Half), (1, Turn::Quarter)],
    puzzle: "24-puzzle",
};

/// The 35-puzzle's split into seven patterns of five tiles, each a compact
/// block, seven tables of 121 MB (36^5 slots of two bytes), each built in
/// some 20 s (`record/2026-12-06-near-optimal.md`). With the blank in
/// cell 0:
///
/// ```text
///  _ F F G G G
///  F F E E G G
///  F E E E D D
///  C C C D D D
///  C C B B A A
///  B B B A A A
/// ```
///
/// Blocks of five tiles: six tiles on 36 cells would take 4.4 GB a table.
/// The split is not symmetric about the diagonal through the blank, so the
/// reflected view reads other sums (the larger is kept).
pub const SIX_BY_SIX: PlacementSplit = PlacementSplit {
    side: 6,
    tables: &[
        &[28, 29, 33, 34, 35],
        &[26, 27, 30, 31, 32],
        &[18, 19, 20, 24, 25],
        &[16, 17, 21, 22, 23],
        &[8, 9, 13, 14, 15],
        &[1, 2, 6, 7, 12],
        &[3, 4, 5, 10, 11],
    ],
    patterns: &unturned::<7>(),
    puzzle: "35-puzzle",
};

/// The 48-puzzle's split into twelve patterns of four tiles, nine of them
/// 2x2 blocks, twelve tables of 11.5 MB (49^4 slots of two bytes). With
/// the blank in cell 0:
///
/// ```text
///  _ A A B B C C
///  D A A B B C C
///  D E E F F G G
///  D E E F F G G
///  D H H I I J J
///  K H H I I J J
///  K K K L L L L
/// ```
///
/// Five tiles on 49 cells would take 565 MB a table and some twenty
/// minutes to build the set (`record/2026-12-06-near-optimal.md`).
pub const SEVEN_BY_SEVEN: PlacementSplit = PlacementSplit {
    side: 7,
    tables: &[
        &[1, 2, 8, 9],
        &[3, 4, 10, 11],
        &[5, 6, 12, 13],
        &[7, 14, 21, 28],
        &[15, 16, 22, 23],
        &[17, 18, 24, 25],
        &[19, 20, 26, 27],
        &[29, 30, 36, 37],
        &[31, 32, 38, 39],
        &[33, 34, 40, 41],
        &[35, 42, 43, 44],
        &[45, 46, 47, 48],
    ],
    patterns: &unturned::<12>(),
    puzzle: "48-puzzle",
};

/// Every placement split, one a square: 5x5 (Korf and Felner's), 6x6 and
/// 7x7.
pub const PLACEMENT_SPLITS: [PlacementSplit; 3] = [KORF_FELNER, SIX_BY_SIX, SEVEN_BY_SEVEN];

/// The placement split of a `rows` by `cols` board, if it has one (of
/// [`PLACEMENT_SPLITS`]).
///
/// ```
/// use slide_pattern_db::{placement_split, KORF_FELNER};
/// assert_eq!(placement_split(5, 5), Some(KORF_FELNER));
/// assert_eq!(placement_split(6, 6).unwrap().tables.len(), 7);
/// assert_eq!(placement_split(7, 7).unwrap().tables.len(), 12);
/// assert_eq!(placement_split(8, 8), None);
/// ```
pub fn placement_split(rows: usize, cols: usize) -> Option<PlacementSplit> {
    PLACEMENT_SPLITS
        .into_iter()
        .find(|split| (split.side, split.side) == (rows, cols))
}

/// A symmetry of the square, as a map of cells.
type Symmetry = Vec<u8>;

impl PlacementSplit {
    /// The symmetry of the square that takes `(row, col)` to `f(row, col)`.
    fn symmetry(&self, f: impl Fn(usize, usize) -> (usize, usize)) -> Symmetry {
        let side = self.side;
        (0..side * side)
            .map(|cell| {
                let (row, col) = f(cell / side, cell % side);
                (row * side + col) as u8
            })
            .collect()
    }

    /// The split's patterns for a goal whose blank is in the corner
    /// `blank`: each as the index of its table in
    /// [`PlacementSplit::tables`] and the map from board cells to that
    /// table's cells (a symmetry of the square). The tables' goal has the
    /// blank in cell 0; the others are it turned.
    ///
    /// ```
    /// use slide_pattern_db::{KORF_FELNER, SIX_BY_SIX};
    /// let split = KORF_FELNER.patterns(0).unwrap();
    /// assert_eq!(split.iter().map(|(table, _)| *table).collect::<Vec<_>>(), [0, 1, 1, 1]);
    /// assert!(KORF_FELNER.patterns(12).is_err());
    /// assert_eq!(SIX_BY_SIX.patterns(35).unwrap().len(), 7);
    /// ```
    pub fn patterns(&self, blank: usize) -> Result<Vec<(usize, Vec<u8>)>, PatternMismatch> {
        let last = self.side - 1;
        let cells = self.side * self.side;
        // The symmetry that takes the tables' corner, cell 0, to `blank`.
        let to_goal = match blank {
            0 => self.symmetry(|row, col| (row, col)),
            _ if blank == last => self.symmetry(|row, col| (row, last - col)),
            _ if blank == cells - 1 - last => self.symmetry(|row, col| (last - row, col)),
            _ if blank == cells - 1 => self.symmetry(|row, col| (last - row, last - col)),
            _ => {
                return Err(PatternMismatch {
                    reason: format!(
                        "the {side}x{side} pattern databases need the target's blank in a corner, not in cell {}",
                        blank + 1,
                        side = self.side
                    ),
                })
            }
        };
        // Pattern `p` of the tables' goal is its table's cells under its
        // turn; on the goal it is that under `to_goal`, and a board cell's
        // table cell is the inverse of both.
        Ok(self
            .patterns
            .iter()
            .map(|&(table, turn)| {
                let turn = match turn {
                    Turn::None => self.symmetry(|row, col| (row, col)),
                    Turn::Half => self.symmetry(|row, col| (last - row, last - col)),
                    Turn::Quarter => self.symmetry(|row, col| (col, last - row)),
                };
                let mut inverse = vec![0u8; cells];
                for cell in 0..cells {
                    // `to_goal` after `turn`.
                    inverse[to_goal[turn[cell] as usize] as usize] = cell as u8;
                }
                (table, inverse)
            })
            .collect())
    }
}

impl PlacementSplit {
    /// The estimate's name: `pdb` and the patterns' sizes, such as
    /// `pdb-6-6-6-6` (what [`crate::PlacementPdb`] names itself).
    ///
    /// ```
    /// assert_eq!(slide_pattern_db::KORF_FELNER.name(), "pdb-6-6-6-6");
    /// ```
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self
            .patterns
            .iter()
            .map(|&(table, _)| self.tables[table].len().to_string())
            .collect();
        format!("pdb-{}", sizes.join("-"))
    }
}
