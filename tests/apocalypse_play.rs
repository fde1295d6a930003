//! Playing Apocalypse: equilibrium strategies over legal candidates,
//! dominated moves unplayed, mixed play where guessing matters, black's
//! choice independent of white's pending ply, whole games.

mod common;
use common::Engine;
use turncoat::board::Color;
use turncoat::rules::apocalypse::{ApocalypseGame, ApocalypsePosition};
use turncoat::search::simultaneous::{sample, solve_turn, SimShared};

fn solve(fen: &str, depth: u32) -> turncoat::search::simultaneous::SimResult {
    let pos = ApocalypsePosition::from_fen(fen).unwrap();
    solve_turn(&SimShared::default(), &pos, depth, None, 1, &mut |_| {})
        .expect("a game in progress")
}

#[test]
fn strategies_are_distributions_over_legal_candidates() {
    for fen in [
        "npppn/p3p/5/P3P/NPPPN w 00 1",
        "npppn/p4/4p/P2PP/NPP1N w 00 2",
        "4n/1P1p1/2p2/4P/N3N w 01 4",
    ] {
        let pos = ApocalypsePosition::from_fen(fen).unwrap();
        let r = solve(fen, 2);
        for (side, strategy) in [(Color::White, &r.white), (Color::Black, &r.black)] {
            let legal = pos.candidates(side);
            assert_eq!(strategy.len(), legal.len());
            assert!(strategy.iter().all(|(p, w)| legal.contains(p) && *w >= 0.0));
            let total: f64 = strategy.iter().map(|(_, w)| w).sum();
            assert!((total - 1.0).abs() < 1e-9, "{fen}: {total}");
        }
    }
}

#[test]
fn a_dominated_move_gets_no_weight() {
    // Promoting white's last pawn loses the game whatever black does.
    let r = solve("4n/1P3/5/4p/N4 w 00 1", 2);
    for (p, w) in &r.white {
        if p.from.to_string() == "b4" {
            assert!(*w < 1e-9, "{p} has weight {w}");
        }
    }
}

#[test]
fn guessing_positions_give_strictly_mixed_strategies() {
    // After 1.d1d2 e4e3 both sides must guess (the seed's swap of pawns).
    let r = solve("npppn/p4/4p/P2PP/NPP1N w 00 2", 2);
    for strategy in [&r.white, &r.black] {
        assert!(
            strategy.iter().filter(|(_, w)| *w > 1e-6).count() >= 2,
            "{strategy:?}"
        );
    }
}

#[test]
fn blacks_choice_ignores_whites_pending_ply() {
    let mut answers = Vec::new();
    for pending in ["d2e3", "c1c2", "a2b3", "e1c2"] {
        let mut e = Engine::start();
        e.send("setoption name UCI_Variant value apocalypse");
        e.send("setoption name Seed value 12345");
        e.send(&format!("position startpos moves d1d2 e4e3 {pending}"));
        e.send("go depth 2");
        let (best, infos) = e.until("bestmove");
        assert!(infos.iter().any(|l| l.starts_with("info string strategy ")));
        answers.push(best);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
    // And the choice is one of black's candidates.
    let pos = ApocalypsePosition::from_fen("npppn/p4/4p/P2PP/NPP1N w 00 2").unwrap();
    assert!(pos.parse_ply(Color::Black, &answers[0][9..]).is_ok());
}

#[test]
fn uci_position_errors_and_perft() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value apocalypse");
    e.send("position startpos moves d1d2 zz");
    let out = e.sync();
    assert!(
        out.iter()
            .any(|l| l.contains("error") && l.contains("ply 2")),
        "{out:?}"
    );
    e.send("position fen npppn/p3p/5/P3P w 00 1");
    assert!(e.sync().iter().any(|l| l.contains("bad FEN")));
    e.send("position startpos");
    e.send("go perft 2");
    let (nodes, _) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 90901");
    e.send("d");
    let (result, lines) = e.until("Result:");
    assert!(lines.contains(&"Variant: apocalypse".to_string()));
    assert_eq!(result, "Result: *");
}

#[test]
fn whole_games_engine_against_engine() {
    let shared = SimShared::default();
    for game_no in 0..3u64 {
        let mut game = ApocalypseGame::new(ApocalypsePosition::start());
        let mut u = 0.123 + game_no as f64 * 0.29;
        while game.outcome().is_none() && game.turns().len() < 150 {
            let pos = *game.position();
            let r = solve_turn(&shared, &pos, 1, None, 1, &mut |_| {}).expect("a move");
            u = (u * 9301.0 + 0.49297) % 1.0;
            let w = sample(&r.white, u).unwrap();
            u = (u * 9301.0 + 0.49297) % 1.0;
            let b = sample(&r.black, u).unwrap();
            assert!(pos.candidates(Color::White).contains(&w));
            assert!(pos.candidates(Color::Black).contains(&b));
            game.play_turn(w, b);
        }
        assert!(game.turns().len() < 150, "game {game_no} did not end");
    }
}

/// Longest resistance: with a penalty point on each side (a second one
/// loses, docs/rules.md §5.3) and every line lost, white's speculation e3e4 (its
/// condition, "black's move starts on e4", no sure black move satisfies,
/// and against a speculation it is invalid anyway) loses at once to any
/// sure move, while the capture e3d4 loses only a turn later. The search
/// used to play e3e4 (as in a game against the vchess bot): every loss was
/// worth the same. Now a later loss is worth more, as mate distance is in
/// the sequential variants.
#[test]
fn a_lost_game_is_lost_as_late_as_possible() {
    let fen = "3n1/3pp/4P/5/5 w 11 20";
    let pos = ApocalypsePosition::from_fen(fen).unwrap();
    let black = pos.candidates(Color::Black);
    let e3e4 = pos.parse_ply(Color::White, "e3e4").unwrap();
    let e3d4 = pos.parse_ply(Color::White, "e3d4").unwrap();
    // The position as described: e3e4 is lost at once against every sure
    // reply, e3d4 against none.
    let lost_now = |w, b| {
        matches!(
            pos.resolve(w, b).terminal(),
            Some(turncoat::board::Outcome::Win(Color::Black, _))
        )
    };
    assert!(black.iter().any(|&b| lost_now(e3e4, b)));
    assert!(black.iter().all(|&b| !lost_now(e3d4, b)));
    for depth in [2, 3] {
        let r = solve(fen, depth);
        assert!(r.value < -9000.0, "lost: {}", r.value);
        assert!(r.value > -10_000.0, "but not at once: {}", r.value);
        let weight = |ply| r.white.iter().find(|(p, _)| *p == ply).unwrap().1;
        assert!(weight(e3e4) < 1e-9, "depth {depth}: {:?}", r.white);
        assert!(weight(e3d4) > 1.0 - 1e-9, "depth {depth}: {:?}", r.white);
    }
}
