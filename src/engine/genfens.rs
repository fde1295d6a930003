//! `genfens` (docs/protocols.md, "genfens"): random, balanced opening
//! positions for OpenBench's data-generation workloads, which run
//! `./engine "genfens N seed S book <None|FILE.epd> [extra]" "quit"` and
//! read the lines `info string genfens <FEN>`.
//!
//! Without a book an opening is `8` or `9` random plies from the variant's
//! start, made and checked by the tournament's generator
//! ([`random_opening`]: a quick search must find it within ±150 cp).
//! With a book it is a random position of the book, then `2` random plies
//! checked the same way. The same request gives the same openings (and
//! the first N of a longer one), another seed others; a position already
//! given is not given again, unless the book and plies leave too few.

use crate::game::Game;
use crate::openings::{
    self, is_balanced, is_balanced_turn, random_opening, random_sure_turn, replay,
};
use crate::rng::Rng;
use crate::rules::apocalypse::ApocalypseGame;
use crate::search::simultaneous::SimShared;
use crate::search::Shared;
use crate::Variant;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most openings one `genfens` gives.
pub const MAX_COUNT: u64 = 1_000_000;
/// The most random plies an opening may ask for.
pub const MAX_PLIES: u32 = 100;
/// An opening is kept when a quick search finds it within ± this.
const MAX_CP: i32 = 150;
/// Random plies from the start without a book: this or one more.
const START_PLIES: u32 = 8;
/// Random plies after a book position.
const BOOK_PLIES: u32 = 2;
/// Tries for one book opening before the first playable one is taken.
const BOOK_TRIES: u64 = 100;
/// Openings already given that may be drawn again before one is given
/// twice.
const REPEATS: u64 = 50;

/// What `genfens` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenFens {
    pub count: u64,
    pub seed: u64,
    /// An EPD (or PGN) file of start positions; `None`: the variant's start.
    pub book: Option<String>,
    /// Random plies per opening (default: 8 or 9 from the start, 2 after
    /// a book position).
    pub plies: Option<u32>,
}

/// Gives up to `request.count` openings of `variant`, each to `emit` as
/// its FEN as soon as it is made, from `book` (the games of
/// [`load_book`]) or from the start; ends early when `stop` is set.
/// Returns how many it gave.
pub fn generate(
    variant: Variant,
    request: &GenFens,
    book: Option<&[Game]>,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str),
) -> u64 {
    let mut given = HashSet::new();
    let mut draw = 0u64;
    for n in 0..request.count {
        if stop.load(Ordering::Relaxed) {
            return n;
        }
        let mut fen = String::new();
        for _ in 0..=REPEATS {
            let mut rng = Rng::for_index(request.seed, draw + 1);
            draw += 1;
            fen = match book {
                None => from_start(variant, request.plies, &mut rng),
                Some(games) => from_book(games, request.plies.unwrap_or(BOOK_PLIES), &mut rng),
            };
            if given.insert(position_key(&fen)) {
                break;
            }
        }
        emit(&fen);
    }
    request.count
}

/// The games after every position of the book at `path` (EPD or PGN,
/// read as `match -openings` reads them); an error when it cannot be
/// read, holds no position of `variant`, or only finished games.
pub fn load_book(path: &str, variant: Variant) -> Result<Vec<Game>, BookLoadError> {
    let book = openings::load(path, variant)?;
    let games: Vec<Game> = book
        .iter()
        .enumerate()
        .map(|(i, o)| {
            replay(variant, o).map_err(|error| BookLoadError::Opening {
                path: path.to_string(),
                number: i + 1,
                error,
            })
        })
        .collect::<Result<_, _>>()?;
    if games.iter().all(|g| g.outcome().is_some()) {
        return Err(BookLoadError::AllFinished(path.to_string()));
    }
    Ok(games)
}

/// Why a genfens book gives no positions to start from.
#[derive(Debug, thiserror::Error)]
pub enum BookLoadError {
    #[error(transparent)]
    Book(#[from] openings::BookError),
    #[error("{path}: opening {number}: {error}")]
    Opening {
        path: String,
        number: usize,
        error: openings::OpeningError,
    },
    #[error("{0}: every position is a finished game")]
    AllFinished(String),
}

/// `plies` random plies (default 8 or 9) from the variant's start.
fn from_start(variant: Variant, plies: Option<u32>, rng: &mut Rng) -> String {
    let plies = plies.unwrap_or_else(|| START_PLIES + (rng.next_u64() & 1) as u32);
    let opening = random_opening(variant, plies, MAX_CP, rng);
    replay(variant, &opening)
        .map(|g| g.fen())
        .unwrap_or(opening.fen)
}

/// A random book position and `plies` random plies after it, kept when
/// a quick search finds the position balanced (the book's own positions,
/// with no plies, are taken as they are); after [`BOOK_TRIES`] tries, the
/// first that did not end the game.
fn from_book(book: &[Game], plies: u32, rng: &mut Rng) -> String {
    let mut first = None;
    for _ in 0..BOOK_TRIES {
        let game = &book[rng.below(book.len())];
        if game.outcome().is_some() {
            continue;
        }
        let Some((fen, balanced)) = random_plies(game, plies, rng) else {
            continue;
        };
        if balanced || plies == 0 {
            return fen;
        }
        first.get_or_insert(fen);
    }
    // Only finished games were drawn: any playable one ([`load_book`]
    // made sure there is one).
    first.unwrap_or_else(|| {
        book.iter()
            .find(|g| g.outcome().is_none())
            .map(Game::fen)
            .unwrap_or_default()
    })
}

/// `plies` random plies from `game` (in apocalypse: whole turns of sure
/// moves, as the tournament's openings play them); the FEN and whether a
/// quick search finds it balanced, or `None` when the game ended.
fn random_plies(game: &Game, plies: u32, rng: &mut Rng) -> Option<(String, bool)> {
    match game {
        Game::Sequential(g) => {
            let mut pos = *g.position();
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    return None;
                }
                pos = pos.play(legal[rng.below(legal.len())]);
            }
            if pos.outcome().is_some() {
                return None;
            }
            let balanced = is_balanced(&Shared::new(1), pos, MAX_CP);
            Some((pos.to_fen(), balanced))
        }
        Game::Simultaneous(g) => {
            let mut turns = ApocalypseGame::new(*g.position());
            for _ in 0..plies.div_ceil(2) {
                if turns.outcome().is_some() {
                    return None;
                }
                let (w, b) = random_sure_turn(turns.position(), rng)?;
                turns.play_turn(w, b);
            }
            if turns.outcome().is_some() {
                return None;
            }
            let balanced = is_balanced_turn(&SimShared::default(), turns.position(), MAX_CP);
            Some((turns.position().to_fen(), balanced))
        }
    }
}

/// A position's FEN without the move counters: two openings that differ
/// only in them are the same position.
fn position_key(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::Opening;

    fn opening(fen: &str) -> Opening {
        Opening {
            fen: fen.to_string(),
            moves: Vec::new(),
        }
    }

    fn run(variant: Variant, request: &GenFens) -> Vec<String> {
        let mut out = Vec::new();
        let stop = AtomicBool::new(false);
        let mut emit = |f: &str| out.push(f.to_string());
        let given = generate(variant, request, None, &stop, &mut emit);
        assert_eq!(given, request.count);
        out
    }

    #[test]
    fn openings_are_reproducible_distinct_and_legal_in_every_variant() {
        for variant in Variant::ALL {
            let request = GenFens {
                count: 6,
                seed: 12345,
                ..GenFens::default()
            };
            let a = run(variant, &request);
            assert_eq!(a, run(variant, &request), "{variant}");
            let b = run(
                variant,
                &GenFens {
                    seed: 12346,
                    ..request.clone()
                },
            );
            assert_ne!(a, b, "{variant}");
            let keys: HashSet<String> = a.iter().map(|f| position_key(f)).collect();
            assert_eq!(keys.len(), a.len(), "{variant}: {a:?}");
            for fen in &a {
                let game = Game::from_fen(variant, fen).unwrap();
                assert!(game.outcome().is_none(), "{variant}: {fen}");
            }
        }
    }

    #[test]
    fn seed_zero_and_plies_are_honoured() {
        let request = GenFens {
            count: 3,
            seed: 0,
            plies: Some(2),
            ..GenFens::default()
        };
        let fens = run(Variant::Chess, &request);
        assert_eq!(fens.len(), 3);
        for fen in fens {
            // Two plies from the start: white to move on move 2.
            let fields: Vec<&str> = fen.split(' ').collect();
            assert_eq!((fields[1], fields[5]), ("w", "2"), "{fen}");
        }
    }

    #[test]
    fn book_positions_with_random_plies() {
        let start = Variant::Chess.start_fen();
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let book: Vec<Game> = [start, kiwipete]
            .iter()
            .map(|f| replay(Variant::Chess, &opening(f)).unwrap())
            .collect();
        let mut rng = Rng::for_index(7, 1);
        let fen = from_book(&book, 0, &mut rng);
        assert!(fen == start || fen == kiwipete, "{fen}");
        let fen = from_book(&book, 2, &mut rng);
        assert!(Game::from_fen(Variant::Chess, &fen).is_ok(), "{fen}");
        assert_ne!(fen, start);
        assert_ne!(fen, kiwipete);
    }

    #[test]
    fn a_missing_book_is_an_error_and_stop_ends_early() {
        let err = load_book("/nonexistent/book.epd", Variant::Chess).unwrap_err();
        assert!(
            matches!(&err, BookLoadError::Book(openings::BookError::Read { path, .. }) if path == "/nonexistent/book.epd"),
            "{err}"
        );
        let stop = AtomicBool::new(true);
        let request = GenFens {
            count: 5,
            ..GenFens::default()
        };
        let given = generate(Variant::Chess, &request, None, &stop, &mut |_| {
            panic!("stopped")
        });
        assert_eq!(given, 0);
    }
}
