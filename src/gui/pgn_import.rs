//! The GUI's PGN import: the games of a PGN text, read by [`crate::pgn`]
//! (the same reader as `turncoat match -openings`), as the import list
//! shows them.

use super::error::Refusal;
use super::session::ImportedGame;
use crate::pgn::read_games;
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
            let result = g.tag("Result").unwrap_or("*");
            ImportedGame {
                label: format!("{}. {white} - {black} {result} ({})", i + 1, g.variant),
                variant: g.variant,
                start_fen: g.start_fen,
                moves: g.moves,
                evals: g.evals,
                white,
                black,
            }
        })
        .collect())
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
            }
            .write(1, "2026.11.26");
            assert!(text.contains("1. e4 Nf6 2. Nf3 Nc6 3. Bc4"), "{text}");
            assert_eq!(parse(&text).unwrap()[0].moves, moves, "{variant}");
        }
    }
}
