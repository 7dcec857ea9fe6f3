//! The cache's files, read and written: a table's file checked, then
//! mapped or copied into huge pages; files written through a temporary
//! one, and the temporaries of killed writers removed; or, where the cache
//! is held in memory (`memory.rs`), neither.

use std::path::Path;
use std::time::Duration;

use crate::{memory, placement};

/// Tables of at least this many bytes are mapped rather than copied, in
/// every process: the 7-8 split's 8-tile table (1.56 GB), whose copy cost a
/// start seconds of system time, most of it gathering huge pages
/// (`record/2026-12-06-tables-mapped.md`). Smaller tables are copied into
/// huge pages, where a long search reads them faster, unless the process
/// maps every table ([`crate::map_tables`]).
pub(crate) const MAP_FROM: u64 = 1 << 30;

/// The one loader of the cache's tables (the 4x4 pattern databases and the
/// 24-puzzle's placement tables): the table in the cache file `path`, which
/// must be a regular file of `size` bytes, mapped read-only and read where
/// it lies (`mapped`) when it is of [`MAP_FROM`] bytes or more or the
/// process maps every table, else read (`copied`) into a buffer of `buffer`
/// bytes in huge pages. Either way every field and the checksum are
/// checked before the table is used. Where mapping fails, it is copied.
pub(crate) fn load_table<T>(
    path: &Path,
    size: u64,
    buffer: usize,
    copied: impl FnOnce(&mut dyn std::io::Read, Vec<u8>) -> Result<T, String>,
    mapped: impl FnOnce(&'static [u8]) -> Result<T, String>,
) -> Result<T, String> {
    if let Some(held) = memory::read(path) {
        // Held in memory: the same checks of the size, then copied.
        let bytes = held.ok_or("no file yet")?;
        if bytes.len() as u64 != size {
            return Err(format!("{} bytes, expected {size}", bytes.len()));
        }
        return copied(&mut bytes.as_slice(), huge_page_buffer(buffer));
    }
    if size >= MAP_FROM || placement::maps_every_table() {
        if let Some(file) = mapped_file(path, size)? {
            return mapped(file);
        }
    }
    let mut input = checked_file(path, size)?;
    copied(&mut input, huge_page_buffer(buffer))
}

/// The cache file `path` opened for reading, if it is a regular file of
/// `size` bytes (see [`crate::read_file`]).
fn checked_file(path: &Path, size: u64) -> Result<std::io::BufReader<std::io::Take<std::fs::File>>, String> {
    use std::io::Read;
    let metadata = match std::fs::metadata(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Err("no file yet".to_string()),
        Err(error) => return Err(format!("unreadable: {error}")),
        Ok(metadata) => metadata,
    };
    if !metadata.is_file() {
        return Err("not a regular file".to_string());
    }
    if metadata.len() != size {
        return Err(format!("{} bytes, expected {size}", metadata.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("unreadable: {e}"))?;
    // Should the file change after the check, still read no more than one
    // byte past its expected size. A buffer keeps the header's small reads
    // from being one system call each; the table bypasses it.
    Ok(std::io::BufReader::new(file.take(size + 1)))
}

/// The bytes of the file at `path`, which must be `size` bytes long,
/// mapped read-only into memory for the rest of the process (never
/// unmapped: the tables that read them live as long); `None` where the
/// system does not map it (the caller reads the file instead); why not, in
/// `checked_file`'s words, where the file is wrong.
fn mapped_file(path: &Path, size: u64) -> Result<Option<&'static [u8]>, String> {
    // The checks on the path and its size, and the file opened.
    let file = checked_file(path, size)?.into_inner().into_inner();
    Ok(map_whole(&file, size as usize))
}

#[cfg(target_os = "linux")]
fn map_whole(file: &std::fs::File, size: usize) -> Option<&'static [u8]> {
    use std::os::fd::AsRawFd;
    if size == 0 {
        return None;
    }
    // SAFETY: a read-only private mapping of `size` bytes of an open file,
    // which `checked_file` found to be a regular file of that size; the
    // mapping outlives the descriptor (closed when `file` drops) and is
    // never unmapped, so the slice is valid for the whole process. Its bytes
    // stay the file's as long as the file is not written in place: the
    // cache only ever replaces a table's file by renaming a new one over it
    // (`save_with`), which leaves this mapping on the old file's bytes. A
    // file shortened in place by someone else would make a read past its
    // new end fault, as it would for any program that maps files.
    // `MAP_POPULATE` maps every page now, in one call, rather than fault
    // them in one by one; the checksum reads them all at once anyway.
    #[allow(unsafe_code)]
    unsafe {
        let address = libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ,
            libc::MAP_PRIVATE | libc::MAP_POPULATE,
            file.as_raw_fd(),
            0,
        );
        if address == libc::MAP_FAILED {
            return None;
        }
        Some(std::slice::from_raw_parts(address as *const u8, size))
    }
}

#[cfg(not(target_os = "linux"))]
fn map_whole(_file: &std::fs::File, _size: usize) -> Option<&'static [u8]> {
    None
}

/// An empty buffer with room for `capacity` bytes, which the kernel is asked
/// to back with huge pages (2 MiB rather than 4 KiB, where it has them and
/// the range covers whole ones). A search reads a pattern's table at
/// random places (17.3 MB for a 6-tile pattern, 1.6 GB for an 8-tile one, 127.5
/// MB for one of the 24-puzzle's); with
/// 4 KiB pages many reads also miss the processor's table of page
/// addresses. Measured side by side on Korf's 100 with 6-6-3, one thread,
/// when the tables were a byte a slot (57 MB each): the search took about a
/// tenth less; on the 24-puzzle, 0.97 of the time (`record/2026-12-05-frontier.md`).
pub(crate) fn huge_page_buffer(capacity: usize) -> Vec<u8> {
    let buffer = Vec::with_capacity(capacity);
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = buffer.as_ptr() as usize;
        let end = start + buffer.capacity();
        // `madvise` takes whole pages: the pages inside the buffer.
        let first = (start + PAGE - 1) & !(PAGE - 1);
        let last = end & !(PAGE - 1);
        if last > first {
            // SAFETY: the range lies inside the buffer's allocation, which
            // nothing has touched yet, and the advice changes no content:
            // it only tells the kernel which page size to prefer. A refusal
            // (an old kernel, huge pages turned off) is harmless and ignored.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(first as *mut libc::c_void, last - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    buffer
}

/// How the names of the cache's tables start: the tables of up to 16 cells
/// (`file_name`), the 24-puzzle's (`placement_file_name`) and the move
/// machine (`move_fsm_file_name`). A temporary file
/// of either, left by a writer that was killed, is removed by any later
/// run.
const TABLE_PREFIXES: [&str; 3] = ["pdb-", "wpdb-", "fsm-"];

/// The suffix of a file being written: `.tmp` and the writer's process id.
const TEMPORARY: &str = "tmp";

/// Removes the temporary files that writers killed before they finished
/// left in `dir`: those whose process is gone (where `/proc` tells), or
/// older than a day (elsewhere). A missing folder has none.
pub(crate) fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let proc = Path::new("/proc/self").exists();
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(pid) = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(|e| e.strip_prefix(TEMPORARY))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let name = entry.file_name();
        let ours = TABLE_PREFIXES
            .iter()
            .any(|prefix| name.to_string_lossy().starts_with(prefix));
        if !ours || pid == std::process::id() {
            continue;
        }
        let stale = if proc {
            !Path::new("/proc").join(pid.to_string()).exists()
        } else {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|modified| modified.elapsed().ok())
                .is_some_and(|age| age > Duration::from_secs(24 * 3600))
        };
        if stale {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// What `write` writes, saved to `path` (in the folder `dir`) through a
/// temporary file, so that an interrupted write never leaves a file that
/// looks whole; a write that fails (a full disk) removes its temporary
/// file.
pub(crate) fn save_with(
    dir: &Path,
    path: &Path,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), String> {
    if memory::held() {
        let mut bytes = Vec::new();
        write(&mut bytes).map_err(|e| format!("writing {}: {e}", shown(path)))?;
        memory::write(path, bytes);
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", shown(dir)))?;
    let temporary = path.with_extension(format!("{TEMPORARY}{}", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut file| write(&mut file));
    let saved = written
        .map_err(|e| format!("writing {}: {e}", shown(&temporary)))
        .and_then(|()| std::fs::rename(&temporary, path).map_err(|e| format!("renaming to {}: {e}", shown(path))));
    if saved.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    saved
}

/// A path as messages show it: on one line, its control characters
/// escaped (a folder named with a newline or an escape sequence).
pub(crate) fn shown(path: &Path) -> String {
    path.display().to_string().escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mapped file is its bytes; a file of another size or none at all is
    /// refused in `checked_file`'s words.
    #[test]
    fn a_mapped_file_is_its_bytes() {
        let dir = std::env::temp_dir().join(format!("slide-cache-map-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.bin");
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        let mapped = mapped_file(&path, bytes.len() as u64).unwrap();
        // Linux maps a regular file; elsewhere the caller reads it instead.
        assert_eq!(mapped.is_some(), cfg!(target_os = "linux"));
        if let Some(mapped) = mapped {
            assert_eq!(mapped, &bytes[..]);
        }
        assert_eq!(mapped_file(&path, 9_999).unwrap_err(), "10000 bytes, expected 9999");
        assert_eq!(mapped_file(&dir.join("none.bin"), 1).unwrap_err(), "no file yet");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
