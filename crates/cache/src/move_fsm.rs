//! The move machine of `slide_solvers::MoveFsm::shared` in the cache: built
//! in about two seconds, read in milliseconds, so that a process that
//! searches for a moment (a work unit's) need not build it.

use std::path::Path;

use slide_pattern_db::checksum;
use slide_solvers::MoveFsm;

use crate::files::save_with;

/// The file's first bytes, with its format version.
const MAGIC: &[u8; 8] = b"SLIDEFS1";

/// The file of the machine of walks of up to `longest` moves.
pub fn move_fsm_file_name(longest: usize) -> String {
    format!("fsm-v1-{longest}.bin")
}

/// `MoveFsm::shared`, read from the cache folder `dir` when a whole and
/// intact file is there, else built and saved there (a folder that cannot
/// be written is said through `notice`, and the machine used all the same).
///
/// ```no_run
/// let fsm = slide_cache::shared_move_fsm(&slide_cache::cache_dir(), |_| {});
/// assert_eq!(fsm.longest(), slide_solvers::MoveFsm::LONGEST);
/// ```
pub fn shared_move_fsm(dir: &Path, notice: impl FnOnce(&str)) -> &'static MoveFsm {
    MoveFsm::shared_or(|| {
        let path = dir.join(move_fsm_file_name(MoveFsm::LONGEST));
        if let Some(fsm) = read(&path) {
            return fsm;
        }
        let fsm = MoveFsm::build(MoveFsm::LONGEST);
        let body = fsm.to_bytes();
        let sum = checksum(MAGIC, &body);
        let saved = save_with(dir, &path, |file| {
            file.write_all(MAGIC)?;
            file.write_all(&sum.to_le_bytes())?;
            file.write_all(&body)
        });
        if let Err(why) = saved {
            notice(&format!(
                "the move machine cannot be saved ({why}); it is built again next time"
            ));
        }
        fsm
    })
}

/// The machine in `path`, if the file is whole, intact and of the
/// machine [`MoveFsm::shared`] builds.
fn read(path: &Path) -> Option<MoveFsm> {
    let bytes = match crate::memory::read(path) {
        Some(held) => held?,
        None => {
            let metadata = std::fs::metadata(path).ok()?;
            // The machine of 14 moves takes about 1 MB; a file far larger is not one.
            if !metadata.is_file() || metadata.len() > 64 << 20 {
                return None;
            }
            std::fs::read(path).ok()?
        }
    };
    let rest = bytes.strip_prefix(MAGIC.as_slice())?;
    let (sum, body) = (rest.get(..8)?, rest.get(8..)?);
    if u64::from_le_bytes(sum.try_into().ok()?) != checksum(MAGIC, body) {
        return None;
    }
    MoveFsm::from_bytes(body).filter(|fsm| fsm.longest() == MoveFsm::LONGEST)
}
