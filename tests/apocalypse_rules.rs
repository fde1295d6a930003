//! docs/rules.md §5, point by point, and the seed's examples.

use turncoat::board::{Color, Outcome};
use turncoat::rules::apocalypse::{
    ApocalypseFenError, ApocalypseGame, ApocalypsePosition, IllegalPly,
};

fn pos(fen: &str) -> ApocalypsePosition {
    ApocalypsePosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Candidates of a side as (notation, sure), sorted.
fn cands(p: &ApocalypsePosition, side: Color) -> Vec<(String, bool)> {
    let mut v: Vec<(String, bool)> = p
        .candidates(side)
        .iter()
        .map(|c| (c.to_string(), c.sure))
        .collect();
    v.sort();
    v
}

fn turn(p: &ApocalypsePosition, w: &str, b: &str) -> ApocalypsePosition {
    let wp = p.parse_ply(Color::White, w).unwrap();
    let bp = p.parse_ply(Color::Black, b).unwrap();
    p.resolve(wp, bp)
}

#[test]
fn start_position_and_fen_round_trip() {
    let p = ApocalypsePosition::start();
    assert_eq!(p.to_fen(), "npppn/p3p/5/P3P/NPPPN w 00 1");
    for fen in [
        "npppn/p4/4P/P2pP/NPP1N w 00 3",
        "4n/1P1p1/5/4P/5 w 10 7",
        "n3n/1P3/5/3p1/N3N w 01 2",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
}

#[test]
fn bad_fens_are_rejected_clearly() {
    use ApocalypseFenError as E;
    for (fen, what) in [
        ("npppn/p3p/5/P3P w 00 1", E::Ranks(4)),
        (
            "npppn/p3p/6/P3P/NPPPN w 00 1",
            E::EmptyCount {
                count: '6',
                rank: 3,
            },
        ),
        ("nppppn/p3p/5/P3P/NPPPN w 00 1", E::RankTooLong { rank: 5 }),
        (
            "npppn/p3p/4/P3P/NPPPN w 00 1",
            E::RankTooShort {
                rank: 3,
                squares: 4,
            },
        ),
        (
            "nppbn/p3p/5/P3P/NPPPN w 00 1",
            E::PieceLetter {
                letter: 'b',
                rank: 5,
            },
        ),
        ("npppn/p3p/5/P3P/NPPPN b 00 1", E::Side("b".into())),
        ("npppn/p3p/5/P3P/NPPPN w 0 1", E::Penalties("0".into())),
        ("npppn/p3p/5/P3P/NPPPN w 0x 1", E::Penalties("0x".into())),
        ("npppn/p3p/5/P3P/NPPPN w 00 0", E::Turn("0".into())),
        ("npppn/p3p/5/P3P/NPPPN w 00", E::Fields(3)),
    ] {
        assert_eq!(ApocalypsePosition::from_fen(fen), Err(what), "{fen}");
    }
    for fen in [
        "nPppn/p3p/5/P3P/NPPPN w 00 1",
        "npppn/p3p/5/P3P/NPpPN w 00 1",
    ] {
        assert!(
            matches!(ApocalypsePosition::from_fen(fen), Err(E::PawnOnLastRank(_))),
            "{fen}"
        );
    }
}

/// The orthodox-shaped FEN a chess GUI writes back has faults of its own.
#[test]
fn bad_orthodox_fens_name_their_field() {
    use ApocalypseFenError as E;
    let placement = "npppn/p3p/5/P3P/NPPPN";
    let read = |rest: &str| ApocalypsePosition::from_orthodox_fen(&format!("{placement} {rest}"));
    assert_eq!(read("b - - 0 1"), Err(E::OrthodoxSide("b".into())));
    assert!(matches!(
        read("w KQ - 0 1"),
        Err(E::OrthodoxCastlingOrEnPassant { .. })
    ));
    assert_eq!(read("w - - x 1"), Err(E::OrthodoxHalfmoveClock("x".into())));
    assert_eq!(read("w - - 0 3").map(|p| p.turn()), Ok(3));
}

#[test]
fn knight_jumps_sure_and_speculative_self_capture() {
    let p = ApocalypsePosition::start();
    let c = cands(&p, Color::White);
    // From the start, a1 jumps to the empty b3 and c2: sure.
    assert!(c.contains(&("a1b3".into(), true)));
    assert!(c.contains(&("a1c2".into(), true)));
    // A knight onto its own piece is speculative.
    let p = pos("4n/5/1P3/5/N2P1 w 00 1");
    let c = cands(&p, Color::White);
    assert!(c.contains(&("a1b3".into(), false)), "{c:?}");
}

#[test]
fn pawn_moves_of_every_kind() {
    // White pawn c2: c3 enemy-occupied (speculative, needs it to leave),
    // b3 empty diagonal (speculative), d3 enemy (sure capture).
    let p = pos("n3n/p3p/2pp1/2P2/N3N w 00 1");
    let c: Vec<(String, bool)> = cands(&p, Color::White)
        .into_iter()
        .filter(|(m, _)| m.starts_with("c2"))
        .collect();
    assert_eq!(
        c,
        [
            ("c2b3".into(), false),
            ("c2c3".into(), false),
            ("c2d3".into(), true)
        ]
    );
    // A pawn behind its own piece has no forward move.
    let p = pos("n3n/p3p/5/2N2/2P1N w 00 1");
    assert!(!cands(&p, Color::White).iter().any(|(m, _)| m == "c1c2"));
}

#[test]
fn promotion_with_at_most_one_knight_makes_a_knight() {
    let p = pos("4n/1P1p1/5/4P/5 w 00 1");
    let c = cands(&p, Color::White);
    assert!(c.contains(&("b4b5n".into(), true)));
    assert!(
        c.contains(&("b4a5n".into(), false)),
        "diagonal to an empty square is speculative"
    );
    assert!(
        !c.iter().any(|(m, _)| m.contains(',')),
        "no relocation with fewer than two knights"
    );
}

#[test]
fn promotion_with_two_knights_relocates_or_speculates() {
    let p = pos("4n/1P1p1/2p2/4P/N3N w 00 1");
    let c = cands(&p, Color::White);
    // Relocation to every square off rank 5 that is empty once b4 left
    // (b4 itself included): 20 squares minus 5 occupied (d4, c3, e2, a1, e1) + b4.
    let relocations: Vec<&(String, bool)> =
        c.iter().filter(|(m, _)| m.starts_with("b4b5,")).collect();
    assert_eq!(relocations.len(), 20 - 5);
    assert!(relocations.iter().all(|(_, sure)| *sure));
    assert!(c.contains(&("b4b5,b5b4".into(), true)));
    assert!(!c.iter().any(|(m, _)| m == "b4b5,b5d4"), "d4 is occupied");
    // The knight promotion is then speculative.
    assert!(c.contains(&("b4b5n".into(), false)));
}

#[test]
fn seed_example_pawns_swap_places() {
    let p = ApocalypsePosition::start();
    let p = turn(&p, "d1d2", "e4e3");
    let p = turn(&p, "d2e3", "e3d2");
    assert_eq!(p.to_fen(), "npppn/p4/4P/P2pP/NPP1N w 00 3");
}

#[test]
fn seed_example_speculation_pays_only_against_the_right_move() {
    let p = ApocalypsePosition::start();
    // a2b3 is valid only if black's move ends on b3 (Na5-b3): then the
    // speculative pawn wins the collision and the knight vanishes.
    let hit = turn(&p, "a2b3", "a5b3");
    assert_eq!(hit.to_fen(), "1pppn/p3p/1P3/4P/NPPPN w 00 2");
    // Against any other move it is not played, and costs a penalty.
    let miss = turn(&p, "a2b3", "e4e3");
    assert_eq!(miss.to_fen(), "npppn/p4/4p/P3P/NPPPN w 10 2");
}

#[test]
fn speculation_needs_a_sure_opponent_move() {
    // Both speculate on each other: neither is valid, both are penalised.
    let p = ApocalypsePosition::start();
    let both = turn(&p, "a2b3", "b5a4");
    assert_eq!(both.to_fen(), "npppn/p3p/5/P3P/NPPPN w 11 2");
}

#[test]
fn captures_miss_pieces_that_moved() {
    // White's knight jumps to d3 where a black pawn stood, but that pawn
    // advanced: nothing is captured.
    let p = pos("n4/5/3p1/5/4N w 00 1");
    let p2 = turn(&p, "e1d3", "d3d2");
    assert_eq!(
        p2.piece_at(turncoat::rules::apocalypse::Sq::parse("d2").unwrap())
            .map(|x| x.0),
        Some(Color::Black)
    );
    assert_eq!(p2.to_fen(), "n4/5/3N1/3p1/5 w 00 2");
    // If the pawn stays, it is taken.
    let p3 = turn(&p, "e1d3", "a5b3");
    assert_eq!(p3.to_fen(), "5/5/1n1N1/5/5 w 00 2");
}

#[test]
fn collision_rules_one_by_one() {
    // Knight (sure) beats pawn (sure): white knight b1-c3, black pawn c4-c3.
    let p = pos("n4/2p2/5/5/1N2P w 00 1");
    assert_eq!(turn(&p, "b1c3", "c4c3").to_fen(), "n4/5/2N2/5/4P w 00 2");
    // Equal kinds both vanish: pawns b2-b3 and b4-b3.
    let p = pos("n4/1p3/5/1P3/4N w 00 1");
    assert_eq!(turn(&p, "b2b3", "b4b3").to_fen(), "n4/5/5/5/4N w 00 2");
    // The speculative move wins against a sure one (seed: a2b3 vs Na5-b3).
    let p = ApocalypsePosition::start();
    assert_eq!(
        turn(&p, "a2b3", "a5b3")
            .piece_at(turncoat::rules::apocalypse::Sq::parse("b3").unwrap())
            .map(|x| x.0),
        Some(Color::White)
    );
}

#[test]
fn relocation_and_promotion_take_effect() {
    let p = pos("4n/1P1p1/2p2/4P/N3N w 00 1");
    let r = turn(&p, "b4b5,b5a3", "d4d3");
    assert_eq!(r.to_fen(), "4n/5/P1pp1/4P/N3N w 00 2");
    // A pawn relocated back to its start square still counts as moved.
    let r = turn(&p, "b4b5,b5b4", "d4d3");
    assert_eq!(r.to_fen(), "4n/1P3/2pp1/4P/N3N w 00 2");
    // With at most one knight the pawn becomes a knight.
    let p = pos("4n/1P1p1/5/4P/5 w 00 1");
    assert_eq!(turn(&p, "b4b5n", "d4d3").to_fen(), "1N2n/5/3p1/4P/5 w 00 2");
}

#[test]
fn end_rules_in_their_order() {
    // Black's last pawn is gone: white wins (even with a penalty pending).
    assert_eq!(
        pos("4n/5/5/1P3/5 w 01 5").terminal(),
        Some(Outcome::Win(Color::White, "black lost all pawns"))
    );
    assert_eq!(
        pos("4n/5/5/5/N4 w 00 5").terminal(),
        Some(Outcome::Draw("both sides lost all pawns"))
    );
    assert_eq!(
        pos("4n/2p2/5/1P3/5 w 20 5").terminal(),
        Some(Outcome::Win(Color::Black, "white reached two penalties"))
    );
    assert_eq!(
        pos("4n/2p2/5/1P3/5 w 22 5").terminal(),
        Some(Outcome::Draw("both sides reached two penalties"))
    );
    // Two pawns face each other and nothing else moves: no sure move.
    assert_eq!(
        pos("p4/P4/5/5/5 w 00 5").terminal(),
        Some(Outcome::Draw("no sure move"))
    );
    assert_eq!(ApocalypsePosition::start().terminal(), None);
}

#[test]
fn threefold_repetition_counts_the_start() {
    let mut g = ApocalypseGame::new(ApocalypsePosition::start());
    // Knights go out and back twice: the start position occurs a third time.
    let quiet = [("a1c2", "e5c4"), ("c2a1", "c4e5")];
    for _ in 0..2 {
        for (w, b) in quiet {
            assert_eq!(g.outcome(), None);
            let p = *g.position();
            g.play_turn(
                p.parse_ply(Color::White, w).unwrap(),
                p.parse_ply(Color::Black, b).unwrap(),
            );
        }
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw("threefold repetition")));
}

#[test]
fn notation_errors() {
    let p = ApocalypsePosition::start();
    for bad in [
        "",
        "a1",
        "a1b3x",
        "a1b3,b3c4",
        "z9a1",
        "a1a1",
        "b4c5,c6d2",
        "é1b3",
    ] {
        assert!(p.parse_ply(Color::White, bad).is_err(), "{bad}");
    }
    assert_eq!(
        p.parse_ply(Color::White, "a1b3x"),
        Err(IllegalPly::Malformed("a1b3x".into()))
    );
    let e = p.parse_ply(Color::White, "a1a3").unwrap_err();
    assert!(
        matches!(
            &e,
            IllegalPly::NotACandidate {
                side: Color::White,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        matches!(
            p.parse_ply(Color::Black, "a1b3"),
            Err(IllegalPly::NotACandidate { .. })
        ),
        "white's knight is not black's"
    );
}
