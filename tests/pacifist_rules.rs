//! The rule examples of docs/rules.md §2.3, §2.5 and §3 (seed diagrams 1-3 and
//! the pacifist2 example), and the finer points of docs/rules.md §2.4 and §2.6.

use turncoat::board::{Color, Outcome, PieceKind, Position, Square};
use turncoat::rules::illegal::Illegal;
use turncoat::Variant;

fn play(fen: &str, variant: Variant, mv: &str) -> Position {
    let pos = Position::from_fen(fen, variant).unwrap();
    let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    pos.play(m)
}

fn placement(pos: &Position) -> String {
    pos.to_fen().split(' ').next().unwrap().to_string()
}

fn legal(fen: &str, variant: Variant) -> Vec<String> {
    let pos = Position::from_fen(fen, variant).unwrap();
    pos.legal_moves()
        .iter()
        .map(|&m| pos.move_to_uci(m, false))
        .collect()
}

#[test]
fn seed_diagram_1_cascade_after_nf5() {
    let after = play(
        "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
        Variant::Pacifist,
        "e3f5",
    );
    assert_eq!(
        after.to_fen(),
        "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR b - - 0 1"
    );
}

#[test]
fn seed_diagram_2_kings_change_sides() {
    let before = "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1";
    // Black has no king (both are white): 1...Nb6 converts the original
    // white king on a4, so the kings have been exchanged.
    let after = play(before, Variant::Pacifist, "a8b6");
    assert_eq!(
        placement(&after),
        "1br1b1qr/ppppKppp/1n5n/4pN2/k3P3/P7/QPPP1PPP/B1R1RBN1"
    );
    assert_eq!(after.pieces(Color::Black, PieceKind::King).count(), 1);
    assert_eq!(after.pieces(Color::White, PieceKind::King).count(), 1);
    assert_eq!(after.halfmove_clock(), 0, "a conversion resets the clock");
    // 1...g6 converts the original black king on e7 back instead.
    let after = play(before, Variant::Pacifist, "g7g6");
    let e7 = Square::parse("e7").unwrap();
    assert_eq!(after.piece_at(e7).unwrap().color, Color::Black);
    assert_eq!(after.pieces(Color::White, PieceKind::King).count(), 1);
    assert_eq!(after.pieces(Color::Black, PieceKind::King).count(), 1);
}

#[test]
fn seed_diagram_3_qb6_wins() {
    let after = play(
        "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
        Variant::Pacifist,
        "g1b6",
    );
    assert_eq!(
        placement(&after),
        "1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N"
    );
    assert_eq!(after.pieces(Color::Black, PieceKind::King).count(), 0);
    assert!(after.legal_moves().is_empty());
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win(Color::White, "kings converted"))
    );
}

#[test]
fn pacifist2_example_and_its_pacifist_counterpart() {
    let before = "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1";
    let after = play(before, Variant::Pacifist2, "a8a7");
    assert_eq!(
        after.to_fen(),
        "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/Ppppp3/br1bk1rN w - - 0 2"
    );
    // In pacifist the same move converts only the rook on g1.
    let after = play(before, Variant::Pacifist, "a8a7");
    assert_eq!(
        placement(&after),
        "1rbnkb1n/qpppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1rN"
    );
}

#[test]
fn pawns_never_capture_nor_move_diagonally() {
    // The black knight on d3 sits diagonally in front of the e2 pawn.
    let moves = legal("4k3/8/8/8/8/3n4/4P3/K7 w - - 0 1", Variant::Pacifist);
    assert!(!moves.contains(&"e2d3".to_string()));
    assert!(moves.contains(&"e2e3".to_string()));
}

#[test]
fn two_step_barred_through_an_over_persuaded_square() {
    // The knights d5 and g4 both hit e3; one white knight (g2) defends it.
    let moves = legal("4k3/8/8/3n4/6n1/8/4P1N1/K7 w - - 0 1", Variant::Pacifist);
    assert!(moves.contains(&"e2e3".to_string()));
    assert!(!moves.contains(&"e2e4".to_string()));
    // With a second defender (c2) persuasion no longer exceeds support.
    let moves = legal("4k3/8/8/3n4/6n1/8/2N1P1N1/K7 w - - 0 1", Variant::Pacifist);
    assert!(moves.contains(&"e2e4".to_string()));
}

#[test]
fn king_may_stand_where_support_matches_persuasion() {
    // d3 is persuaded by the knight c5 and supported by the knight b2.
    let moves = legal("7k/8/8/2n5/8/8/1N1K4/8 w - - 0 1", Variant::Pacifist);
    assert!(moves.contains(&"d2d3".to_string()));
    // Without the support the king would be over-persuaded: illegal.
    let moves = legal("7k/8/8/2n5/8/8/3K4/7N w - - 0 1", Variant::Pacifist);
    assert!(!moves.contains(&"d2d3".to_string()));
    assert!(moves.contains(&"d2e2".to_string()));
}

#[test]
fn batteries_count_through_friendly_compatible_pieces() {
    // The knight a5 is persuaded twice (rook a8, knight b7). The rooks a2
    // and a1 form a battery: support 2, so it does not convert.
    let a5 = Square::parse("a5").unwrap();
    let pos = Position::from_fen("r3k3/1n6/8/N7/8/8/R7/R3K3 b - - 0 1", Variant::Pacifist).unwrap();
    let after = pos.play(pos.parse_move("e8f8").unwrap());
    assert_eq!(after.piece_at(a5).unwrap().color, Color::White);
    // A knight behind the rook a2 adds nothing: support 1, it converts.
    let pos = Position::from_fen("r3k3/1n6/8/N7/8/8/R7/N3K3 b - - 0 1", Variant::Pacifist).unwrap();
    let after = pos.play(pos.parse_move("e8f8").unwrap());
    assert_eq!(after.piece_at(a5).unwrap().color, Color::Black);
}

#[test]
fn fen_rejects_unreachable_king_counts() {
    let e = Position::from_fen("8/8/8/8/8/8/8/KK6 w - - 0 1", Variant::Pacifist);
    assert!(e.is_err(), "white to move, black holds no king");
    assert!(Position::from_fen("8/8/8/8/8/8/8/KK6 b - - 0 1", Variant::Pacifist).is_ok());
    assert!(Position::from_fen("8/8/8/8/8/8/8/K7 b - - 0 1", Variant::Pacifist).is_err());
    assert!(Position::from_fen("8/8/8/8/8/8/8/KK6 b - - 0 1", Variant::Chess).is_err());
}

#[test]
fn a_king_without_moves_is_stalemate() {
    // Every square around the white king a1 is persuaded by a rook (b8,
    // h2) and supported by nothing, and from there the king would persuade
    // no black piece: no legal move, but white still has a king.
    let pos = Position::from_fen("kr6/8/8/8/8/8/7r/K7 w - - 0 1", Variant::Pacifist).unwrap();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Draw("stalemate")));
}

#[test]
fn fifty_moves_without_pawn_move_or_conversion_draw() {
    let pos = Position::from_fen("k7/8/8/8/8/8/8/K6R w - - 100 80", Variant::Pacifist).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw("50-move rule")));
    // A conversion resets the clock (seed diagram 1 after 1.Nf5).
    let pos = Position::from_fen(
        "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 57 30",
        Variant::Pacifist,
    )
    .unwrap();
    assert_eq!(
        pos.play(pos.parse_move("e3f5").unwrap()).halfmove_clock(),
        0
    );
    let pos = Position::from_fen("k7/8/8/8/8/8/8/K6R w - - 57 30", Variant::Pacifist).unwrap();
    assert_eq!(
        pos.play(pos.parse_move("h1h2").unwrap()).halfmove_clock(),
        58
    );
}

/// A refused move says which rule of docs/rules.md §2 it breaks.
#[test]
fn illegal_moves_say_which_rule_they_break() {
    let sq = |s: &str| Square::parse(s).unwrap();
    for variant in [Variant::Pacifist, Variant::Pacifist2] {
        let why = |fen: &str, mv: &str| {
            Position::from_fen(fen, variant)
                .unwrap()
                .parse_move(mv)
                .unwrap_err()
                .reason()
        };
        let lone = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(why(lone, "e8e7"), Some(Illegal::NotYourMan(sq("e8"))));
        assert_eq!(why(lone, "e1g1"), Some(Illegal::Castling));
        assert_eq!(
            why(lone, "e2d3"),
            Some(Illegal::OutOfReach {
                from: sq("e2"),
                to: sq("d3")
            }),
            "§2.1.2: a pawn never moves diagonally"
        );
        assert_eq!(
            why("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8"),
            Some(Illegal::Promotion)
        );
        assert_eq!(
            why("4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1", "e2d3"),
            Some(Illegal::Capture(sq("d3"))),
            "§2.1.1"
        );
        assert_eq!(
            why("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", "e2e4"),
            Some(Illegal::PersuadedJump(sq("e3"))),
            "§2.4.3"
        );
        assert_eq!(
            why("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3"),
            Some(Illegal::NoSafeKing),
            "§2.4.1"
        );
    }
}
