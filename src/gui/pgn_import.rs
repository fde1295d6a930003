//! The GUI's PGN import: the games of a PGN text, read by [`crate::pgn`]
//! (the same reader as `turncoat match -openings`), as the import list
//! shows them, each with what its export gives back (tags, comments, NAGs)
//! and the result it recorded.

use super::error::Refusal;
use super::session::ImportedGame;
use crate::arena::result::{DrawBy, GameResult, WinBy};
use crate::board::Color;
use crate::pgn::{read_games, PgnRecord};
use crate::Variant;

/// Every game of `text` (chess where a game has no `Variant` tag), each
/// checked against the rules.
pub fn parse(text: &str) -> Result<Vec<ImportedGame>, Refusal> {
    let games = read_games(text, Variant::Chess).map_err(Refusal::Pgn)?;
    Ok(games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let name = |key: &str| g.tag(key).unwrap_or("?").to_string();
            let (white, black) = (name("White"), name("Black"));
            let label = format!(
                "{}. {white} - {black} {} ({})",
                i + 1,
                g.result(),
                g.variant
            );
            ImportedGame {
                label,
                result: recorded_result(&g),
                tags: g.tags().to_vec(),
                variant: g.variant,
                start_fen: g.start_fen,
                moves: g.moves,
                evals: g.evals,
                notes: g.notes,
                white,
                black,
            }
        })
        .collect())
}

/// The result a game's PGN records, with its reason: its `Termination`
/// tag, unless that says nothing more than the result (lichess's `Normal`).
fn recorded_result(g: &PgnRecord) -> Option<GameResult> {
    let termination = g
        .tag("Termination")
        .map(str::trim)
        .filter(|t| !t.is_empty() && !["normal", "unterminated"].contains(&&*t.to_lowercase()));
    let why = |outcome: &str| {
        termination.map_or_else(|| format!("{outcome}, as recorded"), str::to_string)
    };
    match g.result() {
        "1-0" => Some(GameResult::win(
            Color::White,
            WinBy::Recorded(why("White wins")),
        )),
        "0-1" => Some(GameResult::win(
            Color::Black,
            WinBy::Recorded(why("Black wins")),
        )),
        "1/2-1/2" => Some(GameResult::Draw(DrawBy::Recorded(why("draw")))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::pgn::read::tests::TWO_GAMES;

    #[test]
    fn games_of_a_match_pgn_are_read_back() {
        let games = parse(TWO_GAMES).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].variant, Variant::Pacifist);
        assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
        assert_eq!(games[0].black, "b \"quoted\"");
        assert_eq!(games[1].variant, Variant::Apocalypse);
        assert_eq!(games[1].moves, ["a1b3", "e5d3", "b3c5", "d3c5"]);
        assert!(games[1].label.starts_with("2. ? - ? * (apocalypse)"));
        assert_eq!(
            games[0].result.as_ref().map(GameResult::reason).as_deref(),
            Some("White wins, as recorded")
        );
        assert_eq!(games[1].result, None);
    }

    /// lichess's `Termination` says why when it says more than `Normal`.
    #[test]
    fn the_recorded_result_and_its_reason() {
        let games = parse(include_str!("../../tests/fixtures/lichess-full.pgn")).unwrap();
        let result = games[0].result.as_ref().unwrap();
        assert_eq!(
            (result.notation(), result.reason().as_str()),
            ("0-1", "Time forfeit")
        );
        assert_eq!(games[0].tags.len(), 21);
        assert_eq!(games[0].white, "alice");
    }

    #[test]
    fn the_gui_reads_what_match_writes() {
        use crate::pgn::PgnGame;
        let moves: Vec<String> = ["@e4a2", "e8d8"].map(String::from).to_vec();
        let fen = "4k3/8/8/8/4n3/3N4/P6P/4K3 w - - 0 1";
        let text = PgnGame {
            event: "x",
            white: "w",
            black: "b",
            variant: Variant::Subversion,
            start_fen: fen,
            moves: &moves,
            result: "*",
            termination: None,
            evals: &[],
            kept_tags: &[],
            extra_tags: &[],
            notes: &[],
        }
        .write(1, "2026.11.24");
        let games = parse(&text).unwrap();
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].start_fen, fen);
    }

    /// What the GUI and `turncoat match` write (SAN) reads back to the
    /// same moves in every 8x8 variant.
    #[test]
    fn san_written_reads_back() {
        use crate::pgn::PgnGame;
        for variant in [Variant::Chess, Variant::Pacifist, Variant::Pacifist2] {
            let moves: Vec<String> = ["e2e4", "g8f6", "g1f3", "b8c6", "f1c4"]
                .map(String::from)
                .to_vec();
            let text = PgnGame {
                event: "x",
                white: "w",
                black: "b",
                variant,
                start_fen: variant.start_fen(),
                moves: &moves,
                result: "*",
                termination: None,
                evals: &[],
                kept_tags: &[],
                extra_tags: &[],
                notes: &[],
            }
            .write(1, "2026.11.26");
            assert!(text.contains("1. e4 Nf6 2. Nf3 Nc6 3. Bc4"), "{text}");
            assert_eq!(parse(&text).unwrap()[0].moves, moves, "{variant}");
        }
    }
}
