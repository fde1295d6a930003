//! Differential test: the engine's move generator (`turncoat::board`)
//! against the simple reference generator of `tests/reference/mod.rs`.
//!
//! Positions come from seeded random play (a small local PRNG, no external
//! crates) from the standard start, from Chess960-like shuffled starts and
//! from the perft-suite positions. In every position visited the sorted
//! lists of (move in Chess960 notation, FEN of the child) of both generators
//! must be equal.

mod reference;

use turncoat::{board::Position, Variant};

/// SplitMix64: small, seeded, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions compared per variant.
const POSITIONS: usize = 40_000;

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Positions of `perft-reference/*.epd` (copied), used as extra starts.
const CHESS_STARTS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
];

const PACIFIST_STARTS: &[&str] = &[
    "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
    "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1",
    "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
    "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w BGbg - 0 1",
];

const SUBVERSION_STARTS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/pp6/8/8/8/3p4/1P2K1N1/1B5R w - - 0 1",
    "r3k3/8/8/8/8/5n2/PP2NP2/R3K2R w KQq - 0 1",
    "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1",
    "r1b1k2r/pp3ppp/3n4/4Q3/8/8/PPP2PPP/4K3 b kq - 0 1",
    "4k3/8/8/4r3/3N4/5n2/PP6/R2QK3 w - - 0 1",
    "kN6/8/1Q6/7p/7P/8/8/7K b - - 0 1",
    "4k3/8/8/8/3p4/8/2p4P/1R4K1 w - - 0 1",
];

/// A Chess960-like start: bishops on squares of opposite colours, the king
/// between the rooks, black mirroring white, castling rights as Shredder
/// letters.
fn shuffled_start(rng: &mut Rng) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    rank[2 * rng.below(4)] = Some('b');
    rank[2 * rng.below(4) + 1] = Some('b');
    for piece in ['q', 'n', 'n'] {
        let empty: Vec<usize> = (0..8).filter(|&f| rank[f].is_none()).collect();
        rank[empty[rng.below(empty.len())]] = Some(piece);
    }
    let empty: Vec<usize> = (0..8).filter(|&f| rank[f].is_none()).collect();
    rank[empty[0]] = Some('r');
    rank[empty[1]] = Some('k');
    rank[empty[2]] = Some('r');
    let black: String = rank.iter().map(|p| p.unwrap()).collect();
    let white = black.to_ascii_uppercase();
    let files: String = [empty[2], empty[0]]
        .iter()
        .map(|&f| (b'a' + f as u8) as char)
        .collect();
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {}{files} - 0 1",
        files.to_ascii_uppercase()
    )
}

/// The engine's sorted (move, child FEN) list.
fn fast_children(fen: &str, variant: &str) -> Result<Vec<(String, String)>, String> {
    let v = Variant::from_name(variant).ok_or(format!("no variant {variant}"))?;
    let pos = Position::from_fen(fen, v).map_err(|e| format!("from_fen failed: {e}"))?;
    let moves = pos.legal_moves();
    let mut out: Vec<(String, String)> = moves
        .iter()
        .map(|&m| (pos.move_to_uci(m, true), pos.play(m).to_fen()))
        .collect();
    out.sort();
    Ok(out)
}

/// A readable account of the difference between the two lists.
fn describe(fen: &str, fast: &[(String, String)], slow: &[(String, String)]) -> String {
    let mut text = format!("position {fen}\n");
    for (m, f) in fast {
        match slow.iter().find(|(n, _)| n == m) {
            None => text += &format!("  only engine:    {m} -> {f}\n"),
            Some((_, g)) if g != f => {
                text += &format!("  child differs:  {m}\n    engine:    {f}\n    reference: {g}\n")
            }
            _ => {}
        }
    }
    for (m, g) in slow {
        if !fast.iter().any(|(n, _)| n == m) {
            text += &format!("  only reference: {m} -> {g}\n");
        }
    }
    text
}

/// How often some rules came up in the compared lists (printed, so that a
/// run shows what it exercised).
#[derive(Default, Debug)]
struct Coverage {
    moves: usize,
    castlings: usize,
    promotions: usize,
    en_passant_fields: usize,
    subversions: usize,
    /// Pacifist: children where the side that just moved holds both kings.
    kingless_children: usize,
}

impl Coverage {
    fn add(&mut self, fen: &str, variant: &str, children: &[(String, String)]) {
        let pos = reference::parse_fen(fen, reference::Rules::from_name(variant).unwrap()).unwrap();
        for (m, child) in children {
            self.moves += 1;
            if m.starts_with('@') {
                self.subversions += 1;
                continue;
            }
            let b = m.as_bytes();
            let from = ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize;
            let to = ((b[3] - b'1') * 8 + (b[2] - b'a')) as usize;
            let own = |s: usize| matches!(pos.board[s], Some((c, _)) if c == pos.side);
            if matches!(pos.board[from], Some((_, reference::Kind::King))) && own(to) {
                self.castlings += 1;
            }
            if m.len() == 5 {
                self.promotions += 1;
            }
            let fields: Vec<&str> = child.split(' ').collect();
            if fields[3] != "-" {
                self.en_passant_fields += 1;
            }
            let placement = fields[0];
            let (upper, lower) = (placement.contains('K'), placement.contains('k'));
            if !(upper && lower) {
                self.kingless_children += 1;
            }
        }
    }
}

/// Random play in `variant` until `target` positions have been compared.
/// Games restart after 60-120 plies or when no move is left; where the two
/// generators disagree the game goes on with a move both agree on.
fn differential(variant: &str, seed: u64, target: usize, extra_starts: &[&str]) {
    let mut rng = Rng(seed);
    let mut positions = 0;
    let mut games = 0;
    let mut mismatches: Vec<String> = Vec::new();
    let mut coverage = Coverage::default();
    while positions < target && mismatches.len() < 8 {
        games += 1;
        let mut fen = match rng.below(4) {
            0 => STANDARD_START.to_string(),
            1 | 2 => shuffled_start(&mut rng),
            _ => extra_starts[rng.below(extra_starts.len())].to_string(),
        };
        let plies = 60 + rng.below(61);
        for _ in 0..plies {
            positions += 1;
            let slow = reference::children(&fen, variant)
                .unwrap_or_else(|e| panic!("reference rejects {fen}: {e}"));
            coverage.add(&fen, variant, &slow);
            let common: Vec<(String, String)> = match fast_children(&fen, variant) {
                Err(e) => {
                    mismatches.push(format!("position {fen}\n  engine error: {e}\n"));
                    break;
                }
                Ok(fast) => {
                    if fast != slow {
                        mismatches.push(describe(&fen, &fast, &slow));
                    }
                    fast.into_iter().filter(|x| slow.contains(x)).collect()
                }
            };
            if common.is_empty() {
                break;
            }
            fen = common[rng.below(common.len())].1.clone();
        }
    }
    assert!(
        mismatches.is_empty(),
        "{variant}: {} mismatching positions (of {positions} in {games} games):\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    println!("{variant}: {positions} positions in {games} games agree; {coverage:?}");
}

#[test]
fn differential_chess() {
    differential("chess", 0x5EED_0001, POSITIONS, CHESS_STARTS);
}

#[test]
fn differential_pacifist() {
    differential("pacifist", 0x5EED_0002, POSITIONS, PACIFIST_STARTS);
}

#[test]
fn differential_pacifist2() {
    differential("pacifist2", 0x5EED_0003, POSITIONS, PACIFIST_STARTS);
}

#[test]
fn differential_subversion() {
    differential("subversion", 0x5EED_0004, POSITIONS, SUBVERSION_STARTS);
}
