//! The engine core (ARCHITECTURE.md): it owns the options, the
//! game, the transposition table, the search threads and the simultaneous-
//! move search, and offers what every front end needs: set the position or
//! an option, `go` with callbacks for the search's output, `stop`,
//! `ponderhit`, perft, the diagram and the evaluation. The front ends
//! (`src/uci/`, `src/xboard/`) only parse lines and format what it reports.

mod draw;
pub mod genfens;
pub mod options;
mod search;
pub mod strength;
mod task;

use crate::board::Move;
use crate::game::{Game, GameError, ListError};
use crate::perft::Perft;
use crate::search::simultaneous::SimShared;
use crate::search::threads::Report;
use crate::search::time::Limits;
use crate::search::Shared;
use crate::Variant;
use crossbeam_channel::{Receiver, Sender};
use options::OptionError;
pub use options::{OptionKind, OptionSpec, Options};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use task::Task;

/// What a `go` asks for.
#[derive(Clone, Debug, Default)]
pub struct Go {
    pub limits: Limits,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Lines to report; `None`: the `MultiPV` option.
    pub multipv: Option<usize>,
}

/// One completed line of the alternating-move search, its PV in the
/// variant's notation and cut at the first move that is not legal in
/// sequence (a GUI never sees an illegal PV move).
pub type Line = Report<String>;

/// One completed depth of the simultaneous-move search.
#[derive(Clone, Debug)]
pub struct TurnDepth {
    pub depth: u32,
    /// The game's value for the side choosing, in centipawns.
    pub value: f64,
    pub nodes: u64,
    pub time: Duration,
    /// The ply its strategy plays most often.
    pub likely: Option<String>,
}

/// The search's progress, as it reports it.
#[derive(Clone, Debug)]
pub enum Info {
    Line(Line),
    Turn(TurnDepth),
}

/// The end of a `go`.
#[derive(Clone, Debug, Default)]
pub struct BestMove {
    /// `None` when there is no legal move (or the game is over).
    pub best: Option<String>,
    /// The expected reply, when the PV holds a legal one.
    pub ponder: Option<String>,
    /// In the simultaneous game: the mixed strategy the move was drawn from.
    pub strategy: Vec<(String, f64)>,
}

pub struct Engine {
    options: Options,
    game: Game,
    shared: Arc<Shared>,
    equilibrium: Arc<SimShared>,
    running: Option<Task>,
    /// Whether `running` is a perft (counted to its end on `quit`).
    counting: bool,
    /// A token from each count (perft, genfens) as its thread ends, so
    /// that `quit` can wait for the end of a count without polling.
    count_ended: (Sender<()>, Receiver<()>),
}

/// Sends the end of a count when its thread is done with it, panic or not.
struct CountEnded(Sender<()>);

impl Drop for CountEnded {
    fn drop(&mut self) {
        // Full: an end is already told, which is all a waiter needs.
        let _ = self.0.try_send(());
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            game: Game::start(options.variant),
            shared: Arc::new(Shared::new(options.hash_mib)),
            equilibrium: Arc::new(SimShared::default()),
            running: None,
            counting: false,
            count_ended: crossbeam_channel::bounded(1),
            options,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Sets an option by name; a new variant resets the game to its start.
    /// A running search goes on unless the option changes what it works on
    /// (the table's size, the game).
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        use options::Effect;
        match self.options.set(name, value)? {
            Effect::None => {}
            Effect::ResizeHash => {
                self.stop();
                self.shared = Arc::new(Shared::try_new(self.options.hash_mib)?);
            }
            Effect::ClearHash => self.clear_hash(),
            Effect::NewVariant => {
                self.stop();
                self.game = Game::start(self.options.variant);
            }
        }
        Ok(())
    }

    /// Plays `variant` from its start.
    pub fn set_variant(&mut self, variant: Variant) {
        self.stop();
        self.options.variant = variant;
        self.game = Game::start(variant);
        self.shared.clear_history();
    }

    /// Empties the transposition table, the evaluation and equilibrium
    /// caches and the search's history (safe while a search runs: the table is
    /// lock-free, and a running search keeps its history until it ends).
    pub fn clear_hash(&mut self) {
        self.shared.tt.clear();
        self.shared.evals.clear();
        self.shared.clear_history();
        self.equilibrium.clear();
    }

    /// A new game: the caches emptied, the variant's start position.
    pub fn new_game(&mut self) {
        self.stop();
        self.clear_hash();
        self.game = Game::start(self.options.variant);
    }

    /// `fen` (`None`: the start position) and the moves after it. A bad
    /// FEN changes nothing; on a bad move the ones before it stay played.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        self.stop();
        let variant = self.options.variant;
        let fen = fen.unwrap_or(variant.start_fen());
        let mut game = Game::from_fen(variant, fen).map_err(|e| PositionError::Fen {
            error: e,
            fen: fen.to_string(),
        })?;
        let played = game.play_list(moves);
        self.game = game;
        played.map_err(PositionError::Move)
    }

    /// The position a GUI set up with its own, orthodox-shaped FEN
    /// (XBoard's `setboard`; see [`Game::from_setup_fen`]).
    pub fn set_setup_position(&mut self, fen: &str) -> Result<(), PositionError> {
        self.stop();
        let game =
            Game::from_setup_fen(self.options.variant, fen).map_err(|e| PositionError::Fen {
                error: e,
                fen: fen.to_string(),
            })?;
        self.game = game;
        Ok(())
    }

    /// Plays one more move (ply) in the variant's notation.
    pub fn play(&mut self, text: &str) -> Result<String, GameError> {
        self.stop();
        self.game.play_text(text)
    }

    /// Takes back one move (ply); false when there is none.
    pub fn undo(&mut self) -> bool {
        self.stop();
        self.game.undo()
    }

    /// Nodes searched so far by the running (or last) search.
    pub fn nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// Starts a search on its own thread (stopping any running one):
    /// `on_info` sees its progress, `on_best` its result, once.
    pub fn go(
        &mut self,
        go: Go,
        on_info: impl FnMut(&Info) + Send + 'static,
        on_best: impl FnOnce(BestMove) + Send + 'static,
    ) {
        self.stop();
        let tables = search::Tables {
            alpha_beta: Arc::clone(&self.shared),
            simultaneous: Arc::clone(&self.equilibrium),
        };
        let handle = search::spawn(tables, &self.game, go, &self.options, on_info, on_best);
        self.running = Some(handle);
    }

    /// Whether a search is running (its `on_best` may not have come yet).
    pub fn searching(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Whether a perft (or a `genfens`) is still counting (its `on_done`
    /// not yet called).
    pub fn counting(&self) -> bool {
        self.counting && self.searching()
    }

    /// Receives a token when a count (perft, genfens) started after the
    /// last such token has ended: `quit` waits on it beside the input.
    pub fn count_ended(&self) -> Receiver<()> {
        self.count_ended.1.clone()
    }

    /// The guard a count's thread holds, after any token of an earlier
    /// count (ended, since a count starts only after `stop`) is dropped.
    fn new_count(&self) -> CountEnded {
        while self.count_ended.1.try_recv().is_ok() {}
        CountEnded(self.count_ended.0.clone())
    }

    /// What `quit` and the end of input do: a running perft is counted to
    /// its end (its `on_done` gets the counts, as Stockfish prints them
    /// before it exits), a running search is stopped.
    pub fn finish(&mut self) {
        if self.counting {
            if let Some(handle) = self.running.take() {
                handle.join();
            }
        }
        self.stop();
    }

    /// Ends a running search or perft and waits for its `on_best` (or
    /// `on_done`).
    pub fn stop(&mut self) {
        self.counting = false;
        if let Some(handle) = self.running.take() {
            self.shared.pondering.store(false, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            self.equilibrium.stop.store(true, Ordering::Relaxed);
            self.shared.wake.notify();
            self.equilibrium.wake.notify();
            handle.join();
        }
    }

    /// The opponent played the move pondered on: the clock starts.
    pub fn ponderhit(&self) {
        self.shared.pondering.store(false, Ordering::Relaxed);
        self.shared.wake.notify();
    }

    /// Perft per move (per turn in apocalypse), notation by `UCI_Chess960`,
    /// on its own thread like a search, and counted on as many threads as
    /// the search would use (`Threads`): `stop` ends it, and then `on_done`
    /// gets `None` instead of counts that would be partial.
    pub fn perft(
        &mut self,
        depth: u32,
        on_done: impl FnOnce(Option<Vec<(String, u64)>>) + Send + 'static,
    ) {
        self.stop();
        let game = self.game.clone();
        let chess960 = self.options.chess960;
        let shared = Arc::clone(&self.shared);
        let threads = options::usable_threads(self.options.threads);
        shared.stop.store(false, Ordering::Relaxed);
        let ended = self.new_count();
        let spawned = Task::spawn("perft", Some(crate::perft::STACK_BYTES), move || {
            let _ended = ended;
            // Without its pool the count is the same on this one thread.
            let perft = Perft::new(threads, 0).unwrap_or_else(|e| {
                log::warn!("{e}; perft counts on one thread");
                Perft::single()
            });
            let lines = game.divide_with(&perft, depth.max(1), chess960, &shared.stop);
            let stopped = shared.stop.load(Ordering::Relaxed);
            on_done((!stopped).then_some(lines));
        });
        match spawned {
            Ok(handle) => {
                self.running = Some(handle);
                self.counting = true;
            }
            Err(e) => log::error!("cannot start the perft thread: {e}"),
        }
    }

    pub fn diagram(&self) -> String {
        self.game.diagram()
    }

    pub fn eval(&self) -> String {
        self.game.explain_eval()
    }

    /// `genfens`: random, balanced openings of the current variant for
    /// OpenBench (see [`genfens`]), made on their own thread like a perft:
    /// each FEN goes to `emit` as soon as it is made, `quit` and the end
    /// of input wait for the last, and `stop` ends them early (then
    /// `on_stopped` gets how many were given). A book that cannot be used
    /// is an error at once, and nothing runs. The game is untouched.
    pub fn genfens(
        &mut self,
        request: genfens::GenFens,
        mut emit: impl FnMut(&str) + Send + 'static,
        on_stopped: impl FnOnce(u64) + Send + 'static,
    ) -> Result<(), GenFensError> {
        self.stop();
        let variant = self.options.variant;
        let book = match &request.book {
            Some(path) => Some(genfens::load_book(path, variant).map_err(GenFensError::Book)?),
            None => None,
        };
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Ordering::Relaxed);
        let ended = self.new_count();
        let handle = Task::spawn("genfens", None, move || {
            let _ended = ended;
            let book = book.as_deref();
            let given = genfens::generate(variant, &request, book, &shared.stop, &mut emit);
            if given < request.count {
                on_stopped(given);
            }
        })
        .map_err(GenFensError::Thread)?;
        self.running = Some(handle);
        self.counting = true;
        Ok(())
    }
}

/// Why `genfens` does not start.
#[derive(Debug, thiserror::Error)]
pub enum GenFensError {
    /// The book cannot be used (it names the file and the opening).
    #[error(transparent)]
    Book(genfens::BookLoadError),
    #[error("cannot start the genfens thread: {0}")]
    Thread(#[from] std::io::Error),
}

/// Why `set_position` failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Fen { error: GameError, fen: String },
    Move(ListError),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Fen { error, fen } => write!(f, "{error} in '{fen}'"),
            PositionError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PositionError {}
