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

/// Encodes `values` of `code` as checkpoint bytes.
pub fn encode(code: &TakeBreakCode, values: &[u16]) -> Vec<u8> {
    let body: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let covered = format!("{MAGIC}\ncode={code}\ncount={}\n", values.len());
    let digest = digest(&covered, &body);
    let mut out = format!("{covered}sha256={digest}\n\n").into_bytes();
    out.extend_from_slice(&body);
    out
}

/// SHA-256, in lower-case hex, of the file without its digest line.
fn digest(covered_header: &str, body: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(covered_header.as_bytes());
    h.update(b"\n");
    h.update(body);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Decodes checkpoint bytes written for `code`.
pub fn decode(code: &TakeBreakCode, bytes: &[u8]) -> Result<Vec<u16>, MexError> {
    let bad = |why: &str| {
        MexError::invalid(
            format!("checkpoint is unusable: {why}"),
            "a checkpoint written by mex for the same code",
        )
    };
    let split = bytes
        .windows(2)
        .take(MAX_HEADER_BYTES)
        .position(|w| w == b"\n\n")
        .ok_or_else(|| bad("no header"))?;
    let header = std::str::from_utf8(&bytes[..split]).map_err(|_| bad("header is not text"))?;
    let body = &bytes[split + 2..];
    let mut lines = header.lines();
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
    let sum = field("sha256")?;
    if lines.next().is_some() {
        return Err(bad("unexpected header line"));
    }
    let count = count_text
        .parse::<usize>()
        .ok()
        .filter(|&c| c <= MAX_TERMS_LIMIT && count_text == c.to_string())
        .ok_or_else(|| bad("count is not a number of values mex writes"))?;
    let covered = format!("{MAGIC}\ncode={stored_code}\ncount={count_text}\n");
    if body.len() != 2 * count || digest(&covered, body) != sum {
        return Err(bad("checksum or length mismatch"));
    }
    if stored_code != code.to_string() {
        return Err(bad(&format!("it is for code {stored_code}, not {code}")));
    }
    Ok(body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect())
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
