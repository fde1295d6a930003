//! The server's one session and everything that changes it: the page's
//! actions (from the HTTP handlers) and the reports of the thread that
//! plays or analyses (seats, engines, the referee). After every change
//! the new state goes to every page over the live channel.

use super::engine::Engine;
use super::error::{Refusal, MULTIPV};
use super::level::Level;
use super::runner::{self, Reports, Runner, Target};
use super::search_line::{self, SearchLine};
use super::session::{self, merge_sides, ClockView, Mode, Session};
use super::view;
use crate::arena::program::Failure;
use crate::arena::request::{MoveLimit, MoveRequest};
use crate::arena::result::{DrawBy, GameResult, WinBy};
use crate::board::Color;
use crate::game::Game;
use crate::Variant;
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// One message of the live channel: its SSE event name and JSON data.
#[derive(Clone, Debug)]
pub struct Event {
    pub name: &'static str,
    pub data: Arc<str>,
}

/// An answer of the API as JSON text, serialised once: a state's text
/// goes both to the page that acted and to every page over the live
/// channel.
#[derive(Clone, Debug)]
pub struct JsonText(pub Arc<str>);

impl JsonText {
    pub fn of(value: &impl Serialize) -> JsonText {
        // The API's types are structs, and maps with string keys: nothing
        // in them can fail to serialise.
        let text = serde_json::to_string(value).expect("the API's types serialise");
        JsonText(text.into())
    }
}

/// An engine's raw `info` line, the live channel's `engine` event.
#[derive(Serialize)]
struct EngineLine<'a> {
    engine: &'a str,
    side: &'static str,
    line: &'a str,
}

/// How long a move's request waits for the referee to have played it.
const MOVE_PATIENCE: Duration = Duration::from_secs(5);

pub struct Hub {
    /// The engines named on the command line (the page chooses among
    /// these, by index, and never names a command).
    pub engines: Vec<Engine>,
    session: Mutex<Session>,
    /// Signalled whenever the runner reports, for a move's request that
    /// waits to see its move played.
    progress: Condvar,
    runner: Mutex<Option<Runner>>,
    events: broadcast::Sender<Event>,
    /// Engine output arrived that no page has seen yet.
    dirty: AtomicBool,
}

impl Hub {
    pub fn new(engines: Vec<Engine>) -> Arc<Hub> {
        let (events, _) = broadcast::channel(256);
        Arc::new(Hub {
            engines,
            session: Mutex::new(Session::new()),
            progress: Condvar::new(),
            runner: Mutex::new(None),
            events,
            dirty: AtomicBool::new(false),
        })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// The session, also after a thread panicked while holding it (its
    /// data is still a consistent game: every change is made in one go).
    fn session(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn runner(&self) -> MutexGuard<'_, Option<Runner>> {
        self.runner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state JSON the page draws.
    pub fn state(&self) -> JsonText {
        JsonText::of(&view::state(&self.session(), &self.engines))
    }

    /// The name of the session's variant.
    pub fn variant_name(&self) -> &'static str {
        self.session().variant.name()
    }

    /// The PGN of the game (as `turncoat match -pgnout` writes one).
    pub fn pgn(&self) -> String {
        view::pgn(&self.session())
    }

    fn send(&self, name: &'static str, data: Arc<str>) {
        // No page listening is no error.
        let _ = self.events.send(Event { name, data });
    }

    /// Sends the state to every page. The state is numbered (`seq`) and
    /// made and sent under the session's lock, so pages get the states in
    /// the order of the changes, and can tell an older one (an action's
    /// answer that arrives after the stream's newer state) by its number.
    pub fn publish(&self) {
        self.published();
    }

    /// Publishes if engine output arrived since the last state (called
    /// a few times a second, so a fast engine does not flood the pages).
    pub fn flush(&self) {
        if self.dirty.swap(false, Ordering::Relaxed) {
            self.publish();
        }
    }

    // ----- the page's actions -------------------------------------------

    /// A new game: variant, start FEN, mode, engines and time control.
    pub fn new_game(
        self: &Arc<Self>,
        variant: &str,
        fen: Option<&str>,
        mode: Option<&str>,
        sides: [Option<&str>; 2],
        tc: Option<&str>,
    ) -> Result<JsonText, Refusal> {
        let variant = Variant::from_name(variant)
            .ok_or_else(|| Refusal::UnknownVariant(variant.to_string()))?;
        let mode = self.parse_mode(mode)?;
        let sides = self.parse_sides(sides)?;
        self.stop_runner();
        {
            let mut s = self.session();
            if let Some(tc) = tc {
                s.set_tc(tc)?;
            }
            s.new_game(variant, fen)?;
            if let Some(m) = mode {
                s.mode = m;
            }
            s.sides = merge_sides(s.sides, sides);
            s.message.clear();
        }
        self.start_runner();
        Ok(self.published())
    }

    /// Changes who plays, keeping the game (from the position shown).
    pub fn set_mode(
        self: &Arc<Self>,
        mode: &str,
        sides: [Option<&str>; 2],
        tc: Option<&str>,
    ) -> Result<JsonText, Refusal> {
        let mode = self.parse_mode(Some(mode))?.expect("a mode was given");
        let sides = self.parse_sides(sides)?;
        self.stop_runner();
        {
            let mut s = self.session();
            if let Some(tc) = tc {
                s.set_tc(tc)?;
            }
            s.mode = mode;
            s.sides = merge_sides(s.sides, sides);
            s.reset_live();
            // What was said about the game before (an abort, an engine's
            // failure) is not about this one.
            s.message.clear();
        }
        self.start_runner();
        Ok(self.published())
    }

    /// The person's move (ply) in the variant's notation.
    pub fn play(self: &Arc<Self>, text: &str) -> Result<JsonText, Refusal> {
        let text = text.trim();
        // The runner's lock is taken before the session's, never after.
        let inbox = self.runner().as_ref().and_then(Runner::inbox);
        let mut s = self.session();
        let side = s.human_side().ok_or(Refusal::NotYourMove)?;
        let legal = s.game.moves_for(side);
        let known = legal.iter().any(|m| m.eq_ignore_ascii_case(text));
        if !known && s.game.clone().play_text(text).is_err() {
            return Err(Refusal::IllegalMove(text.to_string()));
        }
        if !s.mode.is_game() {
            s.play(text)?;
            s.message.clear();
            drop(s);
            self.retarget();
            return Ok(self.published());
        }
        let inbox = inbox.ok_or(Refusal::NoGameRunning)?;
        let before = progress_mark(&s);
        let generation = s.generation;
        inbox
            .send(text.to_string())
            .map_err(|_| Refusal::GameEnded)?;
        let (s, _) = self
            .progress
            .wait_timeout_while(s, MOVE_PATIENCE, |s| {
                s.generation == generation && (progress_mark(s) == before || !s.is_settled())
            })
            .unwrap_or_else(|e| e.into_inner());
        drop(s);
        Ok(self.state())
    }

    /// Takes back (see [`Session::undo`]).
    pub fn undo(self: &Arc<Self>) -> Result<JsonText, Refusal> {
        self.stop_runner();
        let undone = self.session().undo();
        self.start_runner();
        if !undone {
            return Err(Refusal::NothingToTakeBack);
        }
        Ok(self.published())
    }

    /// The person resigns (against an engine; at a hotseat board the side
    /// to move).
    pub fn resign(self: &Arc<Self>) -> Result<JsonText, Refusal> {
        let side = self.session().person_side().ok_or(Refusal::NoGameOfYours)?;
        self.end_game(GameResult::win(side.flip(), WinBy::Resigned));
        Ok(self.published())
    }

    /// The person offers a draw: at a hotseat board it is agreed; an
    /// engine accepts when [`Session::engine_accepts_draw`]. The answer is
    /// the state with `draw` (`accepted` or `declined`) and `draw_message`.
    pub fn offer_draw(self: &Arc<Self>) -> Result<JsonText, Refusal> {
        let (accepted, message) = {
            let s = self.session();
            let side = s.person_side().ok_or(Refusal::NoGameOfYours)?;
            let accepted = s.mode == Mode::Hotseat || s.engine_accepts_draw();
            let engine = view::seat_name(&s, &self.engines, side.flip());
            let message = if accepted {
                "draw agreed".to_string()
            } else {
                format!(
                    "{engine} declines the draw (it accepts when its score has stayed within \
                     ±{} cp for its last {} moves)",
                    session::DRAW_MARGIN,
                    session::DRAW_MOVES
                )
            };
            (accepted, message)
        };
        if accepted {
            self.end_game(GameResult::Draw(DrawBy::Agreement));
            self.publish();
        }
        let s = self.session();
        Ok(JsonText::of(&view::DrawAnswer {
            state: view::state(&s, &self.engines),
            draw: if accepted { "accepted" } else { "declined" },
            draw_message: message,
        }))
    }

    /// The person aborts the game before its second ply: no result.
    pub fn abort(self: &Arc<Self>) -> Result<JsonText, Refusal> {
        if !self.session().abortable() {
            return Err(Refusal::TooLateToAbort);
        }
        self.end_game_aborted();
        Ok(self.published())
    }

    /// The same start again with the colours swapped (against an engine:
    /// the person takes the other side; engines: they swap seats).
    pub fn rematch(self: &Arc<Self>) -> Result<JsonText, Refusal> {
        if !self.session().rematch_possible() {
            return Err(Refusal::GameNotOver);
        }
        self.stop_runner();
        {
            let mut s = self.session();
            let fen = s.game_start_fen();
            let variant = s.variant;
            s.new_game(variant, Some(&fen))?;
            s.mode = match s.mode {
                Mode::PlayWhite => Mode::PlayBlack,
                Mode::PlayBlack => Mode::PlayWhite,
                other => other,
            };
            if s.mode == Mode::Watch {
                s.sides = [s.sides[1], s.sides[0]];
            }
            // Each engine keeps its level on its new side.
            s.levels.swap(0, 1);
            s.message.clear();
        }
        self.start_runner();
        Ok(self.published())
    }

    /// The level of `side`'s engine seat (`w` or `b`): the engine playing
    /// there now plays at it from its next move, and every engine seated
    /// there later starts at it.
    pub fn set_level(self: &Arc<Self>, side: &str, level: &Value) -> Result<JsonText, Refusal> {
        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(Refusal::UnknownSide(other.to_string())),
        };
        let level = Level::from_json(level)?;
        // The runner's lock before the session's, as everywhere.
        let runner = self.runner();
        let mut s = self.session();
        s.levels[side.index()] = level;
        if s.game_running() {
            view::record_seats(&mut s, &self.engines);
        }
        if let Some(r) = runner.as_ref() {
            r.set_skill(side, level.skill());
        }
        drop((s, runner));
        Ok(self.published())
    }

    /// Ends the running game with `result` (a resignation, a draw agreed).
    fn end_game(self: &Arc<Self>, result: GameResult) {
        self.stop_runner();
        let mut s = self.session();
        if s.final_result().is_none() {
            s.ended = Some(result);
        }
        s.message.clear();
        s.stop_live();
    }

    fn end_game_aborted(self: &Arc<Self>) {
        self.stop_runner();
        let mut s = self.session();
        s.live.aborted = true;
        // No message: `#result` and the status line say it, and they
        // describe the current game (a message would outlive it).
        s.message.clear();
        s.stop_live();
    }

    /// Shows the position after `ply` plies; a game in progress becomes
    /// an analysis there.
    pub fn goto(self: &Arc<Self>, ply: usize) -> Result<JsonText, Refusal> {
        let mut s = self.session();
        if ply > s.line.len() {
            return Err(Refusal::NoSuchPly {
                plies: s.line.len(),
            });
        }
        if s.mode.is_game() {
            drop(s);
            self.stop_runner();
            s = self.session();
            s.mode = Mode::Analysis;
            s.reset_live();
        }
        s.goto(ply);
        drop(s);
        self.retarget();
        Ok(self.published())
    }

    /// Analysis settings: lines and engine.
    pub fn set_analysis(
        self: &Arc<Self>,
        multipv: Option<u32>,
        engine: Option<&str>,
    ) -> Result<JsonText, Refusal> {
        let engine = match engine {
            Some(name) => Some(self.engine_index(name)?),
            None => None,
        };
        if let Some(n) = multipv {
            if !MULTIPV.contains(&n) {
                return Err(Refusal::MultiPvOutOfRange);
            }
        }
        self.stop_runner();
        {
            let mut s = self.session();
            s.multipv = multipv.unwrap_or(s.multipv);
            s.analysis_engine = engine.unwrap_or(s.analysis_engine);
            s.output.clear();
            s.generation += 1;
        }
        self.start_runner();
        Ok(self.published())
    }

    /// The board after `moves` from the position shown, or from the
    /// position after `ply` plies of the line (a game browsed while it
    /// goes on), the game left as it is (a PV previewed).
    pub fn preview(&self, moves: &[String], ply: Option<usize>) -> Result<JsonText, Refusal> {
        let mut game = {
            let s = self.session();
            match ply {
                None => s.game.clone(),
                Some(k) => {
                    // a hidden apocalypse ply stays hidden
                    let shown = s.line.len() - usize::from(s.game.has_pending_ply());
                    if k > shown {
                        return Err(Refusal::NoSuchPly { plies: shown });
                    }
                    s.game_after(k)
                }
            }
        };
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        game.play_list(&texts)
            .map_err(|e| Refusal::Preview(Box::new(e)))?;
        Ok(JsonText::of(&view::preview(&game)))
    }

    /// Loads game `index` of a PGN text, shown from its start.
    pub fn import_pgn(self: &Arc<Self>, text: &str, index: usize) -> Result<JsonText, Refusal> {
        let games = super::pgn_import::parse(text)?;
        let game = games.get(index).cloned().ok_or(Refusal::NoSuchGame {
            count: games.len(),
            index,
        })?;
        self.stop_runner();
        {
            let mut s = self.session();
            s.load(&game).map_err(|source| Refusal::ImportedGame {
                label: game.label.clone(),
                source,
            })?;
            s.mode = Mode::Analysis;
            s.imported = games;
            s.message.clear();
        }
        self.start_runner();
        Ok(self.published())
    }

    /// Starts what the session's mode needs (the server's start).
    pub fn start(self: &Arc<Self>) {
        self.start_runner();
    }

    /// Ends the running game or analysis and its engines (server exit).
    pub fn shutdown(&self) {
        self.stop_runner();
    }

    /// [`Hub::publish`], answering the state sent.
    fn published(&self) -> JsonText {
        let mut s = self.session();
        s.seq += 1;
        let state = JsonText::of(&view::state(&s, &self.engines));
        self.dirty.store(false, Ordering::Relaxed);
        self.send("state", state.0.clone());
        state
    }

    fn parse_mode(&self, mode: Option<&str>) -> Result<Option<Mode>, Refusal> {
        match mode {
            None => Ok(None),
            Some(m) => Mode::from_name(m)
                .map(Some)
                .ok_or_else(|| Refusal::UnknownMode(m.to_string())),
        }
    }

    fn engine_index(&self, name: &str) -> Result<usize, Refusal> {
        self.engines
            .iter()
            .position(|e| e.config.name == name)
            .ok_or_else(|| Refusal::UnknownEngine(name.to_string()))
    }

    fn parse_sides(&self, sides: [Option<&str>; 2]) -> Result<[Option<usize>; 2], Refusal> {
        let pick = |name: Option<&str>| name.map(|n| self.engine_index(n)).transpose();
        Ok([pick(sides[0])?, pick(sides[1])?])
    }

    // ----- the runner ---------------------------------------------------

    fn stop_runner(&self) {
        if let Some(r) = self.runner().take() {
            r.stop();
        }
    }

    /// Starts what the mode needs: the referee's game, or the analysis.
    fn start_runner(self: &Arc<Self>) {
        let mut slot = self.runner();
        if let Some(old) = slot.take() {
            old.stop();
        }
        let mut s = self.session();
        if !s.mode.is_game() {
            let target = Target::of(&s);
            *slot = runner::start_analysis(self.clone(), &self.engines, &s, target);
            return;
        }
        s.prepare_game();
        view::record_seats(&mut s, &self.engines);
        *slot = Some(runner::start_game(self.clone(), &self.engines, &s));
        // The answer to the page's action shows whose move it is: the
        // referee asks a seat within moments (or finds the game over).
        let _ = self
            .progress
            .wait_timeout_while(s, MOVE_PATIENCE, |s| !s.is_settled())
            .unwrap_or_else(|e| e.into_inner());
    }

    /// The analysis follows the position shown.
    fn retarget(self: &Arc<Self>) {
        let target = Target::of(&self.session());
        let mut slot = self.runner();
        if slot.as_ref().is_some_and(|r| r.retarget(target.clone())) {
            return;
        }
        if let Some(old) = slot.take() {
            old.stop();
        }
        let s = self.session();
        *slot = runner::start_analysis(self.clone(), &self.engines, &s, target);
    }

    // ----- reports of the runner ----------------------------------------

    /// Runs `f` on the session if `generation` is still current, then
    /// tells the pages and any waiting move request.
    fn report(&self, generation: u64, f: impl FnOnce(&mut Session)) {
        let mut s = self.session();
        if s.generation != generation {
            return;
        }
        f(&mut s);
        drop(s);
        self.progress.notify_all();
        self.publish();
    }
}

/// What the runner's thread tells the board.
impl Reports for Hub {
    fn asking(&self, generation: u64, request: &MoveRequest, human: bool) {
        let side = request.side;
        self.report(generation, |s| {
            s.live.awaiting = human.then_some(side);
            s.live.thinking = (!human).then_some(side);
            if !human {
                s.output.clear();
            }
            if let MoveLimit::Clock { wtime, btime, .. } = request.limit {
                s.live.clock = Some(ClockView {
                    left: [wtime, btime],
                    running: request.timed.then(|| (side, Instant::now())),
                });
            }
        });
    }

    fn answered(
        &self,
        generation: u64,
        side: Color,
        ply: usize,
        score: Option<i32>,
        elapsed: Duration,
    ) {
        self.report(generation, |s| {
            s.live.awaiting = None;
            s.live.thinking = None;
            if let Some(clock) = &mut s.live.clock {
                // An untimed move (a side's first: `ClockStart`) costs nothing.
                if clock.running.is_some_and(|(running, _)| running == side) {
                    let left = &mut clock.left[side.index()];
                    *left = left.saturating_sub(elapsed);
                }
                clock.running = None;
            }
            if s.game.is_simultaneous() && side == Color::White {
                s.live.white_chosen = true;
            }
            if let Some(score) = score {
                if s.evals.len() <= ply {
                    s.evals.resize(ply + 1, None);
                }
                s.evals[ply] = Some(match side {
                    Color::White => score,
                    Color::Black => -score,
                });
                s.live.engine_scores.push(score);
            }
        });
    }

    fn turn_played(&self, generation: u64, game: &Game, moves: &[String]) {
        self.report(generation, |s| {
            s.line = moves.to_vec();
            s.cursor = moves.len();
            s.game = game.clone();
            s.live.white_chosen = false;
            s.evals.resize(moves.len() + 1, None);
        });
    }

    fn game_over(&self, generation: u64, result: GameResult) {
        if matches!(
            &result,
            GameResult::WhiteWins(WinBy::Forfeit(Failure::Interrupted))
                | GameResult::BlackWins(WinBy::Forfeit(Failure::Interrupted))
        ) {
            return;
        }
        let flagged = flagged(&result);
        self.report(generation, |s| {
            if s.game.outcome().is_none() {
                s.ended = Some(result);
            }
            s.live.awaiting = None;
            s.live.thinking = None;
            s.live.white_chosen = false;
            if let Some(clock) = &mut s.live.clock {
                clock.running = None;
                // The flag fell: that clock reads 0:00, not the time it
                // had when it was last asked.
                if let Some(side) = flagged {
                    clock.left[side.index()] = Duration::ZERO;
                }
            }
        });
    }

    fn engine_line(&self, generation: u64, engine: &str, side: Color, line: &str) {
        if !line.starts_with("info") {
            return;
        }
        let event = EngineLine {
            engine,
            side: search_line::side_code(side),
            line,
        };
        let Some(mut parsed) = SearchLine::parse(engine, side, line) else {
            return;
        };
        {
            let mut s = self.session();
            if s.generation != generation {
                return;
            }
            // an evaluation the imported PGN recorded stays (the export
            // gives it back as it was)
            if !s.mode.is_game() && parsed.multipv == 1 && !s.eval_recorded(s.cursor) {
                let at = s.cursor;
                if let Some(eval) = s.evals.get_mut(at) {
                    *eval = parsed.cp;
                }
            }
            // the PV is of the position the engine searches: the live one in
            // a game, the one shown in an analysis
            parsed.read_from(&s.game);
            search_line::merge(&mut s.output, parsed);
        }
        self.send("engine", JsonText::of(&event).0);
        self.dirty.store(true, Ordering::Relaxed);
    }

    fn notice(&self, generation: u64, message: String) {
        self.report(generation, |s| s.message = message);
    }
}

/// What a move's request waits to see change: plies played, and the
/// hidden white choice of an apocalypse turn.
fn progress_mark(s: &Session) -> (usize, bool) {
    (s.line.len(), s.live.white_chosen)
}

/// The side whose flag fell, when the game was lost on time.
fn flagged(result: &GameResult) -> Option<Color> {
    match result {
        GameResult::WhiteWins(WinBy::Forfeit(Failure::TimeForfeit)) => Some(Color::Black),
        GameResult::BlackWins(WinBy::Forfeit(Failure::TimeForfeit)) => Some(Color::White),
        _ => None,
    }
}
