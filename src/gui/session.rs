//! The one game a `turncoat gui` server shows, and what the page may do
//! with it: the position shown, the move list, the mode (who plays which
//! side), what the engines said. Every change goes through [`Session`]'s
//! methods; the server then sends the new state to every page.

use super::error::SessionError;
use super::level::Level;
use super::line_memo::LineMemo;
use super::search_line::SearchLine;
use super::time_control;
use crate::arena::clock::Limit;
use crate::arena::result::GameResult;
use crate::board::Color;
use crate::clock::Instant;
use crate::game::Game;
use crate::pgn::PlyNotes;
use crate::Variant;
use std::cell::{Ref, RefCell};
use std::time::Duration;

/// Who plays which side, as the page's `#mode` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nobody plays: the user moves both sides, an engine analyses.
    Analysis,
    PlayWhite,
    PlayBlack,
    /// Engine against engine.
    Watch,
    /// Two people at one board.
    Hotseat,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Analysis,
        Mode::PlayWhite,
        Mode::PlayBlack,
        Mode::Watch,
        Mode::Hotseat,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Analysis => "analysis",
            Mode::PlayWhite => "play-white",
            Mode::PlayBlack => "play-black",
            Mode::Watch => "watch",
            Mode::Hotseat => "hotseat",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether a person plays `side` in this mode (in analysis the user
    /// moves both sides).
    pub fn human_plays(self, side: Color) -> bool {
        match self {
            Mode::Analysis | Mode::Hotseat => true,
            Mode::PlayWhite => side == Color::White,
            Mode::PlayBlack => side == Color::Black,
            Mode::Watch => false,
        }
    }

    /// Whether the game is played out by the referee (seats, clocks, the
    /// rules' end), as opposed to analysed.
    pub fn is_game(self) -> bool {
        self != Mode::Analysis
    }

    /// Whether engines play in it (and so the clocks run).
    pub fn has_engines(self) -> bool {
        matches!(self, Mode::PlayWhite | Mode::PlayBlack | Mode::Watch)
    }
}

/// The clocks as last told to a player: time left, and since when the
/// side to move has been thinking.
#[derive(Clone, Copy, Debug)]
pub struct ClockView {
    pub left: [Duration; 2],
    pub running: Option<(Color, Instant)>,
}

impl ClockView {
    /// Time left of `side` now.
    pub fn left_now(&self, side: Color) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((s, since)) if s == side => left.saturating_sub(since.elapsed()),
            _ => left,
        }
    }
}

/// What is going on right now in a game mode.
#[derive(Clone, Debug, Default)]
pub struct Live {
    /// A person is asked for this side's move.
    pub awaiting: Option<Color>,
    /// An engine thinks for this side.
    pub thinking: Option<Color>,
    pub clock: Option<ClockView>,
    /// Apocalypse: white has chosen its ply of this turn, hidden.
    pub white_chosen: bool,
    /// The plies of the line before this game started (abort is allowed
    /// until two more are played).
    pub start_ply: usize,
    /// The engine's scores (from its side) with each of its moves, for a
    /// draw offer.
    pub engine_scores: Vec<i32>,
    /// The person aborted the game.
    pub aborted: bool,
}

/// A game of a PGN the user imported.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub label: String,
    pub variant: Variant,
    pub start_fen: String,
    pub moves: Vec<String>,
    /// White's view of the score after each ply, from the PGN's `[%eval]`.
    pub evals: Vec<Option<i32>>,
    pub white: String,
    pub black: String,
    /// Its tags in order, written back by the export.
    pub tags: Vec<(String, String)>,
    /// The comments and NAGs of each ply (index 0: before the first move).
    pub notes: Vec<PlyNotes>,
    /// The result the PGN records (`None`: `*`).
    pub result: Option<GameResult>,
}

/// Where the line came from when it was imported: what the export gives
/// back (tags, comments, NAGs) and the board shows (names, evaluations, the
/// result) of the imported game, for as many plies as the line still
/// follows it.
#[derive(Clone, Debug)]
pub struct PgnSource {
    pub game: ImportedGame,
    /// Whether the recorded result still stands: not once a game is
    /// played on from the line (its result is then the new one).
    pub result_stands: bool,
}

/// The GUI's game and its settings.
pub struct Session {
    pub variant: Variant,
    pub start_fen: String,
    /// Every ply of the game in the variant's notation, from `start_fen`.
    pub line: Vec<String>,
    /// How many plies of `line` the board shows.
    pub cursor: usize,
    /// `line[..cursor]` played.
    pub game: Game,
    pub mode: Mode,
    /// The engine (index into the server's engines) of each side when an
    /// engine plays it.
    pub sides: [usize; 2],
    /// The level of each side's engine seat (the page's pickers): what an
    /// engine that takes a level plays at there, from its next move.
    pub levels: [Level; 2],
    pub tc: String,
    pub limit: Limit,
    pub multipv: u32,
    pub analysis_engine: usize,
    /// White's view of the score after each ply (index 0: the start).
    pub evals: Vec<Option<i32>>,
    /// The latest search lines (one per MultiPV line).
    pub output: Vec<SearchLine>,
    /// An end the rules did not declare (an engine's failure, a flag).
    pub ended: Option<GameResult>,
    pub message: String,
    pub imported: Vec<ImportedGame>,
    /// The imported game the line started as, if it did.
    pub source: Option<PgnSource>,
    /// Who played the line (a game mode's seats, an imported game's tags),
    /// for the PGN.
    pub players: Option<(String, String)>,
    /// The level each engine seat of the line's game played at (the last
    /// one set while it ran), for the PGN; `None` for a person or an
    /// engine that takes no level.
    pub levels_played: [Option<Level>; 2],
    pub live: Live,
    /// The number of the last state sent to the pages.
    pub seq: u64,
    /// Changes whenever the position or the mode changes under a running
    /// engine, so that what it says about an older one is dropped.
    pub generation: u64,
    /// What `line` says, kept between states (see [`Session::line_memo`]).
    memo: RefCell<LineMemo>,
}

/// The default time control of games with engines: five minutes and
/// three seconds a move (lichess's blitz), as players write it
/// ([`super::time_control`]).
pub const DEFAULT_TC: &str = "5+3";

/// An engine accepts a draw offer when its last `DRAW_MOVES` scores were
/// all within `DRAW_MARGIN` centipawns of 0 (as lichess bots do).
pub const DRAW_MOVES: usize = 4;
pub const DRAW_MARGIN: i32 = 30;

impl Session {
    pub fn new() -> Session {
        let variant = Variant::Pacifist;
        Session {
            variant,
            start_fen: variant.start_fen().to_string(),
            line: Vec::new(),
            cursor: 0,
            game: Game::start(variant),
            mode: Mode::Hotseat,
            sides: [0, 0],
            levels: [Level::DEFAULT; 2],
            tc: DEFAULT_TC.into(),
            limit: time_control::parse(DEFAULT_TC).expect("the default control reads"),
            multipv: 3,
            analysis_engine: 0,
            evals: vec![None],
            output: Vec::new(),
            ended: None,
            message: String::new(),
            imported: Vec::new(),
            source: None,
            players: None,
            levels_played: [None; 2],
            live: Live::default(),
            seq: 0,
            generation: 0,
            memo: RefCell::default(),
        }
    }

    /// A new game of `variant` from `fen` (its start when `None`).
    pub fn new_game(&mut self, variant: Variant, fen: Option<&str>) -> Result<(), SessionError> {
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        let fen = fen.unwrap_or(variant.start_fen());
        let game = Game::from_fen(variant, fen)?;
        self.variant = variant;
        self.start_fen = fen.to_string();
        self.line.clear();
        self.cursor = 0;
        self.game = game;
        self.evals = vec![None];
        self.players = None;
        self.levels_played = [None; 2];
        self.source = None;
        self.reset_live();
        Ok(())
    }

    /// Replaces the whole game (a PGN import): `moves` must be legal.
    pub fn load(&mut self, g: &ImportedGame) -> Result<(), SessionError> {
        let mut game = Game::from_fen(g.variant, &g.start_fen)?;
        let texts: Vec<&str> = g.moves.iter().map(String::as_str).collect();
        game.play_list(&texts)
            .map_err(|e| SessionError::Line(Box::new(e)))?;
        self.new_game(g.variant, Some(&g.start_fen))?;
        self.line = g.moves.clone();
        self.evals = g.evals.clone();
        self.evals.resize(self.line.len() + 1, None);
        self.players = Some((g.white.clone(), g.black.clone()));
        self.source = Some(PgnSource {
            game: g.clone(),
            result_stands: true,
        });
        self.goto(0);
        Ok(())
    }

    /// How many plies of the line are still those of the imported game
    /// (all of them while it is unchanged); `None` if none was imported.
    fn imported_plies(&self) -> Option<usize> {
        let source = self.source.as_ref()?;
        let same = self.line.iter().zip(&source.game.moves);
        Some(same.take_while(|(a, b)| a == b).count())
    }

    /// Whether the line is the imported game, unchanged.
    pub fn imported_unchanged(&self) -> bool {
        self.source
            .as_ref()
            .is_some_and(|src| src.game.moves == self.line)
    }

    /// The result the imported PGN records, while the line is that game
    /// and no game was played on from it.
    pub fn recorded_result(&self) -> Option<GameResult> {
        let source = self.source.as_ref().filter(|s| s.result_stands)?;
        self.imported_unchanged()
            .then(|| source.game.result.clone())?
    }

    /// Whether the evaluation after `ply` plies came with the imported
    /// PGN (a `[%eval]` of a ply the line still shares with it): the local
    /// engine's does not replace it.
    pub fn eval_recorded(&self, ply: usize) -> bool {
        let (Some(plies), Some(src)) = (self.imported_plies(), &self.source) else {
            return false;
        };
        ply <= plies && src.game.evals.get(ply).is_some_and(Option::is_some)
    }

    /// The imported comments and NAGs of the plies the line still shares
    /// with the imported game (index 0: before the first move).
    pub fn kept_notes(&self) -> &[PlyNotes] {
        match (self.imported_plies(), &self.source) {
            (Some(plies), Some(src)) => &src.game.notes[..(plies + 1).min(src.game.notes.len())],
            _ => &[],
        }
    }

    /// The value of the imported game's tag `key` (`White`), if the line
    /// was imported and the tag says something (not `?`).
    pub fn imported_tag(&self, key: &str) -> Option<&str> {
        let tags = &self.source.as_ref()?.game.tags;
        let value = tags.iter().find(|(k, _)| k == key)?.1.trim();
        (!value.is_empty() && value != "?").then_some(value)
    }

    /// Everything a running search or game said about the position goes.
    pub fn reset_live(&mut self) {
        self.output.clear();
        self.ended = None;
        self.live = Live::default();
        self.generation += 1;
    }

    /// The game after the first `ply` plies of the move list.
    pub fn game_after(&self, ply: usize) -> Game {
        let ply = ply.min(self.line.len());
        let mut game =
            Game::from_fen(self.variant, &self.start_fen).expect("the start FEN was checked");
        let texts: Vec<&str> = self.line[..ply].iter().map(String::as_str).collect();
        game.play_list(&texts)
            .expect("the moves of the line were checked");
        game
    }

    /// Shows the position after `ply` plies of the move list.
    pub fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.line.len());
        self.game = self.game_after(ply);
        self.cursor = ply;
        self.output.clear();
        self.generation += 1;
    }

    /// Plays `text` on the position shown, dropping the rest of the move
    /// list; returns the move as the rules write it.
    pub fn play(&mut self, text: &str) -> Result<String, SessionError> {
        let played = self.game.play_text(text)?;
        self.line.truncate(self.cursor);
        self.line.push(played.clone());
        self.cursor += 1;
        self.evals.resize(self.cursor, None);
        self.evals.push(None);
        self.output.clear();
        self.ended = None;
        self.generation += 1;
        Ok(played)
    }

    /// The plies a take-back removes: one, and in the simultaneous game
    /// back to the start of a turn (the referee asks for whole turns);
    /// against an engine, back to the person's move.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        let mut to = self.cursor - 1;
        if self.mode.is_game() {
            to = self.turn_start(to);
            while to > 0 && !self.mode.human_plays(self.side_after(to)) {
                to = self.turn_start(to - 1);
            }
        }
        self.line.truncate(to);
        self.goto(to);
        self.evals.truncate(to + 1);
        self.ended = None;
        true
    }

    /// The side that chooses after `plies` plies of the line.
    fn side_after(&self, plies: usize) -> Color {
        let mut g = Game::from_fen(self.variant, &self.start_fen).expect("checked");
        let texts: Vec<&str> = self.line[..plies].iter().map(String::as_str).collect();
        let _ = g.play_list(&texts);
        g.side_to_move()
    }

    /// `plies`, or in the simultaneous game the start of its turn.
    fn turn_start(&self, plies: usize) -> usize {
        plies - plies % self.game.plies_per_turn()
    }

    /// Before a game mode starts from the position shown: the moves after
    /// it go, and in the simultaneous game a chosen white ply too (the
    /// referee asks for whole turns).
    pub fn prepare_game(&mut self) {
        let to = self.turn_start(self.cursor);
        self.line.truncate(to);
        self.goto(to);
        self.evals.truncate(to + 1);
        self.ended = None;
        if let Some(source) = &mut self.source {
            source.result_stands = false;
        }
        self.live = Live {
            start_ply: to,
            ..Live::default()
        };
    }

    /// Nobody is asked or thinks any more; the clocks stop where they are.
    pub fn stop_live(&mut self) {
        self.live.awaiting = None;
        self.live.thinking = None;
        self.live.white_chosen = false;
        if let Some(clock) = &mut self.live.clock {
            for side in Color::ALL {
                clock.left[side.index()] = clock.left_now(side);
            }
            clock.running = None;
        }
        self.generation += 1;
    }

    /// Whether a game is being played (a game mode, no result, not
    /// aborted).
    pub fn game_running(&self) -> bool {
        self.mode.is_game() && !self.live.aborted && self.final_result().is_none()
    }

    /// The side a person resigns or offers a draw for: the person's side
    /// against an engine, the side to move at a hotseat board.
    pub fn person_side(&self) -> Option<Color> {
        if !self.game_running() {
            return None;
        }
        match self.mode {
            Mode::PlayWhite => Some(Color::White),
            Mode::PlayBlack => Some(Color::Black),
            Mode::Hotseat => Some(self.side_to_move()),
            Mode::Watch | Mode::Analysis => None,
        }
    }

    /// Whether the game may still be aborted: a person plays and fewer
    /// than two plies of it have been played.
    pub fn abortable(&self) -> bool {
        self.person_side().is_some() && self.line.len() < self.live.start_ply + 2
    }

    /// Whether the game is over and may be played again.
    pub fn rematch_possible(&self) -> bool {
        self.mode.is_game() && (self.live.aborted || self.final_result().is_some())
    }

    /// The position the game started from, as a FEN.
    pub fn game_start_fen(&self) -> String {
        if self.live.start_ply == 0 {
            self.start_fen.clone()
        } else {
            self.game_after(self.live.start_ply).fen()
        }
    }

    /// The engine accepts a draw when its score stayed within
    /// [`DRAW_MARGIN`] centipawns for its last [`DRAW_MOVES`] moves.
    pub fn engine_accepts_draw(&self) -> bool {
        let scores = &self.live.engine_scores;
        scores.len() >= DRAW_MOVES
            && scores[scores.len() - DRAW_MOVES..]
                .iter()
                .all(|s| s.abs() <= DRAW_MARGIN)
    }

    /// The result shown: the rules', or another end the referee declared.
    pub fn result(&self) -> Option<GameResult> {
        if self.cursor == self.line.len() {
            if let Some(end) = &self.ended {
                return Some(end.clone());
            }
        }
        self.game.outcome().map(GameResult::by_rules)
    }

    /// The result of the whole line, wherever the board is: an end the
    /// referee declared, the rules', or the one an imported PGN records.
    pub fn final_result(&self) -> Option<GameResult> {
        if let Some(end) = &self.ended {
            return Some(end.clone());
        }
        let by_rules = self.line_memo().outcome().map(GameResult::by_rules);
        by_rules.or_else(|| self.recorded_result())
    }

    /// The whole line's readable notation and end, brought up to date with
    /// `line` (one ply played since the last call costs one ply).
    pub fn line_memo(&self) -> Ref<'_, LineMemo> {
        self.memo
            .borrow_mut()
            .sync(self.variant, &self.start_fen, &self.line);
        self.memo.borrow()
    }

    /// The side whose move the board waits for.
    pub fn side_to_move(&self) -> Color {
        if self.live.white_chosen {
            Color::Black
        } else {
            self.game.side_to_move()
        }
    }

    /// Whether the person at the board may move now, and for which side.
    pub fn human_side(&self) -> Option<Color> {
        if self.result().is_some() || self.live.aborted {
            return None;
        }
        match self.mode {
            Mode::Analysis => Some(self.game.side_to_move()),
            _ => self.live.awaiting,
        }
    }

    /// Whether a game mode's referee has got to asking a seat (or the
    /// game has ended): then the state tells whose move it is.
    pub fn is_settled(&self) -> bool {
        self.live.awaiting.is_some()
            || self.live.thinking.is_some()
            || self.result().is_some()
            || self.live.aborted
    }

    /// The time control of games with engines, as players write it
    /// (`MIN+INC`: `5+3` is five minutes, three seconds a move; see
    /// [`time_control::parse`]).
    pub fn set_tc(&mut self, tc: &str) -> Result<(), SessionError> {
        let limit = time_control::parse(tc)?;
        self.tc = tc.trim().to_string();
        self.limit = limit;
        Ok(())
    }

    /// The limits of both sides in the current mode: the clock in games
    /// with engines, none between people.
    pub fn limits(&self) -> [Limit; 2] {
        if self.mode.has_engines() {
            [self.limit, self.limit]
        } else {
            [UNTIMED, UNTIMED]
        }
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// The engines of the seats after a change that names some: each side's
/// new one, or the one it had.
pub fn merge_sides(old: [usize; 2], new: [Option<usize>; 2]) -> [usize; 2] {
    [new[0].unwrap_or(old[0]), new[1].unwrap_or(old[1])]
}

/// No limit: a person at the board thinks as long as they like (a
/// `Depth` limit, which no clock charges and no person is told).
pub const UNTIMED: Limit = Limit::Depth(u32::MAX);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_backs_go_back_to_the_person_and_to_whole_turns() {
        let mut s = Session::new();
        s.new_game(Variant::Chess, None).unwrap();
        s.mode = Mode::PlayWhite;
        for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            s.play(m).unwrap();
        }
        assert!(s.undo());
        assert_eq!(s.line, ["e2e4", "e7e5"]);
        s.mode = Mode::Hotseat;
        assert!(s.undo());
        assert_eq!(s.line, ["e2e4"]);

        s.new_game(Variant::Apocalypse, None).unwrap();
        for m in ["a1b3", "e5d3", "b1b2"] {
            s.play(m).unwrap();
        }
        assert!(s.undo(), "the pending white ply goes");
        assert_eq!(s.cursor, 2);
        assert!(s.undo(), "then the whole turn");
        assert_eq!(s.cursor, 0);
        assert!(!s.undo());
    }

    #[test]
    fn moving_from_an_earlier_ply_replaces_the_rest() {
        let mut s = Session::new();
        s.new_game(Variant::Pacifist, None).unwrap();
        for m in ["e2e4", "e7e5", "g1f3"] {
            s.play(m).unwrap();
        }
        s.goto(1);
        assert_eq!(s.game.plies(), 1);
        s.play("d7d5").unwrap();
        assert_eq!(s.line, ["e2e4", "d7d5"]);
        assert_eq!(s.evals.len(), 3);
        assert!(matches!(
            s.play("e1e8"),
            Err(SessionError::Game(g)) if matches!(*g, crate::game::GameError::Illegal(_))
        ));
    }
}
