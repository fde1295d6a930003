//! The command line of `turncoat match`, after cutechess-cli.

use super::slice::{Shard, ShardError};
use super::stats::{Model, Sprt};
use crate::arena::adjudication::Adjudication;
use crate::arena::clock::{parse_seconds, parse_tc, Limit, TimeControlError, TimeError};
use crate::arena::program::{ProgramConfig, Protocol};
use crate::openings::{self, Opening};
use crate::rng::Rng;
use crate::rules::Variant;
use std::time::Duration;

pub const USAGE: &str = "usage: turncoat match -engine cmd=PATH [name=N] [proto=uci|xboard] [arg=A] [option.NAME=VALUE ...]
         [tc=MOVES/SECONDS+INC | st=SECONDS | depth=N | nodes=N]  (twice or more)
       [-each KEY=VALUE ...] -variant V [-games N] [-rounds R] [-repeat]
       [-openings file=F.epd|F.pgn [order=random|sequential] | plies=N] [-seed N]
       [-concurrency N] [-pgnout FILE] [-sprt elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]]
       [-draw movenumber=N movecount=M score=S] [-resign movecount=N score=S] [-maxmoves N]
       [-shard K/N] [-results FILE.jsonl]";

/// `turncoat match --help`.
pub const HELP: &str = "usage: turncoat match -engine cmd=PATH [name=N] [proto=uci|xboard] [arg=A] [option.NAME=VALUE ...]
         [tc=MOVES/SECONDS+INC | st=SECONDS | depth=N | nodes=N]  (twice or more)
       [-each KEY=VALUE ...] -variant V [-games N] [-rounds R] [-repeat]
       [-openings file=F.epd|F.pgn [order=random|sequential] | plies=N] [-seed N]
       [-concurrency N] [-pgnout FILE] [-sprt elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]]
       [-draw movenumber=N movecount=M score=S] [-resign movecount=N score=S] [-maxmoves N]
       [-shard K/N] [-results FILE.jsonl]

Plays engines against each other (cutechess-cli's conventions), refereed
by turncoat's rules; prints each game's result, the score, Elo, LOS and
the SPRT's state.

  -engine      one engine (two or more; more than two play a round robin):
               cmd= the program, name=, proto=uci|xboard, arg= an argument
               (repeatable), option.NAME=VALUE, and a limit:
               tc=MOVES/SECONDS+INC (40/60+0.6, 10+0.1, 1:30), st=SECONDS
               per move, depth=N or nodes=N. Times are seconds (or
               MIN:SEC) from 0 to 31536000 (one year).
  -each        settings for every engine (an engine's own win)
  -variant     chess, pacifist, pacifist2, subversion, apocalypse
  -games N     games per pair and round (default 1); -rounds R (default 1)
  -repeat      each opening twice, colours swapped
  -openings    file=F.epd|F.pgn [order=random|sequential], or plies=N
               random plies (0 to 100; default 6); -seed N
  -concurrency N games at once (default 1)
  -pgnout FILE the games as PGN
  -sprt        the GSPRT of H0 (elo0) against H1 (elo1), error rates alpha
               and beta; model=normalized (default; bounds in nElo) or
               logistic (bounds in Elo); with -repeat on game pairs
               (pentanomial). The match stops when the test is decided.
  -draw, -resign, -maxmoves   adjudication
  -shard K/N   play only the K-th (0 to N-1) of N disjoint slices of the
               game pairs (of the games without -repeat): N shards play
               the games of the whole run; -sprt then stops no shard
  -results F   append one JSON line per finished game pair to F; run
               again with the same F, the pairs already there are skipped.
               `turncoat match-merge` makes the report of several files

Every engine is started and ended once before the first game: one that
cannot start stops the tournament (status 1). An engine that fails later
loses that game. Status 2: a bad command line.";

/// Where the openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    File {
        path: String,
        random_order: bool,
        seed: u64,
    },
    Random {
        plies: u32,
        seed: u64,
    },
}

impl OpeningSource {
    /// The openings of a run that uses `n` of them, by index: a file's
    /// (shuffled by `-seed` for `order=random`, cycled), or random ones each
    /// made from `-seed` and its index alone, so that a shard makes only
    /// those of its own games and they are the whole run's.
    pub fn openings(&self, variant: Variant) -> Result<Openings, ArgsError> {
        match self {
            OpeningSource::File {
                path,
                random_order,
                seed,
            } => {
                let mut all = openings::load(path, variant).map_err(ArgsError::Openings)?;
                if *random_order {
                    let mut rng = Rng::from_state(seed | 1);
                    for i in (1..all.len()).rev() {
                        all.swap(i, rng.below(i + 1));
                    }
                }
                Ok(Openings::Listed(all))
            }
            OpeningSource::Random { plies, seed } => Ok(Openings::Random {
                variant,
                plies: *plies,
                seed: *seed,
            }),
        }
    }
}

/// The openings of a run, taken by index.
pub enum Openings {
    Listed(Vec<Opening>),
    Random {
        variant: Variant,
        plies: u32,
        seed: u64,
    },
}

impl Openings {
    /// Opening `index` of the run.
    pub fn get(&self, index: usize) -> Opening {
        match self {
            Openings::Listed(all) => all[index % all.len()].clone(),
            Openings::Random {
                variant,
                plies,
                seed,
            } => {
                let mut rng = Rng::for_index(*seed, index as u64 + 1);
                openings::random_opening(*variant, *plies, 150, &mut rng)
            }
        }
    }
}

/// The most games one tournament may schedule (every pair, game and round).
pub const MAX_GAMES: usize = 1_000_000;

pub struct MatchArgs {
    pub engines: Vec<ProgramConfig>,
    pub limits: Vec<Limit>,
    pub variant: Variant,
    pub games: usize,
    pub rounds: usize,
    pub repeat: bool,
    pub openings: OpeningSource,
    pub concurrency: usize,
    pub pgnout: Option<String>,
    pub sprt: Option<Sprt>,
    pub adjudication: Adjudication,
    pub shard: Shard,
    pub results: Option<String>,
    /// The command line without what only says how this process runs
    /// (`-shard`, `-results`, `-concurrency`, `-pgnout`): the games it
    /// describes. Shards of one run share it; results files record it.
    pub settings: Vec<String>,
}

/// The options that say how a process runs, not which games the run holds.
const RUN_ONLY: [&str; 4] = ["-shard", "-results", "-concurrency", "-pgnout"];

/// What is wrong with a `turncoat match` command line.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ArgsError {
    #[error("unexpected '{0}'")]
    Unexpected(String),
    #[error("unknown option '{0}'")]
    UnknownOption(String),
    #[error("{0} needs a value")]
    NoValue(String),
    #[error("{flag} takes one value, found {found}")]
    Values { flag: String, found: String },
    #[error("bad value for {key}: '{value}'")]
    BadValue { key: String, value: String },
    #[error("{}expected key=value, found '{found}'", flag.map(|f| format!("{f}: ")).unwrap_or_default())]
    NotKeyValue {
        flag: Option<&'static str>,
        found: String,
    },
    #[error("{flag}: unknown setting '{key}'")]
    UnknownSetting { flag: &'static str, key: String },
    #[error("{flag} needs {key}=")]
    Missing {
        flag: &'static str,
        key: &'static str,
    },
    #[error("unknown protocol '{0}'")]
    Protocol(String),
    #[error("unknown engine setting '{0}'")]
    EngineSetting(String),
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    #[error("st: {0}")]
    MoveTime(TimeError),
    #[error(transparent)]
    Variant(#[from] crate::variant::UnknownVariant),
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error("-openings: unknown order '{0}'")]
    OpeningOrder(String),
    #[error("-openings: plies={0} is more than {MAX_OPENING_PLIES}")]
    OpeningPlies(u32),
    #[error("{0}")]
    Openings(crate::openings::BookError),
    #[error(transparent)]
    SprtModel(#[from] super::stats::UnknownModel),
    #[error("-sprt: elo0 and elo1 must be finite, with elo0 < elo1")]
    SprtElo,
    #[error("-sprt: alpha and beta must lie between 0 and 1, with alpha + beta < 1")]
    SprtRates,
    #[error("at least two -engine are needed")]
    TooFewEngines,
    #[error("engine {0} has no cmd=")]
    NoCommand(usize),
    #[error("engine {0} has no tc=, st=, depth= or nodes=")]
    NoLimit(usize),
    #[error("-games and -rounds must be at least 1")]
    NoGames,
    #[error("too many games: at most {MAX_GAMES} in one tournament")]
    TooManyGames,
    #[error("-concurrency must be at least 1")]
    NoConcurrency,
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, ArgsError> {
    v.parse().map_err(|_| ArgsError::BadValue {
        key: key.to_string(),
        value: v.to_string(),
    })
}

/// Applies one `key=value` of `-engine`/`-each` to an engine and its limit.
fn apply(kv: &str, e: &mut ProgramConfig, limit: &mut Option<Limit>) -> Result<(), ArgsError> {
    let (k, v) = kv.split_once('=').ok_or_else(|| ArgsError::NotKeyValue {
        flag: None,
        found: kv.to_string(),
    })?;
    match k {
        "cmd" => e.cmd = v.to_string(),
        "name" => e.name = v.to_string(),
        "arg" => e.args.push(v.to_string()),
        "proto" => {
            e.protocol = match v {
                "uci" => Protocol::Uci,
                "xboard" => Protocol::Xboard,
                _ => return Err(ArgsError::Protocol(v.to_string())),
            }
        }
        "tc" => *limit = Some(parse_tc(v)?),
        // `st=0` asks for an instant answer: one millisecond, as before.
        "st" => {
            let t = parse_seconds(v).map_err(ArgsError::MoveTime)?;
            *limit = Some(Limit::MoveTime(t.max(Duration::from_millis(1))))
        }
        "depth" => *limit = Some(Limit::Depth(number(k, v)?)),
        "nodes" => *limit = Some(Limit::Nodes(number(k, v)?)),
        _ => match k.strip_prefix("option.") {
            Some(name) => e.options.push((name.to_string(), v.to_string())),
            None => return Err(ArgsError::EngineSetting(k.to_string())),
        },
    }
    Ok(())
}

/// Splits `argv` into `-flag values...` groups.
fn groups(argv: &[String]) -> Result<Vec<(String, Vec<String>)>, ArgsError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in argv {
        if a.starts_with('-') && a.len() > 1 && a.parse::<f64>().is_err() {
            out.push((a.clone(), Vec::new()));
        } else {
            match out.last_mut() {
                Some((_, vals)) => vals.push(a.clone()),
                None => return Err(ArgsError::Unexpected(a.clone())),
            }
        }
    }
    Ok(out)
}

/// The longest random opening (`-openings plies=N`). Longer is no opening,
/// and the random walk that makes one has no other end: a bound keeps a
/// typo from running for ever.
pub const MAX_OPENING_PLIES: u32 = 100;

/// `-openings file=F [order=random|sequential]` or `-openings plies=N`;
/// a misspelt key is an error rather than silently ignored.
fn openings_of(kv: &[(String, String)], seed: u64) -> Result<OpeningSource, ArgsError> {
    let mut source = OpeningSource::Random { plies: 6, seed };
    let mut random_order = false;
    for (k, v) in kv {
        match (k.as_str(), v.as_str()) {
            ("file", _) => {}
            ("order", "random") => random_order = true,
            ("order", "sequential") => random_order = false,
            ("order", _) => return Err(ArgsError::OpeningOrder(v.clone())),
            ("plies", _) => {
                let plies: u32 = number(k, v)?;
                if plies > MAX_OPENING_PLIES {
                    return Err(ArgsError::OpeningPlies(plies));
                }
                source = OpeningSource::Random { plies, seed };
            }
            _ => {
                return Err(ArgsError::UnknownSetting {
                    flag: "-openings",
                    key: k.clone(),
                })
            }
        }
    }
    if let Some((_, path)) = kv.iter().find(|(k, _)| k == "file") {
        source = OpeningSource::File {
            path: path.clone(),
            random_order,
            seed,
        };
    }
    Ok(source)
}

/// The value of `key` among a flag's `key=value` settings, parsed.
fn required<T: std::str::FromStr>(
    kv: &[(String, String)],
    flag: &'static str,
    key: &'static str,
) -> Result<T, ArgsError> {
    let (_, v) = kv
        .iter()
        .find(|(k, _)| k == key)
        .ok_or(ArgsError::Missing { flag, key })?;
    number(key, v)
}

/// The SPRT's parameters as the test needs them: finite Elo bounds in
/// order and error rates strictly between 0 and 1 (otherwise its bounds,
/// logarithms of them, are infinite or NaN and it never decides).
fn check_sprt(s: &Sprt) -> Result<(), ArgsError> {
    let rate = |x: f64| x > 0.0 && x < 1.0;
    if !(s.elo0.is_finite() && s.elo1.is_finite() && s.elo0 < s.elo1) {
        return Err(ArgsError::SprtElo);
    }
    if !(rate(s.alpha) && rate(s.beta) && s.alpha + s.beta < 1.0) {
        return Err(ArgsError::SprtRates);
    }
    Ok(())
}

fn key_values(vals: &[String], flag: &'static str) -> Result<Vec<(String, String)>, ArgsError> {
    vals.iter()
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| ArgsError::NotKeyValue {
                    flag: Some(flag),
                    found: kv.clone(),
                })
        })
        .collect()
}

/// `-sprt elo0=E0 elo1=E1 alpha=A beta=B [model=M]`, checked.
fn sprt_of(vals: &[String]) -> Result<Sprt, ArgsError> {
    let kv = key_values(vals, "-sprt")?;
    if let Some((k, _)) = kv
        .iter()
        .find(|(k, _)| !matches!(k.as_str(), "elo0" | "elo1" | "alpha" | "beta" | "model"))
    {
        return Err(ArgsError::UnknownSetting {
            flag: "-sprt",
            key: k.clone(),
        });
    }
    let sprt = Sprt {
        elo0: required(&kv, "-sprt", "elo0")?,
        elo1: required(&kv, "-sprt", "elo1")?,
        alpha: required(&kv, "-sprt", "alpha")?,
        beta: required(&kv, "-sprt", "beta")?,
        model: match kv.iter().find(|(k, _)| k == "model") {
            Some((_, m)) => m.parse::<Model>().map_err(ArgsError::SprtModel)?,
            None => Model::Normalized,
        },
    };
    check_sprt(&sprt)?;
    Ok(sprt)
}

/// The engines of `-engine` groups, each with the `-each` settings first,
/// and their limits; an engine without a name is named after its command.
fn engines_of(
    specs: &[Vec<String>],
    each: &[String],
) -> Result<(Vec<ProgramConfig>, Vec<Limit>), ArgsError> {
    if specs.len() < 2 {
        return Err(ArgsError::TooFewEngines);
    }
    let mut engines = Vec::new();
    let mut limits = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let mut e = ProgramConfig {
            name: String::new(),
            cmd: String::new(),
            args: Vec::new(),
            protocol: Protocol::Uci,
            options: Vec::new(),
        };
        let mut limit = None;
        for kv in each.iter().chain(spec) {
            apply(kv, &mut e, &mut limit)?;
        }
        if e.cmd.is_empty() {
            return Err(ArgsError::NoCommand(i + 1));
        }
        if e.name.is_empty() {
            e.name = format!(
                "{}-{}",
                std::path::Path::new(&e.cmd)
                    .file_name()
                    .map_or("engine".into(), |n| n.to_string_lossy().into_owned()),
                i + 1
            );
        }
        engines.push(e);
        limits.push(limit.ok_or(ArgsError::NoLimit(i + 1))?);
    }
    Ok((engines, limits))
}

pub fn parse(argv: &[String]) -> Result<MatchArgs, ArgsError> {
    let mut engine_specs: Vec<Vec<String>> = Vec::new();
    let mut each: Vec<String> = Vec::new();
    let mut a = MatchArgs {
        engines: Vec::new(),
        limits: Vec::new(),
        variant: Variant::Chess,
        games: 1,
        rounds: 1,
        repeat: false,
        openings: OpeningSource::Random { plies: 6, seed: 1 },
        concurrency: 1,
        pgnout: None,
        sprt: None,
        adjudication: Adjudication::default(),
        shard: Shard::WHOLE,
        results: None,
        settings: Vec::new(),
    };
    let mut seed = 1u64;
    let mut opening_kv: Vec<(String, String)> = Vec::new();
    let groups = groups(argv)?;
    a.settings = groups
        .iter()
        .filter(|(flag, _)| !RUN_ONLY.contains(&flag.as_str()))
        .flat_map(|(flag, vals)| std::iter::once(flag).chain(vals).cloned())
        .collect();
    for (flag, vals) in groups {
        let one = || match vals.as_slice() {
            [v] => Ok(v.clone()),
            [] => Err(ArgsError::NoValue(flag.clone())),
            _ => Err(ArgsError::Values {
                flag: flag.clone(),
                found: vals.join(" "),
            }),
        };
        match flag.as_str() {
            "-engine" => engine_specs.push(vals.clone()),
            "-each" => each.extend(vals.iter().cloned()),
            "-variant" => a.variant = one()?.parse::<Variant>().map_err(ArgsError::Variant)?,
            "-games" => a.games = number("-games", &one()?)?,
            "-rounds" => a.rounds = number("-rounds", &one()?)?,
            "-repeat" => a.repeat = true,
            "-concurrency" => a.concurrency = number("-concurrency", &one()?)?,
            "-pgnout" => a.pgnout = Some(one()?),
            "-shard" => a.shard = one()?.parse()?,
            "-results" => a.results = Some(one()?),
            "-maxmoves" => a.adjudication.max_moves = Some(number("-maxmoves", &one()?)?),
            "-seed" => seed = number("-seed", &one()?)?,
            "-openings" => opening_kv = key_values(&vals, "-openings")?,
            "-sprt" => a.sprt = Some(sprt_of(&vals)?),
            // Typed as the adjudication keeps them, so that `movecount=-1`
            // is refused instead of wrapping around to four billion.
            "-draw" => {
                let kv = key_values(&vals, "-draw")?;
                a.adjudication.draw = Some((
                    required(&kv, "-draw", "movenumber")?,
                    required(&kv, "-draw", "movecount")?,
                    required(&kv, "-draw", "score")?,
                ));
            }
            "-resign" => {
                let kv = key_values(&vals, "-resign")?;
                a.adjudication.resign = Some((
                    required(&kv, "-resign", "movecount")?,
                    required(&kv, "-resign", "score")?,
                ));
            }
            other => return Err(ArgsError::UnknownOption(other.to_string())),
        }
    }
    (a.engines, a.limits) = engines_of(&engine_specs, &each)?;
    if a.games == 0 || a.rounds == 0 {
        return Err(ArgsError::NoGames);
    }
    // The schedule is built in memory before the first game: a number of
    // games that could not be played in a lifetime is a typo, refused
    // before it overflows or exhausts memory.
    let pairs = a.engines.len() * (a.engines.len() - 1) / 2;
    let total = a
        .games
        .checked_mul(a.rounds)
        .and_then(|n| n.checked_mul(pairs))
        .filter(|&n| n <= MAX_GAMES)
        .ok_or(ArgsError::TooManyGames)?;
    // More threads than games would idle; far more could not be spawned.
    if a.concurrency == 0 {
        return Err(ArgsError::NoConcurrency);
    }
    a.concurrency = a.concurrency.min(total);
    a.openings = openings_of(&opening_kv, seed)?;
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_full_command_line() {
        let a = parse(&args(
            "-engine cmd=./a name=A option.Hash=32 -engine cmd=./b proto=xboard depth=2 -each st=0.1 \
             -variant pacifist -games 2 -rounds 5 -repeat -concurrency 2 -pgnout out.pgn \
             -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -draw movenumber=40 movecount=8 score=10 \
             -resign movecount=3 score=600 -maxmoves 200 -openings plies=4",
        ))
        .unwrap();
        assert_eq!(a.engines[0].name, "A");
        assert_eq!(
            a.engines[0].options,
            vec![("Hash".to_string(), "32".to_string())]
        );
        assert_eq!(a.engines[1].protocol, Protocol::Xboard);
        assert_eq!(a.limits[0], Limit::MoveTime(Duration::from_millis(100)));
        assert_eq!(
            a.limits[1],
            Limit::Depth(2),
            "the engine's own setting overrides -each"
        );
        assert_eq!(
            (a.games, a.rounds, a.repeat, a.concurrency),
            (2, 5, true, 2)
        );
        assert_eq!(a.variant, Variant::Pacifist);
        assert_eq!(a.adjudication.draw, Some((40, 8, 10)));
        assert_eq!(a.adjudication.resign, Some((3, 600)));
        assert_eq!(a.adjudication.max_moves, Some(200));
        assert!(matches!(a.openings, OpeningSource::Random { plies: 4, .. }));
        assert_eq!(a.sprt.map(|s| s.model), Some(Model::Normalized));
        let with = |model: &str| {
            parse(&args(&format!(
                "-engine cmd=a -engine cmd=b -each depth=1 -sprt elo0=0 elo1=5 alpha=0.1 beta=0.1 model={model}"
            )))
            .unwrap()
            .sprt
            .unwrap()
            .model
        };
        assert_eq!(with("logistic"), Model::Logistic);
        assert_eq!(with("normalized"), Model::Normalized);
    }

    #[test]
    fn every_time_on_the_command_line_is_checked() {
        let with = |each: &str| parse(&args(&format!("-engine cmd=a -engine cmd=b -each {each}")));
        for bad in [
            "st=inf",
            "st=1e300",
            "st=nan",
            "st=-1",
            "tc=1e300+0",
            "tc=inf",
            "tc=nan",
            "tc=10+inf",
            "tc=10+nan",
            "tc=10+1e300",
            "tc=10+-1",
            "tc=40/1e300",
            "tc=-1:30",
        ] {
            let e = with(bad).err().unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(
                matches!(
                    e,
                    ArgsError::MoveTime(_)
                        | ArgsError::TimeControl(
                            TimeControlError::Time { .. } | TimeControlError::Moves { .. }
                        )
                ),
                "{bad}: {e:?}"
            );
        }
        let a = with("st=0").unwrap();
        assert_eq!(a.limits[0], Limit::MoveTime(Duration::from_millis(1)));
        let a = with("tc=40/1:30+0.5").unwrap();
        assert_eq!(
            a.limits[1],
            Limit::Clock {
                moves: 40,
                base: Duration::from_secs(90),
                inc: Duration::from_millis(500)
            }
        );
    }

    #[test]
    fn other_settings_are_checked_too() {
        let base = "-engine cmd=a -engine cmd=b -each depth=1";
        use ArgsError as E;
        type Case = (&'static str, &'static str, fn(&ArgsError) -> bool);
        let cases: [Case; 15] = [
            (
                "-sprt elo0=0 elo1=10 alpha=nan beta=0.05",
                "alpha NaN",
                |e| *e == E::SprtRates,
            ),
            (
                "-sprt elo0=0 elo1=10 alpha=1.5 beta=0.05",
                "alpha over 1",
                |e| *e == E::SprtRates,
            ),
            (
                "-sprt elo0=10 elo1=0 alpha=0.05 beta=0.05",
                "elo0 above elo1",
                |e| *e == E::SprtElo,
            ),
            (
                "-sprt elo0=0 elo1=inf alpha=0.05 beta=0.05",
                "infinite elo1",
                |e| *e == E::SprtElo,
            ),
            (
                "-draw movenumber=40 movecount=-1 score=10",
                "negative count",
                |e| matches!(e, E::BadValue { key, .. } if key == "movecount"),
            ),
            (
                "-resign movecount=3 score=99999999999",
                "score out of range",
                |e| matches!(e, E::BadValue { key, .. } if key == "score"),
            ),
            (
                "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=bayesian",
                "unknown model",
                |e| matches!(e, E::SprtModel(_)),
            ),
            (
                "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 elo2=3",
                "misspelt key",
                |e| matches!(e, E::UnknownSetting { flag: "-sprt", key } if key == "elo2"),
            ),
            (
                "-openings plies=1000000000",
                "endless random opening",
                |e| *e == E::OpeningPlies(1_000_000_000),
            ),
            (
                "-openings fil=x.epd",
                "misspelt key",
                |e| matches!(e, E::UnknownSetting { flag: "-openings", key } if key == "fil"),
            ),
            (
                "-openings file=x.epd order=shuffled",
                "unknown order",
                |e| *e == E::OpeningOrder("shuffled".into()),
            ),
            ("-games 1000000 -rounds 1000000", "too many games", |e| {
                *e == E::TooManyGames
            }),
            (
                "-games 18446744073709551615 -rounds 2",
                "overflowing count",
                |e| *e == E::TooManyGames,
            ),
            ("-concurrency 0", "no game at a time", |e| {
                *e == E::NoConcurrency
            }),
            (
                "-games 2 3",
                "two values",
                |e| matches!(e, E::Values { flag, .. } if flag == "-games"),
            ),
        ];
        for (extra, why, expected) in cases {
            let e = parse(&args(&format!("{base} {extra}")))
                .err()
                .unwrap_or_else(|| panic!("{why}: {extra} accepted"));
            assert!(expected(&e), "{why}: {extra}: {e:?}");
        }
        let a = parse(&args(&format!("{base} -games 3 -concurrency 64"))).unwrap();
        assert_eq!(a.concurrency, 3, "no more threads than games");
    }

    #[test]
    fn errors() {
        let err = |line: &str| parse(&args(line)).err().expect(line);
        assert_eq!(err("-engine cmd=a st=1"), ArgsError::TooFewEngines);
        assert_eq!(err("-engine cmd=a -engine cmd=b"), ArgsError::NoLimit(1));
        assert!(matches!(
            err("-engine cmd=a st=1 -engine cmd=b st=1 -variant xiangqi"),
            ArgsError::Variant(_)
        ));
        assert_eq!(
            err("-engine cmd=a st=1 -engine cmd=b st=1 -frobnicate"),
            ArgsError::UnknownOption("-frobnicate".into())
        );
        assert!(matches!(
            err("-engine cmd=a tc=x -engine cmd=b st=1"),
            ArgsError::TimeControl(TimeControlError::Time { .. })
        ));
        assert_eq!(
            err("-engine st=1 -engine cmd=b st=1"),
            ArgsError::NoCommand(1)
        );
    }
}
