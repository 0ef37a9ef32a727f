//! Reading and writing checkpoint files that end with the SHA-256 digest
//! of everything before it (FIPS 180-4): a writer and a reader that hash
//! what passes through them. The digest detects damage (a truncated or
//! edited file is refused), not forgery.
//!
//! A checkpoint is a text header (a magic line, `name=value` lines, a blank
//! line), a binary body of little-endian fields, and the 32-byte digest.

use crate::MexError;
use sha2::{Digest, Sha256};
use std::io::{self, Read, Write};

/// The SHA-256 digest of `bytes` in lowercase hexadecimal (the checksum
/// docs/records.md gives for each proof file).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The longest header line a reader accepts.
const MAX_LINE: usize = 4096;

/// A writer that hashes what passes through it; [`HashingWriter::finish`]
/// appends the digest.
pub struct HashingWriter<W: Write> {
    inner: W,
    hash: Sha256,
}

impl<W: Write> HashingWriter<W> {
    /// Starts a file on `inner`.
    pub fn new(inner: W) -> Self {
        HashingWriter {
            inner,
            hash: Sha256::new(),
        }
    }

    /// Writes the text header: `magic`, the `name=value` fields, a blank
    /// line.
    pub fn header(&mut self, magic: &str, fields: &[(&str, String)]) -> io::Result<()> {
        let mut text = format!("{magic}\n");
        for (name, value) in fields {
            text += &format!("{name}={value}\n");
        }
        text.push('\n');
        self.write_all(text.as_bytes())
    }

    /// Appends the digest of everything written and flushes.
    pub fn finish(mut self) -> io::Result<()> {
        let digest = self.hash.finalize();
        self.inner.write_all(&digest)?;
        self.inner.flush()
    }
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A reader that hashes what passes through it. Every failure is made by
/// `damaged` (a one-line error naming the kind of file expected).
pub struct HashingReader<R: Read> {
    inner: R,
    hash: Sha256,
    damaged: fn(&str) -> MexError,
}

impl<R: Read> HashingReader<R> {
    /// Starts reading `inner`; `damaged(why)` is the error of a file that
    /// cannot be used.
    pub fn new(inner: R, damaged: fn(&str) -> MexError) -> Self {
        HashingReader {
            inner,
            hash: Sha256::new(),
            damaged,
        }
    }

    /// The error of a file that cannot be used, saying why.
    pub fn damaged(&self, why: &str) -> MexError {
        (self.damaged)(why)
    }

    /// Fills `buf` with the next bytes.
    pub fn fill(&mut self, buf: &mut [u8]) -> Result<(), MexError> {
        self.inner
            .read_exact(buf)
            .map_err(|_| self.damaged("it ends early"))?;
        self.hash.update(&*buf);
        Ok(())
    }

    /// The next `N` bytes.
    pub fn bytes<const N: usize>(&mut self) -> Result<[u8; N], MexError> {
        let mut b = [0u8; N];
        self.fill(&mut b)?;
        Ok(b)
    }

    /// The next little-endian `u32`.
    pub fn u32(&mut self) -> Result<u32, MexError> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }

    /// The next little-endian `u64`.
    pub fn u64(&mut self) -> Result<u64, MexError> {
        Ok(u64::from_le_bytes(self.bytes()?))
    }

    /// The next little-endian `u128`.
    pub fn u128(&mut self) -> Result<u128, MexError> {
        Ok(u128::from_le_bytes(self.bytes()?))
    }

    /// The next line of the header, without its newline.
    pub fn line(&mut self) -> Result<String, MexError> {
        let mut line = Vec::new();
        loop {
            let [b] = self.bytes::<1>()?;
            if b == b'\n' {
                return String::from_utf8(line).map_err(|_| self.damaged("its header is not text"));
            }
            if line.len() > MAX_LINE {
                return Err(self.damaged("its header has an overlong line"));
            }
            line.push(b);
        }
    }

    /// Checks the magic line.
    pub fn magic(&mut self, magic: &str) -> Result<(), MexError> {
        if self.line()? != magic {
            return Err(self.damaged(&format!("it does not start with {magic}")));
        }
        Ok(())
    }

    /// The value of the header line `name=value`.
    pub fn field(&mut self, name: &str) -> Result<String, MexError> {
        let line = self.line()?;
        line.strip_prefix(name)
            .and_then(|v| v.strip_prefix('='))
            .map(str::to_string)
            .ok_or_else(|| self.damaged(&format!("its header lacks {name}=")))
    }

    /// The header field `name` as a count.
    pub fn count(&mut self, name: &str) -> Result<usize, MexError> {
        let text = self.field(name)?;
        text.parse()
            .map_err(|_| self.damaged(&format!("{name} is not a count")))
    }

    /// The blank line that ends the header.
    pub fn end_of_header(&mut self) -> Result<(), MexError> {
        if !self.line()?.is_empty() {
            return Err(self.damaged("its header does not end with a blank line"));
        }
        Ok(())
    }

    /// Checks the digest that ends the file against what was read.
    pub fn finish(mut self) -> Result<(), MexError> {
        let expected: [u8; 32] = self.hash.clone().finalize().into();
        let mut digest = [0u8; 32];
        self.inner
            .read_exact(&mut digest)
            .map_err(|_| self.damaged("it ends early"))?;
        if digest != expected {
            return Err(self.damaged("its SHA-256 digest does not match its contents"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_digest_of_abc_is_fips_180_2s_example() {
        assert_eq!(
            super::sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
    use super::*;

    fn damaged(why: &str) -> MexError {
        MexError::invalid(format!("not a test file: {why}"), "a test file")
    }

    fn file() -> Vec<u8> {
        let mut out = Vec::new();
        let mut w = HashingWriter::new(&mut out);
        w.header("MAGIC1", &[("n", "2".into())]).unwrap();
        w.write_all(&7u32.to_le_bytes()).unwrap();
        w.write_all(&(u128::MAX - 1).to_le_bytes()).unwrap();
        w.finish().unwrap();
        out
    }

    fn read(bytes: &[u8]) -> Result<(usize, u32, u128), MexError> {
        let mut r = HashingReader::new(bytes, damaged);
        r.magic("MAGIC1")?;
        let n = r.count("n")?;
        r.end_of_header()?;
        let (a, b) = (r.u32()?, r.u128()?);
        r.finish()?;
        Ok((n, a, b))
    }

    #[test]
    fn what_is_written_reads_back() {
        assert_eq!(read(&file()).unwrap(), (2, 7, u128::MAX - 1));
    }

    #[test]
    fn every_damage_is_refused() {
        let good = file();
        assert!(read(&good[..good.len() - 1])
            .unwrap_err()
            .to_string()
            .contains("ends early"));
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            assert!(read(&bad).is_err(), "byte {i} flipped");
        }
    }
}
