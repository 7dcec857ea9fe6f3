//! Shared pieces of the benchmarks: the reference instance sets.

use std::path::{Path, PathBuf};

use slide_core::{Board, Shape};

/// The workspace's `testdata/` folder.
pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// One of Korf's 100 instances: its number, start, and optimal length.
pub struct KorfInstance {
    /// Its number in Korf's table, 1 to 100.
    pub id: usize,
    /// The start; the goal has the blank top-left and tile `t` in cell `t`.
    pub start: Board,
    /// The optimal solution length.
    pub optimal: usize,
}

/// Korf's goal: the blank in cell 0, tile `t` in cell `t`.
pub fn korf_goal() -> Board {
    let cells: Vec<u8> = (0..16).collect();
    Board::from_cells(Shape::new(4, 4).expect("4x4"), &cells).expect("a permutation")
}

/// Korf's 100 instances, from `testdata/reference/korf100.tsv`.
pub fn korf100() -> Result<Vec<KorfInstance>, String> {
    let path = testdata().join("reference/korf100.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let shape = Shape::new(4, 4).expect("4x4");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let bad = || format!("{}: bad line {line:?}", path.display());
            Ok(KorfInstance {
                id: fields.first().and_then(|f| f.parse().ok()).ok_or_else(bad)?,
                start: Board::parse(shape, fields.get(1).ok_or_else(bad)?).map_err(|e| format!("{}: {e}", bad()))?,
                optimal: fields.get(2).and_then(|f| f.parse().ok()).ok_or_else(bad)?,
            })
        })
        .collect()
}
