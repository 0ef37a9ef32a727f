//! The nimber field: the non-negative integers under nim-addition (XOR) and
//! nim-multiplication form a field of characteristic 2 (Conway, *On Numbers
//! and Games*, 1976, chapter 6), in which every `2^(2^k)` (a *Fermat
//! 2-power*) is the order of a subfield: the nimbers below `F = 2^(2^k)`
//! are the field with `F` elements, and the nimbers below `F²` are its
//! quadratic extension by `F`, whose equation is `F⊗F = F ⊕ F/2`
//! (Conway 1976, Theorem 49; Lenstra 1977/78, §1).
//!
//! Writing a nimber below `F²` as `a = a₁F ⊕ a₀` with `a₁, a₀ < F` (an
//! ordinary product `a₁·F` is the nim-product for `a₁ < F`), with `h = F/2`:
//!
//! * product: `a⊗b = ((a₁⊕a₀)(b₁⊕b₀) ⊕ a₀b₀)·F ⊕ (a₀b₀ ⊕ (a₁b₁)⊗h)`
//!   (expand with `F² = F ⊕ h`; three products of half the size, as
//!   Karatsuba's);
//! * inverse: the conjugate of `a` over the subfield is `a₁F ⊕ (a₀⊕a₁)`
//!   (the other root of `x² = x ⊕ h` is `x ⊕ 1`), and `a ⊗ conj(a) =
//!   a₀² ⊕ a₀a₁ ⊕ a₁²h`, the norm, lies in the subfield, so
//!   `a⁻¹ = conj(a) ⊗ norm⁻¹`;
//! * square root (squaring is additive in characteristic 2):
//!   `√a = √a₁·F ⊕ √(a₀ ⊕ a₁⊗h)`.
//!
//! All three recurse down to one bit, where the field is {0, 1}. Nimbers
//! of any size are [`BigUint`]s; inside, they are little-endian 64-bit
//! limbs, split in halves down to one limb, and a limb's products are
//! split down to a byte, whose products come from a table. The slow twin
//! is [`product_by_definition`], the mex of Conway's definition.

use crate::stop;
use crate::MexError;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};
use std::sync::OnceLock;

/// The nim-product of two nimbers of any size (Conway 1976, chapter 6).
pub fn product(a: &BigUint, b: &BigUint) -> Result<BigUint, MexError> {
    let (x, y) = same_width(a, b);
    Ok(from_limbs(&multiply(&x, &y)?))
}

/// The nim-square of a nimber (`a ⊗ a`).
pub fn square(a: &BigUint) -> Result<BigUint, MexError> {
    product(a, a)
}

/// The nim-inverse of a non-zero nimber: the `b` with `a ⊗ b = 1`.
pub fn inverse(a: &BigUint) -> Result<BigUint, MexError> {
    if a.is_zero() {
        return Err(MexError::invalid(
            "division by the nimber 0",
            "a non-zero divisor",
        ));
    }
    Ok(from_limbs(&invert(&to_limbs(a, 0))?))
}

/// The nim-quotient `a ⊗ b⁻¹`.
pub fn quotient(a: &BigUint, b: &BigUint) -> Result<BigUint, MexError> {
    product(a, &inverse(b)?)
}

/// The nim-square root: the unique `b` with `b ⊗ b = a` (squaring is a
/// bijection of every finite field of characteristic 2).
pub fn square_root(a: &BigUint) -> Result<BigUint, MexError> {
    Ok(from_limbs(&root(&to_limbs(a, 0))?))
}

/// `a` to the power `k` (`k` negative: a power of the inverse; `a⁰ = 1`).
/// The exponent is first reduced modulo `F − 1` for the smallest Fermat
/// 2-power `F > a` (the multiplicative group of the field of `F`
/// elements has order `F − 1`), so an exponent of any size costs at most
/// twice the bits of `F` multiplications.
pub fn power(a: &BigUint, k: &BigInt) -> Result<BigUint, MexError> {
    let base = if k.is_negative() {
        inverse(a)?
    } else {
        a.clone()
    };
    let mut exponent = k.magnitude().clone();
    if base.is_zero() {
        return Ok(if exponent.is_zero() {
            BigUint::one()
        } else {
            BigUint::zero()
        });
    }
    let group_order = (BigUint::one() << field_bits(&base)) - 1u32;
    exponent %= &group_order;
    let limbs = to_limbs(&base, 0);
    check_power_work(limbs.len(), exponent.bits())?;
    let mut result = to_limbs(&BigUint::one(), limbs.len());
    for bit in (0..exponent.bits()).rev() {
        result = multiply(&result, &result)?;
        if exponent.bit(bit) {
            result = multiply(&result, &limbs)?;
        }
    }
    Ok(from_limbs(&result))
}

/// The most limb products (64-bit nim-products, a few nanoseconds each)
/// that [`power`] may need: about half a minute of work.
pub const MAX_POWER_WORK: u128 = 100_000_000;

/// Refuses a power whose repeated squaring would take more than
/// [`MAX_POWER_WORK`] limb products: up to two products per exponent bit,
/// each of `3^log2(n)` limb products for `n` limbs.
fn check_power_work(limbs: usize, exponent_bits: u64) -> Result<(), MexError> {
    let per_product = 3u128.pow(limbs.trailing_zeros());
    let work = per_product.saturating_mul(2 * exponent_bits as u128);
    if work > MAX_POWER_WORK {
        return Err(MexError::too_large(
            format!(
                "a power of a {}-bit nimber with a {exponent_bits}-bit exponent ({work} limb products)",
                64 * limbs
            ),
            format!("{MAX_POWER_WORK} limb products"),
            "use a smaller base or exponent",
        ));
    }
    Ok(())
}

/// The number of bits `2^k` of the smallest Fermat 2-power `2^(2^k)`
/// above `a`: the field of that many elements is the smallest holding `a`.
pub fn field_bits(a: &BigUint) -> u64 {
    a.bits().max(1).next_power_of_two()
}

/// The nim-product by Conway's definition, `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕
/// a'⊗b' : a' < a, b' < b}` (Conway 1976, chapter 6): the slow twin of
/// [`product`], for every pair below `n`, as a table `t[a][b]`.
pub fn product_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    let mut seen = Vec::new();
    for a in 0..n {
        for b in 0..n {
            seen.clear();
            for a2 in 0..a {
                for b2 in 0..b {
                    seen.push(table[a2][b] ^ table[a][b2] ^ table[a2][b2]);
                }
            }
            seen.sort_unstable();
            seen.dedup();
            table[a][b] = seen
                .iter()
                .enumerate()
                .find(|&(i, &v)| i as u64 != v)
                .map_or(seen.len() as u64, |(i, _)| i as u64);
        }
    }
    table
}

/// The nim-product of two nimbers below `2^64`.
pub fn product_u64(a: u64, b: u64) -> u64 {
    multiply_in(a, b, 6)
}

/// The limbs of `a`, at least `width` of them, padded to a power of two.
fn to_limbs(a: &BigUint, width: usize) -> Vec<u64> {
    let mut limbs = a.to_u64_digits();
    let len = limbs.len().max(width).max(1).next_power_of_two();
    limbs.resize(len, 0);
    limbs
}

fn from_limbs(limbs: &[u64]) -> BigUint {
    BigUint::from_slice(
        &limbs
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect::<Vec<u32>>(),
    )
}

/// Both operands as limbs of one power-of-two width.
fn same_width(a: &BigUint, b: &BigUint) -> (Vec<u64>, Vec<u64>) {
    let width = a.to_u64_digits().len().max(b.to_u64_digits().len());
    (to_limbs(a, width), to_limbs(b, width))
}

fn xor(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&l| l == 0)
}

/// `F/2` for the field of `2^(64·len)` elements' subfield split: the top
/// bit of `len` limbs.
fn half_of_fermat(len: usize) -> Vec<u64> {
    let mut h = vec![0; len];
    h[len - 1] = 1 << 63;
    h
}

/// The product of two nimbers of `n` limbs each (`n` a power of two),
/// with `n` limbs.
fn multiply(a: &[u64], b: &[u64]) -> Result<Vec<u64>, MexError> {
    let n = a.len();
    if n == 1 {
        return Ok(vec![product_u64(a[0], b[0])]);
    }
    stop::check()?;
    let half = n / 2;
    let (a0, a1) = a.split_at(half);
    let (b0, b1) = b.split_at(half);
    let low_product = multiply(a0, b0)?;
    let mut out = Vec::with_capacity(n);
    if is_zero(a1) && is_zero(b1) {
        out.extend(low_product);
        out.resize(n, 0);
        return Ok(out);
    }
    let high_product = multiply(a1, b1)?;
    let middle = multiply(&xor(a0, a1), &xor(b0, b1))?;
    let low = xor(
        &low_product,
        &multiply(&high_product, &half_of_fermat(half))?,
    );
    out.extend(low);
    out.extend(xor(&middle, &low_product));
    Ok(out)
}

/// The inverse of a non-zero nimber of `n` limbs.
fn invert(a: &[u64]) -> Result<Vec<u64>, MexError> {
    let n = a.len();
    if n == 1 {
        return Ok(vec![invert_in(a[0], 6)]);
    }
    stop::check()?;
    let half = n / 2;
    let (a0, a1) = a.split_at(half);
    let h = half_of_fermat(half);
    // norm = a0² ⊕ a0a1 ⊕ a1²h
    let norm = xor(
        &xor(&multiply(a0, a0)?, &multiply(a0, a1)?),
        &multiply(&multiply(a1, a1)?, &h)?,
    );
    let norm_inverse = invert(&norm)?;
    let mut out = multiply(&xor(a0, a1), &norm_inverse)?;
    out.extend(multiply(a1, &norm_inverse)?);
    Ok(out)
}

/// The square root of a nimber of `n` limbs.
fn root(a: &[u64]) -> Result<Vec<u64>, MexError> {
    let n = a.len();
    if n == 1 {
        return Ok(vec![root_in(a[0], 6)]);
    }
    stop::check()?;
    let half = n / 2;
    let (a0, a1) = a.split_at(half);
    let shifted = xor(a0, &multiply(a1, &half_of_fermat(half))?);
    let mut out = root(&shifted)?;
    out.extend(root(a1)?);
    Ok(out)
}

/// The products of all bytes: `BYTE_PRODUCTS[a·256 + b] = a⊗b`, built
/// once by the halving recursion from single bits.
fn byte_products() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..65536u32)
            .map(|i| split_product((i >> 8) as u64, (i & 255) as u64, 3) as u8)
            .collect()
    })
}

/// The product of `a, b < 2^(2^level)`, from the byte table at level 3.
fn multiply_in(a: u64, b: u64, level: u32) -> u64 {
    if level <= 3 {
        if level == 3 {
            return byte_products()[(a as usize) << 8 | b as usize] as u64;
        }
        return split_product(a, b, level);
    }
    if a == 0 || b == 0 {
        return 0;
    }
    halving_product(a, b, level, multiply_in)
}

/// The product by the halving recursion alone, down to single bits (used
/// to build the byte table).
fn split_product(a: u64, b: u64, level: u32) -> u64 {
    if level == 0 {
        return a & b;
    }
    halving_product(a, b, level, split_product)
}

/// One step of the halving recursion: `a, b < F² = 2^(2^level)`, split by
/// `F = 2^(2^(level−1))`, with `inner` multiplying below `F`.
fn halving_product(a: u64, b: u64, level: u32, inner: fn(u64, u64, u32) -> u64) -> u64 {
    let bits = 1u32 << (level - 1);
    let mask = (1u64 << bits) - 1;
    let (a1, a0, b1, b0) = (a >> bits, a & mask, b >> bits, b & mask);
    let low_product = inner(a0, b0, level - 1);
    let high_product = inner(a1, b1, level - 1);
    let middle = inner(a1 ^ a0, b1 ^ b0, level - 1);
    let half = 1u64 << (bits - 1);
    let low = low_product ^ inner(high_product, half, level - 1);
    ((middle ^ low_product) << bits) | low
}

/// `a < 2^(2^level)` split by `F = 2^bits` (`bits = 2^(level−1)`) as
/// `high·F + low`, with `half = F/2`.
struct Split {
    high: u64,
    low: u64,
    bits: u32,
    half: u64,
}

fn split(a: u64, level: u32) -> Split {
    let bits = 1u32 << (level - 1);
    Split {
        high: a >> bits,
        low: a & ((1u64 << bits) - 1),
        bits,
        half: 1u64 << (bits - 1),
    }
}

/// The inverse of a non-zero `a < 2^(2^level)`.
fn invert_in(a: u64, level: u32) -> u64 {
    if level == 0 {
        return a;
    }
    let Split {
        high: a1,
        low: a0,
        bits,
        half,
    } = split(a, level);
    let m = |x, y| multiply_in(x, y, level - 1);
    let norm = m(a0, a0) ^ m(a0, a1) ^ m(m(a1, a1), half);
    let norm_inverse = invert_in(norm, level - 1);
    (m(a1, norm_inverse) << bits) | m(a0 ^ a1, norm_inverse)
}

/// The square root of `a < 2^(2^level)`.
fn root_in(a: u64, level: u32) -> u64 {
    if level == 0 {
        return a;
    }
    let Split {
        high: a1,
        low: a0,
        bits,
        half,
    } = split(a, level);
    let low = root_in(a0 ^ multiply_in(a1, half, level - 1), level - 1);
    (root_in(a1, level - 1) << bits) | low
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn small_products_match_the_definition() {
        let table = product_by_definition(64);
        for (a, row) in table.iter().enumerate() {
            for (b, &expected) in row.iter().enumerate() {
                assert_eq!(product_u64(a as u64, b as u64), expected, "{a}⊗{b}");
            }
        }
    }

    /// Conway 1976, chapter 6: `2⊗2 = 3`, `4⊗4 = 6`, `16⊗16 = 24`, and a
    /// Fermat 2-power times a smaller nimber is the ordinary product.
    #[test]
    fn fermat_powers_square_to_sesquimultiples() {
        for k in 0..7u32 {
            let f = BigUint::one() << (1u64 << k);
            let expected = &f + (&f >> 1u32);
            assert_eq!(square(&f).unwrap(), expected, "F = 2^(2^{k})");
            let smaller = &f - 1u32;
            assert_eq!(product(&f, &smaller).unwrap(), &f * &smaller);
        }
        assert_eq!(product_u64(2, 3), 1);
        assert_eq!(product_u64(8, 8), 13);
    }

    #[test]
    fn inverses_and_roots_of_small_nimbers() {
        for a in 1..256u64 {
            let inv = inverse(&big(a)).unwrap();
            assert_eq!(product(&big(a), &inv).unwrap(), big(1), "{a}");
            let r = square_root(&big(a)).unwrap();
            assert_eq!(square(&r).unwrap(), big(a));
        }
        assert!(inverse(&big(0)).is_err());
    }

    #[test]
    fn huge_powers_are_refused_before_the_work() {
        let a = BigUint::one() << 100_000u32;
        let k = BigInt::from(BigUint::one() << 200_000u32) - 3;
        let e = power(&a, &k).unwrap_err().to_string();
        assert!(e.contains("limb products"), "{e}");
        assert_eq!(power(&a, &BigInt::from(1)).unwrap(), a);
    }

    fn nimber(bits: usize) -> impl Strategy<Value = BigUint> {
        prop::collection::vec(any::<u32>(), 0..bits / 32 + 1).prop_map(|d| BigUint::from_slice(&d))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The field laws on nimbers up to 512 bits.
        #[test]
        fn field_laws(a in nimber(512), b in nimber(512), c in nimber(300)) {
            let ab = product(&a, &b).unwrap();
            prop_assert_eq!(&ab, &product(&b, &a).unwrap());
            prop_assert_eq!(
                product(&ab, &c).unwrap(),
                product(&a, &product(&b, &c).unwrap()).unwrap()
            );
            prop_assert_eq!(
                product(&a, &(&b ^ &c)).unwrap(),
                &ab ^ &product(&a, &c).unwrap()
            );
            prop_assert_eq!(product(&a, &BigUint::one()).unwrap(), a.clone());
            if !a.is_zero() {
                prop_assert_eq!(product(&a, &inverse(&a).unwrap()).unwrap(), BigUint::one());
            }
            let r = square_root(&a).unwrap();
            prop_assert_eq!(square(&r).unwrap(), a.clone());
        }

        /// Powers by repeated multiplication, and Fermat's little theorem
        /// in the field of `F` elements: `a^(F−1) = 1`.
        #[test]
        fn powers(a in nimber(200), k in 0u32..40) {
            let mut expected = BigUint::one();
            for _ in 0..k {
                expected = product(&expected, &a).unwrap();
            }
            prop_assert_eq!(power(&a, &BigInt::from(k)).unwrap(), expected);
            if !a.is_zero() {
                let order = BigInt::from((BigUint::one() << field_bits(&a)) - 1u32);
                prop_assert_eq!(power(&a, &order).unwrap(), BigUint::one());
                prop_assert_eq!(
                    power(&a, &BigInt::from(-1)).unwrap(),
                    inverse(&a).unwrap()
                );
            }
        }
    }
}
