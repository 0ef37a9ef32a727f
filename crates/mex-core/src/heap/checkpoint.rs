//! The checkpoint format of long nim-sequence computations, encoded and
//! decoded in memory (writing the file is the caller's job).
//!
//! ```text
//! MEXCKPT1\n
//! code=<canonical code>\n
//! count=<number of values>\n
//! fnv1a64=<16 hex digits: FNV-1a over the value bytes>\n
//! \n
//! <count little-endian u16 values>
//! ```

use super::code::TakeBreakCode;
use crate::MexError;

const MAGIC: &str = "MEXCKPT1";

/// Encodes `values` of `code` as checkpoint bytes.
pub fn encode(code: &TakeBreakCode, values: &[u16]) -> Vec<u8> {
    let body: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let header = format!(
        "{MAGIC}\ncode={code}\ncount={}\nfnv1a64={:016x}\n\n",
        values.len(),
        fnv1a(&body)
    );
    let mut out = header.into_bytes();
    out.extend_from_slice(&body);
    out
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
        .position(|w| w == b"\n\n")
        .ok_or_else(|| bad("no header"))?;
    let header = std::str::from_utf8(&bytes[..split]).map_err(|_| bad("header is not text"))?;
    let body = &bytes[split + 2..];
    let mut lines = header.lines();
    if lines.next() != Some(MAGIC) {
        return Err(bad("wrong magic line"));
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
    let count: usize = field("count")?
        .parse()
        .map_err(|_| bad("count is not a number"))?;
    let sum = field("fnv1a64")?;
    if stored_code != code.to_string() {
        return Err(bad(&format!("it is for code {stored_code}, not {code}")));
    }
    if body.len() != 2 * count || format!("{:016x}", fnv1a(body)) != sum {
        return Err(bad("checksum or length mismatch"));
    }
    Ok(body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect())
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
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
}
