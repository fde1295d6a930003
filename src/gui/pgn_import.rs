//! Reading PGN: the games `turncoat match -pgnout` and the GUI's export
//! write, and those of lichess and other chess programs — tags,
//! `Variant`, `FEN`, and moves in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`,
//! with `!`/`?` annotations) or in the engine's notation (coordinates, `@`
//! subversions, apocalypse plies). Comments (clock tags `[%clk ...]`
//! included), variations, NAGs, move numbers and results are skipped: the
//! main line is read.

use super::session::ImportedGame;
use crate::game::Game;
use crate::tournament::movetext::move_tokens;
use crate::Variant;

/// Most games one import may hold (a tournament's PGN).
const MAX_GAMES: usize = 10_000;

/// Every game of `text`, each checked against the rules.
pub fn parse(text: &str) -> Result<Vec<ImportedGame>, String> {
    let mut games = Vec::new();
    for (i, raw) in split_games(text).into_iter().enumerate() {
        if games.len() == MAX_GAMES {
            return Err(format!("more than {MAX_GAMES} games"));
        }
        games.push(read_game(&raw, i + 1)?);
    }
    if games.is_empty() {
        return Err("no game found in the PGN".into());
    }
    Ok(games)
}

/// A game's tag lines and movetext.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    movetext: String,
}

impl RawGame {
    fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.movetext.trim().is_empty()
    }
}

/// Splits at each tag section that follows movetext.
fn split_games(text: &str) -> Vec<RawGame> {
    let mut games = Vec::new();
    let mut current = RawGame::default();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if !current.movetext.trim().is_empty() {
                games.push(std::mem::take(&mut current));
            }
            if let Some(tag) = parse_tag(line) {
                current.tags.push(tag);
            }
        } else {
            current.movetext.push_str(line);
            current.movetext.push('\n');
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

/// `[Key "Value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.extend(chars.next()),
            c => value.push(c),
        }
    }
    Some((key.to_string(), value))
}

fn read_game(raw: &RawGame, number: usize) -> Result<ImportedGame, String> {
    let variant = match raw.tag("Variant") {
        Some(name) => Variant::from_name(name)
            .ok_or_else(|| format!("game {number}: unknown variant '{name}'"))?,
        None => Variant::Chess,
    };
    let start_fen = raw
        .tag("FEN")
        .map_or_else(|| variant.start_fen().to_string(), str::to_string);
    let mut game =
        Game::from_fen(variant, &start_fen).map_err(|e| format!("game {number}: {e}"))?;
    // Each move as the engine writes it, whatever notation the file used.
    let mut moves = Vec::new();
    for (i, token) in move_tokens(&raw.movetext).iter().enumerate() {
        let played = game.play_written(token).map_err(|e| {
            format!(
                "game {number}: {} {} '{token}': {e}",
                game.move_noun(),
                i + 1
            )
        })?;
        moves.push(played);
    }
    let name = |key: &str| raw.tag(key).unwrap_or("?").to_string();
    let (white, black) = (name("White"), name("Black"));
    let result = raw.tag("Result").unwrap_or("*");
    Ok(ImportedGame {
        label: format!("{number}. {white} - {black} {result} ({variant})"),
        variant,
        start_fen,
        moves,
        white,
        black,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_GAMES: &str = r#"[Event "turncoat match"]
[White "a"]
[Black "b \"quoted\""]
[Result "1-0"]
[Variant "pacifist"]

1. e2e4 {book} e7e5 2. g1f3 (2. d2d4 d7d5) b8c6 $1 ; a remark
3. f1c4 {White wins: kings converted} 1-0

[Event "turncoat match"]
[Variant "apocalypse"]
[FEN "npppn/p3p/5/P3P/NPPPN w 00 1"]
[SetUp "1"]

1. a1b3 e5d3 2. b3c5 d3c5 *
"#;

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
    fn what_cannot_be_read_is_said() {
        assert_eq!(parse("").unwrap_err(), "no game found in the PGN");
        let bad = parse("[Variant \"pacifist\"]\n\n1. e2e5 *").unwrap_err();
        assert!(bad.starts_with("game 1: move 1 'e2e5'"), "{bad}");
        let illegal = parse("1. e4 e4 *").unwrap_err();
        assert!(illegal.contains("move 2 'e4'"), "{illegal}");
        assert!(parse("[Variant \"fairy\"]\n1. e2e4")
            .unwrap_err()
            .contains("unknown variant"));
    }

    #[test]
    fn the_gui_reads_what_match_writes() {
        use crate::tournament::pgn::PgnGame;
        let moves: Vec<String> = ["@e4a2", "e8d8"].map(String::from).to_vec();
        let fen = "4k3/8/8/8/4n3/3N4/P6P/4K3 w - - 0 1";
        let text = PgnGame {
            event: "x",
            white: "w",
            black: "b",
            variant: Variant::Subversion,
            start_fen: fen,
            moves: &moves,
            result: None,
        }
        .write(1, "2026.11.24");
        let games = parse(&text).unwrap();
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].start_fen, fen);
    }

    /// A game as lichess exports it: SAN, comments with clock tags, NAGs,
    /// a variation, annotations, castling, a promotion with check.
    #[test]
    fn a_lichess_pgn_is_read() {
        let text = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[TimeControl "180+0"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 $1 { [%clk 0:02:58] } Nc6
(2... d6 3. d4 Nf6) 3. Bb5 a6?! 4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 d6
8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7!? 1-0
"#;
        let games = parse(text).unwrap();
        let moves = &games[0].moves;
        assert_eq!(moves.len(), 22, "{moves:?}");
        assert_eq!(&moves[..4], ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(moves[8], "e1g1");
        assert_eq!(moves[15], "e8g8");
        assert_eq!(moves[21], "d8c7");
        assert_eq!(games[0].white, "alice");
    }

    /// What the GUI and `turncoat match` write (SAN) reads back to the
    /// same moves in every 8x8 variant.
    #[test]
    fn san_written_reads_back() {
        use crate::tournament::pgn::PgnGame;
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
                result: None,
            }
            .write(1, "2026.11.26");
            assert!(text.contains("1. e4 Nf6 2. Nf3 Nc6 3. Bc4"), "{text}");
            assert_eq!(parse(&text).unwrap()[0].moves, moves, "{variant}");
        }
    }
}
