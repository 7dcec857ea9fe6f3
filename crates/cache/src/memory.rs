//! The cache folder held in memory, for a process without files: the web
//! page's worker (`crates/web`), whose tables live in the browser's
//! IndexedDB between visits.
//!
//! Once [`hold_in_memory`] is called, the cache reads its files from here
//! (by file name: [`put_file`] hands them in) before it looks at the folder,
//! and writes the files it builds here instead of to the folder, where
//! [`take_new_files`] hands them out to be kept. The checks a file on disk
//! passes (its size, its format version, its checksum) are the same.
//!
//! ```
//! slide_cache::hold_in_memory();
//! slide_cache::put_file("fsm-v1-14.bin", vec![1, 2, 3]);
//! assert!(slide_cache::take_new_files().is_empty());
//! ```

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// The files held, by name: their bytes, and whether they were written
/// here and not yet taken out.
type Files = HashMap<String, (Vec<u8>, bool)>;

/// The files, once the cache is held in memory.
static FILES: Mutex<Option<Files>> = Mutex::new(None);

fn files() -> MutexGuard<'static, Option<Files>> {
    FILES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// From now on, the cache's files are held in memory (see the module).
pub fn hold_in_memory() {
    files().get_or_insert_with(HashMap::new);
}

/// Hands in the file `name` (as [`crate::file_name`] names it), kept from
/// an earlier run; it is read as a file of the cache folder would be.
/// Nothing is held unless [`hold_in_memory`] was called.
pub fn put_file(name: &str, bytes: Vec<u8>) {
    if let Some(files) = files().as_mut() {
        files.insert(name.to_string(), (bytes, false));
    }
}

/// The files written since the last call, by name, to be kept for later
/// runs (each handed out once).
pub fn take_new_files() -> Vec<(String, Vec<u8>)> {
    let mut files = files();
    let Some(files) = files.as_mut() else {
        return Vec::new();
    };
    let mut new: Vec<(String, Vec<u8>)> = files
        .iter_mut()
        .filter(|(_, (_, new))| *new)
        .map(|(name, (bytes, new))| {
            *new = false;
            (name.clone(), bytes.clone())
        })
        .collect();
    new.sort();
    new
}

/// Whether the cache is held in memory.
pub(crate) fn held() -> bool {
    files().is_some()
}

/// The bytes of the file at `path`, by its name, if the cache is held in
/// memory and has it: `Some(None)` when held without it.
pub(crate) fn read(path: &Path) -> Option<Option<Vec<u8>>> {
    let files = files();
    let files = files.as_ref()?;
    let name = path.file_name()?.to_string_lossy();
    Some(files.get(name.as_ref()).map(|(bytes, _)| bytes.clone()))
}

/// The length of the file at `path`, by its name, if the cache is held in
/// memory: `Some(None)` when held without it.
pub(crate) fn length(path: &Path) -> Option<Option<u64>> {
    let files = files();
    let files = files.as_ref()?;
    let name = path.file_name()?.to_string_lossy();
    Some(files.get(name.as_ref()).map(|(bytes, _)| bytes.len() as u64))
}

/// Keeps `bytes` as the file at `path`, if the cache is held in memory;
/// false if it is not (the caller writes the file).
pub(crate) fn write(path: &Path, bytes: Vec<u8>) -> bool {
    let mut files = files();
    let (Some(files), Some(name)) = (files.as_mut(), path.file_name()) else {
        return false;
    };
    files.insert(name.to_string_lossy().into_owned(), (bytes, true));
    true
}
