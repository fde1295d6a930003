//! UCI for the simultaneous-move game (RULES.md 5.4): plies alternate
//! white, black; with an odd count white's choice for the current turn is
//! pending, and the engine chooses for black without looking at it.

use super::send;
use crate::board::Color;
use crate::search::equilibrium::{sample, solve_turn, SimResult, SimShared};
use crate::search::time::{budget, Limits};
use crate::variants::apocalypse::{divide, ApocalypseGame, ApocalypsePosition, Ply, Sq};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// An Apocalypse game as UCI sees it.
pub struct SimGame {
    pub game: ApocalypseGame,
    /// White's ply for the current turn, when the move list ended on it.
    pub pending: Option<Ply>,
}

impl SimGame {
    pub fn new(start: ApocalypsePosition) -> SimGame {
        SimGame {
            game: ApocalypseGame::new(start),
            pending: None,
        }
    }

    /// The side the engine chooses for now.
    pub fn side_to_choose(&self) -> Color {
        if self.pending.is_some() {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Applies the plies of a `position ... moves` list (W1 B1 W2 ...).
    pub fn play_plies(&mut self, plies: &[&str]) -> Result<(), String> {
        for (i, text) in plies.iter().enumerate() {
            if let Some(o) = self.game.outcome() {
                return Err(format!(
                    "ply {} ('{text}'): the game is over ({})",
                    i + 1,
                    o.reason()
                ));
            }
            let side = self.side_to_choose();
            let ply = self
                .game
                .position()
                .parse_ply(side, text)
                .map_err(|e| format!("ply {} of the list: {e}", i + 1))?;
            match self.pending.take() {
                None => self.pending = Some(ply),
                Some(white) => self.game.play_turn(white, ply),
            }
        }
        Ok(())
    }
}

/// A small deterministic generator for the draw from the strategy.
pub fn unit_random(seed: u64, pos: &ApocalypsePosition, side: Color) -> f64 {
    let mut x = if seed == 0 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    } else {
        let (pieces, pen) = pos.repetition_key();
        let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
        for v in pieces.iter().flatten() {
            h = (h ^ *v as u64).wrapping_mul(0x100_0000_01B3);
        }
        h ^ ((pen[0] as u64) << 8 | pen[1] as u64) ^ (side as u64) << 17 ^ (pos.turn() as u64) << 20
    };
    // splitmix64
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

fn strategy_line(strategy: &[(Ply, f64)]) -> String {
    let mut s = String::from("info string strategy");
    for (p, w) in strategy.iter().filter(|(_, w)| *w > 1e-9) {
        s.push_str(&format!(" {p}:{w:.3}"));
    }
    s
}

/// Starts the equilibrium search for the side to choose; prints `info`
/// lines, the strategy and `bestmove`.
pub fn go(
    sim: &SimGame,
    shared: &Arc<SimShared>,
    limits: &Limits,
    overhead: Duration,
    threads: usize,
    seed: u64,
) -> JoinHandle<()> {
    let pos = *sim.game.position();
    let side = sim.side_to_choose();
    let shared = Arc::clone(shared);
    shared.stop.store(false, Ordering::Relaxed);
    let b = budget(limits, overhead);
    let max_depth = limits.depth.unwrap_or(64);
    let infinite = limits.infinite || limits.ponder;
    let over = sim.game.outcome().is_some();
    std::thread::spawn(move || {
        let start = std::time::Instant::now();
        let mut on_depth = |r: &SimResult| {
            let ms = start.elapsed().as_millis().max(1);
            let value = if side == Color::White {
                r.value
            } else {
                -r.value
            };
            send(&format!(
                "info depth {} score cp {} nodes {} nps {} time {}",
                r.depth,
                value.round() as i64,
                r.nodes,
                r.nodes as u128 * 1000 / ms,
                ms
            ));
        };
        let result = if over {
            None
        } else {
            solve_turn(
                &shared,
                &pos,
                max_depth,
                b.soft.or(b.hard),
                threads,
                &mut on_depth,
            )
        };
        while infinite && !shared.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let Some(r) = result else {
            send("bestmove (none)");
            return;
        };
        let strategy = if side == Color::White {
            &r.white
        } else {
            &r.black
        };
        send(&strategy_line(strategy));
        match sample(strategy, unit_random(seed, &pos, side)) {
            Some(p) => send(&format!("bestmove {p}")),
            None => send("bestmove (none)"),
        }
    })
}

pub fn perft(sim: &SimGame, depth: u32) {
    let lines = divide(sim.game.position(), depth.max(1));
    let total: u64 = lines.iter().map(|(_, n)| n).sum();
    for (m, n) in lines {
        send(&format!("{m}: {n}"));
    }
    send("");
    send(&format!("Nodes searched: {total}"));
}

/// The `d` diagram of a 5x5 position.
pub fn diagram(sim: &SimGame) -> String {
    let pos = sim.game.position();
    let border = " +---+---+---+---+---+\n";
    let mut s = String::from(border);
    for rank in (0..5).rev() {
        for file in 0..5 {
            let c =
                Sq::new(file, rank)
                    .and_then(|sq| pos.piece_at(sq))
                    .map_or(' ', |(color, kind)| {
                        let ch = if kind == crate::variants::apocalypse::Kind::Pawn {
                            'p'
                        } else {
                            'n'
                        };
                        if color == Color::White {
                            ch.to_ascii_uppercase()
                        } else {
                            ch
                        }
                    });
            s.push_str(&format!(" | {c}"));
        }
        s.push_str(&format!(" | {}\n{border}", rank + 1));
    }
    s.push_str("   a   b   c   d   e\n\n");
    s.push_str("Variant: apocalypse\n");
    s.push_str(&format!("Fen: {}\n", pos.to_fen()));
    let (pieces, pen) = pos.repetition_key();
    let key = pieces
        .iter()
        .flatten()
        .fold(pen[0] as u64 * 3 + pen[1] as u64, |h, &v| {
            h.wrapping_mul(0x100_0000_01B3) ^ v as u64
        });
    s.push_str(&format!("Key: {key:016X}\n"));
    if sim.pending.is_some() {
        s.push_str("Pending: white has chosen (hidden)\n");
    }
    let result = match sim.game.outcome() {
        Some(o) => format!("{} {}", o.result(), o.reason()),
        None => "*".into(),
    };
    s.push_str(&format!("Result: {result}"));
    s
}
