//! The draws that end a game although moves remain (docs/rules.md §1.3:
//! threefold repetition, the 50-move rule, a dead position) in every
//! sequential variant they touch, and castling by a king that already
//! stands on its destination (docs/rules.md §1.2, §2.6.3, §2.8.4), in the
//! four 8x8 variants.

use turncoat::board::Outcome;
use turncoat::game::Game;
use turncoat::Variant;

const SEQUENTIAL: [Variant; 4] = [
    Variant::Chess,
    Variant::Pacifist,
    Variant::Pacifist2,
    Variant::Subversion,
];

fn game(variant: Variant, fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant:?} {fen}: {e}"));
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{variant:?} {fen} {m}: {e}"));
    }
    g
}

fn legal(g: &Game) -> Vec<String> {
    g.moves_for(g.side_to_move())
}

#[test]
fn threefold_repetition_ends_the_game_in_every_sequential_variant() {
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    for v in SEQUENTIAL {
        let start = v.start_fen();
        let twice = game(v, start, &shuffle[..7]);
        assert_eq!(twice.outcome(), None, "{v:?}: twice is no end");
        let thrice = game(v, start, &shuffle);
        assert_eq!(
            thrice.outcome(),
            Some(Outcome::Draw("threefold repetition")),
            "{v:?}"
        );
        // an end by the rules, yet the engine still has moves to give a
        // GUI that plays on under FIDE's claims
        assert!(thrice.rules_end().is_none() && !legal(&thrice).is_empty());
        assert_eq!(thrice.result_text(), "1/2-1/2 threefold repetition");
    }
}

#[test]
fn the_fifty_move_rule_ends_the_game_in_every_sequential_variant() {
    // The knight g1 steps without capture, pawn move or conversion.
    let fen = "4k3/p7/8/8/8/8/P7/4K1N1 w - - 99 80";
    for v in SEQUENTIAL {
        let g = game(v, fen, &["g1h3"]);
        assert_eq!(g.outcome(), Some(Outcome::Draw("50-move rule")), "{v:?}");
        let pawn = game(v, fen, &["a2a3"]);
        assert_eq!(pawn.outcome(), None, "{v:?}: a pawn move resets the count");
    }
    // A mate on the hundredth ply wins (docs/rules.md §1.3.2).
    let mate = game(
        Variant::Chess,
        "4k3/8/4K3/8/8/8/8/R7 w - - 99 80",
        &["a1a8"],
    );
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win(turncoat::board::Color::White, "checkmate"))
    );
    // In the pacifist variants a conversion resets it (docs/rules.md §2.5.3).
    for v in [Variant::Pacifist, Variant::Pacifist2] {
        let g = game(v, "4k3/8/8/8/4n3/R7/2N5/4K2R b K - 99 20", &["e4g3"]);
        assert_eq!(g.outcome(), None, "{v:?}");
        assert!(g.fen().ends_with(" 0 21"), "{v:?}: {}", g.fen());
    }
}

#[test]
fn dead_positions_end_chess_and_subversion_at_once() {
    let dead = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 b - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4kb2/8/8/8/8/2B5/8/2B1K3 w - - 0 1",
    ];
    let alive = [
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1",
        "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ];
    for v in [Variant::Chess, Variant::Subversion] {
        for fen in dead {
            let g = game(v, fen, &[]);
            assert_eq!(
                g.outcome(),
                Some(Outcome::Draw("insufficient material")),
                "{v:?} {fen}"
            );
            assert!(!legal(&g).is_empty(), "{v:?} {fen}: moves remain");
        }
        for fen in alive {
            assert_eq!(game(v, fen, &[]).outcome(), None, "{v:?} {fen}");
        }
        // A capture that leaves king against king ends the game.
        let g = game(v, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", &["e1d2"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw("insufficient material")),
            "{v:?}"
        );
    }
    // No man leaves a pacifist board: a lone king still converts the other
    // by stepping next to it (docs/rules.md §2.5.3).
    for v in [Variant::Pacifist, Variant::Pacifist2] {
        for fen in dead {
            assert_eq!(game(v, fen, &[]).outcome(), None, "{v:?} {fen}");
        }
        let g = game(v, "8/8/8/3k4/8/3K4/8/8 w - - 0 1", &["d3d4"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win(
                turncoat::board::Color::White,
                "kings converted"
            )),
            "{v:?}"
        );
    }
}

#[test]
fn a_king_on_its_castling_destination_does_not_castle_from_an_attacked_square() {
    // King g1, rook h1: the h-side castling only moves the rook to f1.
    let attacked = "4k3/8/8/2b5/8/8/8/6KR w H - 0 1";
    let free = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    for v in SEQUENTIAL {
        let g = game(v, attacked, &[]);
        assert!(
            !legal(&g).iter().any(|m| m == "g1h1"),
            "{v:?}: castling out of an attack in {:?}",
            legal(&g)
        );
        let castled = game(v, free, &["g1h1"]);
        assert_eq!(castled.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", "{v:?}");
    }
    // The pacifist reading of docs/rules.md §2.8.4: the king's start square
    // counts whatever the support (the knight e2 and the rook h1 support
    // g1 against the bishop c5 alone).
    for v in [Variant::Pacifist, Variant::Pacifist2] {
        let g = game(v, "4k3/8/8/2b5/8/8/4N3/6KR w H - 0 1", &[]);
        assert!(
            !legal(&g).iter().any(|m| m == "g1h1"),
            "{v:?}: {:?}",
            legal(&g)
        );
    }
}

#[test]
fn a_pacifist_fen_reads_and_drops_any_en_passant_square() {
    for v in [Variant::Pacifist, Variant::Pacifist2] {
        for (fen, read) in [
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
        ] {
            assert_eq!(game(v, fen, &[]).fen(), read, "{v:?}");
        }
        assert!(Game::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - e9 0 1").is_err());
    }
    // The capture variants still refuse an en passant square no pawn made.
    for v in [Variant::Chess, Variant::Subversion] {
        let e = Game::from_fen(
            v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("without a pawn that just advanced"),
            "{e}"
        );
    }
}
