//! The checkpoint format of long nim-sequence computations, encoded and
//! decoded in memory (writing the file is the caller's job).
//!
//! ```text
//! MEXCKPT2\n
//! code=<canonical code>\n
//! count=<number of values>\n
//! sha256=<64 hex digits>\n
//! \n
//! <count little-endian u16 values>
//! ```
//!
//! The SHA-256 digest covers the whole file except its own line: the bytes
//! `MEXCKPT2\ncode=…\ncount=…\n\n` followed by the values. A checksum
//! detects damage, not forgery: a period proof never rests on these values
//! unchecked (`octal::search` recomputes the stretch its certificate uses).

use super::code::TakeBreakCode;
use super::octal::MAX_TERMS_LIMIT;
use crate::MexError;
use sha2::{Digest, Sha256};

const MAGIC: &str = "MEXCKPT2";
const OLD_MAGIC: &str = "MEXCKPT1";

/// The longest header accepted (magic, code, count, digest).
pub const MAX_HEADER_BYTES: usize = 256;

/// The largest checkpoint file a reader needs to accept.
pub const MAX_FILE_BYTES: u64 = MAX_HEADER_BYTES as u64 + 2 * MAX_TERMS_LIMIT as u64;

/// Values converted to bytes at a time when hashing or writing a body.
const CHUNK_VALUES: usize = 1 << 16;

/// Encodes `values` of `code` as checkpoint bytes (header and body in one
/// buffer; long runs write [`header`] and [`body_chunks`] instead).
pub fn encode(code: &TakeBreakCode, values: &[u16]) -> Vec<u8> {
    let mut out = header(code, values);
    body_chunks(values, |chunk| {
        out.extend_from_slice(chunk);
        Ok::<(), ()>(())
    })
    .expect("extending a vector does not fail");
    out
}

/// The header of the checkpoint of `values` of `code`, ending with the
/// blank line; its digest is computed over the values a chunk at a time,
/// so no copy of the body is made.
pub fn header(code: &TakeBreakCode, values: &[u16]) -> Vec<u8> {
    let covered = format!("{MAGIC}\ncode={code}\ncount={}\n", values.len());
    let mut h = Sha256::new();
    h.update(covered.as_bytes());
    h.update(b"\n");
    body_chunks(values, |chunk| {
        h.update(chunk);
        Ok::<(), ()>(())
    })
    .expect("hashing does not fail");
    format!("{covered}sha256={}\n\n", hex(&h.finalize())).into_bytes()
}

/// Hands the body (the values as little-endian `u16`) to `sink` in chunks
/// of at most 128 KiB; stops at the first error.
pub fn body_chunks<E>(
    values: &[u16],
    mut sink: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut buf = Vec::with_capacity(2 * CHUNK_VALUES.min(values.len()));
    for part in values.chunks(CHUNK_VALUES) {
        buf.clear();
        buf.extend(part.iter().flat_map(|v| v.to_le_bytes()));
        sink(&buf)?;
    }
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn bad(why: &str) -> MexError {
    MexError::invalid(
        format!("checkpoint is unusable: {why}"),
        "a checkpoint written by mex for the same code",
    )
}

/// Decodes checkpoint bytes written for `code`.
pub fn decode(code: &TakeBreakCode, bytes: &[u8]) -> Result<Vec<u16>, MexError> {
    let split = bytes
        .windows(2)
        .take(MAX_HEADER_BYTES)
        .position(|w| w == b"\n\n")
        .ok_or_else(|| bad("no header"))?;
    let mut body = Body::new(&bytes[..split + 2])?;
    body.push(&bytes[split + 2..])?;
    body.finish(code)
}

/// The values of a checkpoint being read: made from the header, fed the body in pieces of any size, and checked
/// (length and digest) by [`Body::finish`].
pub struct Body {
    count: usize,
    digest: String,
    stored_code: String,
    hasher: Sha256,
    values: Vec<u16>,
    odd_byte: Option<u8>,
}

impl Body {
    /// Reads the header `header` (up to and including its blank line).
    pub fn new(header: &[u8]) -> Result<Self, MexError> {
        let text = header
            .strip_suffix(b"\n\n")
            .ok_or_else(|| bad("no header"))?;
        let text = std::str::from_utf8(text).map_err(|_| bad("header is not text"))?;
        let mut lines = text.lines();
        match lines.next() {
            Some(MAGIC) => {}
            Some(OLD_MAGIC) => {
                return Err(bad(
                    "it is in the old format MEXCKPT1, whose checksum does not cover the header; delete it and recompute",
                ))
            }
            _ => return Err(bad("wrong magic line")),
        }
        let mut field = |name: &str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(name))
                .and_then(|l| l.strip_prefix('='))
                .map(str::to_owned)
                .ok_or_else(|| bad(&format!("missing {name}")))
        };
        let stored_code = field("code")?;
        let count_text = field("count")?;
        let digest = field("sha256")?;
        if lines.next().is_some() {
            return Err(bad("unexpected header line"));
        }
        let count = count_text
            .parse::<usize>()
            .ok()
            .filter(|&c| c <= MAX_TERMS_LIMIT && count_text == c.to_string())
            .ok_or_else(|| bad("count is not a number of values mex writes"))?;
        let mut hasher = Sha256::new();
        hasher.update(format!("{MAGIC}\ncode={stored_code}\ncount={count_text}\n\n").as_bytes());
        Ok(Body {
            count,
            digest,
            stored_code,
            hasher,
            values: Vec::new(),
            odd_byte: None,
        })
    }

    /// Reserves room for all the values the header announces (once the
    /// caller has checked that the body is that long).
    pub fn reserve(&mut self) {
        self.values.reserve_exact(self.count - self.values.len());
    }

    /// The number of values the header announces.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Feeds the next bytes of the body.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), MexError> {
        self.hasher.update(bytes);
        let mut rest = bytes;
        if let (Some(lo), Some((&hi, tail))) = (self.odd_byte, rest.split_first()) {
            self.values.push(u16::from_le_bytes([lo, hi]));
            self.odd_byte = None;
            rest = tail;
        }
        let pairs = rest.chunks_exact(2);
        let remainder = pairs.remainder();
        if self.values.len() + pairs.len() > self.count {
            return Err(bad("checksum or length mismatch"));
        }
        self.values
            .extend(pairs.map(|c| u16::from_le_bytes([c[0], c[1]])));
        if let [b] = remainder {
            self.odd_byte = Some(*b);
        }
        Ok(())
    }

    /// The values, once the length and the digest match and the code is
    /// the expected one.
    pub fn finish(self, code: &TakeBreakCode) -> Result<Vec<u16>, MexError> {
        if self.odd_byte.is_some()
            || self.values.len() != self.count
            || hex(&self.hasher.finalize()) != self.digest
        {
            return Err(bad("checksum or length mismatch"));
        }
        if self.stored_code != code.to_string() {
            return Err(bad(&format!(
                "it is for code {}, not {code}",
                self.stored_code
            )));
        }
        Ok(self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption() {
        let code: TakeBreakCode = "0.16".parse().unwrap();
        let values = vec![0u16, 1, 1, 2, 300, 65535];
        let bytes = encode(&code, &values);
        assert_eq!(decode(&code, &bytes).unwrap(), values);
        let mut broken = bytes.clone();
        *broken.last_mut().unwrap() ^= 1;
        assert!(decode(&code, &broken).is_err());
        assert!(decode(&"0.6".parse().unwrap(), &bytes).is_err());
        assert!(decode(&code, b"garbage").is_err());
        assert!(decode(&code, &bytes[..bytes.len() - 1]).is_err());
    }

    /// Regression: the checksum covered only the values, so editing
    /// `code=0.6` into `code=0.7` gave 0.6's values as 0.7's.
    #[test]
    fn the_checksum_covers_the_header() {
        let six: TakeBreakCode = "0.6".parse().unwrap();
        let seven: TakeBreakCode = "0.7".parse().unwrap();
        let bytes = encode(&six, &[0, 1, 1, 2]);
        let text = String::from_utf8_lossy(&bytes).replace("code=0.6", "code=0.7");
        let edited = text.into_bytes();
        let e = decode(&seven, &edited).unwrap_err().to_string();
        assert!(e.contains("checksum"), "{e}");
        let recount = String::from_utf8_lossy(&bytes).replace("count=4", "count=04");
        assert!(decode(&six, recount.as_bytes()).is_err());
    }

    #[test]
    fn old_files_and_huge_counts_are_refused() {
        let code: TakeBreakCode = "0.6".parse().unwrap();
        let old = b"MEXCKPT1\ncode=0.6\ncount=0\nfnv1a64=cbf29ce484222325\n\n";
        assert!(decode(&code, old)
            .unwrap_err()
            .to_string()
            .contains("old format"));
        let huge = format!("MEXCKPT2\ncode=0.6\ncount={}\nsha256=00\n\n", usize::MAX);
        assert!(decode(&code, huge.as_bytes()).is_err());
    }
}
