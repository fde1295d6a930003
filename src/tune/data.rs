//! The tuner's data (docs/tuning.md): the lines `turncoat datagen`
//! writes, one position a line, each game led by its `# game` line:
//!
//! ```text
//! # game <seed>/<index>
//! <FEN> | <score> | <result>
//! ```
//!
//! `score`: the search's score in centipawns from white's side; `result`:
//! the game's result for white, `1`, `0.5` or `0`.

use crate::board::Position;
use crate::rules::apocalypse::ApocalypsePosition;
use crate::Variant;
use std::collections::HashMap;
use thiserror::Error;

/// What is wrong with a data file.
#[derive(Debug, Error)]
pub enum DataError {
    /// A device such as /dev/zero, which would never end.
    #[error("{0} is not a data file")]
    NotAFile(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}: {problem}")]
    Line {
        path: String,
        line: usize,
        problem: LineError,
    },
    /// Merged shards that hold a game twice (`datagen --check`).
    #[error("game {game} is twice: {first} and {second}")]
    GameTwice {
        game: String,
        first: String,
        second: String,
    },
}

/// What is wrong with one line of a data file.
#[derive(Debug, Error)]
pub enum LineError {
    #[error("expected `FEN | score | result`")]
    Fields,
    #[error("{0}")]
    Position(Box<dyn std::error::Error + Send + Sync>),
    #[error("bad score")]
    Score,
    #[error("bad result (1, 0.5 or 0)")]
    Result,
}

/// A position of the tuner's data: the 8x8 [`Position`], or apocalypse's.
pub trait SamplePosition: Copy + Send + Sync {
    /// The position a data line's FEN gives, in `variant`.
    fn read(fen: &str, variant: Variant) -> Result<Self, LineError>;
    /// The move (in apocalypse: turn) number, which only grows within a
    /// game.
    fn move_number(&self) -> u32;
}

impl SamplePosition for Position {
    fn read(fen: &str, variant: Variant) -> Result<Self, LineError> {
        Position::from_fen(fen, variant).map_err(|e| LineError::Position(Box::new(e)))
    }
    fn move_number(&self) -> u32 {
        self.fullmove_number() as u32
    }
}

impl SamplePosition for ApocalypsePosition {
    fn read(fen: &str, _: Variant) -> Result<Self, LineError> {
        ApocalypsePosition::from_fen(fen).map_err(|e| LineError::Position(Box::new(e)))
    }
    fn move_number(&self) -> u32 {
        self.turn()
    }
}

/// One training position: the position, the game's result and the
/// search's score (white's view).
#[derive(Clone, Copy)]
pub struct Sample<P = Position> {
    pub pos: P,
    pub result: f64,
    pub score: i32,
}

/// The text of the file at `path`, refusing a device (which might never
/// end).
fn read_text(path: &str) -> Result<String, DataError> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(DataError::NotAFile(path.to_string()));
    }
    std::fs::read_to_string(path).map_err(|source| DataError::Read {
        path: path.to_string(),
        source,
    })
}

/// Reads `FEN | score | result` lines (`#` lines skipped).
pub fn load<P: SamplePosition>(path: &str, variant: Variant) -> Result<Vec<Sample<P>>, DataError> {
    let text = read_text(path)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // `# game S/i` lines name the games, not positions
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let sample = read_sample(line, variant).map_err(|problem| DataError::Line {
            path: path.to_string(),
            line: n + 1,
            problem,
        })?;
        out.push(sample);
    }
    Ok(out)
}

/// One `FEN | score | result` line.
fn read_sample<P: SamplePosition>(line: &str, variant: Variant) -> Result<Sample<P>, LineError> {
    let mut parts = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(LineError::Fields);
    };
    let pos = P::read(fen, variant)?;
    let score: i32 = score.parse().map_err(|_| LineError::Score)?;
    let result: f64 = match result {
        "1" | "1.0" => 1.0,
        "0" | "0.0" => 0.0,
        "0.5" => 0.5,
        _ => return Err(LineError::Result),
    };
    Ok(Sample { pos, result, score })
}

/// The lines of game `index` of the run with `seed`: its `# game` line,
/// then one line per position with its score and the game's result.
pub fn game_lines(seed: u64, index: u64, positions: &[(String, i32)], result: f64) -> String {
    let mut s = format!("# game {seed}/{index}\n");
    for (fen, score) in positions {
        s.push_str(&format!("{fen} | {score} | {result}\n"));
    }
    s
}

/// The games and positions of `files` (merged shards), or the first game
/// found twice.
pub fn check(files: &[String]) -> Result<(usize, usize), DataError> {
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut positions = 0;
    for path in files {
        let text = read_text(path)?;
        for (n, line) in text.lines().enumerate() {
            let place = format!("{path}:{}", n + 1);
            match line.strip_prefix("# game ") {
                Some(id) => {
                    if let Some(first) = seen.insert(id.trim().to_string(), place.clone()) {
                        return Err(DataError::GameTwice {
                            game: id.trim().to_string(),
                            first,
                            second: place,
                        });
                    }
                }
                None if line.trim().is_empty() || line.starts_with('#') => {}
                None => positions += 1,
            }
        }
    }
    Ok((seen.len(), positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lines_are_read_or_refused() {
        let dir = std::env::temp_dir().join(format!("turncoat-tune-{}", std::process::id()));
        std::fs::write(&dir, "8/8/8/8/8/8/8/8 w - - 0 1 | 3\n").unwrap();
        assert!(matches!(
            load::<Position>(dir.to_str().unwrap(), Variant::Chess),
            Err(DataError::Line {
                line: 1,
                problem: LineError::Fields,
                ..
            })
        ));
        std::fs::write(
            &dir,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.5\n",
        )
        .unwrap();
        let s = load::<Position>(dir.to_str().unwrap(), Variant::Pacifist).unwrap();
        assert_eq!((s.len(), s[0].score, s[0].result), (1, 12, 0.5));
        let _ = std::fs::remove_file(&dir);
    }
}
