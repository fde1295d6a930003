//! `turncoat bench`: fixed-depth searches over positions of every
//! sequential variant. With one thread the node count is deterministic, a
//! signature of the search; nodes/second measures its speed.

use crate::board::Position;
use crate::clock::Instant;
use crate::output::out;
use crate::rules::Variant;
use crate::search::threads::{search, SearchParams};
use crate::search::time::Limits;
use crate::search::Shared;
use std::time::Duration;

/// (variant, FEN, depth)
pub const POSITIONS: &[(Variant, &str, u32)] = &[
    (
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
    ),
    (
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        7,
    ),
    (
        Variant::Chess,
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        8,
    ),
    (
        Variant::Chess,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        11,
    ),
    (
        Variant::Pacifist,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        Variant::Pacifist,
        "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
        5,
    ),
    (
        Variant::Pacifist,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    (
        Variant::Pacifist2,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        Variant::Pacifist2,
        "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
        5,
    ),
    (
        Variant::Subversion,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        8,
    ),
    (
        Variant::Subversion,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        6,
    ),
];

/// Runs the bench with `threads` threads; prints a line per position and
/// the totals. Returns the total node count.
pub fn run(threads: usize, depth_offset: i32) -> u64 {
    let mut total = 0u64;
    let start = Instant::now();
    for &(variant, fen, depth) in POSITIONS {
        let pos = Position::from_fen(fen, variant).expect("bench FEN");
        let shared = Shared::new(16);
        let params = SearchParams {
            pos,
            game_keys: Vec::new(),
            limits: Limits {
                depth: Some((depth as i32 + depth_offset).max(1) as u32),
                ..Limits::default()
            },
            threads,
            multipv: 1,
            searchmoves: Vec::new(),
            overhead: Duration::ZERO,
        };
        let t = Instant::now();
        let result = search(&shared, &params, &mut |_| {});
        total += result.nodes;
        let best = result
            .best
            .map_or("(none)".to_string(), |m| pos.move_to_uci(m, false));
        out!(
            "{:<10} depth {:>2} nodes {:>10} time {:>6} ms best {:<8} {}",
            variant.name(),
            result.depth,
            result.nodes,
            t.elapsed().as_millis(),
            best,
            fen
        );
    }
    let secs = start.elapsed().as_secs_f64();
    out!("Nodes searched: {total}");
    out!("Nodes/second: {}", (total as f64 / secs.max(1e-9)) as u64);
    total
}
