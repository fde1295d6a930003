//! `turncoat datagen`: self-play data for tuning the evaluation.
//!
//! Games of one variant from random openings, every move searched to a
//! fixed number of nodes on one thread, one game per worker over all cores
//! (rayon). Every quiet position (side to move not in check, and the
//! search's move changes no piece: no capture, conversion, subversion or
//! promotion; in apocalypse, a turn that takes no piece and costs no
//! penalty) is written with the search's score and the game's result.
//!
//! Format, one position a line, appended to the output file:
//!
//! ```text
//! # game <seed>/<index>
//! <FEN> | <score> | <result>
//! ```
//!
//! Each game starts with its `# game` line (`turncoat tune` skips it), so
//! that files of shards (`--shard K/N`, disjoint games of one run) can be
//! merged and checked (`--check`) to hold no game twice.
//!
//! `score`: the search's score in centipawns from white's side; `result`:
//! the game's result for white, `1`, `0.5` or `0`. Game `i` of a run with
//! seed `s` depends only on `(s, i)`, games are written in their order, so
//! a run is reproducible byte for byte; runs with different seeds can be
//! concatenated.

use crate::board::{Color, Outcome, Position};
use crate::eval::apocalypse::DECIDED;
use crate::game::SequentialGame;
use crate::rng::Rng;
use crate::search::equilibrium::{sample, solve_turn, SimResult, SimShared};
use crate::search::threads::{search, SearchParams};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::tournament::args::Shard;
use crate::variants::apocalypse::{ApocalypseGame, ApocalypsePosition, Kind, Ply};
use crate::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub const HELP: &str =
    "usage: turncoat datagen --variant V --games N --out FILE [--nodes N] [--seed S]
       [--threads T] [--plies P] [--max-plies M] [--shard K/N]
       turncoat datagen --check FILE...

Plays self-play games of one variant and appends every quiet position to
FILE as `FEN | score | result` (score: the search's, centipawns, white's
side; result: the game's for white, 1, 0.5 or 0). In apocalypse a turn
is two plies, the openings' random turns play sure moves only, both
sides' plies are drawn from the search's mixed strategies, and a
position is quiet when its turn takes no piece and costs no penalty.

  --variant V     the variant
  --games N       games to play (1 to 10000000)
  --out FILE      the file to append to
  --nodes N       nodes per move (default 5000)
  --seed S        the run's seed (default 1): game i depends on (S, i) only
  --threads T     games at once (default: every core)
  --plies P       random plies of each opening (default 8)
  --max-plies M   a game this long is a draw (default 400)
  --shard K/N     play only games i with i mod N = K (0 <= K < N): N shards
                  with one seed play the games of the whole run
  --check FILE... count the games and positions of data files (merged
                  shards) and fail if a game (`# game S/i`) is there twice

Progress (positions, positions/second, ETA) on stderr.";

#[derive(Clone, Debug)]
pub(crate) struct Args {
    variant: Variant,
    games: u64,
    out: String,
    nodes: u64,
    seed: u64,
    threads: Option<usize>,
    plies: u32,
    max_plies: usize,
    shard: Shard,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        variant: Variant::Chess,
        games: 0,
        out: String::new(),
        nodes: 5000,
        seed: 1,
        threads: None,
        plies: 8,
        max_plies: 400,
        shard: Shard::WHOLE,
    };
    let mut variant = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        let num = |lo: u64, hi: u64| super::number_in(flag, value, lo, hi);
        match flag.as_str() {
            "--variant" => variant = Some(value.parse::<Variant>()?),
            "--games" => a.games = num(1, 10_000_000)?,
            "--out" => a.out = value.to_string(),
            "--nodes" => a.nodes = num(1, 100_000_000)?,
            "--seed" => a.seed = num(0, u64::MAX)?,
            "--threads" => a.threads = Some(num(1, 1024)? as usize),
            "--plies" => a.plies = num(0, 100)? as u32,
            "--max-plies" => a.max_plies = num(1, 10_000)? as usize,
            "--shard" => a.shard = value.parse::<Shard>().map_err(|e| e.to_string())?,
            _ => return Err(format!("unknown datagen argument '{flag}'")),
        }
    }
    a.variant = variant.ok_or("--variant is needed")?;
    if a.games == 0 {
        return Err("--games is needed".into());
    }
    if a.out.is_empty() {
        return Err("--out is needed".into());
    }
    Ok(a)
}

/// Pieces by colour and kind: a move that changes none is quiet.
fn census(pos: &Position) -> [u64; 2] {
    [Color::White, Color::Black].map(|c| {
        (0..6).fold(0u64, |acc, k| {
            acc * 64 + u64::from(pos.pieces(c, crate::board::PieceKind::ALL[k]).count())
        })
    })
}

/// One game: its quiet positions with white's score, and white's result.
pub(crate) fn play_game(a: &Args, game: u64) -> (Vec<(String, i32)>, f64) {
    let Some(board) = a.variant.board() else {
        return play_apocalypse_game(a, game);
    };
    let mut rng = Rng::for_index(a.seed, game);
    let mut g = SequentialGame::new(Position::startpos(board));
    for _ in 0..a.plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        g.play(moves[rng.below(moves.len())]);
    }
    let shared = Shared::new(8);
    let mut quiet = Vec::new();
    let result = loop {
        if let Some(o) = g.outcome() {
            break white_result(o);
        }
        if g.moves().len() >= a.max_plies {
            break 0.5;
        }
        let pos = *g.position();
        let params = SearchParams {
            pos,
            game_keys: g.history().to_vec(),
            limits: Limits {
                nodes: Some(a.nodes),
                ..Limits::default()
            },
            threads: 1,
            multipv: 1,
            searchmoves: Vec::new(),
            overhead: Duration::ZERO,
        };
        let r = search(&shared, &params, &mut |_| {});
        let Some(best) = r.best else { break 0.5 };
        g.play(best);
        let is_quiet = pos.checkers().is_empty() && census(&pos) == census(g.position());
        if is_quiet && r.score.abs() < crate::eval::MAX_EVAL {
            let white = match pos.side_to_move() {
                Color::White => r.score,
                Color::Black => -r.score,
            };
            quiet.push((pos.to_fen(), white));
        }
    };
    (quiet, result)
}

/// White's result of a finished game.
fn white_result(o: Outcome) -> f64 {
    match o {
        Outcome::Win(Color::White, _) => 1.0,
        Outcome::Win(Color::Black, _) => 0.0,
        Outcome::Draw(_) => 0.5,
    }
}

/// Pawns, knights and penalty points of both sides: a turn that changes
/// none is quiet.
fn apocalypse_census(pos: &ApocalypsePosition) -> [u32; 6] {
    let [w, b] = [Color::White, Color::Black].map(|c| {
        [
            pos.pieces(c, Kind::Pawn).count_ones(),
            pos.pieces(c, Kind::Knight).count_ones(),
            u32::from(pos.penalties(c)),
        ]
    });
    [w[0], w[1], w[2], b[0], b[1], b[2]]
}

/// One apocalypse game (docs/rules.md §5): `plies / 2` random turns of sure
/// moves, then each turn searched to the node budget on one thread, both
/// sides' plies drawn from the equilibrium strategies the search found
/// (so the games mix as the engine plays). A position is written when its
/// turn changes no piece and no penalty, with the search's value of the
/// turn.
fn play_apocalypse_game(a: &Args, game: u64) -> (Vec<(String, i32)>, f64) {
    let mut rng = Rng::for_index(a.seed, game);
    let mut g = ApocalypseGame::new(ApocalypsePosition::start());
    for _ in 0..a.plies / 2 {
        let pos = *g.position();
        // Sure moves only: a random speculation fails and costs a
        // penalty point, and two end the game.
        let sure = |c: Color| -> Vec<Ply> {
            pos.candidates(c)
                .iter()
                .copied()
                .filter(|p| p.sure)
                .collect()
        };
        let (white, black) = (sure(Color::White), sure(Color::Black));
        if g.outcome().is_some() || white.is_empty() || black.is_empty() {
            break;
        }
        g.play_turn(white[rng.below(white.len())], black[rng.below(black.len())]);
    }
    let shared = SimShared::default();
    shared.node_limit.store(a.nodes, Ordering::Relaxed);
    let mut quiet = Vec::new();
    let result = loop {
        if let Some(o) = g.outcome() {
            break white_result(o);
        }
        if 2 * g.turns().len() >= a.max_plies {
            break 0.5;
        }
        let pos = *g.position();
        let Some(r) = search_turn(&shared, &pos) else {
            break 0.5;
        };
        let (Some(white), Some(black)) =
            (sample(&r.white, rng.unit()), sample(&r.black, rng.unit()))
        else {
            break 0.5;
        };
        g.play_turn(white, black);
        let is_quiet = apocalypse_census(&pos) == apocalypse_census(g.position());
        if is_quiet && r.value.abs() < f64::from(DECIDED) {
            quiet.push((pos.to_fen(), r.value.round() as i32));
        }
    };
    (quiet, result)
}

/// The search of one apocalypse turn on one thread, to the node limit
/// `shared` holds, its table kept from the game's earlier turns.
fn search_turn(shared: &SimShared, pos: &ApocalypsePosition) -> Option<SimResult> {
    // The node limit ends a search by raising `stop`, which would end the
    // next one after the first entries of its first depth.
    shared.stop.store(false, Ordering::Relaxed);
    solve_turn(shared, pos, MAX_TURNS, None, 1, &mut |_| {})
}

/// The deepest an apocalypse search of datagen goes: the node budget ends
/// it long before.
const MAX_TURNS: u32 = 64;

/// The arguments of a small run (tests elsewhere play its games).
#[cfg(test)]
pub(crate) fn tiny_args(variant: Variant, nodes: u64, max_plies: usize) -> Args {
    Args {
        variant,
        games: 1,
        out: String::new(),
        nodes,
        seed: 1,
        threads: Some(1),
        plies: 8,
        max_plies,
        shard: Shard::WHOLE,
    }
}

/// The lines of game `index` of the run with `seed`.
fn lines(seed: u64, index: u64, positions: &[(String, i32)], result: f64) -> String {
    let mut s = format!("# game {seed}/{index}\n");
    for (fen, score) in positions {
        s.push_str(&format!("{fen} | {score} | {result}\n"));
    }
    s
}

pub fn command(args: &[String]) -> i32 {
    if args.first().is_some_and(|a| a == "--check") {
        return check_command(&args[1..]);
    }
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return super::usage_error(&e, HELP),
    };
    let mut file = match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot open {}: {e}", a.out);
            return 1;
        }
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start the threads: {e}");
            return 1;
        }
    };
    let mine: Vec<u64> = (0..a.games)
        .filter(|&i| a.shard.holds(i as usize))
        .collect();
    let bar = ProgressBar::new(mine.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg}, ETA {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let start = std::time::Instant::now();
    let mut positions = 0u64;
    // Chunks of games in parallel, written in the games' order.
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    for batch in mine.chunks(chunk as usize) {
        let games: Vec<(Vec<(String, i32)>, f64)> = pool.install(|| {
            batch
                .par_iter()
                .map(|&i| {
                    let r = play_game(&a, i);
                    bar.inc(1);
                    r
                })
                .collect()
        });
        for (&i, (quiet, result)) in batch.iter().zip(&games) {
            positions += quiet.len() as u64;
            if let Err(e) = file.write_all(lines(a.seed, i, quiet, *result).as_bytes()) {
                eprintln!("error: cannot write {}: {e}", a.out);
                return 1;
            }
        }
        let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{positions} positions, {rate:.0} positions/s"));
    }
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} games, {positions} positions in {secs:.1} s ({:.0} positions/s, {} threads)",
        mine.len(),
        positions as f64 / secs.max(1e-9),
        pool.current_num_threads()
    );
    0
}

/// `datagen --check FILE...`: the games and positions of the files, and
/// status 1 if a game is found twice.
fn check_command(files: &[String]) -> i32 {
    if files.is_empty() {
        return super::usage_error("--check needs at least one file", HELP);
    }
    match check(files) {
        Ok((games, positions)) => {
            crate::output::out!(
                "{games} games, {positions} positions in {} files, no game twice",
                files.len()
            );
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// The games and positions of `files`, or the first game found twice.
fn check(files: &[String]) -> Result<(usize, usize), String> {
    let mut seen: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut positions = 0;
    for path in files {
        // A device such as /dev/zero would never end.
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(format!("{path} is not a data file"));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let place = format!("{path}:{}", n + 1);
            match line.strip_prefix("# game ") {
                Some(id) => {
                    if let Some(first) = seen.insert(id.trim().to_string(), place.clone()) {
                        return Err(format!("game {} is twice: {first} and {place}", id.trim()));
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

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn command_line() {
        let a = parse(&args(
            "--variant pacifist --games 3 --out x.txt --nodes 100 --seed 7",
        ))
        .unwrap();
        assert_eq!((a.games, a.nodes, a.seed), (3, 100, 7));
        assert!(parse(&args("--variant apocalypse --games 1 --out x")).is_ok());
        for bad in [
            "--variant chess --games 0 --out x",
            "--variant chess --games 1",
            "--variant chess --out x",
            "--variant chess --games 1 --out x --nodes",
            "--variant chess --games 1 --out x --frobnicate 1",
            "--variant chess --games 1 --out x --threads 0",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    /// A game depends on the seed and its number only; its positions are
    /// quiet, scored, and carry the result.
    #[test]
    fn games_are_reproducible_and_quiet() {
        let a = parse(&args(
            "--variant chess --games 1 --out x --nodes 300 --max-plies 60",
        ))
        .unwrap();
        let (one, r1) = play_game(&a, 5);
        let (two, r2) = play_game(&a, 5);
        assert_eq!(one, two);
        assert_eq!(r1, r2);
        assert!(!one.is_empty());
        let (other, _) = play_game(&a, 6);
        assert_ne!(one, other);
        for (fen, _) in &one {
            let pos = Position::from_fen(fen, Variant::Chess).unwrap();
            assert!(pos.checkers().is_empty(), "{fen}");
        }
        let text = lines(1, 5, &one, r1);
        let mut rows = text.lines();
        assert_eq!(rows.next(), Some("# game 1/5"));
        let first = rows.next().unwrap();
        assert_eq!(first.split(" | ").count(), 3, "{first}");
    }

    /// An apocalypse game depends on the seed and its number only; its
    /// positions read back, are undecided, and keep every piece and
    /// penalty through the turn played from them.
    #[test]
    fn apocalypse_games_are_reproducible_and_quiet() {
        let a = parse(&args(
            "--variant apocalypse --games 1 --out x --nodes 300 --max-plies 80",
        ))
        .unwrap();
        let mut seen = 0;
        for game in 0..6 {
            let (one, r1) = play_game(&a, game);
            assert_eq!((one.clone(), r1), play_game(&a, game));
            for (fen, score) in &one {
                let pos = ApocalypsePosition::from_fen(fen).unwrap();
                assert!(pos.terminal().is_none(), "{fen}");
                assert!(score.abs() < DECIDED, "{fen} {score}");
            }
            seen += one.len();
        }
        assert!(seen > 0, "no quiet position in six games");
        assert_ne!(play_game(&a, 0).0, play_game(&a, 1).0);
    }

    /// Every turn of a game is searched as deep as the node limit allows,
    /// not only the first: a search that hit the limit leaves `stop`
    /// raised, and the next must not take it for its own.
    #[test]
    fn each_apocalypse_turn_gets_its_search() {
        let shared = SimShared::default();
        shared.node_limit.store(20_000, Ordering::Relaxed);
        let start = ApocalypsePosition::start();
        let first = search_turn(&shared, &start).unwrap();
        assert!(first.depth >= 2, "depth {}", first.depth);
        let next = ApocalypsePosition::from_fen("n1p2/pP2p/4p/2PP1/NP1nN w 10 7").unwrap();
        let second = search_turn(&shared, &next).unwrap();
        // The first candidate, a1c2, is a speculation that only one black
        // move satisfies; with a penalty point already, it loses.
        assert!(second.value > -1000.0, "{}", second.value);
    }
}
