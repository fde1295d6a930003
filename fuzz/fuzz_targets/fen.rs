//! FEN parsing in every variant: the first byte picks the variant, the
//! rest is the FEN text. A FEN that parses must print (`fen()`) as a FEN
//! that parses to the same text again; the diagram, the evaluation and
//! the move lists must work; every listed move must play, and the
//! position after it must print a FEN that parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turncoat::board::Color;
use turncoat::game::Game;
use turncoat::Variant;

/// Candidates tried per side in apocalypse (pairs of them are played).
const APOCALYPSE_PAIRS: usize = 6;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[first as usize % Variant::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    let Ok(game) = Game::from_fen(variant, &text) else {
        return;
    };
    check_position(&game, &text);
    match &game {
        Game::Sequential(_) => {
            let side = game.side_to_move();
            for mv in game.moves_for(side) {
                let mut child = game.clone();
                let played = child
                    .play_text(&mv)
                    .unwrap_or_else(|e| panic!("listed move {mv} refused in {}: {e}", game.fen()));
                assert_eq!(played, mv, "a listed move plays as written");
                let fen = child.fen();
                let again = Game::from_fen(variant, &fen)
                    .unwrap_or_else(|e| panic!("FEN after {mv} does not parse: {fen}: {e}"));
                let _ = again.moves_for(again.side_to_move()).len();
                let _ = child.result_text();
            }
        }
        Game::Simultaneous(_) => {
            if game.outcome().is_some() {
                return;
            }
            let white = game.moves_for(Color::White);
            let black = game.moves_for(Color::Black);
            for w in white.iter().take(APOCALYPSE_PAIRS) {
                for b in black.iter().take(APOCALYPSE_PAIRS) {
                    let mut child = game.clone();
                    child
                        .play_text(w)
                        .unwrap_or_else(|e| panic!("white candidate {w} refused: {e}"));
                    assert_eq!(child.side_to_move(), Color::Black);
                    child
                        .play_text(b)
                        .unwrap_or_else(|e| panic!("black candidate {b} refused: {e}"));
                    let fen = child.fen();
                    Game::from_fen(variant, &fen)
                        .unwrap_or_else(|e| panic!("FEN after {w} {b} does not parse: {fen}: {e}"));
                    let _ = child.diagram();
                }
            }
        }
    }
});

/// What every parsed position must offer.
fn check_position(game: &Game, text: &str) {
    let variant = game.variant();
    let fen = game.fen();
    let again = Game::from_fen(variant, &fen)
        .unwrap_or_else(|e| panic!("printed FEN {fen:?} (read from {text:?}) does not parse: {e}"));
    assert_eq!(again.fen(), fen, "FEN round trip of {text:?}");
    let _ = game.diagram();
    let _ = game.explain_eval();
    let _ = game.influence_map();
    let _ = game.setup_fen();
    let _ = game.divide(1, false);
    let _ = game.divide(1, true);
}
