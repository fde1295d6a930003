//! Reading PGN (docs/notation.md): the games `turncoat match -pgnout` and
//! the GUI's export write, and those of lichess, ChessBase and other chess
//! programs — tags with `\"` escapes, `Variant`, `FEN`, moves in SAN
//! (`Nf3`, `exd5`, `O-O`, `0-0`, `e8=Q+`, with `!`/`?` annotations) or in
//! the variant's own notation (coordinates, `@` subversions, apocalypse
//! plies), and `[%eval ...]` tags in comments. The main line is read, each
//! move checked against the rules, with what a writer needs to give it back
//! without loss ([`super::write`]): every tag in order, each ply's comments
//! (`[%clk]` and `[%eval]` included) and NAGs, the result. Variations and
//! move numbers are skipped. [`read_each`] reads each game on its own, so
//! that a bad one does not cost the others.

use super::movetext::{tokens, Token};
use crate::game::{Game, GameError};
use crate::Variant;

/// Most games one text may hold (a tournament's PGN).
const MAX_GAMES: usize = 10_000;

/// A `[%eval #N]` mate in N as a score in centipawns, as the GUI keeps
/// engine scores (`MATE - N` for the side that mates).
pub const MATE: i32 = 100_000;

/// One game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnRecord {
    pub variant: Variant,
    pub start_fen: String,
    /// Every ply in the variant's notation, as the engine writes it.
    pub moves: Vec<String>,
    /// White's view of the score after each ply from the comments'
    /// `[%eval]` tags, in centipawns (index 0: the start position).
    pub evals: Vec<Option<i32>>,
    /// The comments and NAGs after each ply as written (index 0: those
    /// before the first move), one entry per ply and the start.
    pub notes: Vec<PlyNotes>,
    tags: Vec<(String, String)>,
    /// The result at the end of the movetext, if any.
    movetext_result: Option<String>,
}

/// What a PGN says about one ply besides the move: its comments (their
/// text without braces, `[%clk]` and `[%eval]` commands included) and NAGs
/// (`$6`; a `?!` suffix is read as 6), each in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyNotes {
    pub nags: Vec<u8>,
    pub comments: Vec<String>,
    /// Lines written as variations after the ply, each in place of it
    /// (its moves in the variant's notation, from the position before
    /// the ply): game review's better moves. Reading skips variations,
    /// so this is empty in a game read.
    pub variations: Vec<Vec<String>>,
}

impl PlyNotes {
    /// Whether one of the comments carries an evaluation (`[%eval ...]`).
    pub fn has_eval(&self) -> bool {
        self.comments.iter().any(|c| c.contains("[%eval"))
    }
}

impl PgnRecord {
    /// The value of tag `key` (case-insensitive), if the game has it.
    pub fn tag(&self, key: &str) -> Option<&str> {
        find_tag(&self.tags, key)
    }

    /// Every tag, in the order written.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The result the PGN records: its `Result` tag, else the one ending
    /// the movetext; `*` when neither says one (a game going on).
    pub fn result(&self) -> &str {
        let tag = self.tag("Result").map(str::trim).filter(|r| is_result(r));
        tag.or(self.movetext_result.as_deref()).unwrap_or("*")
    }
}

/// `1-0`, `0-1`, `1/2-1/2` or `*` (PGN standard, section 8.2.6).
pub fn is_result(text: &str) -> bool {
    matches!(text, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Every game of `text`; a game without a `Variant` tag is of `default`.
/// An error names the game (1-based) and the move that could not be read.
pub fn read_games(text: &str, default: Variant) -> Result<Vec<PgnRecord>, PgnError> {
    read_each(text, default)?
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            game.map_err(|error| PgnError::Game {
                number: i + 1,
                error,
            })
        })
        .collect()
}

/// Every game of `text`, each read or refused on its own (game `i + 1`
/// at index `i`), so that one bad game does not cost the others (`turncoat
/// analyse`); `Err` only when the text holds no game or too many.
pub fn read_each(
    text: &str,
    default: Variant,
) -> Result<Vec<Result<PgnRecord, PgnGameError>>, PgnError> {
    let raws = split_games(text);
    if raws.len() > MAX_GAMES {
        return Err(PgnError::TooManyGames);
    }
    if raws.is_empty() {
        return Err(PgnError::NoGame);
    }
    Ok(raws
        .into_iter()
        .map(|raw| read_game(raw, default))
        .collect())
}

/// Why a PGN text gives no games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    #[error("more than {MAX_GAMES} games")]
    TooManyGames,
    /// Game `number` (from 1) cannot be read.
    #[error("game {number}: {error}")]
    Game { number: usize, error: PgnGameError },
    #[error("no game found in the PGN")]
    NoGame,
}

/// A game's tag lines and movetext.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    movetext: String,
}

fn find_tag<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.as_str())
}

/// Splits at each tag section that follows movetext. A line that starts
/// with `[` inside a `{...}` comment (a comment's second line may start
/// with `[%clk ...]`) is movetext.
fn split_games(text: &str) -> Vec<RawGame> {
    let mut games = Vec::new();
    let mut current = RawGame::default();
    let mut in_comment = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') && !in_comment {
            if !current.movetext.trim().is_empty() {
                games.push(std::mem::take(&mut current));
            }
            if let Some(tag) = parse_tag(line) {
                current.tags.push(tag);
            }
        } else {
            current.movetext.push_str(line);
            current.movetext.push('\n');
            in_comment = ends_in_comment(line, in_comment);
        }
    }
    if !current.tags.is_empty() || !current.movetext.trim().is_empty() {
        games.push(current);
    }
    games
}

/// Whether a `{...}` comment is still open after `line`, given whether
/// one was open before it (a `;` comment ends with its line).
fn ends_in_comment(line: &str, mut open: bool) -> bool {
    for c in line.chars() {
        match (open, c) {
            (true, '}') => open = false,
            (false, '{') => open = true,
            (false, ';') => break,
            _ => {}
        }
    }
    open
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

/// Why one game of a PGN cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnGameError {
    /// A `Variant` tag naming none of the five.
    #[error("unknown variant '{0}'")]
    Variant(String),
    /// The `FEN` tag is no position of the variant.
    #[error(transparent)]
    Fen(GameError),
    /// A move of the movetext that cannot be played (`move 3 'Qh5': ...`).
    #[error("{noun} {index} '{written}': {error}")]
    Move {
        noun: &'static str,
        index: usize,
        written: String,
        error: GameError,
    },
}

fn read_game(raw: RawGame, default: Variant) -> Result<PgnRecord, PgnGameError> {
    let variant = match find_tag(&raw.tags, "Variant") {
        // lichess's name for a game set up from its `FEN` tag
        Some(name) if name.eq_ignore_ascii_case("From Position") => default,
        Some(name) => {
            Variant::from_name(name).ok_or_else(|| PgnGameError::Variant(name.to_string()))?
        }
        None => default,
    };
    let start_fen =
        find_tag(&raw.tags, "FEN").map_or_else(|| variant.start_fen().to_string(), str::to_string);
    let mut game = Game::from_fen(variant, &start_fen).map_err(PgnGameError::Fen)?;
    let mut moves = Vec::new();
    let mut evals = vec![None];
    let mut notes = vec![PlyNotes::default()];
    let mut movetext_result = None;
    for token in tokens(&raw.movetext) {
        let last = notes.last_mut().expect("one entry per ply and the start");
        match token {
            Token::Move(written) => {
                let played = game
                    .play_written(&written)
                    .map_err(|error| PgnGameError::Move {
                        noun: game.move_noun(),
                        index: moves.len() + 1,
                        written,
                        error,
                    })?;
                moves.push(played);
                evals.push(None);
                notes.push(PlyNotes::default());
            }
            Token::Comment(text) => {
                if let Some(score) = eval_tag(&text) {
                    *evals.last_mut().expect("one entry per ply and the start") = Some(score);
                }
                last.comments.push(text);
            }
            Token::Nag(nag) => last.nags.push(nag),
            Token::Result(result) => movetext_result = Some(result),
        }
    }
    Ok(PgnRecord {
        variant,
        start_fen,
        moves,
        evals,
        notes,
        tags: raw.tags,
        movetext_result,
    })
}

/// The score of a comment's `[%eval 0.17]` (pawns, White's view) or
/// `[%eval #-3]` (mate in 3 for Black), as lichess writes them.
fn eval_tag(comment: &str) -> Option<i32> {
    let start = comment.find("[%eval")? + "[%eval".len();
    let body = &comment[start..];
    let value = body[..body.find(']')?]
        .split(|c: char| c.is_whitespace() || c == ',')
        .find(|w| !w.is_empty())?;
    match value.strip_prefix('#') {
        Some(mate) => {
            let n: i32 = mate.parse().ok()?;
            Some(if n >= 0 { MATE - n } else { -MATE - n })
        }
        None => {
            let pawns: f64 = value.parse().ok()?;
            pawns
                .is_finite()
                .then(|| (pawns * 100.0).round().clamp(-(MATE as f64), MATE as f64) as i32)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Two games as `turncoat match` writes them (also read by the GUI's
    /// import test).
    pub(crate) const TWO_GAMES: &str = r#"[Event "turncoat match"]
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
    fn games_in_the_variants_notations() {
        let games = read_games(TWO_GAMES, Variant::Chess).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].variant, Variant::Pacifist);
        assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
        assert_eq!(games[0].tag("black"), Some("b \"quoted\""));
        assert_eq!(games[1].variant, Variant::Apocalypse);
        assert_eq!(games[1].moves, ["a1b3", "e5d3", "b3c5", "d3c5"]);
        assert_eq!(games[1].tag("White"), None);
    }

    #[test]
    fn what_cannot_be_read_is_said() {
        let err = |text| read_games(text, Variant::Pacifist).unwrap_err();
        assert!(matches!(err(""), PgnError::NoGame));
        assert_eq!(err("").to_string(), "no game found in the PGN");
        assert!(matches!(err("1. e2e5 *"), PgnError::Game { number: 1, .. }));
        assert!(err("1. e2e5 *")
            .to_string()
            .starts_with("game 1: move 1 'e2e5'"));
        assert!(err("1. e4 e4 *").to_string().contains("move 2 'e4'"));
        assert!(matches!(
            err("[FEN \"8/8 w\"]\n1. e2e4"),
            PgnError::Game { number: 1, .. }
        ));
    }

    #[test]
    fn a_game_that_cannot_be_read_says_why() {
        let one = |text: &str| {
            let raw = split_games(text).remove(0);
            read_game(raw, Variant::Pacifist).unwrap_err()
        };
        assert!(matches!(
            one("1. e2e5 *"),
            PgnGameError::Move {
                index: 1,
                error: GameError::Illegal(_),
                ..
            }
        ));
        assert_eq!(
            one("[Variant \"fairy\"]\n1. e2e4"),
            PgnGameError::Variant("fairy".into())
        );
        assert!(matches!(
            one("[FEN \"8/8 w\"]\n1. e2e4"),
            PgnGameError::Fen(GameError::Fen(_))
        ));
    }

    /// A game as lichess exports it (tests/fixtures/lichess.pgn, also the
    /// browser test's): SAN, comments with clock and eval tags, NAGs, a
    /// variation, annotations, castling both ways, a `;` comment.
    #[test]
    fn a_lichess_pgn_with_its_evaluations() {
        let text = include_str!("../../tests/fixtures/lichess.pgn");
        let games = read_games(text, Variant::Chess).unwrap();
        let g = &games[0];
        assert_eq!(g.moves.len(), 22, "{:?}", g.moves);
        assert_eq!(&g.moves[..4], ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(
            (g.moves[8].as_str(), g.moves[15].as_str()),
            ("e1g1", "e8g8")
        );
        assert_eq!(g.moves[21], "d8c7");
        assert_eq!(g.evals.len(), 23);
        assert_eq!(
            &g.evals[..7],
            [
                None,
                Some(20),
                Some(19),
                Some(25),
                Some(30),
                Some(-150),
                Some(-MATE + 2)
            ]
        );
    }

    #[test]
    fn eval_tags() {
        assert_eq!(eval_tag("[%eval -1.25]"), Some(-125));
        assert_eq!(eval_tag("good [%eval 0.0,18] move"), Some(0));
        assert_eq!(eval_tag("[%eval #0]"), Some(MATE));
        assert_eq!(eval_tag("[%eval nan]"), None);
        assert_eq!(eval_tag("[%eval 1e300]"), Some(MATE));
        assert_eq!(eval_tag("[%eval 0.3"), None);
        assert_eq!(eval_tag("[%clk 0:01:00]"), None);
    }

    /// A comment may run over lines; a line of it that starts with `[` is
    /// no tag.
    #[test]
    fn a_comment_over_lines_is_not_a_tag() {
        let text = "[White \"a\"]\n\n1. e4 { good\n[%clk 0:01:00] } e5 *\n";
        let games = read_games(text, Variant::Chess).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].notes[1].comments, ["good\n[%clk 0:01:00]"]);
        assert_eq!(games[0].tags().len(), 1);
        assert_eq!(games[0].result(), "*");
    }
}
