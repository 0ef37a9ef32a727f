/// A reproducible random word of cherries (xorshift64), shared by the
/// partizan benchmark and the `ssc_time` example.
pub fn random_word(len: usize, mut state: u64) -> Vec<bool> {
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & 1 == 1
        })
        .collect()
}
