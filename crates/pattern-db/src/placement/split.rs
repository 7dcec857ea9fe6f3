//! Korf and Felner's split of the 24-puzzle, 6-6-6-6, for a goal whose
//! blank is in a corner: four patterns from two tables.

use slide_solvers::PatternMismatch;

/// The two tables of Korf and Felner's split, as goal cells for their goal
/// (the blank in cell 0, tile `t` in cell `t`): a 2x3 block with a cell of
/// the next row (`A`), and a 3x2 block (`B`). The split's four patterns are
/// `A`, `B`, `B` turned a half turn and `B` turned a quarter turn.
pub const KORF_FELNER_TABLES: [&[u8]; 2] = [&[1, 2, 5, 6, 7, 12], &[3, 4, 8, 9, 13, 14]];

/// The goal's blank cell of Korf and Felner's tables: their goal's, the
/// top-left corner. (The first table walls it in; the second leaves every
/// free cell one region, so its blank could be any of them.)
pub const KORF_FELNER_BLANK: usize = 0;

/// A symmetry of the 5x5 square, as a map of cells.
type Symmetry = [u8; 25];

/// The symmetry that takes `(row, col)` to `f(row, col)`.
fn symmetry(f: impl Fn(usize, usize) -> (usize, usize)) -> Symmetry {
    std::array::from_fn(|cell| {
        let (row, col) = f(cell / 5, cell % 5);
        (row * 5 + col) as u8
    })
}

/// `a` after `b`: the map `c -> a[b[c]]`.
fn after(a: &Symmetry, b: &Symmetry) -> Symmetry {
    std::array::from_fn(|cell| a[b[cell] as usize])
}

/// The inverse map.
fn inverse(a: &Symmetry) -> Symmetry {
    let mut inverse = [0u8; 25];
    for (cell, &image) in a.iter().enumerate() {
        inverse[image as usize] = cell as u8;
    }
    inverse
}

/// Korf and Felner's 6-6-6-6 for a 5x5 goal whose blank is in the corner
/// `blank` (0, 4, 20 or 24): each pattern as the index of its table in
/// [`KORF_FELNER_TABLES`] and the map from board cells to that table's
/// cells (a symmetry of the square). Their goal has the blank in cell 0;
/// the others are it turned.
///
/// ```
/// use slide_pattern_db::korf_felner_split;
/// let split = korf_felner_split(0).unwrap();
/// assert_eq!(split.iter().map(|(table, _)| *table).collect::<Vec<_>>(), [0, 1, 1, 1]);
/// assert!(korf_felner_split(12).is_err());
/// ```
pub fn korf_felner_split(blank: usize) -> Result<Vec<(usize, Vec<u8>)>, PatternMismatch> {
    let identity = symmetry(|row, col| (row, col));
    let half_turn = symmetry(|row, col| (4 - row, 4 - col));
    let quarter_turn = symmetry(|row, col| (col, 4 - row));
    // The symmetry that takes their corner, cell 0, to `blank`.
    let to_goal = match blank {
        0 => identity,
        4 => symmetry(|row, col| (row, 4 - col)),
        20 => symmetry(|row, col| (4 - row, col)),
        24 => half_turn,
        _ => {
            return Err(PatternMismatch {
                reason: format!(
                    "the 5x5 pattern databases need the target's blank in a corner, not in cell {}",
                    blank + 1
                ),
            })
        }
    };
    // Pattern `p` of their goal is table `t`'s cells under `turn`; on the
    // goal it is that under `to_goal`, and a board cell's table cell is the
    // inverse of both.
    let patterns = [(0, identity), (1, identity), (1, half_turn), (1, quarter_turn)];
    Ok(patterns
        .iter()
        .map(|&(table, turn)| (table, inverse(&after(&to_goal, &turn)).to_vec()))
        .collect())
}
