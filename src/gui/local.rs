//! The page's hub without a server, for the web build (web/, docs/web.md):
//! the same session, the same state JSON and the same answers as `turncoat
//! gui`'s [`super::hub`], on one thread, driven by calls — the page's
//! actions ([`LocalHub::act`]) and what its engine says
//! ([`LocalHub::engine_line`]). The engine is not here: it runs in a Web
//! Worker, and the hub says what it should be searching
//! ([`LocalHub::search`]: UCI lines, as `turncoat gui` sends an engine
//! program), the page runs that and hands back the lines it prints.
//!
//! The hub plays a game as the referee of `turncoat match` does (the
//! seats' clocks from [`crate::arena::clock`], each answer checked by the
//! rules through the game model, apocalypse's choices hidden until both
//! are made), turn by turn rather than on a thread of its own: nothing
//! here blocks or waits.

use super::api::{self, Analysis, Empty, Goto, NewGame, PgnImport, PlayMove, Preview, SetLevel};
use super::error::{Refusal, MULTIPV};
use super::level::{Level, SKILL_LEVELS, SKILL_OPTION};
use super::search_line::{self, SearchLine};
use super::session::{merge_sides, ClockView, Mode, Session};
use super::view::{self, record_seats, Offered};
use crate::arena::clock::{ClockStart, Clocks};
use crate::arena::request::{parse_uci_score, uci_go, uci_position, Failure, MoveLimit};
use crate::arena::result::{DrawBy, GameResult, WinBy};
use crate::board::Color;
use crate::clock::Instant;
use crate::game::Game;
use crate::Variant;
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// The one engine of the web build: turncoat itself, in a Web Worker.
pub struct WorkerEngine;

/// The engine's name, as the page and the PGN show it.
pub const ENGINE_NAME: &str = "turncoat";

impl Offered for WorkerEngine {
    fn name(&self) -> &str {
        ENGINE_NAME
    }

    fn takes_level(&self) -> bool {
        true
    }
}

/// How deep an analysis searches: a depth the search does not reach in a
/// position of any interest (its plies are capped at
/// [`crate::search::MAX_PLY`]). In WebAssembly a search runs on its
/// caller's thread and cannot wait for `stop` (`go infinite` is refused
/// there, docs/web.md): the page ends an analysis by ending its worker.
pub const ANALYSIS_DEPTH: u32 = 64;

/// Time allowed beyond a side's clock before its flag falls, as the
/// referee allows (`arena::players`).
const GRACE: Duration = Duration::from_millis(500);

/// What the engine is to search now: its id (the page hands it back with
/// every line, and lines of an older search are dropped), the side it
/// searches for, and the UCI lines that set the search up and start it.
#[derive(Clone, Debug, Serialize)]
pub struct Search {
    pub id: u64,
    pub side: &'static str,
    pub analysis: bool,
    pub commands: Vec<String>,
    #[serde(skip)]
    generation: u64,
    /// The last score the engine reported (from its side).
    #[serde(skip)]
    score: Option<i32>,
}

/// A game being played: the referee's clocks and what it has asked.
struct Referee {
    clocks: Clocks,
    /// Apocalypse: white's ply of this turn, chosen and hidden until
    /// black's is (docs/rules.md §5.4).
    white_ply: Option<String>,
    /// The side asked, the plies played when it was asked, and whether
    /// white had chosen (so a side is asked once per ply).
    asked: Option<(Color, usize, bool)>,
    asked_at: Instant,
    /// The side's own moves before the one asked (movestogo, periods).
    own_moves: u32,
    limit: MoveLimit,
    timed: bool,
}

pub struct LocalHub {
    session: Session,
    engines: [WorkerEngine; 1],
    referee: Option<Referee>,
    search: Option<Search>,
    searches: u64,
    /// Engine output arrived that the page has not been sent yet.
    dirty: bool,
}

/// What the page keeps to restore a game after a reload (docs/web.md):
/// the game as PGN (its moves, start, players, result and evaluations), the
/// ply shown, the mode and the settings.
#[derive(Debug, Serialize, serde::Deserialize)]
pub struct Snapshot {
    pub pgn: String,
    pub cursor: usize,
    pub mode: String,
    /// Whether a game was being played: it goes on from where it was.
    pub running: bool,
    pub levels: [u8; 2],
    pub tc: String,
    pub multipv: u32,
}

impl Default for LocalHub {
    fn default() -> Self {
        LocalHub::new()
    }
}

impl LocalHub {
    /// The session as `turncoat gui` starts it.
    pub fn new() -> LocalHub {
        let mut hub = LocalHub {
            session: Session::new(),
            engines: [WorkerEngine],
            referee: None,
            search: None,
            searches: 0,
            dirty: false,
        };
        hub.start();
        hub
    }

    /// The state JSON the page draws (`GET /api/state`).
    pub fn state(&self) -> String {
        serde_json::to_string(&view::state(&self.session, &self.engines))
            .expect("the API's types serialise")
    }

    /// The state, numbered as a new one: what the page is sent after a
    /// change (`turncoat gui`'s live channel).
    pub fn publish(&mut self) -> String {
        self.session.seq += 1;
        self.dirty = false;
        self.state()
    }

    /// Whether engine output arrived since the last state published.
    pub fn dirty(&self) -> bool {
        self.dirty
    }

    /// The PGN of the game (`GET /api/pgn`).
    pub fn pgn(&self) -> String {
        view::pgn(&self.session)
    }

    /// What the engine should be searching now, if anything.
    pub fn search(&self) -> Option<&Search> {
        self.search.as_ref()
    }

    /// `POST /api/NAME` with `body` (JSON): the answer's JSON, or the
    /// error the page shows.
    pub fn act(&mut self, name: &str, body: &str) -> Result<String, String> {
        let bytes = body.as_bytes();
        macro_rules! read {
            ($t:ty) => {
                api::body::<$t>(bytes).map_err(|e| format!("bad request body: {e}"))?
            };
        }
        let answer = match name {
            "new" => {
                let b = read!(NewGame);
                self.new_game(
                    &b.variant,
                    b.fen.as_deref(),
                    b.mode.as_deref(),
                    [b.white.as_deref(), b.black.as_deref()],
                    b.tc.as_deref(),
                )
            }
            "move" => {
                let b = read!(PlayMove);
                self.play(&b.text)
            }
            "undo" => {
                let _ = read!(Value);
                self.undo()
            }
            "goto" => {
                let b = read!(Goto);
                self.goto(b.ply)
            }
            "mode" => {
                let b = read!(api::SetMode);
                self.set_mode(
                    &b.mode,
                    [b.white.as_deref(), b.black.as_deref()],
                    b.tc.as_deref(),
                )
            }
            "analysis" => {
                let b = read!(Analysis);
                self.set_analysis(b.multipv, b.engine.as_deref())
            }
            "preview" => {
                let b = read!(Preview);
                self.preview(&b.moves, b.ply)
            }
            "resign" => {
                read!(Empty);
                self.resign()
            }
            "draw" => {
                read!(Empty);
                return self.offer_draw();
            }
            "abort" => {
                read!(Empty);
                self.abort()
            }
            "rematch" => {
                read!(Empty);
                self.rematch()
            }
            "level" => {
                let b = read!(SetLevel);
                self.set_level(&b.side, &b.level)
            }
            "pgn-import" => {
                let b = read!(PgnImport);
                self.import_pgn(&b.pgn, b.index)
            }
            _ => return Err(format!("no action '{name}'")),
        };
        answer.map_err(|r| r.to_string())
    }

    // ----- the page's actions (as `super::hub::Hub`'s) -----------------

    fn new_game(
        &mut self,
        variant: &str,
        fen: Option<&str>,
        mode: Option<&str>,
        sides: [Option<&str>; 2],
        tc: Option<&str>,
    ) -> Result<String, Refusal> {
        let variant = Variant::from_name(variant)
            .ok_or_else(|| Refusal::UnknownVariant(variant.to_string()))?;
        let mode = parse_mode(mode)?;
        let sides = parse_sides(sides)?;
        self.stop();
        let s = &mut self.session;
        if let Some(tc) = tc {
            s.set_tc(tc)?;
        }
        s.new_game(variant, fen)?;
        if let Some(m) = mode {
            s.mode = m;
        }
        s.sides = merge_sides(s.sides, sides);
        s.message.clear();
        self.start();
        Ok(self.publish())
    }

    fn set_mode(
        &mut self,
        mode: &str,
        sides: [Option<&str>; 2],
        tc: Option<&str>,
    ) -> Result<String, Refusal> {
        let mode = parse_mode(Some(mode))?.expect("a mode was given");
        let sides = parse_sides(sides)?;
        self.stop();
        let s = &mut self.session;
        if let Some(tc) = tc {
            s.set_tc(tc)?;
        }
        s.mode = mode;
        s.sides = merge_sides(s.sides, sides);
        s.reset_live();
        s.message.clear();
        self.start();
        Ok(self.publish())
    }

    fn play(&mut self, text: &str) -> Result<String, Refusal> {
        let text = text.trim();
        let s = &mut self.session;
        let side = s.human_side().ok_or(Refusal::NotYourMove)?;
        let legal = s.game.moves_for(side);
        let known = legal.iter().any(|m| m.eq_ignore_ascii_case(text));
        if !known && s.game.clone().play_text(text).is_err() {
            return Err(Refusal::IllegalMove(text.to_string()));
        }
        if !s.mode.is_game() {
            s.play(text)?;
            s.message.clear();
            self.retarget();
            return Ok(self.publish());
        }
        if self.referee.is_none() {
            return Err(Refusal::NoGameRunning);
        }
        self.answer(side, text, None);
        Ok(self.publish())
    }

    fn undo(&mut self) -> Result<String, Refusal> {
        self.stop();
        let undone = self.session.undo();
        self.start();
        if !undone {
            return Err(Refusal::NothingToTakeBack);
        }
        Ok(self.publish())
    }

    fn resign(&mut self) -> Result<String, Refusal> {
        let side = self.session.person_side().ok_or(Refusal::NoGameOfYours)?;
        self.end_game(GameResult::win(side.flip(), WinBy::Resigned));
        Ok(self.publish())
    }

    fn offer_draw(&mut self) -> Result<String, String> {
        let s = &self.session;
        let side = s.person_side().ok_or(Refusal::NoGameOfYours.to_string())?;
        let accepted = s.mode == Mode::Hotseat || s.engine_accepts_draw();
        let engine = view::seat_name(s, &self.engines, side.flip());
        let message = if accepted {
            "draw agreed".to_string()
        } else {
            format!(
                "{engine} declines the draw (it accepts when its score has stayed within \
                 ±{} cp for its last {} moves)",
                super::session::DRAW_MARGIN,
                super::session::DRAW_MOVES
            )
        };
        if accepted {
            self.end_game(GameResult::Draw(DrawBy::Agreement));
        }
        self.session.seq += 1;
        let answer = view::DrawAnswer {
            state: view::state(&self.session, &self.engines),
            draw: if accepted { "accepted" } else { "declined" },
            draw_message: message,
        };
        Ok(serde_json::to_string(&answer).expect("the API's types serialise"))
    }

    fn abort(&mut self) -> Result<String, Refusal> {
        if !self.session.abortable() {
            return Err(Refusal::TooLateToAbort);
        }
        self.stop();
        let s = &mut self.session;
        s.live.aborted = true;
        s.message.clear();
        s.stop_live();
        Ok(self.publish())
    }

    fn rematch(&mut self) -> Result<String, Refusal> {
        if !self.session.rematch_possible() {
            return Err(Refusal::GameNotOver);
        }
        self.stop();
        let s = &mut self.session;
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
        s.levels.swap(0, 1);
        s.message.clear();
        self.start();
        Ok(self.publish())
    }

    /// The level of an engine seat: the engine plays at it from its next
    /// search (each search sends its `Skill Level`).
    fn set_level(&mut self, side: &str, level: &Value) -> Result<String, Refusal> {
        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(Refusal::UnknownSide(other.to_string())),
        };
        let level = Level::from_json(level)?;
        let s = &mut self.session;
        s.levels[side.index()] = level;
        if s.game_running() {
            record_seats(s, &self.engines);
        }
        Ok(self.publish())
    }

    fn goto(&mut self, ply: usize) -> Result<String, Refusal> {
        let s = &mut self.session;
        if ply > s.line.len() {
            return Err(Refusal::NoSuchPly {
                plies: s.line.len(),
            });
        }
        if s.mode.is_game() {
            self.referee = None;
            self.search = None;
            let s = &mut self.session;
            s.mode = Mode::Analysis;
            s.reset_live();
        }
        self.session.goto(ply);
        self.retarget();
        Ok(self.publish())
    }

    fn set_analysis(
        &mut self,
        multipv: Option<u32>,
        engine: Option<&str>,
    ) -> Result<String, Refusal> {
        let engine = engine.map(engine_index).transpose()?;
        if let Some(n) = multipv {
            if !MULTIPV.contains(&n) {
                return Err(Refusal::MultiPvOutOfRange);
            }
        }
        self.stop();
        let s = &mut self.session;
        s.multipv = multipv.unwrap_or(s.multipv);
        s.analysis_engine = engine.unwrap_or(s.analysis_engine);
        s.output.clear();
        s.generation += 1;
        self.start();
        Ok(self.publish())
    }

    fn preview(&self, moves: &[String], ply: Option<usize>) -> Result<String, Refusal> {
        let s = &self.session;
        let mut game = match ply {
            None => s.game.clone(),
            Some(k) => {
                let shown = s.line.len() - usize::from(s.game.has_pending_ply());
                if k > shown {
                    return Err(Refusal::NoSuchPly { plies: shown });
                }
                s.game_after(k)
            }
        };
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        game.play_list(&texts)
            .map_err(|e| Refusal::Preview(Box::new(e)))?;
        Ok(serde_json::to_string(&view::preview(&game)).expect("the API's types serialise"))
    }

    fn import_pgn(&mut self, text: &str, index: usize) -> Result<String, Refusal> {
        let games = super::pgn_import::parse(text)?;
        let game = games.get(index).cloned().ok_or(Refusal::NoSuchGame {
            count: games.len(),
            index,
        })?;
        self.stop();
        let s = &mut self.session;
        let loaded = s.load(&game).map_err(|source| Refusal::ImportedGame {
            label: game.label.clone(),
            source,
        });
        if let Err(e) = loaded {
            self.start();
            return Err(e);
        }
        s.mode = Mode::Analysis;
        s.imported = games;
        s.message.clear();
        self.start();
        Ok(self.publish())
    }

    // ----- keeping a game across a reload --------------------------------

    /// What the page stores to restore the session after a reload.
    pub fn snapshot(&self) -> Snapshot {
        let s = &self.session;
        Snapshot {
            pgn: view::pgn(s),
            cursor: s.cursor,
            mode: s.mode.name().to_string(),
            running: s.game_running(),
            levels: s.levels.map(Level::number),
            tc: s.tc.clone(),
            multipv: s.multipv,
        }
    }

    /// The session of a snapshot: its game (from its PGN), shown at its
    /// ply; a game that was being played goes on from there, its clocks
    /// full again (as after a take-back). A snapshot that does not read
    /// leaves the session as it was.
    pub fn restore(&mut self, snap: &Snapshot) -> Result<(), Refusal> {
        let games = super::pgn_import::parse(&snap.pgn)?;
        let game = games
            .first()
            .cloned()
            .ok_or(Refusal::NoSuchGame { count: 0, index: 0 })?;
        let mode = parse_mode(Some(&snap.mode))?.expect("a mode was given");
        let levels = snap.levels.map(|n| Level::new(u64::from(n)));
        self.stop();
        let s = &mut self.session;
        if let Err(source) = s.load(&game) {
            self.start();
            return Err(Refusal::ImportedGame {
                label: game.label.clone(),
                source,
            });
        }
        if let [Some(w), Some(b)] = levels {
            s.levels = [w, b];
        }
        if MULTIPV.contains(&snap.multipv) {
            s.multipv = snap.multipv;
        }
        let _ = s.set_tc(&snap.tc);
        s.goto(snap.cursor.min(s.line.len()));
        s.mode = if mode.is_game() && !snap.running {
            // A game that had ended is looked at, not played again.
            Mode::Analysis
        } else {
            mode
        };
        if s.mode.is_game() {
            // The game's own record, not an imported one's.
            s.source = None;
        }
        self.start();
        Ok(())
    }

    // ----- the game and the analysis --------------------------------------

    /// Ends what runs (the referee's game, the analysis); what the engine
    /// searches goes with it.
    fn stop(&mut self) {
        self.referee = None;
        self.search = None;
    }

    /// Starts what the mode needs: the referee's game, or the analysis.
    fn start(&mut self) {
        self.stop();
        let s = &mut self.session;
        if !s.mode.is_game() {
            self.retarget();
            return;
        }
        s.prepare_game();
        record_seats(s, &self.engines);
        let clocks = Clocks::new(s.limits()).starting(ClockStart::AfterOwnFirstMove);
        self.referee = Some(Referee {
            clocks,
            white_ply: None,
            asked: None,
            asked_at: Instant::now(),
            own_moves: 0,
            limit: MoveLimit::Depth(0),
            timed: false,
        });
        self.advance();
    }

    /// In an analysis, the search follows the position shown.
    fn retarget(&mut self) {
        let s = &self.session;
        if s.mode != Mode::Analysis || s.game.outcome().is_some() {
            self.search = None;
            return;
        }
        if self
            .search
            .as_ref()
            .is_some_and(|q| q.analysis && q.generation == s.generation)
        {
            return;
        }
        let mut commands = setup(s.variant, SKILL_LEVELS[SKILL_LEVELS.len() - 1], s.multipv);
        commands.push(uci_position(&s.start_fen, &s.line[..s.cursor]));
        commands.push(format!("go depth {ANALYSIS_DEPTH}"));
        let side = s.game.side_to_move();
        self.searches += 1;
        self.search = Some(Search {
            id: self.searches,
            side: search_line::side_code(side),
            analysis: true,
            commands,
            generation: s.generation,
            score: None,
        });
    }

    /// The referee asks the side whose move it is, once: a person's move
    /// comes with [`LocalHub::play`], an engine's with its `bestmove`.
    fn advance(&mut self) {
        let Some(r) = &mut self.referee else {
            return;
        };
        let s = &mut self.session;
        if !s.game_running() {
            self.search = None;
            return;
        }
        let side = s.side_to_move();
        let key = (side, s.line.len(), s.live.white_chosen);
        if r.asked == Some(key) {
            return;
        }
        let simultaneous = s.game.is_simultaneous();
        let own_moves = if simultaneous {
            (s.line.len() / 2) as u32
        } else {
            ((s.line.len() + usize::from(side == Color::Black)) / 2) as u32
        };
        let limit = r.clocks.move_limit(side, own_moves);
        let timed = r.clocks.runs_for(side);
        let human = s.mode.human_plays(side);
        r.asked = Some(key);
        r.asked_at = Instant::now();
        r.own_moves = own_moves;
        r.limit = limit;
        r.timed = timed;
        s.live.awaiting = human.then_some(side);
        s.live.thinking = (!human).then_some(side);
        if !human {
            s.output.clear();
        }
        if let MoveLimit::Clock { wtime, btime, .. } = limit {
            s.live.clock = Some(ClockView {
                left: [wtime, btime],
                running: timed.then(|| (side, Instant::now())),
            });
        }
        if human {
            self.search = None;
            return;
        }
        // What the engine is shown: the moves so far, and for black in
        // apocalypse a stand-in for white's hidden ply (never white's real
        // choice; the engine ignores it), as `arena::turn` shows it.
        let mut moves = s.line.clone();
        if simultaneous && side == Color::Black {
            if let Game::Simultaneous(g) = &s.game {
                moves.push(g.position().candidates(Color::White)[0].to_string());
            }
        }
        let level = s.levels[side.index()].skill();
        let mut commands = setup(s.variant, level, 1);
        commands.push(uci_position(&s.start_fen, &moves));
        commands.push(uci_go(limit));
        self.searches += 1;
        self.search = Some(Search {
            id: self.searches,
            side: search_line::side_code(side),
            analysis: false,
            commands,
            generation: s.generation,
            score: None,
        });
    }

    /// `side` answered `mv` (a person, or the engine with its last
    /// score): the clock is charged, the move checked and played by the
    /// rules, and the next side asked. An answer the rules refuse loses.
    fn answer(&mut self, side: Color, mv: &str, score: Option<i32>) {
        let Some(r) = &mut self.referee else {
            return;
        };
        let s = &mut self.session;
        let elapsed = r.asked_at.elapsed();
        r.asked = None;
        s.live.awaiting = None;
        s.live.thinking = None;
        if let Some(clock) = &mut s.live.clock {
            if clock.running.is_some_and(|(running, _)| running == side) {
                let left = &mut clock.left[side.index()];
                *left = left.saturating_sub(elapsed);
            }
            clock.running = None;
        }
        if !r.clocks.charge(side, elapsed, r.own_moves + 1) {
            return self.game_over(GameResult::forfeit(side, Failure::TimeForfeit));
        }
        let illegal = GameResult::forfeit(side, Failure::Illegal(mv.to_string()));
        let ply = s.line.len() + 1 + usize::from(s.live.white_chosen);
        if s.game.is_simultaneous() {
            if side == Color::White {
                if s.game.clone().play_text(mv).is_err() {
                    return self.game_over(illegal);
                }
                r.white_ply = Some(mv.to_string());
                s.live.white_chosen = true;
            } else {
                let white = r.white_ply.take().unwrap_or_default();
                let mut g = s.game.clone();
                if g.play_text(&white).is_err() || g.play_text(mv).is_err() {
                    return self.game_over(illegal);
                }
                s.play(&white).expect("checked on a copy");
                s.play(mv).expect("checked on a copy");
                s.live.white_chosen = false;
            }
        } else if s.play(mv).is_err() {
            return self.game_over(illegal);
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
        self.advance();
    }

    /// The game ended other than by the rules' verdict on a move (a flag,
    /// an illegal answer), or by it: the state says which.
    fn game_over(&mut self, result: GameResult) {
        let s = &mut self.session;
        let flagged = match &result {
            GameResult::WhiteWins(WinBy::Forfeit(Failure::TimeForfeit)) => Some(Color::Black),
            GameResult::BlackWins(WinBy::Forfeit(Failure::TimeForfeit)) => Some(Color::White),
            _ => None,
        };
        if s.game.outcome().is_none() {
            s.ended = Some(result);
        }
        s.live.awaiting = None;
        s.live.thinking = None;
        s.live.white_chosen = false;
        if let Some(clock) = &mut s.live.clock {
            clock.running = None;
            if let Some(side) = flagged {
                clock.left[side.index()] = Duration::ZERO;
            }
        }
        self.search = None;
        if let Some(r) = &mut self.referee {
            r.asked = None;
        }
    }

    /// Ends the running game with `result` (a resignation, a draw agreed).
    fn end_game(&mut self, result: GameResult) {
        self.stop();
        let s = &mut self.session;
        if s.final_result().is_none() {
            s.ended = Some(result);
        }
        s.message.clear();
        s.stop_live();
    }

    /// A line the engine printed during search `id`; true when the state
    /// changed at once (a move was played; `info` lines only mark the
    /// state [`dirty`](LocalHub::dirty), to be sent a few times a second).
    pub fn engine_line(&mut self, id: u64, line: &str) -> bool {
        let Some(search) = self.search.as_mut().filter(|q| q.id == id) else {
            return false;
        };
        let side = if search.side == "w" {
            Color::White
        } else {
            Color::Black
        };
        if let Some(rest) = line.strip_prefix("bestmove") {
            if search.analysis {
                return false;
            }
            let score = search.score;
            let mv = rest.split_whitespace().next().unwrap_or("").to_string();
            self.search = None;
            self.answer(side, &mv, score);
            return true;
        }
        if !line.starts_with("info") {
            return false;
        }
        if let Some(score) = parse_uci_score(line) {
            search.score = Some(score);
        }
        let Some(mut parsed) = SearchLine::parse(ENGINE_NAME, side, line) else {
            return false;
        };
        let s = &mut self.session;
        if !s.mode.is_game() && parsed.multipv == 1 && !s.eval_recorded(s.cursor) {
            let at = s.cursor;
            if let Some(eval) = s.evals.get_mut(at) {
                *eval = parsed.cp;
            }
        }
        parsed.read_from(&s.game);
        search_line::merge(&mut s.output, parsed);
        self.dirty = true;
        false
    }

    /// The clocks, a few times a second: a side whose time ran out (its
    /// clock and the grace past it) loses, person or engine, as under the
    /// referee. True when the game ended so.
    pub fn tick(&mut self) -> bool {
        let Some(r) = &self.referee else {
            return false;
        };
        let Some((side, _, _)) = r.asked else {
            return false;
        };
        let MoveLimit::Clock { wtime, btime, .. } = r.limit else {
            return false;
        };
        if !r.timed || !self.session.game_running() {
            return false;
        }
        let left = match side {
            Color::White => wtime,
            Color::Black => btime,
        };
        if r.asked_at.elapsed() <= left + GRACE {
            return false;
        }
        self.game_over(GameResult::forfeit(side, Failure::TimeForfeit));
        self.session.seq += 1;
        true
    }
}

/// The UCI lines before a search: the variant, the level, the lines. The
/// one worker plays every seat and analyses, so each search says all.
fn setup(variant: Variant, skill: u8, multipv: u32) -> Vec<String> {
    vec![
        format!("setoption name UCI_Variant value {}", variant.name()),
        format!("setoption name {SKILL_OPTION} value {skill}"),
        format!("setoption name MultiPV value {multipv}"),
    ]
}

fn parse_mode(mode: Option<&str>) -> Result<Option<Mode>, Refusal> {
    match mode {
        None => Ok(None),
        Some(m) => Mode::from_name(m)
            .map(Some)
            .ok_or_else(|| Refusal::UnknownMode(m.to_string())),
    }
}

fn engine_index(name: &str) -> Result<usize, Refusal> {
    if name == ENGINE_NAME {
        Ok(0)
    } else {
        Err(Refusal::UnknownEngine(name.to_string()))
    }
}

fn parse_sides(sides: [Option<&str>; 2]) -> Result<[Option<usize>; 2], Refusal> {
    let pick = |name: Option<&str>| name.map(engine_index).transpose();
    Ok([pick(sides[0])?, pick(sides[1])?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn state(hub: &LocalHub) -> Value {
        serde_json::from_str(&hub.state()).unwrap()
    }

    fn act(hub: &mut LocalHub, name: &str, body: Value) -> Result<Value, String> {
        hub.act(name, &body.to_string())
            .map(|t| serde_json::from_str(&t).unwrap())
    }

    /// The engine's answer to the search asked for now: `mv` after an
    /// `info` line with `score`.
    fn engine_plays(hub: &mut LocalHub, mv: &str, score: i32) {
        let id = hub.search().expect("the engine is asked").id;
        hub.engine_line(
            id,
            &format!("info depth 3 score cp {score} nodes 10 pv {mv}"),
        );
        assert!(hub.engine_line(id, &format!("bestmove {mv}")));
    }

    #[test]
    fn a_game_against_the_engine_is_refereed_turn_by_turn() {
        let mut hub = LocalHub::new();
        let s = act(
            &mut hub,
            "new",
            json!({"variant": "chess", "mode": "play-black", "tc": "1+0"}),
        )
        .unwrap();
        assert_eq!(s["thinking"], "w");
        let search = hub.search().unwrap().clone();
        assert!(!search.analysis);
        assert_eq!(search.side, "w");
        assert_eq!(
            search.commands,
            [
                "setoption name UCI_Variant value chess",
                "setoption name Skill Level value 1",
                "setoption name MultiPV value 1",
                &format!("position fen {}", Variant::Chess.start_fen()),
                "go wtime 60000 btime 60000 winc 0 binc 0",
            ]
        );
        // Not the person's move yet.
        assert!(act(&mut hub, "move", json!({"move": "e7e5"})).is_err());
        engine_plays(&mut hub, "e2e4", 30);
        let s = state(&hub);
        assert_eq!(s["human_to_move"], true);
        assert_eq!(s["evals"][1], 30);
        assert!(hub.search().is_none());
        // An old search's lines are dropped.
        assert!(!hub.engine_line(search.id, "bestmove d2d4"));
        act(&mut hub, "move", json!({"move": "e7e5"})).unwrap();
        let next = hub.search().unwrap();
        assert!(next.commands[3].ends_with("moves e2e4 e7e5"), "{next:?}");
        assert_eq!(state(&hub)["moves"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn an_illegal_answer_of_the_engine_loses() {
        let mut hub = LocalHub::new();
        act(
            &mut hub,
            "new",
            json!({"variant": "chess", "mode": "play-black"}),
        )
        .unwrap();
        let id = hub.search().unwrap().id;
        assert!(hub.engine_line(id, "bestmove e2e5"));
        let s = state(&hub);
        assert_eq!(s["result"], "0-1", "{s}");
        assert!(hub.search().is_none());
    }

    #[test]
    fn a_take_back_during_the_engines_thought_drops_its_search() {
        let mut hub = LocalHub::new();
        act(
            &mut hub,
            "new",
            json!({"variant": "pacifist", "mode": "play-white"}),
        )
        .unwrap();
        assert!(hub.search().is_none());
        act(&mut hub, "move", json!({"move": "e2e4"})).unwrap();
        let thinking = hub.search().unwrap().id;
        act(&mut hub, "undo", json!({})).unwrap();
        assert!(hub.search().is_none(), "the person's move again");
        assert!(!hub.engine_line(thinking, "bestmove e7e5"));
        let s = state(&hub);
        assert_eq!(s["moves"].as_array().unwrap().len(), 0);
        assert_eq!(s["human_to_move"], true);
    }

    #[test]
    fn apocalypse_hides_white_choice_from_the_engine() {
        // What black's engine is shown is the same whatever white chose.
        let shown = |white: &str| {
            let mut hub = LocalHub::new();
            act(
                &mut hub,
                "new",
                json!({"variant": "apocalypse", "mode": "play-white"}),
            )
            .unwrap();
            act(&mut hub, "move", json!({"move": white})).unwrap();
            let s = state(&hub);
            assert_eq!(s["pending"], "w");
            assert_eq!(
                s["moves"].as_array().unwrap().len(),
                0,
                "white's choice hidden"
            );
            let search = hub.search().unwrap().clone();
            assert_eq!(search.side, "b");
            (hub, search.commands[3].clone())
        };
        let (_, one) = shown("b1b2");
        let (mut hub, other) = shown("d1d2");
        assert_eq!(one, other);
        engine_plays(&mut hub, "b5b4", -10);
        let s = state(&hub);
        assert_eq!(s["moves"].as_array().unwrap().len(), 2, "{s}");
        assert_eq!(s["moves"][0]["move"], "d1d2");
        assert_eq!(s["human_to_move"], true);
        assert_eq!(s["evals"][2], 10, "black's score, from white's side");
    }

    #[test]
    fn analysis_searches_the_position_shown_with_its_lines() {
        let mut hub = LocalHub::new();
        act(
            &mut hub,
            "new",
            json!({"variant": "subversion", "mode": "analysis"}),
        )
        .unwrap();
        act(&mut hub, "analysis", json!({"multipv": 2})).unwrap();
        let first = hub.search().unwrap().clone();
        assert!(first.analysis);
        assert!(first
            .commands
            .contains(&"setoption name MultiPV value 2".to_string()));
        assert_eq!(
            first.commands.last().unwrap(),
            &format!("go depth {ANALYSIS_DEPTH}")
        );
        hub.engine_line(
            first.id,
            "info depth 5 multipv 1 score cp 20 nodes 99 pv e2e4 e7e5",
        );
        assert!(hub.dirty());
        let s: Value = serde_json::from_str(&hub.publish()).unwrap();
        assert_eq!(s["engine_output"][0]["pv"][0], "e2e4");
        act(&mut hub, "move", json!({"move": "e2e4"})).unwrap();
        let next = hub.search().unwrap();
        assert_ne!(next.id, first.id);
        assert!(next.commands[3].ends_with("moves e2e4"));
    }

    #[test]
    fn a_person_out_of_time_loses() {
        let mut hub = LocalHub::new();
        act(
            &mut hub,
            "new",
            json!({"variant": "chess", "mode": "play-black", "tc": "0.01+0"}),
        )
        .unwrap();
        engine_plays(&mut hub, "e2e4", 0);
        act(&mut hub, "move", json!({"move": "e7e5"})).unwrap();
        engine_plays(&mut hub, "d2d4", 0);
        // Black's second move is on the clock: 0.6 s and the grace.
        assert!(!hub.tick());
        std::thread::sleep(Duration::from_millis(1200));
        assert!(hub.tick());
        let s = state(&hub);
        assert_eq!(s["result"], "1-0", "{s}");
        assert_eq!(s["clock"]["b"], 0);
    }

    #[test]
    fn a_snapshot_restores_the_game_and_it_goes_on() {
        let mut hub = LocalHub::new();
        act(
            &mut hub,
            "new",
            json!({"variant": "pacifist2", "mode": "play-white"}),
        )
        .unwrap();
        act(&mut hub, "level", json!({"side": "b", "level": 5})).unwrap();
        act(&mut hub, "move", json!({"move": "e2e4"})).unwrap();
        engine_plays(&mut hub, "e7e5", 0);
        let snap: Snapshot =
            serde_json::from_str(&serde_json::to_string(&hub.snapshot()).unwrap()).unwrap();
        let mut again = LocalHub::new();
        again.restore(&snap).unwrap();
        let (a, b) = (state(&hub), state(&again));
        for key in ["variant", "fen", "moves", "mode", "levels", "human_to_move"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        act(&mut again, "move", json!({"move": "d2d4"})).unwrap();
        assert!(
            again.search().unwrap().commands[1].ends_with("value 9"),
            "level 5"
        );
        // A snapshot that does not read changes nothing.
        let bad = Snapshot {
            pgn: "not a game".into(),
            ..snap
        };
        let before = again.state();
        assert!(again.restore(&bad).is_err());
        assert_eq!(again.state(), before);
    }

    #[test]
    fn actions_are_refused_as_by_the_server() {
        let mut hub = LocalHub::new();
        assert_eq!(
            act(&mut hub, "nope", json!({})).unwrap_err(),
            "no action 'nope'"
        );
        assert!(act(&mut hub, "new", json!({"variant": "go"}))
            .unwrap_err()
            .contains("unknown variant"));
        assert!(act(&mut hub, "move", json!({"mvoe": 1}))
            .unwrap_err()
            .starts_with("bad request body"));
        assert!(hub.act("undo", "{").is_err());
        assert_eq!(
            act(
                &mut hub,
                "new",
                json!({"variant": "chess", "white": "stockfish"})
            )
            .unwrap_err(),
            "no engine is named 'stockfish'"
        );
    }
}
