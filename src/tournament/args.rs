//! The command line of `turncoat match`, after cutechess-cli.

use super::adjudication::Adjudication;
use super::clock::Limit;
use super::engine::{EngineConfig, Protocol};
use super::openings::{self, Opening};
use super::stats::Sprt;
use crate::variants::Variant;
use std::time::Duration;

pub const USAGE: &str = "usage: turncoat match -engine cmd=PATH [name=N] [proto=uci|xboard] [arg=A] [option.NAME=VALUE ...]
         [tc=MOVES/SECONDS+INC | st=SECONDS | depth=N | nodes=N]  (twice or more)
       [-each KEY=VALUE ...] -variant V [-games N] [-rounds R] [-repeat]
       [-openings file=F.epd|F.pgn [order=random|sequential] | plies=N] [-seed N]
       [-concurrency N] [-pgnout FILE] [-sprt elo0=A elo1=B alpha=X beta=Y]
       [-draw movenumber=N movecount=M score=S] [-resign movecount=N score=S] [-maxmoves N]";

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
    /// `n` openings (a file's are cycled by the schedule).
    pub fn pick(&self, variant: Variant, n: usize) -> Result<Vec<Opening>, String> {
        match self {
            OpeningSource::File {
                path,
                random_order,
                seed,
            } => {
                let mut all = openings::load(path, variant)?;
                if *random_order {
                    let mut s = seed | 1;
                    for i in (1..all.len()).rev() {
                        s ^= s << 13;
                        s ^= s >> 7;
                        s ^= s << 17;
                        all.swap(i, (s % (i as u64 + 1)) as usize);
                    }
                }
                Ok(all)
            }
            OpeningSource::Random { plies, seed } => {
                let mut s = seed | 1;
                Ok((0..n.max(1))
                    .map(|_| openings::random_opening(variant, *plies, 150, &mut s))
                    .collect())
            }
        }
    }
}

pub struct MatchArgs {
    pub engines: Vec<EngineConfig>,
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
}

/// `40/60+0.6`, `10+0.1`, `60` (seconds) as a clock.
pub fn parse_tc(s: &str) -> Result<Limit, String> {
    let bad = || format!("bad time control '{s}'");
    let (moves, rest) = match s.split_once('/') {
        Some((m, r)) => (m.parse::<u32>().map_err(|_| bad())?, r),
        None => (0, s),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, i.parse::<f64>().map_err(|_| bad())?),
        None => (rest, 0.0),
    };
    let base = match base.split_once(':') {
        Some((m, sec)) => {
            m.parse::<f64>().map_err(|_| bad())? * 60.0 + sec.parse::<f64>().map_err(|_| bad())?
        }
        None => base.parse::<f64>().map_err(|_| bad())?,
    };
    if !(base > 0.0 && inc >= 0.0 && base.is_finite() && inc.is_finite()) {
        return Err(bad());
    }
    Ok(Limit::Clock {
        moves,
        base: Duration::from_secs_f64(base),
        inc: Duration::from_secs_f64(inc),
    })
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| format!("bad value for {key}: '{v}'"))
}

/// Applies one `key=value` of `-engine`/`-each` to an engine and its limit.
fn apply(kv: &str, e: &mut EngineConfig, limit: &mut Option<Limit>) -> Result<(), String> {
    let (k, v) = kv
        .split_once('=')
        .ok_or_else(|| format!("expected key=value, found '{kv}'"))?;
    match k {
        "cmd" => e.cmd = v.to_string(),
        "name" => e.name = v.to_string(),
        "arg" => e.args.push(v.to_string()),
        "proto" => {
            e.protocol = match v {
                "uci" => Protocol::Uci,
                "xboard" => Protocol::Xboard,
                _ => return Err(format!("unknown protocol '{v}'")),
            }
        }
        "tc" => *limit = Some(parse_tc(v)?),
        "st" => {
            *limit = Some(Limit::MoveTime(Duration::from_secs_f64(
                number::<f64>(k, v)?.max(0.001),
            )))
        }
        "depth" => *limit = Some(Limit::Depth(number(k, v)?)),
        "nodes" => *limit = Some(Limit::Nodes(number(k, v)?)),
        _ => match k.strip_prefix("option.") {
            Some(name) => e.options.push((name.to_string(), v.to_string())),
            None => return Err(format!("unknown engine setting '{k}'")),
        },
    }
    Ok(())
}

/// Splits `argv` into `-flag values...` groups.
fn groups(argv: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in argv {
        if a.starts_with('-') && a.len() > 1 && a.parse::<f64>().is_err() {
            out.push((a.clone(), Vec::new()));
        } else {
            match out.last_mut() {
                Some((_, vals)) => vals.push(a.clone()),
                None => return Err(format!("unexpected '{a}'")),
            }
        }
    }
    Ok(out)
}

fn key_values(vals: &[String], flag: &str) -> Result<Vec<(String, String)>, String> {
    vals.iter()
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("{flag}: expected key=value, found '{kv}'"))
        })
        .collect()
}

pub fn parse(argv: &[String]) -> Result<MatchArgs, String> {
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
    };
    let mut seed = 1u64;
    let mut opening_kv: Vec<(String, String)> = Vec::new();
    for (flag, vals) in groups(argv)? {
        let one = || {
            vals.first()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "-engine" => engine_specs.push(vals.clone()),
            "-each" => each.extend(vals.iter().cloned()),
            "-variant" => a.variant = one()?.parse()?,
            "-games" => a.games = number("-games", &one()?)?,
            "-rounds" => a.rounds = number("-rounds", &one()?)?,
            "-repeat" => a.repeat = true,
            "-concurrency" => a.concurrency = number("-concurrency", &one()?)?,
            "-pgnout" => a.pgnout = Some(one()?),
            "-maxmoves" => a.adjudication.max_moves = Some(number("-maxmoves", &one()?)?),
            "-seed" => seed = number("-seed", &one()?)?,
            "-openings" => opening_kv = key_values(&vals, "-openings")?,
            "-sprt" => {
                let kv = key_values(&vals, "-sprt")?;
                let get = |k: &str| -> Result<f64, String> {
                    let v = kv
                        .iter()
                        .find(|(x, _)| x == k)
                        .ok_or(format!("-sprt needs {k}"))?;
                    number(k, &v.1)
                };
                a.sprt = Some(Sprt {
                    elo0: get("elo0")?,
                    elo1: get("elo1")?,
                    alpha: get("alpha")?,
                    beta: get("beta")?,
                });
            }
            "-draw" => {
                let kv = key_values(&vals, "-draw")?;
                let get = |k: &str| -> Result<i64, String> {
                    let v = kv
                        .iter()
                        .find(|(x, _)| x == k)
                        .ok_or(format!("-draw needs {k}"))?;
                    number(k, &v.1)
                };
                a.adjudication.draw = Some((
                    get("movenumber")? as u32,
                    get("movecount")? as u32,
                    get("score")? as i32,
                ));
            }
            "-resign" => {
                let kv = key_values(&vals, "-resign")?;
                let get = |k: &str| -> Result<i64, String> {
                    let v = kv
                        .iter()
                        .find(|(x, _)| x == k)
                        .ok_or(format!("-resign needs {k}"))?;
                    number(k, &v.1)
                };
                a.adjudication.resign = Some((get("movecount")? as u32, get("score")? as i32));
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if engine_specs.len() < 2 {
        return Err("at least two -engine are needed".into());
    }
    for (i, spec) in engine_specs.iter().enumerate() {
        let mut e = EngineConfig {
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
            return Err(format!("engine {} has no cmd=", i + 1));
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
        a.engines.push(e);
        a.limits.push(
            limit.ok_or_else(|| format!("engine {} has no tc=, st=, depth= or nodes=", i + 1))?,
        );
    }
    if a.games == 0 || a.rounds == 0 {
        return Err("-games and -rounds must be at least 1".into());
    }
    a.openings = match opening_kv.iter().find(|(k, _)| k == "file") {
        Some((_, path)) => OpeningSource::File {
            path: path.clone(),
            random_order: opening_kv
                .iter()
                .any(|(k, v)| k == "order" && v == "random"),
            seed,
        },
        None => OpeningSource::Random {
            plies: opening_kv
                .iter()
                .find(|(k, _)| k == "plies")
                .map_or(Ok(6), |(k, v)| number(k, v))?,
            seed,
        },
    };
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("40/60+0.6").unwrap(),
            Limit::Clock {
                moves: 40,
                base: Duration::from_secs(60),
                inc: Duration::from_millis(600)
            }
        );
        assert_eq!(
            parse_tc("10+0.1").unwrap(),
            Limit::Clock {
                moves: 0,
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100)
            }
        );
        assert_eq!(
            parse_tc("1:30").unwrap(),
            Limit::Clock {
                moves: 0,
                base: Duration::from_secs(90),
                inc: Duration::ZERO
            }
        );
        assert!(parse_tc("fast").is_err());
        assert!(parse_tc("0+1").is_err());
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
    }

    #[test]
    fn errors() {
        assert!(parse(&args("-engine cmd=a st=1")).is_err(), "one engine");
        assert!(
            parse(&args("-engine cmd=a -engine cmd=b")).is_err(),
            "no time control"
        );
        assert!(parse(&args(
            "-engine cmd=a st=1 -engine cmd=b st=1 -variant xiangqi"
        ))
        .is_err());
        assert!(parse(&args("-engine cmd=a st=1 -engine cmd=b st=1 -frobnicate")).is_err());
        assert!(parse(&args("-engine cmd=a tc=x -engine cmd=b st=1")).is_err());
    }
}
