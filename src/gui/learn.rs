//! The `learn` part of the GUI's state JSON: what the page needs to explain
//! the rules at the board — why pacifist men convert (docs/rules.md §2.2,
//! §2.3), what apocalypse speculations need and risk (docs/rules.md §5.3.1),
//! what enemy men cost in subversion (docs/rules.md §4.1.4). The words come
//! from the game model (`game::explain`); this file only shapes them.

use crate::board::Color;
use crate::game::Game;
use serde_json::{json, Map, Value};

/// `{"explain": {sq: {kind, text}}, "candidates": {move: {sure,
/// condition, risk}}, "prices": {sq: {price, payments, by}}}`; the
/// candidates and prices only for `human`, the side the person chooses for.
pub fn state(game: &Game, human: Option<Color>) -> Value {
    let explain: Map<String, Value> = game
        .influence_explanations()
        .into_iter()
        .map(|e| (e.square, json!({"kind": e.kind, "text": e.text})))
        .collect();
    let candidates: Map<String, Value> = human
        .map(|side| game.candidate_notes(side))
        .unwrap_or_default()
        .into_iter()
        .map(|n| {
            let entry = json!({"sure": n.sure, "condition": n.condition, "risk": n.risk});
            (n.text, entry)
        })
        .collect();
    let prices: Map<String, Value> = if human == Some(game.side_to_move()) {
        game.bribes()
            .into_iter()
            .map(|b| {
                let entry = json!({"price": b.price, "payments": b.payments, "by": b.by});
                (b.square, entry)
            })
            .collect()
    } else {
        Map::new()
    };
    json!({"explain": explain, "candidates": candidates, "prices": prices})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn the_apocalypse_start_offers_a3_sure_and_b3_speculative() {
        // docs/rules.md §5.2, §5.3: a2a3 is sure, a2b3 speculative.
        let v = state(&Game::start(Variant::Apocalypse), Some(Color::White));
        assert_eq!(v["candidates"]["a2a3"]["sure"], true);
        assert_eq!(v["candidates"]["a2b3"]["sure"], false);
        assert!(v["candidates"]["a2b3"]["condition"]
            .as_str()
            .unwrap()
            .contains("…Nb3"));
        assert_eq!(
            state(&Game::start(Variant::Chess), Some(Color::White))["prices"],
            json!({})
        );
    }
}
