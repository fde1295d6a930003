//! The `learn` part of the GUI's state JSON: what the page needs to explain
//! the rules at the board — why pacifist men convert (docs/rules.md §2.2,
//! §2.3), what apocalypse speculations need and risk (docs/rules.md §5.3.1),
//! what enemy men cost in subversion (docs/rules.md §4.1.4). The words come
//! from the game model (`game::explain`); this file only shapes them.

use crate::board::Color;
use crate::game::explain::{Bribe, CandidateNote, Explanation};
use crate::game::Game;
use serde::Serialize;
use std::collections::BTreeMap;

/// What the page explains at the board: `explain` per man of the pacifist
/// variants, `candidates` per apocalypse candidate of the person, `prices`
/// per enemy man the person may subvert now.
#[derive(Serialize)]
pub struct Learn {
    pub explain: BTreeMap<String, Explain>,
    pub candidates: BTreeMap<String, Candidate>,
    pub prices: BTreeMap<String, Price>,
}

/// Why a pacifist man converted or may convert (docs/rules.md §2.2, §2.3).
#[derive(Serialize)]
pub struct Explain {
    /// `converted`, `threatened` or `attacked`.
    pub kind: &'static str,
    pub text: String,
}

/// An apocalypse candidate: sure, or a speculation with its condition
/// and risk (docs/rules.md §5.3.1).
#[derive(Serialize)]
pub struct Candidate {
    pub sure: bool,
    pub condition: Option<String>,
    pub risk: Option<String>,
    /// The opponent's plies that make a speculation valid, in short
    /// (`…Nb3`); null when sure or doomed.
    pub needs: Option<String>,
    /// A speculation that cannot succeed now (docs/rules.md §5.3.1): the
    /// page marks its destination `data-doomed`.
    pub doomed: bool,
}

/// What an enemy man costs to subvert (docs/rules.md §4.1.4).
#[derive(Serialize)]
pub struct Price {
    /// `1 pawn`, `R or Q or B+B …`.
    pub price: String,
    /// How many legal payment sets there are.
    pub payments: usize,
    /// The person's men beside it (docs/rules.md §4.1.3).
    pub by: Vec<String>,
}

/// The candidates and prices only for `human`, the side the person
/// chooses for.
pub fn state(game: &Game, human: Option<Color>) -> Learn {
    let explain = game
        .influence_explanations()
        .into_iter()
        .map(explain)
        .collect();
    let candidates = human
        .map(|side| game.candidate_notes(side))
        .unwrap_or_default()
        .into_iter()
        .map(candidate)
        .collect();
    let prices = if human == Some(game.side_to_move()) {
        game.bribes().into_iter().map(price).collect()
    } else {
        BTreeMap::new()
    };
    Learn {
        explain,
        candidates,
        prices,
    }
}

fn explain(e: Explanation) -> (String, Explain) {
    let entry = Explain {
        kind: e.kind,
        text: e.text,
    };
    (e.square, entry)
}

fn candidate(n: CandidateNote) -> (String, Candidate) {
    let entry = Candidate {
        sure: n.sure,
        condition: n.condition,
        risk: n.risk,
        needs: n.needs,
        doomed: n.doomed,
    };
    (n.text, entry)
}

fn price(b: Bribe) -> (String, Price) {
    let entry = Price {
        price: b.price,
        payments: b.payments,
        by: b.by,
    };
    (b.square, entry)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn the_apocalypse_start_offers_a3_sure_and_b3_speculative() {
        // docs/rules.md §5.2, §5.3: a2a3 is sure, a2b3 speculative.
        let v = serde_json::to_value(state(&Game::start(Variant::Apocalypse), Some(Color::White)))
            .unwrap();
        assert_eq!(v["candidates"]["a2a3"]["sure"], true);
        assert_eq!(v["candidates"]["a2b3"]["sure"], false);
        assert_eq!(v["candidates"]["a2b3"]["needs"], "…Nb3");
        assert_eq!(v["candidates"]["b1c2"]["doomed"], true);
        assert!(v["candidates"]["a2b3"]["condition"]
            .as_str()
            .unwrap()
            .contains("…Nb3"));
        assert!(state(&Game::start(Variant::Chess), Some(Color::White))
            .prices
            .is_empty());
    }
}
