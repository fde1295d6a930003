//! Measures Apocalypse play: turncoat's equilibrium search at a fixed time
//! per turn against (a) a uniformly random player and (b) the vchess bot
//! (with probability #speculative/#candidates a random speculative
//! candidate, otherwise the sure candidate winning the most material when
//! played alone on the board, ties at random).
//!
//! cargo run --release --example apocalypse_match -- GAMES MOVETIME_MS random|vchess [CONCURRENCY]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use turncoat::board::{Color, Outcome};
use turncoat::rules::apocalypse::{Action, ApocalypseGame, ApocalypsePosition, Kind, Ply};
use turncoat::search::simultaneous::{sample, solve_turn, SimShared};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[((self.next() * v.len() as f64) as usize).min(v.len() - 1)]
    }
}

/// Material (pawn 1, knight 3) a sure move gains when played alone on the
/// board: the enemy piece on its destination, plus 2 when a pawn becomes
/// a knight.
fn material_alone(pos: &ApocalypsePosition, side: Color, p: &Ply) -> i32 {
    let captured = match pos.piece_at(p.to) {
        Some((c, Kind::Pawn)) if c != side => 1,
        Some((c, Kind::Knight)) if c != side => 3,
        _ => 0,
    };
    let promoted = if p.action == Action::PromoteKnight {
        2
    } else {
        0
    };
    captured + promoted
}

fn vchess_bot(pos: &ApocalypsePosition, side: Color, rng: &mut Rng) -> Ply {
    let cands = pos.candidates(side);
    let spec: Vec<Ply> = cands.iter().copied().filter(|p| !p.sure).collect();
    if !spec.is_empty() && rng.next() < spec.len() as f64 / cands.len() as f64 {
        return rng.pick(&spec);
    }
    let sure: Vec<Ply> = cands.iter().copied().filter(|p| p.sure).collect();
    if sure.is_empty() {
        return rng.pick(&cands);
    }
    let best = sure
        .iter()
        .map(|p| material_alone(pos, side, p))
        .max()
        .unwrap_or(0);
    let top: Vec<Ply> = sure
        .into_iter()
        .filter(|p| material_alone(pos, side, p) == best)
        .collect();
    rng.pick(&top)
}

fn play(engine_side: Color, movetime: Duration, opponent: &str, seed: u64) -> (f64, Outcome) {
    let mut game = ApocalypseGame::new(ApocalypsePosition::start());
    let mut rng = Rng(seed | 1);
    let shared = SimShared::default();
    loop {
        if let Some(o) = game.outcome() {
            let pts = match o {
                Outcome::Draw(_) => 0.5,
                Outcome::Win(c, _) if c == engine_side => 1.0,
                _ => 0.0,
            };
            return (pts, o);
        }
        if game.turns().len() >= 300 {
            return (0.5, Outcome::Draw("turn cap"));
        }
        let pos = *game.position();
        shared.stop.store(false, Ordering::Relaxed);
        let r = solve_turn(&shared, &pos, 64, Some(movetime), 1, &mut |_| {})
            .expect("game in progress");
        let strategy = if engine_side == Color::White {
            &r.white
        } else {
            &r.black
        };
        let ours = sample(strategy, rng.next()).expect("a move");
        let theirs = match opponent {
            "random" => rng.pick(&pos.candidates(engine_side.flip())),
            _ => vchess_bot(&pos, engine_side.flip(), &mut rng),
        };
        let (w, b) = if engine_side == Color::White {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        game.play_turn(w, b);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().map_or(200, |s| s.parse().unwrap());
    let movetime = Duration::from_millis(args.get(1).map_or(100, |s| s.parse().unwrap()));
    let opponent = args.get(2).cloned().unwrap_or_else(|| "random".into());
    let concurrency: usize = args.get(3).map_or(2, |s| s.parse().unwrap());
    let next = AtomicUsize::new(0);
    let tally = Mutex::new((0.0f64, [0usize; 3], Vec::<String>::new()));
    std::thread::scope(|s| {
        for _ in 0..concurrency {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let side = if i.is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                };
                let (pts, o) = play(side, movetime, &opponent, 0x5EED + i as u64 * 7919);
                let mut t = tally.lock().unwrap();
                t.0 += pts;
                t.1[if pts == 1.0 {
                    0
                } else if pts == 0.0 {
                    1
                } else {
                    2
                }] += 1;
                t.2.push(o.reason().to_string());
                let n: usize = t.1.iter().sum();
                println!(
                    "game {:>3} engine {:?}: {} ({}) — {:.1}/{}",
                    i + 1,
                    side,
                    o.result(),
                    o.reason(),
                    t.0,
                    n
                );
            });
        }
    });
    let t = tally.into_inner().unwrap();
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &t.2 {
        match reasons.iter_mut().find(|(x, _)| x == r) {
            Some(e) => e.1 += 1,
            None => reasons.push((r.clone(), 1)),
        }
    }
    let n = games.max(1) as f64;
    println!(
        "apocalypse vs {opponent}, {} ms/turn: {:.1}/{games} ({:.1}%), {} W {} L {} D; endings {reasons:?}",
        movetime.as_millis(),
        t.0,
        100.0 * t.0 / n,
        t.1[0],
        t.1[1],
        t.1[2]
    );
}
