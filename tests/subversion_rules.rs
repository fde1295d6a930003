//! One test (or more) per rule point of docs/rules.md §4.1 and §4.2, each in a
//! position where the point decides the move list.

use turncoat::board::{Color, Outcome, Position, Square};
use turncoat::rules::illegal::{Illegal, MoveError};
use turncoat::rules::subversion::{Price, Refusal, RefusedSubversion};
use turncoat::Variant;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Subversion).unwrap()
}

/// The legal subversions of a position, in notation, sorted.
fn subversions(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| p.move_to_uci(m, false))
        .filter(|s| s.starts_with('@'))
        .collect();
    v.sort();
    v
}

fn play(fen: &str, mv: &str) -> Position {
    let p = pos(fen);
    p.play(p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
}

#[test]
fn rule_1_kings_are_never_targets() {
    // The knight d7 stands beside the black king, the only black piece.
    assert!(subversions("4k3/3N4/8/8/8/8/7P/K7 w - - 0 1").is_empty());
}

#[test]
fn rule_2_pieces_beside_their_king_are_immune() {
    // d7 and f5 both touch the knight e6; d7 also touches its king.
    assert_eq!(
        subversions("4k3/3p4/4N3/5p2/8/8/7P/K7 w - - 0 1"),
        ["@f5h2"]
    );
}

#[test]
fn rule_3_a_pawn_never_subverts() {
    // Only the pawn e4 touches d5: it may capture, not subvert.
    assert!(subversions("4k3/8/8/3p4/4P3/8/7P/K7 w - - 0 1").is_empty());
}

#[test]
fn rule_3_the_subverting_man_cannot_pay() {
    // The knight f3 checks; the knight g2 is the only man beside it, so
    // it cannot be the payment: the far bishop pays.
    assert_eq!(subversions("4k3/8/B7/8/8/5n2/6N1/4K3 w - - 0 1"), ["@f3a6"]);
}

#[test]
fn rule_4_a_quiet_target_costs_exactly_one_pawn() {
    let s = subversions("4k3/8/8/1n6/N7/8/P5PP/4K3 w - - 0 1");
    assert_eq!(s, ["@b5a2", "@b5g2", "@b5h2"]);
}

#[test]
fn rule_4_a_checking_minor_costs_one_officer() {
    // The bishop b4 checks; the knight a3 touches it. Officers: a3 (the
    // only subverter, cannot pay), the queen d1 and the rook h1; the pawn
    // a2 may not pay for a checking piece.
    let s = subversions("4k3/8/8/8/1b6/N7/P7/3QK2R w - - 0 1");
    assert_eq!(s, ["@b4d1", "@b4h1"]);
}

#[test]
fn rule_4_the_checking_rook_table() {
    let s = subversions("4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1");
    let mut expected = vec![
        "@e5a1",       // {R}
        "@e5d1",       // {Q}
        "@e5d2f2",     // {B,B}
        "@e5g1d2",     // {B,N}, squares by (rank, file)
        "@e5g1f2",     // {B,N}
        "@e5a2b2d2h2", // bishop + all pawns
        "@e5a2b2f2h2", // bishop + all pawns
        "@e5g1a2b2h2", // knight + all pawns
    ];
    expected.sort();
    // {N,N} would pay with the knight d4, the only man beside e5.
    assert_eq!(s, expected);
}

#[test]
fn rule_4_the_checking_queen_costs_three_officers_or_two_and_all_pawns() {
    let fen = "r1b1k2r/pp3ppp/3n4/4Q3/8/8/PPP2PPP/4K3 b kq - 0 1";
    let s = subversions(fen);
    // The knight d6 touches e5 and must stay: officers a8, c8, h8 pay.
    let pawns = "a7b7f7g7h7";
    let mut expected = vec![
        "@e5a8c8h8".to_string(),
        format!("@e5a8c8{pawns}"),
        format!("@e5a8h8{pawns}"),
        format!("@e5c8h8{pawns}"),
    ];
    // Payment squares are listed by (rank, file): the pawns (rank 7) first.
    expected = expected
        .iter()
        .map(|m| {
            let mut sq: Vec<&str> = (3..m.len()).step_by(2).map(|i| &m[i..i + 2]).collect();
            sq.sort_by_key(|s| (s.as_bytes()[1], s.as_bytes()[0]));
            format!("@e5{}", sq.concat())
        })
        .collect();
    expected.sort();
    assert_eq!(s, expected);
    // Paying both rooks ends black's castling for good; the fullmove number grows.
    let after = play(fen, "@e5a8c8h8");
    assert_eq!(
        after.to_fen(),
        "4k3/pp3ppp/3n4/4q3/8/8/PPP2PPP/4K3 w - - 0 2"
    );
}

#[test]
fn rule_4_sets_are_exact() {
    // Paying more than the table asks (rook + knight for a rook) is no move.
    let p = pos("4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1");
    assert!(p.parse_move("@e5a1g1").is_err());
    assert!(
        p.parse_move("@e5a2").is_err(),
        "a checking rook is not paid with a pawn"
    );
}

#[test]
fn rule_5_a_pinned_payer_may_not_pay() {
    // The pawn e2 is pinned by the rook e8: only h2 may pay.
    assert_eq!(
        subversions("k3r3/8/8/1n6/N7/8/4P2P/4K3 w - - 0 1"),
        ["@b5h2"]
    );
}

#[test]
fn rule_5_a_pawn_pinned_by_the_target_itself_may_pay() {
    assert_eq!(
        subversions("k7/4r3/3N4/8/8/8/4P2P/4K3 w - - 0 1"),
        ["@e7e2", "@e7h2"]
    );
}

#[test]
fn rule_5_no_subversion_in_double_check() {
    assert!(subversions("4k3/8/8/4r3/3N4/5n2/PP6/R2QK3 w - - 0 1").is_empty());
}

#[test]
fn rule_6_a_mate_cannot_be_escaped_by_subversion() {
    // Smothered: the knight f2 mates. The rook g1 touches f2 and the bishop
    // a8 could pay, but a mating piece may not be subverted.
    let p = pos("B3k3/8/8/8/8/8/5nPP/6RK w - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::Black, "checkmate")));
}

#[test]
fn stalemate_needs_no_move_of_either_kind() {
    // Orthodox stalemate for black, but the subversion @b8h5 is legal.
    let p = pos("kN6/8/1Q6/7p/7P/8/8/7K b - - 0 1");
    let moves: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| p.move_to_uci(m, false))
        .collect();
    assert_eq!(moves, ["@b8h5"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn side_effects_clock_and_en_passant() {
    let after = play("4k3/8/8/3pP3/2N5/8/7P/4K3 w - d6 7 30", "@d5h2");
    assert_eq!(after.to_fen(), "4k3/8/8/3PP3/2N5/8/8/4K3 b - - 0 30");
}

#[test]
fn side_effects_castling_right_lost_when_its_rook_changes_colour() {
    let after = play("r3k2r/6B1/8/8/8/8/P7/R3K2R w KQkq - 0 1", "@h8a2");
    assert_eq!(after.to_fen(), "r3k2R/6B1/8/8/8/8/8/R3K2R b KQq - 0 1");
}

#[test]
fn converted_pawns_move_their_new_way() {
    // The black pawn c2 turns white and may then advance two squares; the
    // black pawn d4 may take it en passant.
    let p = play("4k3/8/8/8/3p4/8/2p4P/1R4K1 w - - 0 1", "@c2h2");
    let p = p.play(p.parse_move("e8e7").unwrap());
    let p = p.play(p.parse_move("c2c4").unwrap());
    assert_eq!(p.to_fen(), "8/4k3/8/8/2Pp4/8/8/1R4K1 b - c3 0 2");
    assert!(p.parse_move("d4c3").is_ok());
}

#[test]
fn notation_sorted_on_output_any_order_on_input() {
    let p = pos("4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1");
    let canonical = p.parse_move("@e5a2b2d2h2").unwrap();
    for shuffled in ["@e5h2d2b2a2", "@e5d2a2h2b2", "@E5A2B2D2H2"] {
        assert_eq!(p.parse_move(shuffled).unwrap(), canonical);
    }
    assert_eq!(p.move_to_uci(canonical, false), "@e5a2b2d2h2");
    let err = p.parse_move("@e5h1").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { text, .. } if text == "@e5h1"),
        "{err}"
    );
    assert_eq!(
        p.parse_move("@e5").unwrap_err().reason(),
        Some(Illegal::NotASubversion)
    );
    assert_eq!(
        p.parse_move("@z9a1").unwrap_err().reason(),
        Some(Illegal::NotASubversion)
    );
}

/// An illegal subversion is refused with the rule it breaks.
#[test]
fn illegal_subversions_say_which_rule_they_break() {
    let refusal = |fen: &str, mv: &str| pos(fen).parse_move(mv).unwrap_err();
    let rook_check = "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1";
    let sq = |s: &str| Square::parse(s).unwrap();
    for (fen, mv, target, why) in [
        (rook_check, "@e8a2", "e8", Refusal::King),
        (rook_check, "@d4a2", "d4", Refusal::NoEnemyMan),
        (rook_check, "@e5e1", "e5", Refusal::KingPays),
        (rook_check, "@e5h5", "e5", Refusal::NotYourPayment(sq("h5"))),
        (
            rook_check,
            "@e5d2",
            "e5",
            Refusal::Price(Price::CheckingRook),
        ),
        (
            "3r3k/2N3pp/8/8/8/8/P7/K7 w - - 0 1",
            "@g7a2",
            "g7",
            Refusal::BesideOwnKing,
        ),
        (
            "3r3k/2N3pp/8/8/8/8/P7/K7 w - - 0 1",
            "@d8c7",
            "d8",
            Refusal::NoManBeside,
        ),
        (
            "k3r3/8/8/1n6/N7/8/4P2P/4K3 w - - 0 1",
            "@b5e2",
            "b5",
            Refusal::KingInCheck,
        ),
        (
            "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1",
            "@d2a1",
            "d2",
            Refusal::Price(Price::Pawn),
        ),
    ] {
        let e = refusal(fen, mv);
        let expected = Illegal::Subversion(RefusedSubversion {
            target: sq(target),
            why,
        });
        assert_eq!(e.reason(), Some(expected), "{mv}: {e}");
    }
}

/// The protocols tell a refused subversion's rule, with its section.
#[test]
fn a_refused_subversion_tells_its_rule() {
    let e = pos("3r3k/2N3pp/8/8/8/8/P7/K7 w - - 0 1")
        .parse_move("@d8c7")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move '@d8c7' in 3r3k/2N3pp/8/8/8/8/P7/K7 w - - 0 1: cannot subvert d8: after \
         the payment no knight, bishop, rook, queen or king of yours stands beside d8 \
         (docs/rules.md §4.1.3)"
    );
}

/// A coordinate move of subversion is refused by the rules of chess (§4).
#[test]
fn a_refused_chess_move_of_subversion_is_chess_s() {
    let p = pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let why = |mv: &str| p.parse_move(mv).unwrap_err().reason();
    assert_eq!(why("e1d2"), Some(Illegal::KingInCheck));
    assert_eq!(
        why("e2e3"),
        Some(Illegal::NotYourMan(Square::parse("e2").unwrap()))
    );
    assert!(matches!(why("e1e3"), Some(Illegal::OutOfReach { .. })));
}
