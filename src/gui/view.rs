//! The session as the page draws it: the state JSON of the HTTP API
//! (docs/gui.md), a previewed board, the PGN export.

use super::learn::Learn;
use super::level::{self, Level};
use super::search_line::{side_code, SearchLine};
use super::session::Session;
use crate::arena::result::GameResult;
use crate::board::{Color, Square};
use crate::game::story::{MoveStory, Placement, TurnStory};
use crate::game::Game;
use crate::pgn;
use crate::Variant;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// The whole state of the session, as `GET /api/state` answers it and the
/// live channel sends it (docs/gui.md, "The state"). Borrowed from the
/// session: it is made and serialised under the session's lock.
#[derive(Serialize)]
pub struct State<'a> {
    /// Increases with every state sent: a page keeps the newest.
    pub seq: u64,
    pub variant: &'static str,
    pub variants: [&'static str; Variant::ALL.len()],
    /// 8, or 5 in apocalypse.
    pub size: u8,
    /// The files' letters, `abcdefgh` or `abcde`.
    pub files: &'static str,
    pub mode: &'static str,
    pub engines: Vec<&'a str>,
    /// `human`, or the engine's name.
    pub white: String,
    pub black: String,
    /// The names shown beside the board: the players of an imported game
    /// (its `White`/`Black` tags), `You` and the engine's name (with its
    /// level, `turncoat (level 3)`) in a game against it; empty where
    /// there is none (hotseat, analysis).
    pub players: Players,
    /// Each side's level (1 to 8) for an engine seated there.
    pub levels: Levels,
    /// The engines that take a level (the others' pickers are off).
    pub level_engines: Vec<&'a str>,
    /// The time control; null where no engine plays (no clock).
    pub tc: Option<&'a str>,
    pub start_fen: &'a str,
    /// The position shown.
    pub fen: String,
    pub board: Board,
    pub side_to_move: &'static str,
    pub moves: Vec<MoveListEntry<'a>>,
    /// How many plies of `moves` the board shows.
    pub cursor: usize,
    pub human_to_move: bool,
    /// The side an engine thinks for.
    pub thinking: Option<&'static str>,
    pub legal: Vec<LegalMove>,
    pub learn: Learn,
    pub last: Option<LastMove>,
    pub turn: Option<LastTurn>,
    /// The square of the king in check (chess and subversion).
    pub check: Option<String>,
    /// `w` while white's apocalypse ply is chosen and hidden.
    pub pending: Option<&'static str>,
    pub penalties: Option<Penalties>,
    /// `1-0`, `0-1`, `1/2-1/2`, or empty while the game runs.
    pub result: &'static str,
    pub aborted: bool,
    pub actions: Actions,
    /// Why the game ended; empty while it runs.
    pub reason: String,
    /// The result of the whole line, wherever the board is (the end of
    /// the move list; an imported game's recorded one included): `1-0`,
    /// `0-1`, `1/2-1/2`, or empty while the game goes on.
    pub line_result: &'static str,
    /// Why the line ended; empty while it goes on.
    pub line_reason: String,
    pub influence: Option<Influence>,
    pub pending_conversions: Vec<String>,
    pub clock: Option<Clock>,
    pub engine_output: &'a [SearchLine],
    /// White's centipawns after each ply (index 0: the start).
    pub evals: &'a [Option<i32>],
    pub multipv: u32,
    pub analysis_engine: Option<&'a str>,
    /// The labels of the games of the last PGN import.
    pub pgn_games: Vec<&'a str>,
    pub message: &'a str,
}

/// A ply of the move list.
#[derive(Serialize)]
pub struct MoveListEntry<'a> {
    pub ply: usize,
    #[serde(rename = "move")]
    pub text: &'a str,
    /// The readable notation (SAN in the sequential variants).
    pub san: String,
    pub side: &'static str,
    pub number: usize,
    /// `12. Nf3`, `12... Nc6`.
    pub label: String,
    /// White's centipawns after the ply, where known.
    pub score: Option<i32>,
}

/// A move the person may make, taken apart for entering it by clicks.
#[derive(Serialize)]
pub struct LegalMove {
    #[serde(rename = "move")]
    pub text: String,
    /// The square clicked first (a subversion: the target).
    pub from: String,
    /// The square clicked second; null for a subversion, whose payment is
    /// chosen instead.
    pub to: Option<String>,
    pub label: String,
    /// Squares to mark: a subversion's payment, a relocation's target.
    pub marks: Vec<String>,
}

/// What the last move of a sequential variant did.
#[derive(Serialize)]
pub struct LastMove {
    #[serde(rename = "move")]
    pub text: String,
    pub from: String,
    /// The square it ended on; a subversion's target square.
    pub to: String,
    /// Squares whose piece changed colour (docs/rules.md §2.3, §4).
    pub conversions: Vec<String>,
    /// Squares emptied besides the start: a subversion's payment.
    pub removed: Vec<String>,
    /// The pacifist cascade wave by wave (docs/rules.md §2.3).
    pub waves: Vec<Wave>,
}

/// One wave of a cascade: its squares and the board after it.
#[derive(Serialize)]
pub struct Wave {
    pub converted: Vec<String>,
    pub board: Board,
}

/// How the last apocalypse turn resolved (docs/rules.md §5.3).
#[derive(Serialize)]
pub struct LastTurn {
    pub white: String,
    pub black: String,
    /// False: a failed speculation, a penalty point (docs/rules.md §5.3.1).
    pub white_valid: bool,
    pub black_valid: bool,
    pub collision: Option<String>,
    pub relocations: Vec<String>,
    pub board_before: Board,
}

/// Apocalypse penalty points of each side (docs/rules.md §5.3.1).
#[derive(Serialize)]
pub struct Penalties {
    pub w: u8,
    pub b: u8,
}

/// The players' names, White's and Black's.
#[derive(Serialize)]
pub struct Players {
    pub w: String,
    pub b: String,
}

/// The levels of White's and Black's engine seats.
#[derive(Serialize)]
pub struct Levels {
    pub w: u8,
    pub b: u8,
}

/// Which of the game's buttons may be used now.
#[derive(Serialize)]
pub struct Actions {
    pub resign: bool,
    pub draw: bool,
    pub abort: bool,
    pub rematch: bool,
}

/// The clocks, in milliseconds left now.
#[derive(Serialize)]
pub struct Clock {
    pub w: u64,
    pub b: u64,
    /// The side whose clock runs.
    pub running: Option<&'static str>,
}

/// The persuasion and support of a man (docs/rules.md §2.2).
#[derive(Serialize)]
pub struct SquareInfluence {
    pub persuasion: i32,
    pub support: i32,
    /// Over-persuaded: it converts unless the cascade changes that.
    pub over: bool,
}

/// A JSON object keyed by square names (`{"e4": ..., ...}`), written
/// straight from its pairs: a placement has one entry per square.
pub struct BySquare<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for BySquare<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (square, value) in &self.0 {
            map.serialize_entry(square, value)?;
        }
        map.end()
    }
}

/// `{"e4": "wN", ...}`.
pub type Board = BySquare<String>;

/// Every occupied square's persuasion and support, pacifist variants.
pub type Influence = BySquare<SquareInfluence>;

/// The state with the answer to a draw offer (`POST /api/draw`).
#[derive(Serialize)]
pub struct DrawAnswer<'a> {
    #[serde(flatten)]
    pub state: State<'a>,
    /// `accepted` or `declined`.
    pub draw: &'static str,
    pub draw_message: String,
}

/// An engine the page may seat, as the state names it: `turncoat gui`'s
/// engine programs (`super::engine::Engine`), the web build's engine in a worker.
pub trait Offered {
    fn name(&self) -> &str;
    /// Whether it takes a level ([`level::SKILL_OPTION`]).
    fn takes_level(&self) -> bool;
}

/// The whole state of the session.
pub fn state<'a>(s: &'a Session, engines: &'a [impl Offered]) -> State<'a> {
    let result = s.result();
    let line_result = s.final_result();
    let human = s.human_side();
    let size = s.game.board_size();
    State {
        seq: s.seq,
        variant: s.variant.name(),
        variants: Variant::ALL.map(|v| v.name()),
        size,
        files: &"abcdefgh"[..usize::from(size)],
        mode: s.mode.name(),
        engines: engines.iter().map(|e| e.name()).collect(),
        white: seat_name(s, engines, Color::White),
        black: seat_name(s, engines, Color::Black),
        players: Players {
            w: player_name(s, engines, Color::White),
            b: player_name(s, engines, Color::Black),
        },
        levels: Levels {
            w: s.levels[Color::White.index()].number(),
            b: s.levels[Color::Black.index()].number(),
        },
        level_engines: engines
            .iter()
            .filter(|e| e.takes_level())
            .map(|e| e.name())
            .collect(),
        tc: s.mode.has_engines().then_some(s.tc.as_str()),
        start_fen: &s.start_fen,
        fen: s.game.fen(),
        board: board(s.game.placement()),
        side_to_move: side_code(s.side_to_move()),
        moves: move_list(s),
        cursor: s.cursor,
        human_to_move: human.is_some(),
        thinking: s.live.thinking.map(side_code),
        legal: human.map_or_else(Vec::new, |side| legal(&s.game, side)),
        learn: super::learn::state(&s.game, human),
        last: s.game.last_move_story().map(last_move),
        turn: s.game.last_turn_story().map(last_turn),
        check: s.game.check_square(),
        pending: (s.game.has_pending_ply() || s.live.white_chosen).then_some("w"),
        penalties: penalties(&s.game),
        result: result.as_ref().map_or("", GameResult::notation),
        aborted: s.live.aborted,
        actions: Actions {
            resign: s.person_side().is_some(),
            draw: s.person_side().is_some(),
            abort: s.abortable(),
            rematch: s.rematch_possible(),
        },
        reason: result.as_ref().map_or(String::new(), GameResult::reason),
        line_result: line_result.as_ref().map_or("", GameResult::notation),
        line_reason: line_result
            .as_ref()
            .map_or(String::new(), GameResult::reason),
        influence: influence(&s.game),
        pending_conversions: s.game.pending_conversions(),
        clock: s.live.clock.map(|c| Clock {
            w: c.left_now(Color::White).as_millis() as u64,
            b: c.left_now(Color::Black).as_millis() as u64,
            running: c.running.map(|(side, _)| side_code(side)),
        }),
        engine_output: &s.output,
        evals: &s.evals,
        multipv: s.multipv,
        analysis_engine: engines.get(s.analysis_engine).map(|e| e.name()),
        pgn_games: s.imported.iter().map(|g| g.label.as_str()).collect(),
        message: &s.message,
    }
}

/// `human`, or the engine's name, for the side in the session's mode.
pub fn seat_name(s: &Session, engines: &[impl Offered], side: Color) -> String {
    if s.mode.human_plays(side) {
        return "human".into();
    }
    engines
        .get(s.sides[side.index()])
        .map_or_else(|| "engine".into(), |e| e.name().to_string())
}

/// The level `side` is played at in the session's mode: the seat's, where
/// an engine that takes a level sits; else none.
pub fn seat_level(s: &Session, engines: &[impl Offered], side: Color) -> Option<Level> {
    let engine = engines.get(s.sides[side.index()])?;
    (!s.mode.human_plays(side) && engine.takes_level()).then_some(s.levels[side.index()])
}

/// The player of `side` for the PGN: `human`, or the engine's name with
/// its level (`turncoat (level 3)`).
pub fn pgn_player(s: &Session, engines: &[impl Offered], side: Color) -> String {
    level::with_level(&seat_name(s, engines, side), seat_level(s, engines, side))
}

/// The players of the game that starts or goes on, for the PGN: their
/// names (an engine's with its level) and the levels played.
pub fn record_seats(s: &mut Session, engines: &[impl Offered]) {
    let [white, black] = Color::ALL.map(|side| pgn_player(s, engines, side));
    s.players = Some((white, black));
    s.levels_played = Color::ALL.map(|side| seat_level(s, engines, side));
}

/// The name shown beside the board for `side`: in a game with engines
/// `You` for the person's seat and the engine's name with its level for
/// the others; elsewhere the imported game's player (its `White`/`Black`
/// tag), or nothing.
fn player_name(s: &Session, engines: &[impl Offered], side: Color) -> String {
    if s.mode.has_engines() {
        if s.mode.human_plays(side) {
            return "You".into();
        }
        return pgn_player(s, engines, side);
    }
    let tag = match side {
        Color::White => "White",
        Color::Black => "Black",
    };
    s.imported_tag(tag).unwrap_or_default().to_string()
}

/// `{"e4": "wN", ...}`.
pub fn board(placement: Placement) -> Board {
    BySquare(placement)
}

/// Every ply of the line with its number and side.
fn move_list(s: &Session) -> Vec<MoveListEntry<'_>> {
    let mut side = start_side(s);
    let first: usize = s
        .start_fen
        .split_whitespace()
        .nth(s.variant.move_number_field())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut number = first;
    let memo = s.line_memo();
    s.line
        .iter()
        .zip(memo.readable())
        .enumerate()
        .map(|(i, (mv, san))| {
            let label = match side {
                Color::White => format!("{number}. {san}"),
                Color::Black => format!("{number}... {san}"),
            };
            let entry = MoveListEntry {
                ply: i + 1,
                text: mv,
                san: san.to_string(),
                side: side_code(side),
                number,
                label,
                score: s.evals.get(i + 1).copied().flatten(),
            };
            if side == Color::Black {
                number += 1;
            }
            side = side.flip();
            entry
        })
        .collect()
}

/// The side of the line's first ply.
fn start_side(s: &Session) -> Color {
    match Game::from_fen(s.variant, &s.start_fen) {
        Ok(g) => g.side_to_move(),
        Err(_) => Color::White,
    }
}

/// The moves the person may make, with what the page needs to enter
/// them: the square clicked first, the square clicked second (none for a
/// subversion: its payments are chosen), a label and squares to mark.
fn legal(game: &Game, side: Color) -> Vec<LegalMove> {
    game.moves_for(side)
        .into_iter()
        .map(|text| {
            let entry = MoveEntry::of(&text);
            LegalMove {
                text,
                from: entry.from,
                to: entry.to,
                label: entry.label,
                marks: entry.marks,
            }
        })
        .collect()
}

/// A move in the variant's notation taken apart for the page.
struct MoveEntry {
    from: String,
    to: Option<String>,
    label: String,
    marks: Vec<String>,
}

impl MoveEntry {
    /// `e2e4`, `e7e8q`, `@e5d2f2` (docs/rules.md §4.4), `b4b5n`, `b4c5,c5d2`
    /// (docs/rules.md §5.2).
    fn of(text: &str) -> MoveEntry {
        if let Some(body) = text.strip_prefix('@') {
            let squares = square_names(body);
            let marks: Vec<String> = squares.iter().skip(1).cloned().collect();
            return MoveEntry {
                from: squares.first().cloned().unwrap_or_default(),
                to: None,
                label: format!("pay {}", marks.join(" ")),
                marks,
            };
        }
        let from = text.get(..2).unwrap_or_default().to_string();
        let to = text.get(2..4).map(str::to_string);
        let rest = text.get(4..).unwrap_or_default();
        let (label, marks) = if let Some(second) = rest.strip_prefix(',') {
            let target = second.get(2..4).unwrap_or_default().to_string();
            (format!("relocate to {target}"), vec![target])
        } else {
            let label = match rest {
                "" => text.to_string(),
                "q" => "Queen".into(),
                "r" => "Rook".into(),
                "b" => "Bishop".into(),
                "n" => "Knight".into(),
                "k" => "King".into(),
                other => other.to_string(),
            };
            (label, Vec::new())
        };
        MoveEntry {
            from,
            to,
            label,
            marks,
        }
    }
}

/// `e5d2f2` → `e5`, `d2`, `f2`.
fn square_names(s: &str) -> Vec<String> {
    s.as_bytes()
        .chunks(2)
        .filter_map(|c| std::str::from_utf8(c).ok())
        .map(str::to_string)
        .collect()
}

/// What the last move did, for drawing it (docs/rules.md §2.3, §4).
fn last_move(m: MoveStory) -> LastMove {
    let entry = MoveEntry::of(&m.text);
    LastMove {
        to: entry.to.unwrap_or_else(|| entry.from.clone()),
        from: entry.from,
        text: m.text,
        conversions: m.conversions,
        removed: m.removed,
        waves: m
            .waves
            .into_iter()
            .map(|(converted, placement)| Wave {
                converted,
                board: board(placement),
            })
            .collect(),
    }
}

/// How the last apocalypse turn resolved (docs/rules.md §5.3).
fn last_turn(t: TurnStory) -> LastTurn {
    LastTurn {
        white: t.white,
        black: t.black,
        white_valid: t.valid[0],
        black_valid: t.valid[1],
        collision: t.collision,
        relocations: t.relocations,
        board_before: board(t.before),
    }
}

/// The apocalypse penalty points (docs/rules.md §5.3.1); none elsewhere.
fn penalties(game: &Game) -> Option<Penalties> {
    game.penalties().map(|[w, b]| Penalties { w, b })
}

/// Persuasion and support of every occupied square (docs/rules.md §2.2), in
/// the pacifist variants.
fn influence(game: &Game) -> Option<Influence> {
    let map = game.influence_map()?;
    let squares = game
        .placement()
        .into_iter()
        .filter_map(|(name, piece)| {
            let sq = Square::parse(&name)?;
            let own = usize::from(!piece.starts_with('w'));
            let [support, persuasion] = [map[sq.index()][own], map[sq.index()][1 - own]];
            let entry = SquareInfluence {
                persuasion,
                support,
                over: persuasion > support,
            };
            Some((name, entry))
        })
        .collect();
    Some(BySquare(squares))
}

/// The board after a previewed line (`POST /api/preview`), its parts as
/// in the state.
#[derive(Serialize)]
pub struct Preview {
    pub board: Board,
    pub last: Option<LastMove>,
    pub turn: Option<LastTurn>,
    pub fen: String,
    pub check: Option<String>,
    pub penalties: Option<Penalties>,
    pub influence: Option<Influence>,
    pub pending_conversions: Vec<String>,
}

/// The board after a previewed line.
pub fn preview(game: &Game) -> Preview {
    Preview {
        board: board(game.placement()),
        last: game.last_move_story().map(last_move),
        turn: game.last_turn_story().map(last_turn),
        fen: game.fen(),
        check: game.check_square(),
        penalties: penalties(game),
        influence: influence(game),
        pending_conversions: game.pending_conversions(),
    }
}

/// The game as PGN, with `turncoat match -pgnout`'s conventions; an
/// imported game with its own tags, comments and NAGs, for the plies the
/// line still shares with it, and its recorded result while unchanged (no
/// termination comment is added then: the export gives back what was read).
pub fn pgn(s: &Session) -> String {
    let unknown = || "?".to_string();
    let (white, black) = s.players.clone().unwrap_or_else(|| (unknown(), unknown()));
    let result = s.final_result();
    let notation = result.as_ref().map_or("*", GameResult::notation);
    let recorded = s.source.as_ref().map(|src| src.game.result.as_ref());
    let as_imported = s.imported_unchanged()
        && recorded.is_some_and(|r| r.map_or("*", GameResult::notation) == notation);
    let termination = result
        .as_ref()
        .map(GameResult::reason)
        .filter(|_| !as_imported);
    let kept_tags = s.source.as_ref().map_or(&[][..], |src| &src.game.tags[..]);
    let level_tags = level_tags(s);
    let game = pgn::PgnGame {
        event: "turncoat gui",
        white: &white,
        black: &black,
        variant: s.variant,
        start_fen: &s.start_fen,
        moves: &s.line,
        result: notation,
        termination,
        evals: &s.evals,
        kept_tags,
        extra_tags: &level_tags,
        notes: s.kept_notes(),
    };
    game.write(1, &crate::pgn::today())
}

/// `WhiteLevel`/`BlackLevel`: the level each engine seat played at.
fn level_tags(s: &Session) -> Vec<(String, String)> {
    Color::ALL
        .into_iter()
        .filter_map(|side| {
            let level = s.levels_played[side.index()]?;
            let key = match side {
                Color::White => "WhiteLevel",
                Color::Black => "BlackLevel",
            };
            Some((key.to_string(), level.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::engine::Engine;

    #[test]
    fn moves_are_taken_apart_for_the_page() {
        let e = MoveEntry::of("@e5d2f2");
        assert_eq!((e.from.as_str(), e.to), ("e5", None));
        assert_eq!(e.marks, ["d2", "f2"]);
        assert_eq!(e.label, "pay d2 f2");
        let r = MoveEntry::of("b4c5,c5d2");
        assert_eq!((r.from.as_str(), r.to.as_deref()), ("b4", Some("c5")));
        assert_eq!(r.marks, ["d2"]);
        assert_eq!(MoveEntry::of("e7e8q").label, "Queen");
        assert_eq!(MoveEntry::of("b4b5n").label, "Knight");
        assert_eq!(MoveEntry::of("e2e4").label, "e2e4");
    }

    #[test]
    fn the_state_of_a_new_session() {
        let mut s = Session::new();
        s.mode = super::super::session::Mode::Analysis;
        let v = serde_json::to_value(state(&s, &[] as &[Engine])).unwrap();
        assert_eq!(v["variant"], "pacifist");
        assert_eq!(v["board"]["e1"], "wK");
        assert_eq!(v["board"]["d8"], "bQ");
        assert_eq!(v["result"], "");
        assert_eq!(v["influence"]["e2"]["support"], 4);
        assert_eq!(v["legal"].as_array().unwrap().len(), 20);
    }

    fn engine(name: &str, takes_level: bool) -> Engine {
        Engine {
            config: crate::arena::program::ProgramConfig {
                name: name.into(),
                cmd: name.into(),
                args: Vec::new(),
                protocol: crate::arena::program::Protocol::Uci,
                options: Vec::new(),
            },
            takes_level,
        }
    }

    /// An engine seat that takes a level is named with it beside the board
    /// and in the PGN (with its `BlackLevel`); a person's side and an
    /// engine without levels have none.
    #[test]
    fn an_engine_seat_is_named_with_its_level() {
        let engines = [engine("turncoat", true), engine("plain", false)];
        let mut s = Session::new();
        s.new_game(Variant::Chess, None).unwrap();
        s.mode = super::super::session::Mode::PlayWhite;
        s.levels[Color::Black.index()] = Level::new(3).unwrap();
        let v = serde_json::to_value(state(&s, &engines)).unwrap();
        assert_eq!(
            (&v["players"]["w"], &v["players"]["b"]),
            (&"You".into(), &"turncoat (level 3)".into())
        );
        assert_eq!(
            v["black"], "turncoat",
            "the seat's engine, as #black-engine names it"
        );
        assert_eq!(v["levels"]["b"], 3);
        assert_eq!(v["level_engines"], serde_json::json!(["turncoat"]));
        assert_eq!(
            seat_level(&s, &engines, Color::White),
            None,
            "the person's side"
        );

        s.players = Some(("human".into(), pgn_player(&s, &engines, Color::Black)));
        s.levels_played = Color::ALL.map(|side| seat_level(&s, &engines, side));
        let text = pgn(&s);
        assert!(text.contains("[Black \"turncoat (level 3)\"]"), "{text}");
        assert!(
            text.contains("[BlackLevel \"3\"]") && !text.contains("WhiteLevel"),
            "{text}"
        );

        s.sides[Color::Black.index()] = 1;
        assert_eq!(
            seat_level(&s, &engines, Color::Black),
            None,
            "no Skill Level"
        );
        let v = serde_json::to_value(state(&s, &engines)).unwrap();
        assert_eq!(v["players"]["b"], "plain");
    }

    /// An imported lichess game: exported as read (tags, comments, NAGs,
    /// recorded result, no termination comment added), its result at the
    /// end of the line wherever the board is, its players named, its
    /// `[%eval]`s marked as recorded; a game played on from it drops the
    /// recorded result and keeps the tags.
    #[test]
    fn an_imported_game_as_the_page_and_the_export_see_it() {
        use super::super::pgn_import::parse;
        let text = include_str!("../../tests/fixtures/lichess-full.pgn");
        let mut s = Session::new();
        s.load(&parse(text).unwrap()[0]).unwrap();
        s.mode = super::super::session::Mode::Analysis;
        let v = serde_json::to_value(state(&s, &[] as &[Engine])).unwrap();
        assert_eq!(
            (&v["result"], &v["line_result"]),
            (&"".into(), &"0-1".into())
        );
        assert_eq!(v["line_reason"], "Time forfeit");
        assert_eq!(
            (&v["players"]["w"], &v["players"]["b"]),
            (&"alice".into(), &"bob".into())
        );
        let exported = pgn(&s);
        let tags = |t: &str| {
            t.lines()
                .filter(|l| l.starts_with('['))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(tags(&exported), tags(text));
        assert!(
            exported.trim_end().ends_with("0-1") && !exported.contains("{Time forfeit}"),
            "{exported}"
        );
        assert!(s.eval_recorded(9) && !s.eval_recorded(5));
        s.goto(20);
        s.prepare_game();
        assert_eq!(s.line.len(), 20);
        assert_eq!(
            s.final_result(),
            None,
            "a game played on from it: its own result"
        );
        let going_on = pgn(&s);
        assert!(
            going_on.contains("[Result \"*\"]") && going_on.contains("[WhiteElo \"1850\"]"),
            "{going_on}"
        );
        s.goto(8);
        s.play("d2d4").unwrap();
        assert!(!s.eval_recorded(9), "ply 9 is no longer the imported one");
        assert_eq!(
            s.kept_notes().len(),
            9,
            "the notes of the start and the 8 shared plies"
        );
    }
}
