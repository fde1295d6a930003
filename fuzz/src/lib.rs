//! What the fuzz targets share: a few positions of every variant to play
//! fuzzed moves from, and the limits that keep one input quick.

use turncoat::Variant;

/// Positions of `variant` to play fuzzed moves from: the start, positions
/// with castling, en passant, promotions, conversions and subversions
/// available, shuffled starts; in apocalypse, positions with
/// relocations, penalties and the end of the game near.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "6k1/8/8/8/8/8/8/K6R w - - 99 80",
        ],
        Variant::Pacifist | Variant::Pacifist2 => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
            "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
            "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
            "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/Ppppp3/br1bk1rN w - - 0 2",
            "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        ],
        Variant::Subversion => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1",
            "4k3/pp3ppp/3n4/4q3/8/8/PPP2PPP/4K3 w - - 0 2",
            "k3r3/8/8/1n6/N7/8/4P2P/4K3 w - - 0 1",
            "4k3/8/8/3pP3/2N5/8/7P/4K3 w - d6 7 30",
            "8/4k3/8/8/2Pp4/8/8/1R4K1 b - c3 0 2",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/1b6/N7/P7/3QK2R w - - 0 1",
        ],
        Variant::Apocalypse => &[
            "npppn/p3p/5/P3P/NPPPN w 00 1",
            "npppn/p4/4P/P2pP/NPP1N w 00 3",
            "4n/1P1p1/5/4P/5 w 10 7",
            "n3n/1P3/5/3p1/N3N w 01 2",
            "4n/5/1P3/5/N2P1 w 00 1",
            "n3n/p3p/2pp1/2P2/N3N w 00 1",
            "n3n/p3p/5/2N2/2P1N w 00 1",
            "4n/1P1p1/2p2/4P/N3N w 00 1",
        ],
    }
}

/// Splits a fuzz input into protocol lines as the engine's input loop
/// does (at `\n`, bytes that are not UTF-8 replaced), leaving out the
/// lines that only make the engine slow or big, not wrong: a perft
/// deeper than 2 (apocalypse counts 20 million turns at depth 3), a
/// hash table over 64 MiB (allocated for real: the fuzzer's memory limit
/// would call it a crash), more than 8 search threads (started afresh by
/// every search). What is left out is covered by the protocol test
/// `tests/protocol_fuzz.rs`.
pub fn protocol_lines(data: &[u8]) -> Vec<String> {
    data.split(|&b| b == b'\n')
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .filter(|l| !too_costly(l))
        .collect()
}

fn too_costly(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let numbers = || {
        lower
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<u64>().unwrap_or(u64::MAX))
    };
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    if lower.contains("perft") && numbers().any(|n| n > 2) {
        return true;
    }
    if (lower.contains("hash") || tokens.first() == Some(&"memory")) && numbers().any(|n| n > 64) {
        return true;
    }
    if (lower.contains("threads") || tokens.first() == Some(&"cores")) && numbers().any(|n| n > 8) {
        return true;
    }
    false
}
