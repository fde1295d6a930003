//! Measures playing strength in-process: turncoat at a fixed time per move
//! against turncoat at a fixed depth, over pairs of games from random
//! openings (each opening played with both colours).
//!
//! cargo run --release --example selfplay -- VARIANT GAMES MOVETIME_MS WEAK_DEPTH [CONCURRENCY]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use turncoat::board::{Color, Outcome, Position};
use turncoat::game::SequentialGame;
use turncoat::search::threads::{search, SearchParams};
use turncoat::search::time::Limits;
use turncoat::search::Shared;
use turncoat::Variant;

fn opening(variant: Variant, seed: u64) -> SequentialGame {
    let mut game =
        SequentialGame::new(Position::startpos(variant.board().expect("an 8x8 variant")));
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..6 {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        game.play(moves[(rng % moves.len() as u64) as usize]);
    }
    game
}

/// Plays one game; `strong` is the colour of the timed engine. Returns the
/// strong side's points (1, 0.5, 0) and the outcome.
fn play(
    mut game: SequentialGame,
    strong: Color,
    movetime: Duration,
    weak_depth: u32,
) -> (f64, Outcome) {
    let shared = [Shared::new(16), Shared::new(16)];
    loop {
        if let Some(o) = game.outcome() {
            let points = match o {
                Outcome::Draw(_) => 0.5,
                Outcome::Win(c, _) if c == strong => 1.0,
                Outcome::Win(..) => 0.0,
            };
            return (points, o);
        }
        if game.moves().len() > 600 {
            return (0.5, Outcome::Draw("adjudicated: move cap"));
        }
        let side = game.position().side_to_move();
        let limits = if side == strong {
            Limits {
                movetime: Some(movetime),
                ..Limits::default()
            }
        } else {
            Limits {
                depth: Some(weak_depth),
                ..Limits::default()
            }
        };
        let params = SearchParams {
            pos: *game.position(),
            game_keys: game.history().to_vec(),
            limits,
            threads: 1,
            multipv: 1,
            searchmoves: Vec::new(),
            overhead: Duration::ZERO,
        };
        let shared = &shared[usize::from(side != strong)];
        shared.stop.store(false, Ordering::Relaxed);
        let result = search(shared, &params, &mut |_| {});
        game.play(result.best.expect("legal move"));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args
        .first()
        .map_or("chess", |s| s)
        .parse()
        .expect("variant");
    let games: usize = args.get(1).map_or(100, |s| s.parse().unwrap());
    let movetime = Duration::from_millis(args.get(2).map_or(100, |s| s.parse().unwrap()));
    let weak_depth: u32 = args.get(3).map_or(1, |s| s.parse().unwrap());
    let concurrency: usize = args.get(4).map_or(2, |s| s.parse().unwrap());
    let next = AtomicUsize::new(0);
    let tally = Mutex::new((0.0f64, 0usize, [0usize; 3], Vec::<String>::new()));
    std::thread::scope(|s| {
        for _ in 0..concurrency {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let strong = if i.is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                };
                let (points, outcome) = play(
                    opening(variant, (i / 2) as u64),
                    strong,
                    movetime,
                    weak_depth,
                );
                let mut t = tally.lock().unwrap();
                t.0 += points;
                t.1 += 1;
                t.2[if points == 1.0 {
                    0
                } else if points == 0.0 {
                    1
                } else {
                    2
                }] += 1;
                t.3.push(outcome.reason().to_string());
                println!(
                    "game {:>3}: strong as {:?}, {} ({}) — score {:.1}/{} [{} W {} L {} D]",
                    i + 1,
                    strong,
                    outcome.result(),
                    outcome.reason(),
                    t.0,
                    t.1,
                    t.2[0],
                    t.2[1],
                    t.2[2]
                );
            });
        }
    });
    let t = tally.into_inner().unwrap();
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &t.3 {
        match reasons.iter_mut().find(|(x, _)| x == r) {
            Some(e) => e.1 += 1,
            None => reasons.push((r.clone(), 1)),
        }
    }
    println!(
        "{variant}: {} ms/move vs depth {weak_depth}: {:.1}/{} points ({:.1}%), {} W {} L {} D; endings {:?}",
        movetime.as_millis(),
        t.0,
        t.1,
        100.0 * t.0 / t.1.max(1) as f64,
        t.2[0],
        t.2[1],
        t.2[2],
        reasons
    );
}
