//! The checksums of docs/records.md: SHA-256 of the first values of open
//! octal games, as published there. Each was computed by `mex` and, for the
//! same prefix, independently by ogsolve (`ogsolve -m rc2 -p`, Beling's
//! solver), whose values gave the same digest; so a change to the engine
//! that changes one value fails here.

use mex_core::heap::code::TakeBreakCode;
use mex_core::heap::sparse::{values_sha256, TakeBreakSequence};

fn sha_of_first(code: &str, n: usize, threads: usize) -> String {
    let code: TakeBreakCode = code.parse().unwrap();
    let mut seq = TakeBreakSequence::new(code).with_threads(threads);
    seq.extend_to(n).unwrap();
    values_sha256(seq.values())
}

#[test]
fn first_two_to_the_twenty_values_match_the_records() {
    for (code, sha) in [
        (
            "0.6",
            "2929ddf96b5be8473f8822f84f3163f516c7a5cf1d0798e6ebf57691c3ed1819",
        ),
        (
            "0.14",
            "ac8405802a7594ba37b88a93c72ce0fd14fa35c9fa8fca9fdeabbc333016fc28",
        ),
        (
            "0.36",
            "8cacefc4c7ba4672e1764fe480ca0a78007c4c09773e71db750d87567896b329",
        ),
        (
            "0.74",
            "6639552a8a09a4489d4cb2e76a68defef03c2d987247449edab29242ac0d9046",
        ),
        (
            "0.034",
            "ee26f4c0f0218763b5ed551065cf90beb477fbbd45b5cf88ba1128d2352b22e2",
        ),
    ] {
        assert_eq!(sha_of_first(code, 1 << 20, 1), sha, "{code}");
    }
    assert_eq!(
        sha_of_first("0.6", 1 << 20, 2),
        "2929ddf96b5be8473f8822f84f3163f516c7a5cf1d0798e6ebf57691c3ed1819",
        "0.6 with two threads"
    );
}

#[test]
fn first_two_to_the_twenty_four_values_of_0_054_match_the_record() {
    assert_eq!(
        sha_of_first("0.054", 1 << 24, 1),
        "5fd149f245935057b15675d572627a9b53e76c6787da37870a378fbd1cc60a02"
    );
}

/// 0.104 and 0.106, sparse only under odd masks (the heap's parity): the
/// first 2^24 values, as ogsolve computed them too (docs/records.md).
#[test]
fn first_two_to_the_twenty_four_values_of_0_104_and_0_106_match_the_records() {
    for (code, sha) in [
        (
            "0.104",
            "e9d867be2515d8e310192c4eb95586a2aff62edefa49b8e20426730b0d43841e",
        ),
        (
            "0.106",
            "f5553c8271a1967982dd5102f650938bef0c99c516c97f20e1d1f4877789139b",
        ),
    ] {
        assert_eq!(sha_of_first(code, 1 << 24, 1), sha, "{code}");
    }
}

/// Treblecross 0.007 is 0.04 shifted by one heap: G₀.₀₀₇(n) = G₀.₀₄(n + 1)
/// for every n (docs/records.md, where the proof is). By induction: a move
/// of 0.007 from n removes 3 and leaves heaps of total n − 3 (none, one,
/// or two nonempty ones); a move of 0.04 from n + 1 removes 2 and leaves
/// two nonempty heaps of total n − 1. Adding a token to each heap left by
/// 0.007 maps its options onto those of 0.04 with both heaps ≥ 2, and the
/// remaining 0.04 options (a heap of size 1, whose value G₀.₀₄(1) = 0 adds
/// nothing) are the 0.007 options leaving one heap or none. So one run of
/// 0.04 is a run of 0.007 too.
#[test]
fn treblecross_is_0_04_shifted_by_one() {
    let values = |code: &str, n: usize| {
        let mut seq = TakeBreakSequence::new(code.parse::<TakeBreakCode>().unwrap());
        seq.extend_to(n).unwrap();
        seq.values().to_vec()
    };
    let n = 1 << 17;
    assert_eq!(values("0.007", n), values("0.04", n + 1)[1..]);
}

/// Four codes of Czajka's table of unsolved games (a work-in-progress list
/// of 2018 of the games his program had not solved; whether Flammenkamp's
/// tables have these periods could not be checked, docs/records.md) are
/// periodic: 4.064, 4.344, 4.364 and 4.406, read as his parser reads them
/// (the digit before the point: a heap may be split in two without removing
/// anything). ogsolve (`-m rc2`) finds the same periods and preperiods. The
/// shortest is also checked against the naive computation over twice the
/// values its certificate needs.
#[test]
fn four_codes_listed_as_unsolved_are_periodic() {
    use mex_core::heap::code::naive_values;
    use mex_core::heap::octal::prove_period;
    for (code, preperiod, period) in [
        ("4.344", 998, 51),
        ("4.364", 11_687, 62),
        ("4.064", 94_272, 16_132),
        ("4.406", 294_097, 44),
    ] {
        let code: TakeBreakCode = code.parse().unwrap();
        let (seq, analysis) = prove_period(&code, 1 << 20).unwrap();
        let cert = analysis.certificate.expect("a period is proven");
        assert_eq!((cert.preperiod, cert.period), (preperiod, period), "{code}");
        assert!(
            cert.holds_for(seq.values()),
            "{code}: the certificate holds for the values"
        );
    }
    let code: TakeBreakCode = "4.344".parse().unwrap();
    let naive = naive_values(&code, 2 * 2101);
    assert!((998..naive.len() - 51).all(|n| naive[n] == naive[n + 51]));
    assert_ne!(naive[997], naive[997 + 51], "the preperiod is exact");
}

/// The columns of Czajka's table of unsolved games (tczajka/octal-games,
/// UnsolvedGames.md) for the rows it fills: n, the first heap with the
/// largest value, the largest value, the rare mask (hexadecimal there),
/// the number of rare positions (position 0 included) and the last one.
#[test]
fn statistics_match_the_public_table_of_unsolved_games() {
    for (code, n, first_at, largest, mask, rare, last_rare) in [
        ("4.0u", 1 << 21, 763_622, 231, 0xfe, 1274, 82_860),
        ("0.6", 1 << 21, 1_274_955, 319, 0x1ee, 1584, 20_627),
        ("0.04", 1 << 17, 109_363, 1024, 0x7b8, 18_860, 131_003),
        ("0.06", 1 << 17, 127_083, 1045, 0x5a0, 52_923, 131_070),
    ] {
        let mut seq = TakeBreakSequence::new(code.parse::<TakeBreakCode>().unwrap());
        seq.extend_to(n).unwrap();
        let st = seq.table_stats();
        assert_eq!(
            (
                st.largest_value_first_at,
                st.largest_value,
                st.rare_mask,
                st.rare_positions,
                st.last_rare_position
            ),
            (Some(first_at), Some(largest), mask, rare, Some(last_rare)),
            "{code}"
        );
    }
}

/// The first values of a code, computed by the engine.
fn first_values(code: &str, n: usize) -> Vec<u16> {
    let mut seq = TakeBreakSequence::new(code.parse::<TakeBreakCode>().unwrap());
    seq.extend_to(n).unwrap();
    seq.values()[..n].to_vec()
}

/// Grundy's game against OEIS A002188 ("Sprague-Grundy values for
/// Grundy's game", offset 0): the 105 terms of its data section, as in the
/// stored copy of oeis.org/A002188 (docs/references.md).
#[test]
fn grundys_game_starts_as_oeis_a002188() {
    const A002188: [u16; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    assert_eq!(first_values("4.0u", A002188.len()), A002188);
}

/// Grundy's game against Flammenkamp's list "Known Sparse SGV of Grundy's
/// Game" (wwwhomes.uni-bielefeld.de/achim/grundy.html): a value is sparse
/// when G(n) AND m has an even number of ones, m = 01111… (every bit but
/// the lowest; mex's mask 0x1fe on values below 512). The page lists 1287
/// such positions, the count mex finds over its 2^30 values
/// (docs/records.md); its first 48, below heap 232, are checked here.
#[test]
fn grundys_game_sparse_values_start_as_flammenkamp_lists_them() {
    const POSITIONS: [usize; 48] = [
        0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52, 53,
        55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182, 185, 188,
        190, 193, 196, 231,
    ];
    const VALUES: [u16; 48] = [
        0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 7, 7,
        7, 6, 6, 6, 11, 11, 11, 11, 7, 7, 12, 7, 7, 7, 12, 12, 10, 10,
    ];
    let values = first_values("4.0u", 232);
    let sparse: Vec<usize> = (0..values.len())
        .filter(|&n| (values[n] & 0x1fe).count_ones().is_multiple_of(2))
        .collect();
    assert_eq!(sparse, POSITIONS);
    assert_eq!(POSITIONS.map(|n| values[n]), VALUES);
}

/// Officers (0.6) against the values published for it: the first twenty,
/// as the post "Officers on the GPU" (github.com/mvr/mvr.github.io,
/// posts/officers.md, 8 March 2025) quotes them from OEIS A046695 (the
/// OEIS entry itself is not in the stored copies); the known losing
/// positions 0, 1, 4, …, 408 and the last known rare value G(20627) = 277,
/// from the same post (docs/references.md).
#[test]
fn officers_matches_its_published_values() {
    let values = first_values("0.6", 1 << 16);
    assert_eq!(
        values[..20],
        [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1]
    );
    let losing: Vec<usize> = (0..values.len()).filter(|&n| values[n] == 0).collect();
    assert_eq!(
        losing,
        [0, 1, 4, 12, 20, 30, 46, 72, 98, 124, 150, 176, 314, 408]
    );
    assert_eq!(values[20_627], 277);
}

/// The Domineering records of docs/records.md, read back from the published
/// text: outcome, stops, mean and temperature as stated there, and for the
/// square 6×6 board −G = G (the board is its own transpose, which swaps
/// the players, so G = −G).
mod domineering {
    use mex_core::partizan::notation;
    use mex_core::partizan::store::{GameId, GameStore, OutcomeClass};
    use mex_core::partizan::thermograph::Thermographs;
    use mex_core::partizan::toolkit;
    use std::path::Path;

    fn published(store: &mut GameStore, board: &str) -> GameId {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs/domineering")
            .join(format!("{board}.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        notation::parse_long(store, text.trim(), notation::MAX_PRINTED).unwrap()
    }

    /// Outcome, left and right stop, mean and temperature of a published value.
    fn summary(board: &str) -> (OutcomeClass, String, String, String, String) {
        let mut store = GameStore::new();
        let g = published(&mut store, board);
        let t = Thermographs::default().of(&store, g);
        let (l, r) = toolkit::stops(&store, g);
        let o = store.outcome(g);
        (
            o,
            l.to_string(),
            r.to_string(),
            t.mean.to_string(),
            t.temperature.to_string(),
        )
    }

    #[test]
    fn six_by_six_is_its_own_negative_and_a_first_player_win() {
        let mut store = GameStore::new();
        let g = published(&mut store, "6x6");
        // Canonical forms are unique, so −G = G (that is, G + G = 0) is
        // equality of ids.
        assert_eq!(store.neg(g), g);
        let s = |x: &str| x.to_string();
        assert_eq!(
            summary("6x6"),
            (OutcomeClass::N, s("1"), s("-1"), s("0"), s("1"))
        );
    }

    #[test]
    fn five_by_seven_and_four_by_eight_are_horizontal_wins() {
        let s = |x: &str| x.to_string();
        assert_eq!(
            summary("5x7"),
            (OutcomeClass::R, s("-1/2"), s("-1"), s("-1/2"), s("1/2"))
        );
        assert_eq!(
            summary("4x8"),
            (OutcomeClass::R, s("0"), s("-1/2"), s("-1/4"), s("1"))
        );
    }
}
