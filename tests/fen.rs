//! FEN parsing and printing: round trips, castling notations, and a clear
//! error (never a panic) for every kind of bad input.

use turncoat::board::{Color, FenError, Position, Square};
use turncoat::{BoardVariant, Variant};

fn err(fen: &str, variant: Variant) -> FenError {
    match Position::from_fen(fen, variant) {
        Ok(p) => panic!("accepted bad FEN {fen:?} as {}", p.to_fen()),
        Err(e) => e,
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
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(err("", c), FenError::TooFewFields(0));
    assert_eq!(
        err(&format!("{start} w KQkq - 0 1 9"), c),
        FenError::TooManyFields(7)
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", c),
        FenError::Ranks(7)
    );
    assert_eq!(
        err(
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            c
        ),
        FenError::RankTooLong { rank: 7 }
    );
    assert_eq!(
        err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", c),
        FenError::RankTooShort {
            rank: 7,
            squares: 7
        }
    );
    assert_eq!(
        err(
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            c
        ),
        FenError::EmptyCount {
            count: '9',
            rank: 6
        }
    );
    assert_eq!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            c
        ),
        FenError::PieceLetter {
            letter: 'X',
            rank: 1
        }
    );
    assert_eq!(
        err(&format!("{start} x KQkq - 0 1"), c),
        FenError::SideToMove("x".into())
    );
    assert_eq!(
        err(&format!("{start} w KQkz - 0 1"), c),
        FenError::CastlingLetter('z')
    );
    assert_eq!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            c
        ),
        FenError::CastlingWithoutRook {
            right: 'K',
            side: 'h'
        }
    );
    assert!(matches!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            c
        ),
        FenError::EnPassantField(_)
    ));
    assert!(matches!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            c
        ),
        FenError::EnPassantRank { rank: 6, .. }
    ));
    assert!(matches!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            c
        ),
        FenError::HalfmoveClock(_)
    ));
    assert!(matches!(
        err(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            c
        ),
        FenError::FullmoveNumber(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", c),
        FenError::KingCount { white: 0, black: 1 }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", c),
        FenError::PawnOnEdge(_)
    ));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2r b - - 0 1", c),
        FenError::WaitingSideInCheck
    );
    let p = Variant::Pacifist;
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4KK2 b - - 0 1", p),
        FenError::PacifistKingCount(3)
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 w - - 0 1", p),
        FenError::PacifistKingCount(1)
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4KK2 w - - 0 1", p),
        FenError::WaitingSideWithoutKing
    );
}

/// One FEN per fault the board or the rules find, with the field named.
#[test]
fn every_fault_of_a_fen_has_its_variant() {
    let c = Variant::Chess;
    assert_eq!(
        err("8/4k3/8/8/8/8/8/4K2R w Kk - 0 1", c),
        FenError::CastlingWithoutKing {
            right: 'k',
            color: Color::Black
        }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/R3K3 w B - 0 1", c),
        FenError::CastlingRookMissing {
            right: 'B',
            square: Square::parse("b1").unwrap()
        }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/R3K3 w E - 0 1", c),
        FenError::CastlingRookMissing {
            right: 'E',
            square: Square::parse("e1").unwrap()
        }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", c),
        FenError::CastlingTwice("AB".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", c),
        FenError::EnPassantWithoutPawn(Square::parse("e3").unwrap())
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 w - - 0 1", c),
        FenError::KingCount { white: 1, black: 0 }
    );
    let crowd = "4k3/pppppppp/pppppppp/p7/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        err(crowd, c),
        FenError::SideTooLarge {
            color: Color::Black,
            count: 18
        }
    );
    let full = "kqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/QQQQQQQQ/8/8/KQ6 w - - 0 1";
    assert_eq!(err(full, Variant::Pacifist), FenError::PacifistTooLarge(42));
    assert_eq!(
        err(Variant::Chess.start_fen(), Variant::Apocalypse),
        FenError::NotEightByEight
    );
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
