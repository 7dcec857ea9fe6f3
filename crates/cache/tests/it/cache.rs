//! The cache: files are written, read back, and rebuilt whenever they are
//! missing or damaged in any way.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use slide_cache::{file_name, load_or_build_patterns, Databases, Origin};
use slide_core::{Board, Shape};
use slide_pattern_db::{checksum as pattern_db_checksum, Split, FORMAT_VERSION};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-cache-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The origin of each pattern when the 3x3 two-pattern split is loaded from `dir`.
fn origins(dir: &Path) -> Vec<String> {
    let shape = Shape::new(3, 3).unwrap();
    let partition = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
    let (pdb, reports) = load_or_build_patterns(dir, shape, &partition, 8).unwrap();
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
    assert_eq!(origins(&dir), ["built: 4554 bytes, expected 9109", "loaded"]);
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
    let expected = format!("built: format version 99, expected {FORMAT_VERSION}");
    assert_eq!(origins(&dir), [expected.as_str(), "loaded"]);
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
    assert_eq!(origins(&dir), ["built: 0 bytes, expected 9109", "loaded"]);
}

/// [`origins`], failing if it takes longer than a minute (a reader that
/// blocks on a FIFO would wait for ever).
fn origins_in_time(dir: &Path) -> Vec<String> {
    let dir = dir.to_path_buf();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(origins(&dir)).unwrap());
    receive
        .recv_timeout(Duration::from_secs(60))
        .expect("loading the cache did not finish")
}

#[test]
fn a_fifo_in_place_of_a_file_is_not_opened() {
    let dir = scratch("fifo");
    origins(&dir);
    let path = first_file(&dir);
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    assert_eq!(origins_in_time(&dir)[0], "built: not a regular file");
}

#[test]
fn a_link_to_a_device_is_not_read() {
    let dir = scratch("device");
    origins(&dir);
    let path = first_file(&dir);
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    assert_eq!(origins_in_time(&dir)[0], "built: not a regular file");
}

#[test]
fn a_huge_file_is_refused_by_its_size_unread() {
    let dir = scratch("sparse");
    origins(&dir);
    let file = std::fs::OpenOptions::new().write(true).open(first_file(&dir)).unwrap();
    // Sparse: two gigabytes that take no room on the disk.
    file.set_len(2_000_000_000).unwrap();
    drop(file);
    assert_eq!(origins_in_time(&dir)[0], "built: 2000000000 bytes, expected 9109");
}

#[test]
fn files_of_earlier_formats_are_removed_when_their_pattern_is_built() {
    let dir = scratch("versions");
    origins(&dir);
    let current = first_file(&dir);
    let name = current.file_name().unwrap().to_str().unwrap();
    let prefix = format!("pdb-v{FORMAT_VERSION}-");
    let older = dir.join(name.replace(&prefix, "pdb-v2-"));
    let other = dir.join(name.replace(&prefix, "pdb-v2-").replace("0.1.2.3", "0.1.2"));
    std::fs::write(&older, b"a table of format 2").unwrap();
    std::fs::write(&other, b"another pattern's").unwrap();
    std::fs::remove_file(&current).unwrap();
    assert_eq!(origins(&dir), ["built: no file yet", "loaded"]);
    assert!(!older.exists());
    assert!(other.exists());
}

#[test]
fn stale_temporary_files_are_removed() {
    let dir = scratch("stale");
    origins(&dir);
    // A writer that was killed: no process has this id (beyond the largest pid).
    let stale = dir.join("pdb-v1-3x3-b8-0.1.2.3.tmp4194305");
    std::fs::write(&stale, b"half a table").unwrap();
    // A 24-puzzle's table killed while written, cleared by a run of others.
    let wide = dir.join("wpdb-v1-5x5-1.2.5.6.7.12.tmp4194305");
    std::fs::write(&wide, b"half a 5x5 table").unwrap();
    // Not the cache's: left alone.
    let foreign = dir.join("notes.tmp4194305");
    std::fs::write(&foreign, b"someone else's").unwrap();
    origins(&dir);
    assert!(!stale.exists());
    assert!(!wide.exists());
    assert!(foreign.exists());
}

#[test]
fn altered_values_with_a_new_checksum_are_rebuilt() {
    let dir = scratch("altered");
    origins(&dir);
    let path = first_file(&dir);
    let original = std::fs::read(&path).unwrap();
    // The header is 28 bytes for a pattern of 4 cells; the checksum the last 8.
    let table = 28..original.len() - 8;
    // Three bytes a placement hold its edges' signs; one byte, 0, ends them.
    let alter = |change: &dyn Fn(usize, u8) -> u8| {
        let mut bytes = original.clone();
        for (i, byte) in bytes[table.clone()].iter_mut().enumerate() {
            *byte = change(i, *byte);
        }
        let body = bytes.len() - 8;
        let checksum = pattern_db_checksum(&bytes[..28], &bytes[table.clone()]).to_le_bytes();
        bytes[body..].copy_from_slice(&checksum);
        std::fs::write(&path, bytes).unwrap();
    };
    let last = table.len() - 1;
    // Every sign 0: every move goes down, also from the goal.
    alter(&|_, _| 0);
    assert_eq!(
        origins(&dir)[0],
        "built: a move from the goal goes down: the table is damaged"
    );
    // Every sign 1, also of edges that no move crosses.
    alter(&|i, _| if i == last { 0 } else { 0xFF });
    assert_eq!(
        origins(&dir)[0],
        "built: an edge no move crosses has a sign: the table is damaged"
    );
    // The byte that ends the table altered.
    alter(&|i, byte| if i == last { 1 } else { byte });
    assert_eq!(
        origins(&dir)[0],
        "built: the byte after the signs is not 0: the table is damaged"
    );
}

#[test]
fn a_folder_that_cannot_be_written_is_said_once() {
    let dir = scratch("unwritable");
    std::fs::create_dir_all(&dir).unwrap();
    // A regular file where the cache folder should be.
    let blocked = dir.join("cache");
    std::fs::write(&blocked, b"not a folder").unwrap();
    let told = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&told);
    let databases = Databases::new(blocked.clone(), Split::FourFourFourThree)
        .with_notice(move |line| sink.lock().unwrap().push(line.to_string()));
    let shape = Shape::new(4, 4).unwrap();
    for blank in [15, 0] {
        let goal = Board::goal_with_blank_at(shape, blank);
        assert!(databases.for_target(&goal).is_ok());
    }
    let told = told.lock().unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with(&format!(
            "the pattern databases cannot be saved in {}",
            blocked.display()
        )),
        "{}",
        told[0]
    );
}

#[test]
fn databases_are_ready_once_every_file_is_there_at_its_size() {
    let dir = scratch("ready");
    // 2x6: a shape of 12 cells, with the 4-4-4-3 split's sizes cut along it.
    let goal = Board::goal(Shape::new(2, 6).unwrap());
    let databases = Databases::new(dir.clone(), Split::FourFourFourThree);
    assert!(!databases.ready(&goal), "an empty folder");
    assert!(databases.for_target(&goal).is_ok());
    assert!(databases.ready(&goal), "loaded");
    // A new run sees the files; one cut short is not ready.
    let again = Databases::new(dir.clone(), Split::FourFourFourThree);
    assert!(again.ready(&goal));
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    assert!(!Databases::new(dir, Split::FourFourFourThree).ready(&goal));
    // A 3x3 goal has no tables of this split at all.
    assert!(!again.ready(&Board::goal(Shape::new(3, 3).unwrap())));
}
