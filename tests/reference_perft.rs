//! The reference generator (`tests/reference/mod.rs`) against the published
//! perft numbers of `/work/shared/perft-reference/` (lines copied here; the
//! test reads nothing outside this file at run time). A mismatch is a bug in
//! the reference generator.

mod reference;

use reference::{Color, Kind};

/// Lines of `perft-reference/<variant>.epd`, copied verbatim, each with the
/// greatest depth checked here (depths chosen to keep the test fast).
const CHESS: &[(u32, &str)] = &[
    (4, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 ;D5 4865609 ;D6 119060324"),
    (3, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603 ;D5 193690690"),
    (5, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238 ;D5 674624 ;D6 11030083"),
    (4, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 ;D1 6 ;D2 264 ;D3 9467 ;D4 422333 ;D5 15833292"),
    (3, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 ;D1 44 ;D2 1486 ;D3 62379 ;D4 2103487 ;D5 89941194"),
    (3, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 ;D1 46 ;D2 2079 ;D3 89890 ;D4 3894594 ;D5 164075551"),
    (4, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189 ;D4 326672 ;D5 8146062"),
    (4, "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9 ;D1 21 ;D2 807 ;D3 18002 ;D4 667366 ;D5 16253601"),
    (4, "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9 ;D1 20 ;D2 479 ;D3 10471 ;D4 273318 ;D5 6417013"),
];

const PACIFIST: &[(u32, &str)] = &[
    (4, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8849 ;D4 194755 ;D5 4698875"),
    (3, "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1 ;D1 24 ;D2 557 ;D3 13670 ;D4 308969"),
    (4, "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1 ;D1 4 ;D2 147 ;D3 2517 ;D4 78524"),
    (3, "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1 ;D1 22 ;D2 769 ;D3 18123 ;D4 610340"),
    (3, "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1 ;D1 21 ;D2 597 ;D3 13215 ;D4 387935"),
    (3, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 40 ;D2 1182 ;D3 49022 ;D4 1516624"),
    (5, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1 ;D1 9 ;D2 58 ;D3 580 ;D4 5550 ;D5 66462"),
    (5, "4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1 ;D1 5 ;D2 64 ;D3 386 ;D4 4511 ;D5 30312"),
    (4, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ;D1 24 ;D2 48 ;D3 1473 ;D4 11244"),
    (4, "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w BGbg - 0 1 ;D1 18 ;D2 324 ;D3 6638 ;D4 134546"),
];

const PACIFIST2: &[(u32, &str)] = &[
    (4, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8831 ;D4 192198 ;D5 4580738"),
    (3, "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1 ;D1 21 ;D2 575 ;D3 12685 ;D4 355245"),
    (4, "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1 ;D1 23 ;D2 535 ;D3 12740 ;D4 287142"),
    (3, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 40 ;D2 1117 ;D3 46710 ;D4 1268716"),
    (5, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1 ;D1 9 ;D2 58 ;D3 580 ;D4 5530 ;D5 65863"),
];

const SUBVERSION: &[(u32, &str)] = &[
    // startpos: start position; no subversion before ply 4 (1.e4 Nf6 2.e5 @e5..)
    (4, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197521"),
    // kiwipete: Kiwipete; white can subvert b4, e6, f6 at once
    (3, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 72 ;D2 3400 ;D3 233968 ;D4 11997186"),
    // pawn-checker: check by a pawn: one N/B/R/Q pays, the king is the subverting man
    (5, "4k3/pp6/8/8/8/3p4/1P2K1N1/1B5R w - - 0 1 ;D1 12 ;D2 114 ;D3 2898 ;D4 27559 ;D5 718945"),
    // knight-checker-castling: check by a knight; paying Ne2 loses the only adjacent man; paying a rook drops a castling right
    (5, "r3k3/8/8/8/8/5n2/PP2NP2/R3K2R w KQq - 0 1 ;D1 4 ;D2 76 ;D3 1930 ;D4 36917 ;D5 973168"),
    // rook-checker-table: check by a rook: {R},{Q},{B,B},{N,N},{B,N},{minor+all pawns}
    (4, "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1 ;D1 14 ;D2 126 ;D3 5034 ;D4 58024 ;D5 2349484"),
    // queen-checker-black: black in check by a queen: three officers or two + all pawns; rook payments drop castling
    (4, "r1b1k2r/pp3ppp/3n4/4Q3/8/8/PPP2PPP/4K3 b kq - 0 1 ;D1 8 ;D2 178 ;D3 4635 ;D4 149716 ;D5 4012789"),
    // double-check: double check: no subversion at the root
    (5, "4k3/8/8/4r3/3N4/5n2/PP6/R2QK3 w - - 0 1 ;D1 2 ;D2 50 ;D3 1459 ;D4 30161 ;D5 951228"),
    // stalemate-broken: orthodox stalemate; the only move is the subversion @b8h5
    (6, "kN6/8/1Q6/7p/7P/8/8/7K b - - 0 1 ;D1 1 ;D2 27 ;D3 90 ;D4 2283 ;D5 14343 ;D6 366931 ;D7 2468531"),
    // converted-pawns-ep: black pawn c2 converted to white double-steps, taken en passant
    (5, "4k3/8/8/8/3p4/8/2p4P/1R4K1 w - - 0 1 ;D1 19 ;D2 192 ;D3 2762 ;D4 31278 ;D5 477943 ;D6 5900791"),
];

/// Splits an EPD line into the FEN and its (depth, nodes) pairs.
fn parse_epd(line: &str) -> (&str, Vec<(u32, u64)>) {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap().trim();
    let counts = parts
        .map(|p| {
            let mut words = p.split_whitespace();
            let depth = words
                .next()
                .unwrap()
                .trim_start_matches('D')
                .parse()
                .unwrap();
            let nodes = words.next().unwrap().parse().unwrap();
            (depth, nodes)
        })
        .collect();
    (fen, counts)
}

fn check_suite(variant: &str, suite: &[(u32, &str)]) {
    let mut failures = Vec::new();
    for &(max_depth, line) in suite {
        let (fen, counts) = parse_epd(line);
        for (depth, expected) in counts {
            if depth > max_depth {
                continue;
            }
            let got = reference::perft(fen, variant, depth).unwrap();
            if got != expected {
                failures.push(format!(
                    "{variant} {fen} depth {depth}: expected {expected}, got {got}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn chess_perft() {
    check_suite("chess", CHESS);
}

#[test]
fn pacifist_perft() {
    check_suite("pacifist", PACIFIST);
}

#[test]
fn pacifist2_perft() {
    check_suite("pacifist2", PACIFIST2);
}

#[test]
fn subversion_perft() {
    check_suite("subversion", SUBVERSION);
}

/// Perft computed through `children`, i.e. through the FEN strings: the
/// canonical FEN must carry the whole state (castling rights with their
/// king-start file, en passant) for the counts to stay right.
fn perft_via_fen(fen: &str, variant: &str, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children = reference::children(fen, variant).unwrap();
    for (_, child) in &children {
        let again = reference::to_fen(
            &reference::parse_fen(child, reference::Rules::from_name(variant).unwrap()).unwrap(),
        );
        assert_eq!(&again, child, "FEN does not survive a round trip");
    }
    children
        .iter()
        .map(|(_, child)| perft_via_fen(child, variant, depth - 1))
        .sum()
}

#[test]
fn perft_through_fen_strings() {
    for (variant, suite) in [
        ("chess", CHESS),
        ("pacifist", PACIFIST),
        ("pacifist2", PACIFIST2),
        ("subversion", SUBVERSION),
    ] {
        for &(_, line) in suite {
            let (fen, counts) = parse_epd(line);
            let (depth, expected) = counts[2];
            if expected > 60_000 {
                continue;
            }
            assert_eq!(
                perft_via_fen(fen, variant, depth),
                expected,
                "{variant} {fen} depth {depth} through FEN strings"
            );
        }
    }
}

/// The divide files name castling in the pacifist variants as king to
/// destination, or king to rook when the rook stands within two files of
/// the king; the reference names it king to rook always.
fn divide_file_name(fen: &str, variant: &str, name: &str) -> String {
    if !variant.starts_with("pacifist") {
        return name.to_string();
    }
    let pos = reference::parse_fen(fen, reference::Rules::from_name(variant).unwrap()).unwrap();
    let sq = |s: &str| {
        let b = s.as_bytes();
        ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize
    };
    let (from, to) = (sq(&name[0..2]), sq(&name[2..4]));
    let castling = pos.board[from] == Some((pos.side, Kind::King))
        && matches!(pos.board[to], Some((c, _)) if c == pos.side);
    let (kf, rf) = (from % 8, to % 8);
    if !castling || kf.abs_diff(rf) <= 2 {
        return name.to_string();
    }
    let dest_file = if rf > kf { b'g' } else { b'c' };
    let rank = if pos.side == Color::White { '1' } else { '8' };
    format!("{}{}{}", &name[0..2], dest_file as char, rank)
}

#[test]
fn divides() {
    for &(variant, fen, depth, text) in DIVIDES {
        let mut expected: Vec<(String, u64)> = Vec::new();
        let mut total = None;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            if let Some(t) = line.strip_prefix("total ") {
                total = Some(t.parse::<u64>().unwrap());
            } else {
                let (m, n) = line.split_once(": ").unwrap();
                expected.push((m.to_string(), n.parse().unwrap()));
            }
        }
        expected.sort();
        let mut got: Vec<(String, u64)> = reference::divide(fen, variant, depth)
            .unwrap()
            .into_iter()
            .map(|(m, n)| (divide_file_name(fen, variant, &m), n))
            .collect();
        got.sort();
        assert_eq!(got, expected, "{variant} divide of {fen}");
        assert_eq!(got.iter().map(|x| x.1).sum::<u64>(), total.unwrap());
    }
}

fn child_of(fen: &str, variant: &str, mv: &str) -> String {
    let children = reference::children(fen, variant).unwrap();
    children
        .into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"))
        .1
}

/// The worked examples of docs/rules.md §2.3 and §3.
#[test]
fn rules_examples() {
    assert_eq!(
        child_of(
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
            "pacifist",
            "e3f5"
        ),
        "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR b - - 0 1"
    );
    let fen = "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1";
    assert_eq!(
        child_of(fen, "pacifist2", "a8a7"),
        "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/Ppppp3/br1bk1rN w - - 0 2"
    );
    // In pacifist the same move converts only the rook g1.
    assert_eq!(
        child_of(fen, "pacifist", "a8a7"),
        "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1rN w - - 0 2"
    );
}

/// Canonical FEN details: castling letters, en passant, clocks.
#[test]
fn canonical_fen() {
    // Shredder letters come out greater file first; K/Q only for e + h/a.
    let start960 = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w BGbg - 0 1";
    assert_eq!(
        child_of(start960, "chess", "e2e4"),
        "nrbkqbrn/pppppppp/8/8/4P3/8/PPPP1PPP/NRBKQBRN b GBgb - 0 1"
    );
    // En passant only with an enemy pawn beside the advanced pawn.
    let fen = "4k3/8/8/8/3p4/8/2P1P3/4K3 w - - 3 7";
    assert_eq!(
        child_of(fen, "chess", "c2c4"),
        "4k3/8/8/8/2Pp4/8/4P3/4K3 b - c3 0 7"
    );
    assert_eq!(
        child_of(fen, "chess", "e1f1"),
        "4k3/8/8/8/3p4/8/2P1P3/5K2 b - - 4 7"
    );
    assert_eq!(
        child_of("4k3/8/8/8/2Pp4/8/4P3/5K2 b - c3 0 7", "chess", "d4c3"),
        "4k3/8/8/8/8/2p5/4P3/5K2 w - - 0 8"
    );
    // Pacifist: never an en passant square; the two-step needs the
    // passed-over square not over-persuaded (here 1 against 1: allowed).
    let fen = "4k3/8/8/8/5p2/8/3KP3/8 w - - 0 1";
    assert_eq!(
        child_of(fen, "pacifist", "e2e4"),
        "4k3/8/8/8/4Pp2/8/3K4/8 b - - 0 1"
    );
    assert_eq!(
        child_of(fen, "chess", "e2e4"),
        "4k3/8/8/8/4Pp2/8/3K4/8 b - e3 0 1"
    );
    // Without the king's support e3 is over-persuaded: no two-step.
    let fen = "4k3/8/8/8/5p2/8/4P3/2K5 w - - 0 1";
    let moves = reference::children(fen, "pacifist").unwrap();
    assert!(moves.iter().any(|(m, _)| m == "e2e3"));
    assert!(!moves.iter().any(|(m, _)| m == "e2e4"));
    // A rook move drops only its own right; a king move drops both.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        child_of(fen, "chess", "h1h8"),
        "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"
    );
    assert_eq!(
        child_of(fen, "chess", "e1a1"),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
}
/// Divide files of `/work/shared/perft-reference/divide/`, copied verbatim:
/// (variant, FEN, depth, file contents).
const DIVIDES: &[(&str, &str, u32, &str)] = &[
    // pacifist-31ac1862.txt
    (
        "pacifist",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        r"# pacifist divide, depth 3: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
a1b1: 1248
a1c1: 1246
a1d1: 1186
a2a3: 1323
a2a4: 1285
b2b3: 1208
c3a4: 1101
c3b1: 1280
c3b5: 1378
c3d1: 1298
d2c1: 1248
d2e3: 1309
d2f4: 1312
d2g5: 1264
d2h6: 619
d5d6: 1196
e1c1: 1188
e1d1: 1212
e1f1: 1220
e1g1: 1290
e2b5: 1324
e2c4: 1241
e2d1: 1210
e2d3: 1299
e2f1: 1318
e5c4: 946
e5c6: 1239
e5d3: 1324
e5g4: 1282
f3d3: 1312
f3e3: 1375
f3f4: 1110
f3f5: 1306
f3g3: 1390
f3g4: 1260
f3h5: 821
g2g3: 1236
g2g4: 1148
h1f1: 1207
h1g1: 1263
total 49022
",
    ),
    // pacifist-357715f4.txt
    (
        "pacifist",
        "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
        3,
        r"# pacifist divide, depth 3: qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1
a6a5: 606
a8a7: 585
b7b5: 832
b7b6: 805
c7c5: 483
c7c6: 519
d7d5: 632
d7d6: 637
d8c6: 632
d8e6: 590
d8f7: 574
e7e5: 736
e7e6: 715
e8f7: 604
g7f7: 545
g7g6: 755
g7g8: 635
h7h5: 558
h7h6: 606
h8f7: 576
h8g6: 590
total 13215
",
    ),
    // pacifist-41d97f6f.txt
    (
        "pacifist",
        "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w BGbg - 0 1",
        3,
        r"# pacifist divide, depth 3: nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w BGbg - 0 1
a1b3: 358
a2a3: 306
a2a4: 301
b2b3: 342
b2b4: 377
c2c3: 342
c2c4: 338
d2d3: 482
d2d4: 479
e2e3: 429
e2e4: 446
f2f3: 378
f2f4: 374
g2g3: 342
g2g4: 377
h1g3: 358
h2h3: 306
h2h4: 303
total 6638
",
    ),
    // pacifist-4989a11a.txt
    (
        "pacifist",
        "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
        3,
        r"# pacifist divide, depth 3: rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1
a1a2: 553
a1a3: 608
a1a4: 736
a1a5: 556
b1a3: 534
b1c3: 614
b2b3: 449
b2b4: 426
c1d1: 365
c2c3: 539
c2c4: 580
d2d3: 702
d2d4: 602
e3c4: 529
e3d1: 535
e3d5: 623
e3f5: 354
e3g4: 542
f2f3: 659
f2f4: 653
g2g3: 659
g2g4: 610
h2h3: 609
h2h4: 633
total 13670
",
    ),
    // pacifist-5aba1a4a.txt
    (
        "pacifist",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        3,
        r"# pacifist divide, depth 3: 4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1
b7b8b: 87
b7b8n: 47
b7b8q: 44
b7b8r: 30
e1d1: 66
e1d2: 99
e1e2: 92
e1f1: 50
e1f2: 65
total 580
",
    ),
    // pacifist-65f39c1e.txt
    (
        "pacifist",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
        r"# pacifist divide, depth 3: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
a2a3: 380
a2a4: 419
b1a3: 399
b1c3: 438
b2b3: 420
b2b4: 413
c2c3: 420
c2c4: 437
d2d3: 536
d2d4: 555
e2e3: 595
e2e4: 591
f2f3: 380
f2f4: 397
g1f3: 438
g1h3: 399
g2g3: 420
g2g4: 413
h2h3: 380
h2h4: 419
total 8849
",
    ),
    // pacifist-7ab8058c.txt
    (
        "pacifist",
        "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1",
        3,
        r"# pacifist divide, depth 3: nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1
a8b6: 583
b7b5: 474
d7d6: 621
g7g6: 839
total 2517
",
    ),
    // pacifist-7bd20784.txt
    (
        "pacifist",
        "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
        3,
        r"# pacifist divide, depth 3: 1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1
b2b3: 898
c1b1: 832
c1c2: 890
c3c4: 849
d1c2: 1089
d2d3: 898
d2d4: 671
e1f1: 970
e2e3: 706
e2e4: 859
g1b6: 0
g1c5: 500
g1d4: 953
g1e3: 928
g1f1: 679
g1f2: 1031
g2g3: 851
g2g4: 886
h1f2: 765
h1g3: 984
h3f5: 842
h3g4: 1042
total 18123
",
    ),
    // pacifist-a01c16d4.txt
    (
        "pacifist",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        3,
        r"# pacifist divide, depth 3: r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
a1a2: 0
a1a3: 0
a1a4: 0
a1a5: 0
a1a6: 0
a1a7: 0
a1b1: 260
a1c1: 260
a1d1: 192
e1c1: 190
e1d1: 0
e1d2: 0
e1e2: 0
e1f1: 0
e1f2: 0
e1g1: 172
h1f1: 164
h1g1: 235
h1h2: 0
h1h3: 0
h1h4: 0
h1h5: 0
h1h6: 0
h1h7: 0
total 1473
",
    ),
    // pacifist-c8bf5537.txt
    (
        "pacifist",
        "4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1",
        3,
        r"# pacifist divide, depth 3: 4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1
e1d1: 60
e1d2: 99
e1f1: 66
e1f2: 106
e2e3: 55
total 386
",
    ),
    // pacifist2-31ac1862.txt
    (
        "pacifist2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        r"# pacifist2 divide, depth 3: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
a1b1: 1207
a1c1: 1205
a1d1: 1147
a2a3: 1271
a2a4: 1240
b2b3: 1168
c3a4: 1061
c3b1: 1246
c3b5: 1313
c3d1: 1255
d2c1: 1207
d2e3: 1056
d2f4: 1264
d2g5: 1269
d2h6: 655
d5d6: 1140
e1c1: 1149
e1d1: 1170
e1f1: 1184
e1g1: 1252
e2b5: 1080
e2c4: 1021
e2d1: 1176
e2d3: 1017
e2f1: 1068
e5c4: 1182
e5c6: 1230
e5d3: 1318
e5g4: 1276
f3d3: 1265
f3e3: 1064
f3f4: 981
f3f5: 1351
f3g3: 1363
f3g4: 1151
f3h5: 1005
g2g3: 1191
g2g4: 1133
h1f1: 1165
h1g1: 1214
total 46710
",
    ),
    // pacifist2-357715f4.txt
    (
        "pacifist2",
        "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
        3,
        r"# pacifist2 divide, depth 3: qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1
a6a5: 630
a8a7: 77
b7b5: 836
b7b6: 806
c7c5: 509
c7c6: 544
d7d5: 634
d7d6: 637
d8c6: 633
d8e6: 584
d8f7: 569
e7e5: 689
e7e6: 713
e8f7: 628
g7f7: 523
g7g6: 747
g7g8: 631
h7h5: 554
h7h6: 602
h8f7: 572
h8g6: 567
total 12685
",
    ),
    // pacifist2-4989a11a.txt
    (
        "pacifist2",
        "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
        3,
        r"# pacifist2 divide, depth 3: rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1
a1a2: 542
a1a3: 604
a1a4: 707
a1a5: 518
b1a3: 504
b1c3: 576
b2b3: 422
b2b4: 404
c1d1: 368
c2c3: 510
d2d3: 689
d2d4: 597
e3c4: 595
e3d1: 528
e3d5: 611
e3f5: 388
e3g4: 518
f2f3: 636
f2f4: 628
g2g3: 629
g2g4: 584
h2h3: 579
h2h4: 603
total 12740
",
    ),
    // pacifist2-5aba1a4a.txt
    (
        "pacifist2",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        3,
        r"# pacifist2 divide, depth 3: 4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1
b7b8b: 87
b7b8n: 47
b7b8q: 44
b7b8r: 30
e1d1: 66
e1d2: 99
e1e2: 92
e1f1: 50
e1f2: 65
total 580
",
    ),
    // pacifist2-65f39c1e.txt
    (
        "pacifist2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
        r"# pacifist2 divide, depth 3: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
a2a3: 380
a2a4: 419
b1a3: 393
b1c3: 436
b2b3: 420
b2b4: 413
c2c3: 420
c2c4: 437
d2d3: 536
d2d4: 555
e2e3: 595
e2e4: 591
f2f3: 380
f2f4: 397
g1f3: 436
g1h3: 393
g2g3: 420
g2g4: 413
h2h3: 380
h2h4: 417
total 8831
",
    ),
    // subversion-rook-checker-table_d3.txt
    (
        "subversion",
        "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1",
        3,
        r"@e5a1: 212
@e5a2b2d2h2: 200
@e5a2b2f2h2: 212
@e5d1: 188
@e5d2f2: 188
@e5g1a2b2h2: 212
@e5g1d2: 188
@e5g1f2: 196
d1e2: 340
d2e3: 596
d4e2: 536
e1f1: 781
f2e3: 587
g1e2: 598
total 5034
",
    ),
    // subversion-converted-pawns-ep_d4.txt
    (
        "subversion",
        "4k3/8/8/8/3p4/8/2p4P/1R4K1 w - - 0 1",
        4,
        r"@c2h2: 815
b1a1: 1575
b1b2: 1521
b1b3: 1818
b1b4: 1501
b1b5: 1776
b1b6: 1699
b1b7: 919
b1b8: 636
b1c1: 709
b1d1: 1861
b1e1: 691
b1f1: 1224
g1f1: 2148
g1f2: 3270
g1g2: 3268
g1h1: 1680
h2h3: 2084
h2h4: 2083
total 31278
",
    ),
];
