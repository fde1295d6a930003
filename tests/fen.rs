//! FEN parsing and printing: round trips, castling notations, and a clear
//! error (never a panic) for every kind of bad input.

use turncoat::board::Position;
use turncoat::{BoardVariant, Variant};

fn err(fen: &str, variant: Variant) -> String {
    match Position::from_fen(fen, variant) {
        Ok(p) => panic!("accepted bad FEN {fen:?} as {}", p.to_fen()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn round_trips() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    ] {
        assert_eq!(
            Position::from_fen(fen, Variant::Chess).unwrap().to_fen(),
            fen
        );
    }
}

#[test]
fn castling_notations_agree() {
    let shredder =
        Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", Variant::Chess).unwrap();
    let xfen = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::Chess).unwrap();
    assert_eq!(shredder, xfen);
    assert_eq!(shredder.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // X-FEN K means the outermost rook on the king's h-side.
    let p = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w K - 0 1", Variant::Chess).unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/1R2K1RR w K - 0 1");
    let p = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1", Variant::Chess).unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
}

#[test]
fn en_passant_written_only_when_a_pawn_can_take() {
    let p = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", Variant::Chess).unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    let p = Position::startpos(BoardVariant::Chess);
    let after = p.play(p.parse_move("e2e4").unwrap());
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn bad_fens_give_clear_errors() {
    let c = Variant::Chess;
    assert!(err("", c).contains("at least 4 fields"));
    assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", c).contains("8 ranks"));
    assert!(err(
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        c
    )
    .contains("more than 8"));
    assert!(
        err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", c).contains("7 squares")
    );
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        c
    )
    .contains("unknown piece letter 'X'"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        c
    )
    .contains("side to move"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
        c
    )
    .contains("castling"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        c
    )
    .contains("no rook"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        c
    )
    .contains("en passant"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        c
    )
    .contains("en passant"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        c
    )
    .contains("halfmove"));
    assert!(err(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        c
    )
    .contains("fullmove"));
    assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", c).contains("king"));
    assert!(err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", c).contains("pawn on the first or last rank"));
    assert!(err("4k3/8/8/8/8/8/8/4K2r b - - 0 1", c).contains("in check"));
    assert!(err("4k3/8/8/8/8/8/8/4KK2 b - - 0 1", Variant::Pacifist).contains("two kings"));
    assert!(err("8/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Pacifist).contains("two kings"));
    assert!(err("8/8/8/8/8/8/8/4KK2 w - - 0 1", Variant::Pacifist).contains("no king"));
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "",
        " ",
        "////////",
        "8/8/8/8/8/8/8/8",
        "9/8/8/8/8/8/8/8 w - - 0 1",
        "KKKKKKKKK/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 99999999 1",
        "k7/8/8/8/8/8/8/7K w ---- - 0 1",
        "k7/8/8/8/8/8/8/7K w - a 0 1",
        "k7/8/8/8/8/8/8/7K w - - 0 1 extra",
        "\u{0}\u{1}",
        "k7/8/8/8/8/8/8/7K b - h9 0 1",
        "k7/8/8/8/8/8/8/7K w AHah - 0 1",
        "k7/8/8/8/8/8/8/7K w KK - 0 1",
    ];
    for v in Variant::ALL {
        for s in samples {
            let _ = Position::from_fen(s, v);
        }
    }
}

#[test]
fn bad_moves_are_errors_not_panics() {
    let p = Position::startpos(BoardVariant::Chess);
    for m in [
        "", "e2", "e2e5", "e7e5", "aé1", "é1é2", "@", "@e4", "@e2e4é", "e1g1", "zzzz", "e2e4qq",
    ] {
        assert!(p.parse_move(m).is_err(), "{m}");
    }
    assert!(p.parse_move("e2e4").is_ok());
    assert!(p.parse_move(" E2E4 ").is_ok());
}
