//! The cache: files are written, read back, and rebuilt whenever they are
//! missing or damaged in any way.

use std::path::{Path, PathBuf};

use slide_core::Shape;
use slide_pdb::{file_name, load_or_build_partition, Origin};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-pdb-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The origin of each pattern when the 3x3 two-pattern split is loaded from `dir`.
fn origins(dir: &Path) -> Vec<String> {
    let shape = Shape::new(3, 3).unwrap();
    let partition = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
    let (pdb, reports) = load_or_build_partition(dir, shape, &partition, 8).unwrap();
    assert_eq!(pdb.patterns().len(), 2);
    reports
        .iter()
        .map(|report| match &report.origin {
            Origin::Loaded => "loaded".to_string(),
            Origin::Built { reason, not_saved } => {
                assert_eq!(not_saved, &None);
                format!("built: {reason}")
            }
        })
        .collect()
}

fn first_file(dir: &Path) -> PathBuf {
    dir.join(file_name(Shape::new(3, 3).unwrap(), 8, &[0, 1, 2, 3]))
}

#[test]
fn files_are_written_then_read() {
    let dir = scratch("round-trip");
    assert_eq!(origins(&dir), ["built: no file yet", "built: no file yet"]);
    assert_eq!(origins(&dir), ["loaded", "loaded"]);
}

#[test]
fn a_truncated_file_is_rebuilt() {
    let dir = scratch("truncated");
    origins(&dir);
    let path = first_file(&dir);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert_eq!(origins(&dir), ["built: the file is truncated", "loaded"]);
    assert_eq!(origins(&dir), ["loaded", "loaded"]);
}

#[test]
fn a_damaged_file_is_rebuilt() {
    let dir = scratch("damaged");
    origins(&dir);
    let path = first_file(&dir);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        origins(&dir),
        ["built: the checksum does not match: the file is damaged", "loaded"]
    );
}

#[test]
fn another_format_version_is_rebuilt() {
    let dir = scratch("version");
    origins(&dir);
    let path = first_file(&dir);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8] = 99;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(origins(&dir), ["built: format version 99, expected 1", "loaded"]);
}

#[test]
fn a_file_of_another_pattern_is_rebuilt() {
    let dir = scratch("swapped");
    origins(&dir);
    let second = dir.join(file_name(Shape::new(3, 3).unwrap(), 8, &[4, 5, 6, 7]));
    std::fs::copy(second, first_file(&dir)).unwrap();
    assert_eq!(origins(&dir), ["built: the file holds another pattern", "loaded"]);
}

#[test]
fn an_empty_file_is_rebuilt() {
    let dir = scratch("empty");
    origins(&dir);
    std::fs::write(first_file(&dir), b"").unwrap();
    assert_eq!(origins(&dir), ["built: the file is truncated", "loaded"]);
}
