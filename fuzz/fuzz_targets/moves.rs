//! Move parsing in every variant's notation: the first byte picks the
//! variant, the second one of a few positions of it
//! (`turncoat_fuzz::positions`), the rest is move text, split at
//! whitespace. Each token is played with `Game::play_text`; `#N` plays
//! the N-th listed move (to get deep into games), `-` takes one back.
//! A move that plays must be one of the listed moves and leave a position
//! whose FEN parses again; a refused move must change nothing; an undo
//! must restore the FEN before the move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turncoat::game::Game;
use turncoat::Variant;

fuzz_target!(|data: &[u8]| {
    let [v, p, rest @ ..] = data else {
        return;
    };
    let variant = Variant::ALL[*v as usize % Variant::ALL.len()];
    let fens = turncoat_fuzz::positions(variant);
    let start = fens[*p as usize % fens.len()];
    let mut game = Game::from_fen(variant, start).expect("the listed positions are valid");
    let text = String::from_utf8_lossy(rest);
    // FENs before each move played, to check undo.
    let mut before: Vec<String> = Vec::new();
    for token in text.split_whitespace().take(64) {
        if token == "-" {
            // The game starts at a FEN: only the moves played here undo.
            let expected = before.pop();
            assert_eq!(game.undo(), expected.is_some(), "{variant}: undo");
            if let Some(fen) = expected {
                assert_eq!(game.fen(), fen, "{variant}: undo restores the FEN");
            }
            continue;
        }
        let listed = game.moves_for(game.side_to_move());
        let text = match token.strip_prefix('#') {
            Some(n) if !listed.is_empty() => {
                let i = n.parse::<usize>().unwrap_or(0) % listed.len();
                listed[i].clone()
            }
            _ => token.to_string(),
        };
        let fen = game.fen();
        let plies = game.plies();
        match game.play_text(&text) {
            Ok(played) => {
                assert!(
                    listed.contains(&played),
                    "{variant}: '{text}' played as '{played}', not a listed move of {fen}: {listed:?}"
                );
                let after = game.fen();
                let again = Game::from_fen(variant, &after).unwrap_or_else(|e| {
                    panic!(
                        "{variant}: the FEN after '{text}' from {fen} does not parse: {after}: {e}"
                    )
                });
                assert_eq!(
                    again.fen(),
                    after,
                    "{variant}: FEN round trip after '{text}'"
                );
                assert_eq!(game.plies(), plies + 1);
                before.push(fen);
                // Take it back and replay it now and then: the same FEN.
                if text.len() % 3 == 0 {
                    assert!(game.undo());
                    assert_eq!(
                        game.fen(),
                        *before.last().unwrap(),
                        "{variant}: undo of '{text}'"
                    );
                    let replayed = game
                        .play_text(&text)
                        .expect("a move that played plays again");
                    assert_eq!(replayed, played);
                    assert_eq!(game.fen(), after);
                }
            }
            Err(_) => {
                assert_eq!(
                    game.fen(),
                    fen,
                    "{variant}: refused '{text}' changed the position"
                );
                assert_eq!(
                    game.plies(),
                    plies,
                    "{variant}: refused '{text}' counted a ply"
                );
            }
        }
        let _ = game.outcome();
        let _ = game.result_text();
    }
});
