//! The search finds forced wins: mates in chess, and in the pacifist
//! variants the conversion of the last enemy king with no way back; in
//! subversion mates that buy the mating piece. Positions with a forced win
//! in two are proven by brute force before the search is asked.

use std::time::Duration;
use turncoat::board::{Outcome, Position};
use turncoat::search::threads::{search, Score, SearchParams};
use turncoat::search::time::Limits;
use turncoat::search::Shared;
use turncoat::Variant;

/// A search of `pos` (after the game's `game_keys`) to `depth`.
fn depth_params(
    pos: Position,
    game_keys: Vec<u64>,
    depth: u32,
    threads: usize,
    searchmoves: Vec<turncoat::board::Move>,
) -> SearchParams {
    SearchParams {
        pos,
        game_keys,
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        threads,
        multipv: 1,
        searchmoves,
        overhead: Duration::ZERO,
    }
}

/// Searches to `depth` and returns (best move, score).
fn solve(variant: Variant, fen: &str, depth: u32) -> (String, Score) {
    solve_with_threads(variant, fen, depth, 1)
}

/// As [`solve`], with `threads` threads racing to each depth.
fn solve_with_threads(variant: Variant, fen: &str, depth: u32, threads: usize) -> (String, Score) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let shared = Shared::new(16);
    let params = depth_params(pos, Vec::new(), depth, threads, Vec::new());
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
fn chess_fork_wins_the_rook_through_aspiration_windows() {
    // 1.Nc7+ forks king and rook. Deep enough for the aspiration window
    // (from depth 5), whose score must be exact, not a bound.
    let (best, score) = solve(Variant::Chess, "4k3/8/r7/3N4/8/8/4PP2/4K3 w - - 0 1", 8);
    assert_eq!(best, "d5c7");
    let Score::Cp(cp) = score else {
        panic!("{score:?}")
    };
    assert!(cp > 400, "{cp}");
}

#[test]
fn chess_does_not_take_a_defended_pawn_with_the_queen() {
    // Qxd5 exd5 loses the queen; the quiescence search must see the
    // recapture even though it skips losing captures itself.
    let (best, _) = solve(Variant::Chess, "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", 6);
    assert_ne!(best, "d1d5");
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

/// Whether the side to move can force a win within `n` of its moves, by
/// brute force over the legal moves (independent of the search).
fn forced_win(pos: &Position, n: u32) -> bool {
    let us = pos.side_to_move();
    let won = |p: &Position| matches!(p.outcome(), Some(Outcome::Win(w, _)) if w == us);
    pos.legal_moves().iter().any(|&mv| {
        let child = pos.play(mv);
        if won(&child) {
            return true;
        }
        n > 1
            && child.outcome().is_none()
            && child.legal_moves().iter().all(|&reply| {
                let next = child.play(reply);
                won(&next) || (next.outcome().is_none() && forced_win(&next, n - 1))
            })
    })
}

/// A position with a forced win in exactly `n` moves (checked by brute
/// force): the search scores it `mate n` and its move keeps the win.
fn finds_forced_win(variant: Variant, fen: &str, n: u32) {
    let pos = Position::from_fen(fen, variant).unwrap();
    assert!(forced_win(&pos, n), "{variant} {fen}: no win in {n}");
    assert!(
        !forced_win(&pos, n - 1),
        "{variant} {fen}: already won in {}",
        n - 1
    );
    let (mv, score) = solve(variant, fen, 2 * n);
    assert_eq!(score, Score::Mate(n as i32), "{variant} {fen} one thread");
    assert_keeps_win(&pos, &mv, n);
    let (mv, score) = solve_mate_with_threads(variant, fen, n, 3);
    assert_eq!(score, Score::Mate(n as i32), "{variant} {fen} 3 threads");
    assert_keeps_win(&pos, &mv, n);
}

/// `go mate n` on `threads` threads, capped at two plies past the mate.
/// Not `go depth 2n`: under Lazy SMP whichever thread completes a depth
/// first gives the result, and a helper that started ahead of the frontier,
/// with little ordering history, can reduce the mating reply away at
/// exactly that depth and find the mate one iteration later.
fn solve_mate_with_threads(variant: Variant, fen: &str, n: u32, threads: usize) -> (String, Score) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let shared = Shared::new(16);
    let mut params = depth_params(pos, Vec::new(), 2 * n + 2, threads, Vec::new());
    params.limits.mate = Some(n);
    let mut last = Score::Cp(0);
    let result = search(&shared, &params, &mut |r| last = r.score);
    (pos.move_to_uci(result.best.unwrap(), false), last)
}

/// After `mv`, every reply still loses within `n - 1` moves.
fn assert_keeps_win(pos: &Position, mv: &str, n: u32) {
    let after = pos.play(pos.parse_move(mv).unwrap());
    let us = pos.side_to_move();
    let keeps_win = matches!(after.outcome(), Some(Outcome::Win(w, _)) if w == us)
        || after.legal_moves().iter().all(|&r| {
            let next = after.play(r);
            matches!(next.outcome(), Some(Outcome::Win(w, _)) if w == us)
                || forced_win(&next, n - 1)
        });
    assert!(keeps_win, "{}: {mv} lets the win go", pos.to_fen());
}

#[test]
fn pacifist_conversions_for_good_in_two() {
    for fen in [
        "r1q2bNR/p1p1pkp1/1p1n1p2/3P3P/2PNPPB1/8/PPQP2PP/RNB1KB1R b KQ - 0 14",
        "rn3bnr/p1k5/1p1pq1Pp/2pbpP1P/P1ppP3/2R2PP1/1P1K4/QNB2BNR w - - 4 22",
        "1nBqk1NR/bPp2pPP/r4B2/p2pPQ2/1pp5/5PPB/P2PP2P/RN2K1NR w KQk - 1 13",
    ] {
        finds_forced_win(Variant::Pacifist, fen, 2);
    }
}

#[test]
fn pacifist2_conversions_for_good_in_two() {
    for fen in [
        "R2q1bnr/1B1k2p1/3ppp2/pPP1Q2P/3N1PP1/N1P1K2B/PP1PP2P/R1B3NR b - - 3 19",
        "3rk2R/ppPbppBP/3QN3/3P2P1/2N1P3/1P1P1PP1/P1PN3P/R1BQKBNR w KQk - 1 14",
        "1nbqkrn1/r1pp1p1p/p5p1/1P2P2p/2B2Pp1/BQP1PN1r/PP1P4/RNB1K3 b Q - 1 12",
    ] {
        finds_forced_win(Variant::Pacifist2, fen, 2);
    }
}

#[test]
fn subversion_mate_in_one_by_subverting_a_rook() {
    // The bought rook d8 mates on the back rank at once (docs/rules.md §4.1.7).
    assert_eq!(
        solve(Variant::Subversion, "3r3k/2N3pp/8/8/8/8/P7/K7 w - - 0 1", 3),
        ("@d8a2".into(), Score::Mate(1))
    );
}

#[test]
fn subversion_mates_in_two() {
    for fen in [
        "2r5/1Bp1k3/6QP/p2Pp3/6P1/8/P2K4/2RN2R1 w - - 1 37",
        "8/q1n1k3/R7/8/8/n1p4K/8/6q1 b - - 3 52",
        "5k2/3Q4/P3p1pq/8/1N3p2/2B4R/5RK1/3B1BN1 w - - 1 61",
    ] {
        finds_forced_win(Variant::Subversion, fen, 2);
    }
}

/// Searches `fen` after the game moves `history` to `depth`, restricted to
/// the root move `only`, and returns the score.
fn score_of_move(variant: Variant, fen: &str, history: &[&str], only: &str, depth: u32) -> Score {
    let mut game = turncoat::game::SequentialGame::new(Position::from_fen(fen, variant).unwrap());
    for mv in history {
        game.play_str(mv).unwrap();
    }
    let pos = *game.position();
    let shared = Shared::new(16);
    let only = vec![pos.parse_move(only).unwrap()];
    let params = depth_params(pos, game.history().to_vec(), depth, 1, only);
    let mut last = None;
    search(&shared, &params, &mut |r| last = Some(r.score));
    last.unwrap()
}

/// The repeating move `mv` scores a draw at every depth from 1 to `max_depth`.
fn repeats_to_a_draw(variant: Variant, fen: &str, history: &[&str], mv: &str, max_depth: u32) {
    for depth in 1..=max_depth {
        assert_eq!(
            score_of_move(variant, fen, history, mv, depth),
            Score::Cp(0),
            "depth {depth}"
        );
    }
}

#[test]
fn a_repetition_at_the_horizon_is_a_draw() {
    // Knights out and back: Nf3 repeats the position after 1.Nf3, even
    // where it is the last ply before the quiescence search.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let history = ["g1f3", "g8f6", "f3g1", "f6g8"];
    repeats_to_a_draw(Variant::Chess, start, &history, "g1f3", 3);
}

#[test]
fn pacifist_repetitions_reach_across_conversions() {
    // From a real pacifist2 game: the white king d4 converts the pawn b5,
    // the black queen c6 converts it back, and so on. Every move converts
    // (the halfmove clock stays near 0), yet Kd4 repeats the position
    // after Rh4.
    let fen = "1rb2b1r/4np1p/3qknpP/1pPpp1P1/2QKP3/P3NN2/PPPPBP2/R1B4R w - - 0 32";
    let history = ["h1h4", "d6c6", "d4c3", "c6d6"];
    repeats_to_a_draw(Variant::Pacifist2, fen, &history, "c3d4", 4);
}
