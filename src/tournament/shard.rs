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
        }
        .write(self.round, date)
    }
}

/// The lines of a results file, checked: each of the run `settings`
/// (when given) and no pair twice. A missing file has none.
pub fn read(path: &str, settings: Option<&[String]>) -> Result<Vec<UnitLine>, String> {
    // A device or pipe given as the results file holds no earlier results
    // (and reading one such as /dev/zero would never end).
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if special {
        return match settings {
            Some(_) => Ok(Vec::new()),
            None => Err(format!("{path} is not a results file")),
        };
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && settings.is_some() => {
            return Ok(Vec::new())
        }
        Err(e) => return Err(format!("cannot read {path}: {e}")),
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
            Err(e) => return Err(format!("{path}:{}: not a results line: {e}", i + 1)),
        };
        if let Some(s) = settings {
            if unit.settings != s {
                return Err(format!(
                    "{path}:{}: the results of another run (its settings: {})",
                    i + 1,
                    unit.settings.join(" ")
                ));
            }
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
    pub fn open(path: &str) -> Result<ResultsWriter, String> {
        let cannot = |e: std::io::Error| format!("cannot write {path}: {e}");
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

    pub fn append(&mut self, unit: &UnitLine) -> Result<(), String> {
        let mut line = serde_json::to_string(unit).map_err(|e| e.to_string())?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path))
    }
}

/// `turncoat match-merge FILES... [-pgnout FILE]`.
pub const HELP: &str = "usage: turncoat match-merge FILE.jsonl... [-pgnout FILE]

Merges the results files of the shards of one `turncoat match` run
(-shard K/N -results FILE.jsonl) and prints the report the whole run
prints at its end: Elo, nElo, Ptnml(0-2), LLR and the SPRT's decision.
Refuses a pair found twice and files of different runs. -pgnout writes
every game, in the run's order, as PGN.";

/// Runs `turncoat match-merge`; returns the exit status.
pub fn merge_command(argv: &[String]) -> i32 {
    match merge(argv) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}\n{HELP}");
            2
        }
    }
}

fn merge(argv: &[String]) -> Result<(), String> {
    let (files, pgnout) = merge_args(argv)?;
    let mut units: BTreeMap<usize, (UnitLine, &str)> = BTreeMap::new();
    let mut settings: Option<Vec<String>> = None;
    for path in &files {
        for unit in read(path, None)? {
            match &settings {
                None => settings = Some(unit.settings.clone()),
                Some(s) if *s != unit.settings => {
                    return Err(format!(
                        "{path} holds the results of another run than {} (settings: {} / {})",
                        files[0],
                        unit.settings.join(" "),
                        s.join(" ")
                    ))
                }
                Some(_) => {}
            }
            if let Some((_, first)) = units.get(&unit.unit) {
                return Err(format!(
                    "game pair {} is in {first} and in {path}",
                    unit.unit + 1
                ));
            }
            units.insert(unit.unit, (unit, path.as_str()));
        }
    }
    let settings = settings.ok_or("the results files hold no game")?;
    let run = args::parse(&settings).map_err(|e| format!("the runs' settings: {e}"))?;
    let mut games: Vec<&GameLine> = units.values().flat_map(|(u, _)| &u.games).collect();
    games.sort_by_key(|g| g.number);
    if let Some(path) = pgnout {
        let date = crate::pgn::today();
        let text: String = games.iter().map(|g| g.to_pgn(run.variant, &date)).collect();
        std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
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

/// The files and `-pgnout` of the command line.
fn merge_args(argv: &[String]) -> Result<(Vec<String>, Option<String>), String> {
    let mut files = Vec::new();
    let mut pgnout = None;
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-pgnout" => pgnout = Some(it.next().ok_or("-pgnout needs a file")?.clone()),
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option '{flag}'"))
            }
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("no results file given".into());
    }
    Ok((files, pgnout))
}
