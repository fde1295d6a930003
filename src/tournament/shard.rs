//! A run in shards (docs/match.md, *Sharding and clusters*): the results
//! file each shard writes as it goes — one JSON line per finished game
//! pair — and `turncoat match-merge`, which makes of several such files
//! the report and the PGN of the whole run.

use super::args;
use crate::board::Color;
use crate::pgn::PgnGame;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use thiserror::Error;

/// What is wrong with a results file, or with writing one.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// A device or pipe given to merge (/dev/zero would never end).
    #[error("{0} is not a results file")]
    NotAFile(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}: not a results line: {source}")]
    NotALine {
        path: String,
        line: usize,
        source: serde_json::Error,
    },
    /// A line of another run than the shard's.
    #[error("{path}:{line}: the results of another run (its settings: {})", .settings.join(" "))]
    AnotherRun {
        path: String,
        line: usize,
        settings: Vec<String>,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot encode a results line: {0}")]
    Encode(#[from] serde_json::Error),
}

/// One finished game pair (or game, without `-repeat`): a line of a
/// results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitLine {
    /// The run's settings ([`args::MatchArgs::settings`]).
    pub settings: Vec<String>,
    /// The pair's index in the run, from 0.
    pub unit: usize,
    pub games: Vec<GameLine>,
}

/// One game of a results file: enough for the standings and the PGN.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game's number in the whole run, from 1.
    pub number: usize,
    pub round: usize,
    /// The engines' indices on the command line, and their names.
    pub white: usize,
    pub black: usize,
    pub white_name: String,
    pub black_name: String,
    pub start_fen: String,
    /// The opening's moves and the game's, in the variant's notation.
    pub moves: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2`, and why.
    pub result: String,
    pub reason: String,
}

impl GameLine {
    /// The side that won, if one did.
    pub fn winner(&self) -> Option<Color> {
        match self.result.as_str() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        }
    }

    /// The game as PGN.
    pub fn to_pgn(&self, variant: crate::Variant, date: &str) -> String {
        PgnGame {
            event: "turncoat match",
            white: &self.white_name,
            black: &self.black_name,
            variant,
            start_fen: &self.start_fen,
            moves: &self.moves,
            result: &self.result,
            termination: Some(self.reason.clone()),
            evals: &[],
            kept_tags: &[],
            extra_tags: &[],
            notes: &[],
        }
        .write(self.round, date)
    }
}

/// The lines of a results file, checked: each of the run `settings`
/// (when given) and no pair twice. A missing file has none.
pub fn read(path: &str, settings: Option<&[String]>) -> Result<Vec<UnitLine>, ResultsError> {
    // A device or pipe given as the results file holds no earlier results
    // (and reading one such as /dev/zero would never end).
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if special {
        return match settings {
            Some(_) => Ok(Vec::new()),
            None => Err(ResultsError::NotAFile(path.to_string())),
        };
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && settings.is_some() => {
            return Ok(Vec::new())
        }
        Err(source) => {
            return Err(ResultsError::Read {
                path: path.to_string(),
                source,
            })
        }
    };
    let mut lines: Vec<UnitLine> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let unit: UnitLine = match serde_json::from_str(line) {
            Ok(u) => u,
            // A shard killed while writing leaves its last line cut short:
            // that pair is played again.
            Err(_) if i + 1 == text.lines().count() && !text.ends_with('\n') => break,
            Err(source) => {
                return Err(ResultsError::NotALine {
                    path: path.to_string(),
                    line: i + 1,
                    source,
                })
            }
        };
        if settings.is_some_and(|s| unit.settings != s) {
            return Err(ResultsError::AnotherRun {
                path: path.to_string(),
                line: i + 1,
                settings: unit.settings,
            });
        }
        lines.push(unit);
    }
    Ok(lines)
}

/// Appends finished pairs to a results file, one line each, flushed.
pub struct ResultsWriter {
    path: String,
    file: std::fs::File,
}

impl ResultsWriter {
    /// Opens `path` to append to, first dropping a last line cut short
    /// (a shard killed while writing it: [`read`] skipped it, and its pair
    /// is played again).
    pub fn open(path: &str) -> Result<ResultsWriter, ResultsError> {
        let cannot = |source| ResultsError::Write {
            path: path.to_string(),
            source,
        };
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(cannot)?;
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        let text = if regular {
            std::fs::read(path).map_err(cannot)?
        } else {
            Vec::new()
        };
        if !text.is_empty() && !text.ends_with(b"\n") {
            let whole_lines = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            file.set_len(whole_lines as u64).map_err(cannot)?;
        }
        Ok(ResultsWriter {
            path: path.to_string(),
            file,
        })
    }

    /// Appends the line of a finished pair.
    pub fn append(&mut self, unit: &UnitLine) -> Result<(), ResultsError> {
        let mut line = serde_json::to_string(unit)?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| ResultsError::Write {
                path: self.path.clone(),
                source,
            })
    }
}

/// Merges the results files of a match's shards into its report.
///
/// The files of the shards of one `turncoat match` run (-shard K/N
/// -results FILE.jsonl) make the report the whole run prints at its
/// end: Elo, nElo, Ptnml(0-2), LLR and the SPRT's decision. Refuses a
/// pair found twice and files of different runs.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MergeArgs {
    /// The results files of the shards.
    #[arg(verbatim_doc_comment, value_name = "FILE.jsonl")]
    files: Vec<String>,
    /// Write every game, in the run's order, as PGN to FILE (also spelt
    /// -pgnout, as for `turncoat match`).
    #[arg(verbatim_doc_comment, long, value_name = "FILE")]
    pgnout: Option<String>,
}

/// Why the results files make no report.
#[derive(Debug, Error)]
pub enum MergeError {
    #[error("no results file given")]
    NoFiles,
    #[error(transparent)]
    Results(#[from] ResultsError),
    #[error("{path} holds the results of another run than {first} (settings: {} / {})",
            .settings.join(" "), .first_settings.join(" "))]
    AnotherRun {
        path: String,
        first: String,
        settings: Vec<String>,
        first_settings: Vec<String>,
    },
    #[error("game pair {} is in {first} and in {path}", .unit + 1)]
    PairTwice {
        unit: usize,
        first: String,
        path: String,
    },
    #[error("the results files hold no game")]
    NoGame,
    /// The run's settings as `turncoat match` reads them.
    #[error("the runs' settings: {0}")]
    Settings(args::ArgsError),
    #[error("cannot write {path}: {source}")]
    WritePgn {
        path: String,
        source: std::io::Error,
    },
}

/// Runs `turncoat match-merge`; returns the exit status.
pub fn merge_command(args: &MergeArgs) -> i32 {
    match merge(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}\n(`turncoat match-merge --help` for more)");
            2
        }
    }
}

/// The game pairs of `files`, by index, with the file each is in: every
/// pair once, all of one run.
fn units(files: &[String]) -> Result<BTreeMap<usize, (UnitLine, &str)>, MergeError> {
    let mut units: BTreeMap<usize, (UnitLine, &str)> = BTreeMap::new();
    let mut settings: Option<Vec<String>> = None;
    for path in files {
        for unit in read(path, None)? {
            match &settings {
                None => settings = Some(unit.settings.clone()),
                Some(s) if *s != unit.settings => {
                    return Err(MergeError::AnotherRun {
                        path: path.clone(),
                        first: files[0].clone(),
                        settings: unit.settings,
                        first_settings: s.clone(),
                    })
                }
                Some(_) => {}
            }
            if let Some((_, first)) = units.get(&unit.unit) {
                return Err(MergeError::PairTwice {
                    unit: unit.unit,
                    first: first.to_string(),
                    path: path.clone(),
                });
            }
            units.insert(unit.unit, (unit, path.as_str()));
        }
    }
    Ok(units)
}

/// Prints the report of the run the files hold, and writes its PGN.
fn merge(args: &MergeArgs) -> Result<(), MergeError> {
    if args.files.is_empty() {
        return Err(MergeError::NoFiles);
    }
    let units = units(&args.files)?;
    let (first, _) = units.values().next().ok_or(MergeError::NoGame)?;
    let run = args::parse(&first.settings).map_err(MergeError::Settings)?;
    let mut games: Vec<&GameLine> = units.values().flat_map(|(u, _)| &u.games).collect();
    games.sort_by_key(|g| g.number);
    if let Some(path) = &args.pgnout {
        let date = crate::pgn::today();
        let text: String = games.iter().map(|g| g.to_pgn(run.variant, &date)).collect();
        std::fs::write(path, text).map_err(|source| MergeError::WritePgn {
            path: path.clone(),
            source,
        })?;
    }
    let mut standings = super::Standings::new(&run);
    for (unit, _) in units.values() {
        for g in &unit.games {
            standings.record(g, run.repeat.then_some(unit.unit));
        }
    }
    super::report(&standings, run.sprt, run.repeat);
    crate::output::out!("Finished match");
    Ok(())
}
