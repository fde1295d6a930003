//! `turncoat match`: engine-vs-engine tournaments in every variant, with
//! cutechess-cli's command-line conventions. What only a tournament needs
//! lives here; the games themselves are played in [`crate::arena`].
//!
//! * [`args`]: the command line.
//! * [`shard`]: a run in shards — results files and `match-merge`.
//! * [`stats`]: Elo and nElo with error bars, LOS, the GSPRT on single
//!   games or (with `-repeat`) on game pairs.
//!
//! Its openings come from [`crate::openings`]; its games are written as
//! PGN by [`crate::pgn`].

pub mod args;
pub mod shard;
pub mod slice;
pub mod stats;

use crate::arena::referee::GameRecord;
use crate::board::Color;
use crate::output::out;
use args::MatchArgs;
use shard::{GameLine, ResultsWriter, UnitLine};
use slice::Shard;
use stats::{format_stat, Estimate, Pentanomial, Sprt, Tally, Verdict};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One scheduled game: engine indices, opening, numbering.
#[derive(Clone, Debug)]
struct Scheduled {
    number: usize,
    round: usize,
    white: usize,
    black: usize,
    /// The run's opening of the game, by index ([`args::Openings`]).
    opening: usize,
    /// The game pair (one opening, colours swapped) with `-repeat`, the
    /// game alone without: the unit of shards and results files, from 0.
    unit: usize,
}

/// The results of one engine against another: single games, and with
/// `-repeat` the game pairs.
#[derive(Clone, Copy, Debug, Default)]
struct Results {
    tally: Tally,
    ptnml: Pentanomial,
}

/// Results so far: per ordered pair (i < j) the results of i against j.
struct Standings {
    names: Vec<String>,
    pairs: Vec<((usize, usize), Results)>,
    /// Game pairs with one game finished: the first engine's half points.
    half_done: std::collections::HashMap<usize, u32>,
}

impl Standings {
    fn new(args: &MatchArgs) -> Standings {
        Standings {
            names: args.engines.iter().map(|e| e.name.clone()).collect(),
            pairs: Vec::new(),
            half_done: std::collections::HashMap::new(),
        }
    }

    fn results_mut(&mut self, a: usize, b: usize) -> &mut Results {
        let key = (a.min(b), a.max(b));
        let i = match self.pairs.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.pairs.push((key, Results::default()));
                self.pairs.sort_by_key(|(k, _)| *k);
                self.pairs
                    .iter()
                    .position(|(k, _)| *k == key)
                    .expect("just added")
            }
        };
        &mut self.pairs[i].1
    }

    /// Counts a finished game of game pair `pair` (with `-repeat`);
    /// returns the results of its two engines and whether it completed the
    /// pair.
    fn record(&mut self, g: &GameLine, pair: Option<usize>) -> (Results, bool) {
        let (first, second) = (g.white.min(g.black), g.white.max(g.black));
        let first_is_white = first == g.white;
        let half_points = match g.winner() {
            Some(side) if (side == Color::White) == first_is_white => 2,
            Some(_) => 0,
            None => 1,
        };
        let other_game = pair.and_then(|p| match self.half_done.remove(&p) {
            Some(h) => Some(h),
            None => {
                self.half_done.insert(p, half_points);
                None
            }
        });
        let r = self.results_mut(first, second);
        match half_points {
            2 => r.tally.wins += 1,
            0 => r.tally.losses += 1,
            _ => r.tally.draws += 1,
        }
        if let Some(h) = other_game {
            r.ptnml.add(h, half_points);
        }
        (*r, other_game.is_some())
    }
}

/// What the games of a run leave behind as they finish: the standings,
/// the PGN, and the results file with each pair once its games are all in.
struct Record {
    standings: Standings,
    pgn: Option<std::fs::File>,
    results: Option<ResultsWriter>,
    /// Per unterminated pair: its games finished so far, and how many it has.
    open_units: std::collections::HashMap<usize, (Vec<GameLine>, usize)>,
    /// The first file that could not be written: the run stops on it.
    failure: Option<String>,
}

/// The game `rec` of `g` as a results file keeps it.
fn game_line(g: &Scheduled, rec: &GameRecord) -> GameLine {
    GameLine {
        number: g.number,
        round: g.round,
        white: g.white,
        black: g.black,
        white_name: rec.white.clone(),
        black_name: rec.black.clone(),
        start_fen: rec.start_fen.clone(),
        moves: rec.moves.clone(),
        result: rec.result.notation().to_string(),
        reason: rec.result.reason(),
    }
}

/// Why `turncoat match` stopped before its end.
#[derive(Debug, thiserror::Error)]
enum MatchError {
    #[error("{0}\n{usage}", usage = args::USAGE)]
    Usage(args::ArgsError),
    /// What went wrong with each engine that failed its check.
    #[error("{}\nerror: the tournament was not started", .0.join("\nerror: "))]
    Engines(Vec<String>),
    #[error("{0}")]
    Openings(args::ArgsError),
    #[error("{0}")]
    Results(#[from] shard::ResultsError),
    #[error("cannot write {path}: {source}")]
    Pgn {
        path: String,
        source: std::io::Error,
    },
    /// A file the games are written to failed during the run.
    #[error("{0}\nerror: the match was stopped")]
    Stopped(String),
}

impl MatchError {
    /// 2 for what the command line asked that cannot be done, 1 for a
    /// tournament that could not start or finish.
    fn exit_status(&self) -> i32 {
        match self {
            MatchError::Engines(_) | MatchError::Stopped(_) => 1,
            _ => 2,
        }
    }
}

/// Runs a tournament; returns the process exit status.
pub fn run(argv: &[String]) -> i32 {
    match play_match(argv) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_status()
        }
    }
}

/// The tournament from its command line to its report.
fn play_match(argv: &[String]) -> Result<(), MatchError> {
    let args = args::parse(argv).map_err(MatchError::Usage)?;
    check_engines(&args).map_err(MatchError::Engines)?;
    let schedule = schedule(&args);
    let openings = args
        .openings
        .openings(args.variant)
        .map_err(MatchError::Openings)?;
    let earlier = match &args.results {
        Some(path) => shard::read(path, Some(&args.settings))?,
        None => Vec::new(),
    };
    let whole = schedule.len();
    let mut standings = Standings::new(&args);
    let mut done = std::collections::HashSet::new();
    for unit in &earlier {
        for g in &unit.games {
            standings.record(g, args.repeat.then_some(unit.unit));
        }
        done.insert(unit.unit);
    }
    let mine: Vec<Scheduled> = schedule
        .into_iter()
        .filter(|g| args.shard.holds(g.unit) && !done.contains(&g.unit))
        .collect();
    if args.shard != Shard::WHOLE || !earlier.is_empty() {
        out!(
            "Shard {}/{}: {} games to play of the run's {whole}, {} game pairs already in the results",
            args.shard.index,
            args.shard.count,
            mine.len(),
            earlier.len()
        );
    }
    let mut open_units = std::collections::HashMap::new();
    for g in &mine {
        open_units.entry(g.unit).or_insert((Vec::new(), 0)).1 += 1;
    }
    let (pgn, results) = open_outputs(&args)?;
    let queue = Mutex::new(VecDeque::from(mine));
    let record = Mutex::new(Record {
        standings,
        pgn,
        results,
        open_units,
        failure: None,
    });
    let stop = AtomicBool::new(false);
    let date = crate::pgn::today();
    std::thread::scope(|s| {
        for _ in 0..args.concurrency {
            s.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(g) = queue.lock().unwrap().pop_front() else {
                    break;
                };
                let (w, b) = (&args.engines[g.white], &args.engines[g.black]);
                out!(
                    "Started game {} of {whole} ({} vs {})",
                    g.number,
                    w.name,
                    b.name
                );
                let rec = crate::arena::referee::play(
                    args.variant,
                    &openings.get(g.opening),
                    (w, args.limits[g.white]),
                    (b, args.limits[g.black]),
                    args.adjudication,
                );
                let mut r = record.lock().unwrap();
                let decided = finish_game(&args, &mut r, &g, &rec, &date);
                if decided || r.failure.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        }
    });
    let r = record.into_inner().unwrap();
    report(&r.standings, args.sprt, args.repeat);
    if let Some(e) = r.failure {
        return Err(MatchError::Stopped(e));
    }
    out!("Finished match");
    Ok(())
}

/// The PGN file and the results file, opened before the first game.
fn open_outputs(
    args: &MatchArgs,
) -> Result<(Option<std::fs::File>, Option<ResultsWriter>), MatchError> {
    let pgn = match &args.pgnout {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|source| MatchError::Pgn {
                path: path.clone(),
                source,
            })?,
        ),
        None => None,
    };
    let results = args
        .results
        .as_deref()
        .map(ResultsWriter::open)
        .transpose()?;
    Ok((pgn, results))
}

/// Counts, prints and writes a finished game; returns whether the SPRT
/// has decided the match (never in a shard: the merge decides).
fn finish_game(
    args: &MatchArgs,
    r: &mut Record,
    g: &Scheduled,
    rec: &GameRecord,
    date: &str,
) -> bool {
    let line = game_line(g, rec);
    let (results, pair_done) = r.standings.record(&line, args.repeat.then_some(g.unit));
    let tally = results.tally;
    let (w, b) = (&args.engines[g.white].name, &args.engines[g.black].name);
    out!("Finished game {} ({w} vs {b}): {}", g.number, rec.result);
    let (first, second) = (g.white.min(g.black), g.white.max(g.black));
    let names = &r.standings.names;
    out!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        names[first],
        names[second],
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    );
    if let Some(f) = r.pgn.as_mut() {
        let written = f
            .write_all(rec.to_pgn(g.round, date).as_bytes())
            .and_then(|()| f.flush());
        if let Err(e) = written {
            let path = args.pgnout.as_deref().unwrap_or_default();
            r.failure.get_or_insert(format!("cannot write {path}: {e}"));
        }
    }
    write_unit(args, r, g.unit, line);
    let Some(sprt) = args.sprt else {
        return false;
    };
    // With -repeat the test runs on pairs, so it can only move when a pair
    // is complete.
    let llr = if args.repeat {
        pair_done.then(|| sprt.llr_pentanomial(&results.ptnml))
    } else {
        Some(sprt.llr(&tally))
    };
    let whole_run = args.shard == Shard::WHOLE;
    llr.is_some_and(|llr| {
        whole_run && args.engines.len() == 2 && sprt.verdict_of(llr) != Verdict::Continue
    })
}

/// Adds a game to its pair, and writes the pair to the results file once
/// its games are all in.
fn write_unit(args: &MatchArgs, r: &mut Record, unit: usize, line: GameLine) {
    let Some((games, expected)) = r.open_units.get_mut(&unit) else {
        return;
    };
    games.push(line);
    if games.len() < *expected {
        return;
    }
    let (mut games, _) = r.open_units.remove(&unit).expect("just found");
    games.sort_by_key(|g| g.number);
    if let Some(w) = r.results.as_mut() {
        let line = UnitLine {
            settings: args.settings.clone(),
            unit,
            games,
        };
        if let Err(e) = w.append(&line) {
            r.failure.get_or_insert(e.to_string());
        }
    }
}

/// Starts every engine once, through its handshake, and ends it, before
/// the first game. An engine that cannot start at all (no such file, not
/// executable, exits at once, fails its `uci`/`xboard` handshake) would
/// otherwise forfeit every game, and the tournament would "succeed" with
/// meaningless results; checking up front stops it before any game, any
/// output or any PGN, whereas stopping at the first failed game would
/// leave concurrent games half played, and in a round robin an engine's
/// first game may come late. The check costs one start per engine, done
/// all at once. An engine that starts here but fails later still forfeits
/// only that game. `Err` holds one message per failing engine.
fn check_engines(args: &MatchArgs) -> Result<(), Vec<String>> {
    // What went wrong with each engine, if anything.
    let failures: Vec<Option<String>> = std::thread::scope(|s| {
        let checks: Vec<_> = args
            .engines
            .iter()
            .map(|e| {
                s.spawn(|| {
                    crate::arena::program::Program::check(e, args.variant)
                        .err()
                        .map(|why| why.to_string())
                })
            })
            .collect();
        checks
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Some("the check panicked".into()))
            })
            .collect()
    });
    let failures: Vec<String> = args
        .engines
        .iter()
        .zip(failures)
        .filter_map(|(e, why)| why.map(|why| format!("engine '{}' {why}", e.name)))
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

fn report(st: &Standings, sprt: Option<Sprt>, pairs: bool) {
    for &((a, b), r) in &st.pairs {
        if st.pairs.len() > 1 {
            out!("{} vs {}:", st.names[a], st.names[b]);
        }
        report_pair(&r, sprt, pairs);
    }
    if st.names.len() > 2 {
        out!("Rank Name                 Elo     +/-   Games   Score   Draws");
        let mut rows: Vec<(String, Tally)> = st
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mut total = Tally::default();
                for &((a, b), Results { tally: t, .. }) in &st.pairs {
                    if a == i {
                        total.wins += t.wins;
                        total.losses += t.losses;
                        total.draws += t.draws;
                    } else if b == i {
                        total.wins += t.losses;
                        total.losses += t.wins;
                        total.draws += t.draws;
                    }
                }
                (n.clone(), total)
            })
            .collect();
        rows.sort_by(|a, b| b.1.score().total_cmp(&a.1.score()));
        for (rank, (name, t)) in rows.iter().enumerate() {
            out!(
                "{:>4} {:<20} {:>5} {:>7} {:>7} {:>6.1}% {:>6.1}%",
                rank + 1,
                name,
                format_stat(t.elo(), 0),
                format_stat(t.elo_error(), 0),
                t.games(),
                100.0 * t.score(),
                100.0 * t.draw_ratio()
            );
        }
    }
}

/// One pairing's results: cutechess-cli's summary line, then fastchess's
/// (`Elo: ... nElo: ...`, `Ptnml(0-2): [...]`, `LLR: x (l, u) [elo0,
/// elo1]`). With `-repeat` the estimates and the test are on game pairs.
fn report_pair(r: &Results, sprt: Option<Sprt>, pairs: bool) {
    let t = r.tally;
    let pentanomial = pairs && r.ptnml.pairs() > 0;
    let e = if pentanomial {
        Estimate::pentanomial(&r.ptnml)
    } else {
        Estimate::trinomial(&t)
    };
    out!(
        "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
        format_stat(e.elo, 1),
        format_stat(e.elo_error, 1),
        100.0 * e.los,
        100.0 * t.draw_ratio()
    );
    out!(
        "Elo: {} +/- {}, nElo: {} +/- {}",
        format_stat(e.elo, 2),
        format_stat(e.elo_error, 2),
        format_stat(e.nelo, 2),
        format_stat(e.nelo_error, 2)
    );
    out!(
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
        t.games(),
        t.wins,
        t.losses,
        t.draws,
        t.wins as f64 + 0.5 * t.draws as f64,
        100.0 * t.score()
    );
    if pairs {
        let c = r.ptnml.counts;
        out!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}]",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4]
        );
    }
    if let Some(s) = sprt {
        let llr = if pairs {
            s.llr_pentanomial(&r.ptnml)
        } else {
            s.llr(&t)
        };
        out!(
            "LLR: {} ({:.2}, {:.2}) [{:.2}, {:.2}]",
            format_stat(llr, 2),
            s.lower_bound(),
            s.upper_bound(),
            s.elo0,
            s.elo1
        );
        let verdict = match s.verdict_of(llr) {
            Verdict::AcceptH0 => "H0 was accepted",
            Verdict::AcceptH1 => "H1 was accepted",
            Verdict::Continue => "not decided",
        };
        out!(
            "SPRT ([{:.2}, {:.2}], {}, {}) - {verdict}",
            s.elo0,
            s.elo1,
            match s.model {
                stats::Model::Normalized => "normalized",
                stats::Model::Logistic => "logistic",
            },
            if pairs { "pentanomial" } else { "trinomial" }
        );
    }
}

/// The games to play: round robin over all pairs, `games` per pair and
/// round, colours alternating; with `-repeat` each opening is played
/// twice with colours swapped, as one game pair. Openings are taken by
/// index, one per game pair (per game without `-repeat`).
fn schedule(args: &MatchArgs) -> Vec<Scheduled> {
    let pairs: Vec<(usize, usize)> = (0..args.engines.len())
        .flat_map(|i| (i + 1..args.engines.len()).map(move |j| (i, j)))
        .collect();
    let mut out = Vec::new();
    let mut units = 0;
    // Per pairing: the game pair of its last game, so that with -repeat a
    // pair's second game follows even across rounds (`-games 1 -rounds N`).
    let mut current: Vec<Option<usize>> = vec![None; pairs.len()];
    for round in 0..args.rounds {
        for (p, &(a, b)) in pairs.iter().enumerate() {
            for g in 0..args.games {
                let index = round * args.games + g;
                if !args.repeat || index.is_multiple_of(2) || current[p].is_none() {
                    current[p] = Some(units);
                    units += 1;
                }
                let (white, black) = if index.is_multiple_of(2) {
                    (a, b)
                } else {
                    (b, a)
                };
                let unit = current[p].expect("a game pair");
                out.push(Scheduled {
                    number: out.len() + 1,
                    round: round + 1,
                    white,
                    black,
                    opening: unit,
                    unit,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule_of(cmd: &str) -> Vec<Scheduled> {
        let argv: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
        schedule(&args::parse(&argv).unwrap())
    }

    /// With -repeat two consecutive games of a pairing share an opening
    /// and a game pair, colours swapped, also when each round has one game.
    #[test]
    fn repeat_makes_game_pairs() {
        for cmd in [
            "-engine cmd=a -engine cmd=b -each depth=1 -games 1 -rounds 4 -repeat -openings plies=2",
            "-engine cmd=a -engine cmd=b -each depth=1 -games 2 -rounds 2 -repeat -openings plies=2",
        ] {
            let s = schedule_of(cmd);
            let pairs: Vec<usize> = s.iter().map(|g| g.unit).collect();
            assert_eq!(pairs, [0, 0, 1, 1], "{cmd}");
            for two in s.chunks(2) {
                assert_eq!(two[0].opening, two[1].opening);
                assert_eq!((two[0].white, two[0].black), (two[1].black, two[1].white));
            }
        }
        let plain = schedule_of("-engine cmd=a -engine cmd=b -each depth=1 -games 4");
        let units: Vec<usize> = plain.iter().map(|g| g.unit).collect();
        assert_eq!(units, [0, 1, 2, 3]);
    }
}
