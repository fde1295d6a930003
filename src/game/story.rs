//! What the board shows and what the last move did, told for a GUI to
//! draw (`turncoat gui`): the pieces by square, the pieces a move
//! converted or took off the board, a pacifist cascade wave by wave
//! (docs/rules.md §2.3), and how an apocalypse turn resolved (docs/rules.md §5.3).

use super::{Game, SequentialGame, SimultaneousGame};
use crate::board::{Color, MoveKind, Position, Square};
use crate::rules::apocalypse::{Action, ApocalypsePosition, Kind, Ply, Sq};

/// The pieces on the board: square name (`e4`) and piece code (`wN`).
pub type Placement = Vec<(String, String)>;

/// What the last move of a sequential game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStory {
    /// The move in the variant's notation.
    pub text: String,
    /// Squares whose piece changed colour (docs/rules.md §2.3, §4).
    pub conversions: Vec<String>,
    /// Squares emptied besides the move's own start: a subversion's
    /// payment (docs/rules.md §4), an en-passant capture.
    pub removed: Vec<String>,
    /// The cascade wave by wave: first the board once the pieces have
    /// moved, then each wave's squares and the board after it. Empty when
    /// nothing converted or the variant has no cascades.
    pub waves: Vec<(Vec<String>, Placement)>,
}

/// How the last apocalypse turn resolved (docs/rules.md §5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStory {
    pub white: String,
    pub black: String,
    /// Whether each ply was valid; a failed speculation costs a penalty.
    pub valid: [bool; 2],
    /// The square where both moves ended, if they collided.
    pub collision: Option<String>,
    /// Squares where a pawn was relocated (second legs).
    pub relocations: Vec<String>,
    /// The board at the start of the turn.
    pub before: Placement,
}

fn piece_code(color: Color, kind: char) -> String {
    let c = match color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{c}{}", kind.to_ascii_uppercase())
}

/// The pieces of an 8x8 position.
pub fn placement_of(pos: &Position) -> Placement {
    (0..64)
        .map(Square::new)
        .filter_map(|sq| {
            let p = pos.piece_at(sq)?;
            Some((sq.to_string(), piece_code(p.color, p.fen_char())))
        })
        .collect()
}

/// The pieces of a 5x5 position: footmen as pawns, horsemen as knights.
pub fn apocalypse_placement(pos: &ApocalypsePosition) -> Placement {
    Sq::all()
        .filter_map(|sq| {
            let (color, kind) = pos.piece_at(sq)?;
            let k = match kind {
                Kind::Pawn => 'p',
                Kind::Knight => 'n',
            };
            Some((sq.to_string(), piece_code(color, k)))
        })
        .collect()
}

impl Game {
    /// The pieces of the current position (apocalypse: the start of the
    /// current turn).
    pub fn placement(&self) -> Placement {
        match self {
            Game::Sequential(g) => placement_of(g.position()),
            Game::Simultaneous(g) => apocalypse_placement(g.position()),
        }
    }

    /// The board's side length: 8, or 5 in apocalypse.
    pub fn board_size(&self) -> u8 {
        match self {
            Game::Sequential(_) => 8,
            Game::Simultaneous(_) => 5,
        }
    }

    /// What the last move did (sequential variants).
    pub fn last_move_story(&self) -> Option<MoveStory> {
        match self {
            Game::Sequential(g) => g.last_move_story(),
            Game::Simultaneous(_) => None,
        }
    }

    /// How the last whole turn resolved (apocalypse).
    pub fn last_turn_story(&self) -> Option<TurnStory> {
        match self {
            Game::Sequential(_) => None,
            Game::Simultaneous(g) => g.last_turn_story(),
        }
    }

    /// Each side's penalty points (apocalypse, docs/rules.md §5.3), white first.
    pub fn penalties(&self) -> Option<[u8; 2]> {
        match self {
            Game::Sequential(_) => None,
            Game::Simultaneous(g) => {
                let p = g.position();
                Some([p.penalties(Color::White), p.penalties(Color::Black)])
            }
        }
    }

    /// The square of the side to move's king when it is in check, in the
    /// variants with checks (chess and subversion, docs/rules.md §1, §4; a
    /// pacifist king is persuaded, never checked, docs/rules.md §2.4.2).
    pub fn check_square(&self) -> Option<String> {
        let Game::Sequential(g) = self else {
            return None;
        };
        let p = g.position();
        if !p.in_check() {
            return None;
        }
        p.king_square(p.side_to_move()).map(|sq| sq.to_string())
    }

    /// Whether white's ply of the current apocalypse turn is chosen and
    /// waits, hidden, for black's.
    pub fn has_pending_ply(&self) -> bool {
        matches!(self, Game::Simultaneous(g) if g.pending().is_some())
    }

    /// The opponent's pieces the side to move has left over-persuaded,
    /// which convert after its move unless it changes that (docs/rules.md §2.3).
    pub fn pending_conversions(&self) -> Vec<String> {
        match self {
            Game::Sequential(g) => g
                .position()
                .pending_conversions()
                .into_iter()
                .map(|sq| sq.to_string())
                .collect(),
            Game::Simultaneous(_) => Vec::new(),
        }
    }
}

impl SequentialGame {
    /// The position before the last move.
    fn previous(&self) -> Option<Position> {
        let (_, earlier) = self.moves().split_last()?;
        Some(earlier.iter().fold(*self.start(), |p, &m| p.play(m)))
    }

    fn last_move_story(&self) -> Option<MoveStory> {
        let before = self.previous()?;
        let mv = *self.moves().last()?;
        let after = self.position();
        // A subversion moves no piece: its squares are the target and the
        // payment (docs/rules.md §4.1).
        let subversion = mv.kind() == MoveKind::Subversion;
        let mut conversions = Vec::new();
        let mut removed = Vec::new();
        for sq in (0..64).map(Square::new) {
            match (before.piece_at(sq), after.piece_at(sq)) {
                (Some(b), Some(a)) if b.color != a.color && (sq != mv.to() || subversion) => {
                    conversions.push(sq.to_string())
                }
                (Some(_), None) if sq != mv.from() || subversion => removed.push(sq.to_string()),
                _ => {}
            }
        }
        let waves = before.cascade_waves(mv);
        let waves = if waves.len() > 1 {
            waves
                .iter()
                .map(|w| {
                    let squares = w.converted.into_iter().map(|s| s.to_string()).collect();
                    (squares, placement_of(&w.position))
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(MoveStory {
            text: before.move_to_uci(mv, false),
            conversions,
            removed,
            waves,
        })
    }
}

impl SimultaneousGame {
    fn last_turn_story(&self) -> Option<TurnStory> {
        let &(white, black) = self.turns().turns().last()?;
        let before = self.turns().position_before_last()?;
        let valid = [white.condition_holds(&black), black.condition_holds(&white)];
        let collision =
            (valid == [true, true] && white.end() == black.end()).then(|| white.end().to_string());
        let relocations = [white, black]
            .iter()
            .zip(valid)
            .filter(|(_, v)| *v)
            .filter_map(|(p, _)| relocation(p))
            .collect();
        Some(TurnStory {
            white: white.to_string(),
            black: black.to_string(),
            valid,
            collision,
            relocations,
            before: apocalypse_placement(before),
        })
    }
}

fn relocation(ply: &Ply) -> Option<String> {
    match ply.action {
        Action::Relocate(sq) => Some(sq.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn squares(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_first_pacifist_diagram_converts_seven_pieces_in_waves() {
        // docs/rules.md §2.3, seed diagram 1.
        let fen = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1";
        let mut g = Game::from_fen(Variant::Pacifist, fen).unwrap();
        g.play_text("e3f5").unwrap();
        let story = g.last_move_story().unwrap();
        let mut converted = story.conversions.clone();
        converted.sort();
        assert_eq!(
            converted,
            squares(&["d8", "e7", "f7", "f8", "g7", "g8", "h7"])
        );
        assert!(story.removed.is_empty());
        // The first wave is the board with the knight moved and nothing
        // converted; the waves together convert the seven pieces.
        assert!(story.waves.len() >= 2, "{:?}", story.waves);
        assert!(story.waves[0].0.is_empty());
        let mut by_waves: Vec<String> = story.waves.iter().flat_map(|w| w.0.clone()).collect();
        by_waves.sort();
        assert_eq!(by_waves, converted);
        assert_eq!(story.waves.last().unwrap().1, g.placement());
        assert!(story.waves[0]
            .1
            .contains(&("f5".to_string(), "wN".to_string())));
    }

    #[test]
    fn a_subversion_payment_is_removed_and_the_target_converted() {
        let fen = "4k3/8/8/8/4n3/3N4/P6P/4K3 w - - 0 1";
        let mut g = Game::from_fen(Variant::Subversion, fen).unwrap();
        let subversions: Vec<String> = g
            .moves_for(Color::White)
            .into_iter()
            .filter(|m| m.starts_with('@'))
            .collect();
        assert_eq!(subversions, squares(&["@e4a2", "@e4h2"]));
        g.play_text("@e4h2").unwrap();
        let story = g.last_move_story().unwrap();
        assert_eq!(story.conversions, squares(&["e4"]));
        assert_eq!(story.removed, squares(&["h2"]));
        assert!(story.waves.is_empty());
    }

    #[test]
    fn a_chess_capture_is_neither_conversion_nor_removal() {
        let mut g = Game::start(Variant::Chess);
        g.play_list(&["e2e4", "d7d5", "e4d5"]).unwrap();
        let story = g.last_move_story().unwrap();
        assert_eq!(story.text, "e4d5");
        assert!(story.conversions.is_empty() && story.removed.is_empty());
    }

    #[test]
    fn an_apocalypse_collision_and_a_failed_speculation() {
        let mut g = Game::from_fen(Variant::Apocalypse, "4n/4p/5/P4/N4 w 00 1").unwrap();
        g.play_list(&["a1b3", "e5d3"]).unwrap();
        let story = g.last_turn_story().unwrap();
        assert_eq!((story.valid, story.collision), ([true, true], None));
        // docs/rules.md §5.3: both knights end on c5.
        g.play_list(&["b3c5", "d3c5"]).unwrap();
        let story = g.last_turn_story().unwrap();
        assert_eq!(story.collision.as_deref(), Some("c5"));
        assert!(story.before.contains(&("b3".to_string(), "wN".to_string())));
        // The pawn's diagonal step to an empty square needs black to end
        // there; black's pawn advance does not: a penalty for white.
        g.play_list(&["a2b3", "e4e3"]).unwrap();
        let story = g.last_turn_story().unwrap();
        assert_eq!(story.valid, [false, true]);
        assert_eq!(g.penalties(), Some([1, 0]));
    }
}
