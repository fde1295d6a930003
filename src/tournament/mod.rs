//! `turncoat match`: engine-vs-engine tournaments in every variant, with
//! cutechess-cli's command-line conventions.
//!
//! * [`args`]: the command line.
//! * [`engine`]: engine child processes over UCI/XBoard.
//! * [`referee`]: one game, validated by turncoat's rules through the game
//!   model; `turn`: its turns, one engine moving or both choosing at once;
//!   `players`: the two engines, and [`clock`]: their clocks;
//!   [`adjudication`]: `-draw`, `-resign`, `-maxmoves`.
//! * [`result`]: how a game ended, as types.
//! * [`openings`]: EPD/PGN openings and random openings.
//! * [`stats`]: Elo, error bars, LOS, SPRT.
//! * [`pgn`]: game records.

pub mod adjudication;
pub mod args;
pub mod clock;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod players;
pub mod referee;
pub mod result;
pub mod stats;
pub mod turn;

use crate::board::Color;
use crate::output::out;
use args::MatchArgs;
use openings::Opening;
use referee::GameRecord;
use stats::{Sprt, Tally, Verdict};
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
    opening: Opening,
}

/// Results so far: per ordered pair (i < j) the tally of i against j.
struct Standings {
    names: Vec<String>,
    pairs: Vec<((usize, usize), Tally)>,
    finished: usize,
    pgn: Option<std::fs::File>,
}

impl Standings {
    fn tally_mut(&mut self, a: usize, b: usize) -> &mut Tally {
        let key = (a.min(b), a.max(b));
        let i = match self.pairs.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.pairs.push((key, Tally::default()));
                self.pairs.len() - 1
            }
        };
        &mut self.pairs[i].1
    }

    fn record(&mut self, g: &Scheduled, rec: &GameRecord) -> Tally {
        let (first, second) = (g.white.min(g.black), g.white.max(g.black));
        let first_is_white = first == g.white;
        let t = self.tally_mut(first, second);
        match rec.result.winner() {
            Some(side) if (side == Color::White) == first_is_white => t.wins += 1,
            Some(_) => t.losses += 1,
            None => t.draws += 1,
        }
        *t
    }
}

/// Runs a tournament; returns the process exit status.
pub fn run(argv: &[String]) -> i32 {
    let args = match args::parse(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}\n{}", args::USAGE);
            return 2;
        }
    };
    if let Err(failures) = check_engines(&args) {
        for e in failures {
            eprintln!("error: {e}");
        }
        eprintln!("error: the tournament was not started");
        return 1;
    }
    let schedule = match schedule(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let pgn = match &args.pgnout {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some(f),
            Err(e) => {
                eprintln!("error: cannot write {path}: {e}");
                return 2;
            }
        },
        None => None,
    };
    let total = schedule.len();
    let queue = Mutex::new(VecDeque::from(schedule));
    let standings = Mutex::new(Standings {
        names: args.engines.iter().map(|e| e.name.clone()).collect(),
        pairs: Vec::new(),
        finished: 0,
        pgn,
    });
    let stop = AtomicBool::new(false);
    let date = today();
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
                    "Started game {} of {total} ({} vs {})",
                    g.number,
                    w.name,
                    b.name
                );
                let rec = referee::play(
                    args.variant,
                    &g.opening,
                    (w, args.limits[g.white]),
                    (b, args.limits[g.black]),
                    args.adjudication,
                );
                let mut st = standings.lock().unwrap();
                let tally = st.record(&g, &rec);
                st.finished += 1;
                out!(
                    "Finished game {} ({} vs {}): {}",
                    g.number,
                    w.name,
                    b.name,
                    rec.result
                );
                let (first, second) = (g.white.min(g.black), g.white.max(g.black));
                out!(
                    "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
                    st.names[first],
                    st.names[second],
                    tally.wins,
                    tally.losses,
                    tally.draws,
                    tally.score(),
                    tally.games()
                );
                if let Some(f) = st.pgn.as_mut() {
                    let _ = f.write_all(pgn::write(&rec, g.round, &date).as_bytes());
                    let _ = f.flush();
                }
                if let Some(sprt) = args.sprt {
                    if args.engines.len() == 2 && sprt.verdict(&tally) != Verdict::Continue {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let st = standings.into_inner().unwrap();
    report(&st, args.sprt);
    out!("Finished match");
    0
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
    let results: Vec<Result<(), String>> = std::thread::scope(|s| {
        let checks: Vec<_> = args
            .engines
            .iter()
            .map(|e| s.spawn(|| engine::EngineProcess::check(e, args.variant)))
            .collect();
        checks
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("the check panicked".into()))
            })
            .collect()
    });
    let failures: Vec<String> = args
        .engines
        .iter()
        .zip(results)
        .filter_map(|(e, r)| {
            r.err()
                .map(|why| format!("engine '{}' failed to start: {why}", e.name))
        })
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

fn report(st: &Standings, sprt: Option<Sprt>) {
    for &((a, b), t) in &st.pairs {
        if st.pairs.len() > 1 {
            out!("{} vs {}:", st.names[a], st.names[b]);
        }
        out!(
            "Elo difference: {:.1} +/- {:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            t.elo(),
            t.elo_error(),
            100.0 * t.los(),
            100.0 * t.draw_ratio()
        );
        if let Some(s) = sprt {
            let llr = s.llr(&t);
            let verdict = match s.verdict(&t) {
                Verdict::AcceptH0 => " - H0 was accepted",
                Verdict::AcceptH1 => " - H1 was accepted",
                Verdict::Continue => "",
            };
            out!(
                "SPRT: llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2}{verdict}",
                llr,
                100.0 * llr / s.upper_bound(),
                s.lower_bound(),
                s.upper_bound()
            );
        }
    }
    if st.names.len() > 2 {
        out!("Rank Name                 Elo     +/-   Games   Score   Draws");
        let mut rows: Vec<(String, Tally)> = st
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mut total = Tally::default();
                for &((a, b), t) in &st.pairs {
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
                "{:>4} {:<20} {:>5.0} {:>7.0} {:>7} {:>6.1}% {:>6.1}%",
                rank + 1,
                name,
                t.elo(),
                t.elo_error(),
                t.games(),
                100.0 * t.score(),
                100.0 * t.draw_ratio()
            );
        }
    }
}

/// The games to play: round robin over all pairs, `games` per pair and
/// round, colours alternating; with `-repeat` each opening is played
/// twice with colours swapped.
fn schedule(args: &MatchArgs) -> Result<Vec<Scheduled>, String> {
    let per_pair = args.games * args.rounds;
    let pairs: Vec<(usize, usize)> = (0..args.engines.len())
        .flat_map(|i| (i + 1..args.engines.len()).map(move |j| (i, j)))
        .collect();
    let n_openings = pairs.len() * per_pair.div_ceil(if args.repeat { 2 } else { 1 });
    let openings = args.openings.pick(args.variant, n_openings)?;
    let mut out = Vec::new();
    let mut next_opening = 0;
    for round in 0..args.rounds {
        for &(a, b) in &pairs {
            let mut current = None;
            for g in 0..args.games {
                let index = round * args.games + g;
                if !args.repeat || index.is_multiple_of(2) || current.is_none() {
                    current = Some(openings[next_opening % openings.len()].clone());
                    next_opening += 1;
                }
                let (white, black) = if index.is_multiple_of(2) {
                    (a, b)
                } else {
                    (b, a)
                };
                out.push(Scheduled {
                    number: out.len() + 1,
                    round: round + 1,
                    white,
                    black,
                    opening: current.clone().expect("an opening"),
                });
            }
        }
    }
    Ok(out)
}

/// The date as PGN wants it (`YYYY.MM.DD`), from the system clock.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
