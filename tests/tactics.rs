//! The search finds forced wins: mates in chess, and in the pacifist
//! variants the conversion of the last enemy king with no way back.

use std::time::Duration;
use turncoat::board::Position;
use turncoat::search::threads::{search, Score, SearchParams};
use turncoat::search::time::Limits;
use turncoat::search::Shared;
use turncoat::Variant;

/// Searches to `depth` and returns (best move, score).
fn solve(variant: Variant, fen: &str, depth: u32) -> (String, Score) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let shared = Shared::new(16);
    let params = SearchParams {
        pos,
        game_keys: Vec::new(),
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        threads: 1,
        multipv: 1,
        searchmoves: Vec::new(),
        overhead: Duration::ZERO,
    };
    let mut last = Score::Cp(0);
    let result = search(&shared, &params, &mut |r| last = r.score);
    (pos.move_to_uci(result.best.unwrap(), false), last)
}

#[test]
fn chess_mate_in_one() {
    assert_eq!(
        solve(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4),
        ("a1a8".into(), Score::Mate(1))
    );
}

#[test]
fn chess_mate_in_two() {
    // 1.Ra6 bxa6 2.b7#
    assert_eq!(
        solve(Variant::Chess, "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 6),
        ("a1a6".into(), Score::Mate(2))
    );
}

#[test]
fn chess_mate_in_three() {
    let (_, score) = solve(Variant::Chess, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 8);
    assert_eq!(score, Score::Mate(3));
}

#[test]
fn chess_getting_mated_is_scored_negative() {
    // After 1.Ra6 of the mate in two, black is mated next move whatever it plays.
    let (_, score) = solve(Variant::Chess, "kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1", 4);
    assert_eq!(score, Score::Mate(-1));
}

#[test]
fn pacifist_seed_diagram_3_is_found() {
    assert_eq!(
        solve(
            Variant::Pacifist,
            "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
            3
        ),
        ("g1b6".into(), Score::Mate(1))
    );
}

#[test]
fn pacifist_lone_king_is_converted() {
    for v in [Variant::Pacifist, Variant::Pacifist2] {
        let (_, score) = solve(v, "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", 3);
        assert_eq!(score, Score::Mate(1), "{v}");
    }
}
