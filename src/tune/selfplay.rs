//! Self-play games for the tuner's data (`turncoat datagen`,
//! docs/tuning.md): games of one variant from random openings, every
//! move searched to a fixed number of nodes on one thread. Every quiet
//! position (side to move not in check, and the search's move changes no
//! piece: no capture, conversion, subversion or promotion; in apocalypse,
//! a turn that takes no piece and costs no penalty) is kept with the
//! search's score, and the game's result. Game `i` of a run with seed `s`
//! depends only on `(s, i)`.

use crate::board::{Color, Outcome, Position};
use crate::eval::apocalypse::DECIDED;
use crate::game::SequentialGame;
use crate::rng::Rng;
use crate::rules::apocalypse::{ApocalypseGame, ApocalypsePosition, Kind, Ply};
use crate::search::simultaneous::{sample, solve_turn, SimResult, SimShared};
use crate::search::threads::{search, SearchParams};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::Variant;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How the games of a run are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub variant: Variant,
    /// Nodes searched per move (in apocalypse: per turn).
    pub nodes: u64,
    /// The run's seed: game `i` depends on `(seed, i)` only.
    pub seed: u64,
    /// Random plies of each opening.
    pub plies: u32,
    /// A game this long is a draw.
    pub max_plies: usize,
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
pub fn play_game(a: &SelfPlay, game: u64) -> (Vec<(String, i32)>, f64) {
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
fn play_apocalypse_game(a: &SelfPlay, game: u64) -> (Vec<(String, i32)>, f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn self_play(variant: Variant, nodes: u64, max_plies: usize) -> SelfPlay {
        SelfPlay {
            variant,
            nodes,
            seed: 1,
            plies: 8,
            max_plies,
        }
    }

    /// A game depends on the seed and its number only; its positions are
    /// quiet, scored, and carry the result.
    #[test]
    fn games_are_reproducible_and_quiet() {
        let a = self_play(Variant::Chess, 300, 60);
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
        let text = crate::tune::data::game_lines(1, 5, &one, r1);
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
        let a = self_play(Variant::Apocalypse, 300, 80);
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
