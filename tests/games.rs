//! Whole games of the engine against itself at tiny depth, from slightly
//! randomised openings: every move legal, every game ending by the rules.

use std::time::Duration;
use turncoat::board::Position;
use turncoat::game::SequentialGame;
use turncoat::search::threads::{search, SearchParams};
use turncoat::search::time::Limits;
use turncoat::search::Shared;
use turncoat::Variant;

fn play_game(variant: Variant, seed: u64, depth: u32) -> (SequentialGame, &'static str) {
    let mut game = SequentialGame::new(Position::startpos(variant.board().unwrap()));
    let mut rng = seed;
    let shared = Shared::new(4);
    // A few random plies so the games differ.
    for _ in 0..4 {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play(moves[(rng >> 33) as usize % moves.len()]);
    }
    loop {
        if let Some(o) = game.outcome() {
            return (game, o.result());
        }
        let params = SearchParams {
            pos: *game.position(),
            game_keys: game.history().to_vec(),
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            threads: 1,
            multipv: 1,
            searchmoves: Vec::new(),
            overhead: Duration::ZERO,
        };
        let result = search(&shared, &params, &mut |_| {});
        let mv = result.best.expect("a move while the game is not over");
        assert!(
            game.position().legal_moves().contains(&mv),
            "illegal move from the search"
        );
        game.play(mv);
        assert!(
            game.moves().len() < 3000,
            "the 50-move rule bounds every game"
        );
    }
}

fn games(variant: Variant) {
    for seed in 0..4 {
        let (game, result) = play_game(variant, seed, 2);
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result));
        // The end is what the rules say.
        let o = game.outcome().unwrap();
        assert_eq!(o.result(), result);
    }
}

#[test]
fn chess_games() {
    games(Variant::Chess);
}

#[test]
fn pacifist_games() {
    games(Variant::Pacifist);
}

#[test]
fn pacifist2_games() {
    games(Variant::Pacifist2);
}

#[test]
fn subversion_games() {
    games(Variant::Subversion);
}
