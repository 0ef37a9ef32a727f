//! The checkpoint file of `--checkpoint FILE` (format: docs/checkpoint.md;
//! encoding: `mex_core::heap::checkpoint`).
//!
//! * `FILE.lock` (next to FILE) holds an exclusive advisory lock for the
//!   whole run, so a second run on the same file is refused; the run
//!   removes it when it ends (still holding the lock, and a run that took
//!   the lock checks that its file is still the one at `FILE.lock`, so a
//!   removal never lets two runs in);
//! * saves write `FILE.tmp`, sync it and rename it over `FILE`;
//! * FILE must be a regular file and is read with a size cap.

use fs4::fs_std::FileExt;
use mex_core::heap::checkpoint;
use mex_core::heap::code::TakeBreakCode;
use mex_core::MexError;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

/// The header of a checkpoint, up to and including its blank line (at most
/// [`checkpoint::MAX_HEADER_BYTES`] bytes).
fn read_header(file: &mut impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut header = Vec::new();
    while !header.ends_with(b"\n\n") {
        let room =
            (checkpoint::MAX_HEADER_BYTES - header.len().min(checkpoint::MAX_HEADER_BYTES)) as u64;
        if room == 0 || (&mut *file).take(room).read_until(b'\n', &mut header)? == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "it has no checkpoint header",
            ));
        }
    }
    Ok(header)
}

/// An open, locked checkpoint.
pub struct CheckpointFile {
    path: PathBuf,
    tmp: PathBuf,
    /// `FILE.lock`, removed when the run ends.
    lock_path: PathBuf,
    /// Held (locked) until the run ends.
    _lock: File,
}

/// Removes `FILE.lock` while the lock is still held (it is released when
/// the file is closed, just after).
impl Drop for CheckpointFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.lock_path);
    }
}

/// Whether the open `file` is still the one at `path` (not removed or
/// replaced since it was opened).
fn still_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// `FILE` with `suffix` appended (never replacing an extension).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s: OsString = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn refused(path: &Path, why: impl std::fmt::Display) -> MexError {
    MexError::invalid(
        format!("cannot use checkpoint {}: {why}", path.display()),
        "a regular file (or a new name) in a writable directory, not used by another mex run",
    )
}

impl CheckpointFile {
    /// Checks that `path` is a regular file or absent, that its directory is
    /// writable (by creating `FILE.lock`), and takes the lock.
    pub fn open(path: &Path) -> Result<Self, MexError> {
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(refused(path, "it is not a regular file"));
            }
        }
        let lock_path = with_suffix(path, ".lock");
        // A run ending between our open and our lock removes the file we
        // opened: then lock the new one (a few tries; each loses only to a
        // run that ended).
        for _ in 0..8 {
            let lock = OpenOptions::new()
                .create(true)
                .truncate(false)
                .read(true)
                .write(true)
                .open(&lock_path)
                .map_err(|e| {
                    refused(path, format!("cannot create {}: {e}", lock_path.display()))
                })?;
            match FileExt::try_lock_exclusive(&lock) {
                Ok(true) if still_at(&lock, &lock_path) => {
                    return Ok(CheckpointFile {
                        path: path.to_path_buf(),
                        tmp: with_suffix(path, ".tmp"),
                        lock_path,
                        _lock: lock,
                    })
                }
                Ok(true) => continue,
                Ok(false) => {
                    return Err(refused(
                        path,
                        format!(
                            "another mex run is using it (it holds {})",
                            lock_path.display()
                        ),
                    ))
                }
                Err(e) => {
                    return Err(refused(
                        path,
                        format!("cannot lock {}: {e}", lock_path.display()),
                    ))
                }
            }
        }
        Err(refused(
            path,
            format!("{} keeps changing under it", lock_path.display()),
        ))
    }

    /// The checkpoint's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The values saved for `code`, if the file exists.
    pub fn load(&self, code: &TakeBreakCode) -> Result<Option<Vec<u16>>, MexError> {
        let meta = match std::fs::metadata(&self.path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(refused(&self.path, e)),
        };
        if !meta.is_file() {
            return Err(refused(&self.path, "it is not a regular file"));
        }
        if meta.len() > checkpoint::MAX_FILE_BYTES {
            return Err(refused(
                &self.path,
                format!(
                    "{} bytes is more than a checkpoint can hold ({} bytes)",
                    meta.len(),
                    checkpoint::MAX_FILE_BYTES
                ),
            ));
        }
        let mut file = std::io::BufReader::with_capacity(
            1 << 20,
            File::open(&self.path).map_err(|e| refused(&self.path, e))?,
        );
        let header = read_header(&mut file).map_err(|e| refused(&self.path, e))?;
        let mut body = checkpoint::Body::new(&header)?;
        if header.len() as u64 + 2 * body.count() as u64 == meta.len() {
            body.reserve();
        }
        let mut chunk = vec![0u8; 1 << 20];
        loop {
            let read = file.read(&mut chunk).map_err(|e| refused(&self.path, e))?;
            if read == 0 {
                break;
            }
            body.push(&chunk[..read])?;
        }
        body.finish(code).map(Some)
    }

    /// Writes `FILE.tmp`, syncs it, then renames it over `FILE`: a crash
    /// leaves either the old or the new checkpoint, never a torn one.
    pub fn save(&self, code: &TakeBreakCode, values: &[u16]) -> std::io::Result<()> {
        self.save_with(|f| {
            f.write_all(&checkpoint::header(code, values))?;
            checkpoint::body_chunks(values, |chunk| f.write_all(chunk))
        })
    }

    /// The file to read, if it exists (for checkpoints of other kinds than
    /// octal values, which read their own format).
    pub fn reader(&self) -> Result<Option<std::io::BufReader<File>>, MexError> {
        match File::open(&self.path) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_file()) => {
                Ok(Some(std::io::BufReader::with_capacity(1 << 20, f)))
            }
            Ok(_) => Err(refused(&self.path, "it is not a regular file")),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(refused(&self.path, e)),
        }
    }

    /// Saves with `write` the way [`Self::save`] does: `FILE.tmp`, synced,
    /// renamed over `FILE`.
    pub fn save_with(
        &self,
        write: impl FnOnce(&mut std::io::BufWriter<File>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut f = std::io::BufWriter::with_capacity(1 << 20, File::create(&self.tmp)?);
        write(&mut f)?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&self.tmp, &self.path)
    }

    /// [`Self::save`] as a one-line error.
    pub fn save_or_error(&self, code: &TakeBreakCode, values: &[u16]) -> Result<(), MexError> {
        self.save(code, values).map_err(|e| MexError::NotFound {
            what: format!(
                "the results above are complete, but saving checkpoint {} failed: {e}",
                self.path.display()
            ),
        })
    }
}

/// SIGINT and SIGTERM, caught while a checkpointed run goes on: the first
/// sets a flag (the run saves and exits with status 130); a second one
/// while the flag is set ends the process at once.
pub struct Interrupt {
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Interrupt {
    /// Installs the handlers.
    pub fn install() -> Result<Self, MexError> {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use signal_hook::flag;
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM] {
            flag::register_conditional_shutdown(signal, 130, flag.clone())
                .and_then(|_| flag::register(signal, flag.clone()))
                .map_err(|e| {
                    MexError::invalid(format!("cannot handle signals: {e}"), "a Unix-like system")
                })?;
        }
        Ok(Interrupt { flag })
    }

    /// A stop token stopped when a signal arrives.
    pub fn token(&self) -> mex_core::stop::StopToken {
        mex_core::stop::StopToken::with_flag(self.flag.clone())
    }

    /// Whether a signal arrived.
    pub fn requested(&self) -> bool {
        self.flag.load(std::sync::atomic::Ordering::Relaxed)
    }
}
