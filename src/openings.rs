//! Openings for a tournament: from an EPD or PGN file, or generated at
//! random per variant (a few random plies, rejected when a quick search
//! finds the position lopsided). Every opening is set up and replayed by
//! the game model, so the rules of the variant decide what is legal.

use crate::board::{Color, Position};
use crate::game::{Game, GameError};
use crate::rng::Rng;
use crate::rules::apocalypse::{ApocalypseGame, ApocalypsePosition, Ply};
use crate::search::simultaneous::{solve_turn, SimShared};
use crate::search::threads::{search, Score, SearchParams};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::Variant;
use std::fmt;
use std::time::Duration;

/// A start position: a FEN and moves to play from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub fen: String,
    pub moves: Vec<String>,
}

/// Why an opening cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// The FEN is no position of the variant.
    Fen(GameError),
    /// A move (ply) that the game model refuses: not legal, or after the
    /// end of the game.
    Refused(GameError),
    /// The plies end on white's choice without black's: an opening of the
    /// simultaneous game holds whole turns (docs/rules.md §5.4), so that both
    /// engines are first asked at the start of a turn.
    PartTurn,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Fen(e)
            | OpeningError::Refused(e @ (GameError::Fen(_) | GameError::Illegal(_))) => {
                write!(f, "{e}")
            }
            OpeningError::Refused(GameError::GameOver(_)) => {
                f.write_str("the opening plays past the end of the game")
            }
            OpeningError::PartTurn => {
                f.write_str("an apocalypse opening must hold whole turns (white and black plies)")
            }
        }
    }
}

impl std::error::Error for OpeningError {}

/// The game after `opening`, replayed by the rules of `variant`.
pub fn replay(variant: Variant, opening: &Opening) -> Result<Game, OpeningError> {
    let mut game = Game::from_fen(variant, &opening.fen).map_err(OpeningError::Fen)?;
    require_whole_turns(&game, opening.moves.len())?;
    let moves: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
    game.play_list(&moves)
        .map_err(|e| OpeningError::Refused(e.error))?;
    Ok(game)
}

/// docs/rules.md §5.4: in the simultaneous game an opening of `plies` plies
/// must end on a whole turn; checked before any ply is played, so that
/// this is the error an odd opening reports.
fn require_whole_turns(game: &Game, plies: usize) -> Result<(), OpeningError> {
    if plies.is_multiple_of(game.plies_per_turn()) {
        Ok(())
    } else {
        Err(OpeningError::PartTurn)
    }
}

/// Reads openings from an `.epd` (one FEN per line, operations after the
/// fourth field ignored) or `.pgn` file (tags `[FEN]`, moves in the
/// variant's notation or SAN).
pub fn load(path: &str, variant: Variant) -> Result<Vec<Opening>, BookError> {
    // A device such as /dev/zero would never end.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(BookError::NotAFile(path.to_string()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| BookError::Read {
        path: path.to_string(),
        reason: e.to_string(),
    })?;
    let openings = if path.to_ascii_lowercase().ends_with(".pgn") {
        parse_pgn(&text, variant)?
    } else {
        parse_epd(&text, variant)?
    };
    if openings.is_empty() {
        return Err(BookError::Empty(path.to_string()));
    }
    Ok(openings)
}

/// Why an opening file gives no openings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// A device such as /dev/zero, which would never end.
    #[error("{0} is not an opening file")]
    NotAFile(String),
    /// The file cannot be read (the system's reason, in words: kept as
    /// text so that the error compares and clones with the others).
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("no openings in {0}")]
    Empty(String),
    #[error("EPD line {line}: too few fields")]
    EpdFields { line: usize },
    #[error("EPD line {line}: {error}")]
    EpdFen { line: usize, error: GameError },
    #[error("PGN opening {0}")]
    Pgn(crate::pgn::read::PgnError),
    #[error("PGN opening game {game}: a {played} game, the match plays {variant}")]
    OtherVariant {
        game: usize,
        played: Variant,
        variant: Variant,
    },
    #[error("PGN opening game {game}: {error}")]
    PgnStart { game: usize, error: GameError },
    #[error("PGN opening game {game}: {error}")]
    PartTurn { game: usize, error: OpeningError },
}

pub fn parse_epd(text: &str, variant: Variant) -> Result<Vec<Opening>, BookError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line
            .split(';')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        if fields.len() < 4 {
            return Err(BookError::EpdFields { line: i + 1 });
        }
        let numeric = |s: &&str| s.parse::<u32>().is_ok();
        let take = if fields.len() >= 6 && numeric(&fields[4]) && numeric(&fields[5]) {
            6
        } else {
            4
        };
        let fen = fields[..take].join(" ");
        check_fen(&fen, variant).map_err(|error| BookError::EpdFen { line: i + 1, error })?;
        out.push(Opening {
            fen,
            moves: Vec::new(),
        });
    }
    Ok(out)
}

/// The openings of a PGN text: each game's start (`[FEN]`) and main line,
/// read by [`crate::pgn::read`] (SAN or the variant's notation); a game of
/// another variant than the match's is refused.
pub fn parse_pgn(text: &str, variant: Variant) -> Result<Vec<Opening>, BookError> {
    let games = crate::pgn::read_games(text, variant).map_err(BookError::Pgn)?;
    games
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            let number = i + 1;
            if game.variant != variant {
                return Err(BookError::OtherVariant {
                    game: number,
                    played: game.variant,
                    variant,
                });
            }
            let start =
                Game::from_fen(variant, &game.start_fen).map_err(|error| BookError::PgnStart {
                    game: number,
                    error,
                })?;
            require_whole_turns(&start, game.moves.len()).map_err(|error| BookError::PartTurn {
                game: number,
                error,
            })?;
            Ok(Opening {
                fen: game.start_fen,
                moves: game.moves,
            })
        })
        .collect()
}

/// Whether `fen` is a position of `variant`.
fn check_fen(fen: &str, variant: Variant) -> Result<(), GameError> {
    Game::from_fen(variant, fen).map(|_| ())
}

/// A random opening of `variant`: `plies` random plies from the start,
/// kept when a quick search finds them within ±`max_cp`. The game model's
/// arm picks how plies are made: moves in turn, or whole turns.
pub fn random_opening(variant: Variant, plies: u32, max_cp: i32, rng: &mut Rng) -> Opening {
    match Game::start(variant) {
        Game::Sequential(g) => random_moves(*g.position(), plies, max_cp, rng),
        Game::Simultaneous(g) => random_turns(*g.position(), plies.div_ceil(2), max_cp, rng),
    }
}

/// `plies` random legal moves from `start`, kept when a quick search
/// scores them within ±`max_cp` for the side to move.
fn random_moves(start: Position, plies: u32, max_cp: i32, rng: &mut Rng) -> Opening {
    let shared = Shared::new(4);
    let mut best_effort = None;
    for _ in 0..100 {
        let mut pos = start;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            moves.push(pos.move_to_uci(mv, false));
            pos = pos.play(mv);
        }
        if pos.outcome().is_some() {
            continue;
        }
        let opening = Opening {
            fen: start.to_fen(),
            moves,
        };
        if is_balanced(&shared, pos, max_cp) {
            return opening;
        }
        best_effort.get_or_insert(opening);
    }
    best_effort.unwrap_or(Opening {
        fen: start.to_fen(),
        moves: Vec::new(),
    })
}

/// Whether a quick search (depth 4, one thread, on `shared`'s table) values
/// `pos` within ±`max_cp` for the side to move: an opening fair to both.
pub fn is_balanced(shared: &Shared, pos: Position, max_cp: i32) -> bool {
    let params = SearchParams {
        pos,
        game_keys: Vec::new(),
        limits: Limits {
            depth: Some(4),
            ..Limits::default()
        },
        threads: 1,
        multipv: 1,
        searchmoves: Vec::new(),
        overhead: Duration::ZERO,
    };
    let mut score = Score::Cp(0);
    search(shared, &params, &mut |r| score = r.score);
    matches!(score, Score::Cp(cp) if cp.abs() <= max_cp)
}

/// [`is_balanced`] for an apocalypse turn: a depth-2 equilibrium search.
pub fn is_balanced_turn(shared: &SimShared, pos: &ApocalypsePosition, max_cp: i32) -> bool {
    let value = solve_turn(shared, pos, 2, None, 1, &mut |_| {}).map_or(0.0, |r| r.value);
    value.abs() <= f64::from(max_cp)
}

/// A random sure candidate of each side (White's drawn first), or `None`
/// when a side has none: a random turn that risks no penalty
/// (docs/rules.md §5.3).
pub fn random_sure_turn(pos: &ApocalypsePosition, rng: &mut Rng) -> Option<(Ply, Ply)> {
    let mut pick = |side: Color| {
        let sure: Vec<Ply> = pos
            .candidates(side)
            .into_iter()
            .filter(|p| p.sure)
            .collect();
        (!sure.is_empty()).then(|| sure[rng.below(sure.len())])
    };
    let white = pick(Color::White)?;
    Some((white, pick(Color::Black)?))
}

/// `turns` turns of random sure candidates from `start` (a failed
/// speculation would hand out a penalty, docs/rules.md §5.3), kept when a quick
/// equilibrium search values them within ±`max_cp`.
fn random_turns(start: ApocalypsePosition, turns: u32, max_cp: i32, rng: &mut Rng) -> Opening {
    let shared = SimShared::default();
    let mut best_effort = None;
    for _ in 0..100 {
        let mut game = ApocalypseGame::new(start);
        let mut moves = Vec::new();
        for _ in 0..turns {
            if game.outcome().is_some() {
                break;
            }
            let Some((w, b)) = random_sure_turn(game.position(), rng) else {
                break;
            };
            moves.push(w.to_string());
            moves.push(b.to_string());
            game.play_turn(w, b);
        }
        if game.outcome().is_some() {
            continue;
        }
        let opening = Opening {
            fen: start.to_fen(),
            moves,
        };
        if is_balanced_turn(&shared, game.position(), max_cp) {
            return opening;
        }
        best_effort.get_or_insert(opening);
    }
    best_effort.unwrap_or(Opening {
        fen: start.to_fen(),
        moves: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_with_san_tags_comments_and_results() {
        let pgn = "[Event \"x\"]\n[White \"a\"]\n\n1. e4 {best by test} e5 2. Nf3 (2. f4) Nc6 3. Bb5 a6 $1 4. O-O 1-0\n\n\
                   [FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O-O O-O *\n";
        let o = parse_pgn(pgn, Variant::Chess).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(
            o[0].moves,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
        );
        assert_eq!(o[1].moves, ["e1c1", "e8g8"]);
    }

    #[test]
    fn pgn_in_variant_notation() {
        let o = parse_pgn("1. e2e4 e7e5 2. g1f3 *", Variant::Pacifist).unwrap();
        assert_eq!(o[0].moves.len(), 3);
        assert!(parse_pgn("1. e2e5 *", Variant::Pacifist).is_err());
    }

    #[test]
    fn epd_lines() {
        let o = parse_epd(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
            Variant::Chess,
        )
        .unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(
            o[0].fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        );
        assert!(parse_epd("8/8 w - -", Variant::Chess).is_err());
    }

    #[test]
    fn random_openings_are_legal_and_vary() {
        let mut seed = Rng::from_state(42);
        let a = random_opening(Variant::Pacifist, 6, 150, &mut seed);
        let b = random_opening(Variant::Pacifist, 6, 150, &mut seed);
        assert_ne!(a.moves, b.moves);
        let mut pos = Position::from_fen(&a.fen, Variant::Pacifist).unwrap();
        for m in &a.moves {
            pos = pos.play(pos.parse_move(m).unwrap());
        }
    }

    #[test]
    fn apocalypse_openings_are_whole_turns() {
        let epd = parse_epd("npppn/p3p/5/P3P/NPPPN w 00 1\n", Variant::Apocalypse).unwrap();
        assert_eq!(epd[0].fen, "npppn/p3p/5/P3P/NPPPN w 00 1");
        assert!(parse_epd("npppn/p3p/5/P3P/NPPPX w 00 1", Variant::Apocalypse).is_err());
        let pgn = parse_pgn(
            "[Variant \"apocalypse\"]\n\n1. d1d2 e4e3 2. d2e3 e3d2 *\n",
            Variant::Apocalypse,
        )
        .unwrap();
        assert_eq!(pgn[0].moves, ["d1d2", "e4e3", "d2e3", "e3d2"]);
        // A pending white ply, and a ply that is no candidate, are refused.
        assert!(parse_pgn("1. d1d2 *", Variant::Apocalypse).is_err());
        assert!(parse_pgn("1. d1d3 e4e3 *", Variant::Apocalypse).is_err());
        let mut seed = Rng::from_state(7);
        let a = random_opening(Variant::Apocalypse, 6, 150, &mut seed);
        let b = random_opening(Variant::Apocalypse, 6, 150, &mut seed);
        assert_ne!(a.moves, b.moves);
        assert_eq!(a.moves.len(), 6);
        let Game::Simultaneous(game) = replay(Variant::Apocalypse, &a).unwrap() else {
            panic!("apocalypse is the simultaneous game");
        };
        assert!(game.outcome().is_none());
        assert_eq!(game.position().penalties(Color::White), 0);
        assert_eq!(game.position().penalties(Color::Black), 0);
    }
}
