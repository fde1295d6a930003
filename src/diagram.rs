//! Board diagrams as SVG pictures (`turncoat diagram`), drawn from the
//! game model with the GUI's own piece set, so that the pictures of the
//! rules book (docs/rules.md) show what the engine plays and cannot drift
//! from it: a position with its moves as arrows, or the position after
//! them with every square they changed marked.

use crate::game::story::Placement;
use crate::game::{Game, GameError, ListError};
use crate::Variant;
use std::fmt::Write as _;

/// The GUI's piece set: one colourless symbol per piece type.
const PIECES: &str = include_str!("gui/assets/pieces.svg");

/// Side of a square, in SVG units (the piece symbols' own size).
const SQUARE: u32 = 45;
/// Room for the file letters and rank numbers around the board.
const MARGIN: u32 = 18;

const LIGHT: &str = "#ebe4d6";
const DARK: &str = "#b19f84";
/// A square the moves changed (`--after`).
const CHANGED: &str = "#e8c547";
/// The arrows of White's and Black's moves.
const WHITE_ARROW: &str = "#2f7d32";
const BLACK_ARROW: &str = "#1f5fa8";

/// What to draw: a position, moves on it, and whether to show them as
/// arrows or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramSpec {
    pub variant: Variant,
    /// `None`: the variant's start position.
    pub fen: Option<String>,
    /// Moves (plies in apocalypse) in the variant's notation.
    pub moves: Vec<String>,
    /// Draw the position after the moves, the squares they changed marked;
    /// otherwise the position before them, with the moves as arrows.
    pub after: bool,
}

/// Why a diagram cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    Fen(GameError),
    Move(ListError),
}

impl std::fmt::Display for DiagramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiagramError::Fen(e) => write!(f, "bad FEN: {e}"),
            DiagramError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DiagramError {}

/// The SVG picture of `spec`; the moves are checked by the rules.
pub fn render(spec: &DiagramSpec) -> Result<String, DiagramError> {
    let start = match &spec.fen {
        Some(fen) => Game::from_fen(spec.variant, fen).map_err(DiagramError::Fen)?,
        None => Game::start(spec.variant),
    };
    let mut end = start.clone();
    let moves: Vec<&str> = spec.moves.iter().map(String::as_str).collect();
    end.play_list(&moves).map_err(DiagramError::Move)?;
    let board = Board::new(start.board_size());
    let mut svg = board.open();
    if spec.after {
        let changed = changed_squares(&start.placement(), &end.placement());
        board.squares(&mut svg, &changed);
        board.pieces(&mut svg, &end.placement());
    } else {
        board.squares(&mut svg, &[]);
        board.pieces(&mut svg, &start.placement());
        let first = start.side_to_move();
        for (i, text) in spec.moves.iter().enumerate() {
            let white = (i % 2 == 0) == (first == crate::board::Color::White);
            board.move_marks(
                &mut svg,
                text,
                if white { WHITE_ARROW } else { BLACK_ARROW },
            );
        }
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// Squares whose content differs between two placements: a piece moved
/// away or in, converted, captured or paid.
fn changed_squares(before: &Placement, after: &Placement) -> Vec<String> {
    let at = |p: &Placement, sq: &str| p.iter().find(|(s, _)| s == sq).map(|(_, c)| c.clone());
    let mut squares: Vec<String> = before.iter().chain(after).map(|(s, _)| s.clone()).collect();
    squares.sort();
    squares.dedup();
    squares.retain(|sq| at(before, sq) != at(after, sq));
    squares
}

/// The squares named in a move's text, in order (`b4c5,c5d2` gives b4, c5,
/// c5, d2; `@e5d2` gives e5, d2).
fn squares_of(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| b[i].is_ascii_lowercase() && b[i + 1].is_ascii_digit())
        .filter(|&i| i == 0 || !b[i - 1].is_ascii_lowercase())
        .map(|i| text[i..i + 2].to_string())
        .collect()
}

/// An `n` x `n` board, White at the bottom.
struct Board {
    n: u32,
}

impl Board {
    fn new(size: u8) -> Board {
        Board { n: u32::from(size) }
    }

    /// The top-left corner of a square such as `e4`.
    fn corner(&self, square: &str) -> Option<(u32, u32)> {
        let b = square.as_bytes();
        let file = u32::from(b.first()?.checked_sub(b'a')?);
        let rank = u32::from(b.get(1)?.checked_sub(b'1')?);
        (file < self.n && rank < self.n)
            .then(|| (MARGIN + file * SQUARE, (self.n - 1 - rank) * SQUARE))
    }

    fn centre(&self, square: &str) -> Option<(f64, f64)> {
        let (x, y) = self.corner(square)?;
        let half = f64::from(SQUARE) / 2.0;
        Some((f64::from(x) + half, f64::from(y) + half))
    }

    /// The SVG header, the piece symbols and the arrow heads.
    fn open(&self) -> String {
        let side = self.n * SQUARE;
        let (w, h) = (side + MARGIN, side + MARGIN);
        let defs = PIECES
            .split_once("<defs>")
            .and_then(|(_, rest)| rest.split_once("</defs>"))
            .map_or("", |(defs, _)| defs);
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\">\n<defs>{defs}"
        );
        for (id, colour) in [("w", WHITE_ARROW), ("b", BLACK_ARROW)] {
            let _ = writeln!(
                svg,
                "<marker id=\"head-{id}\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" \
                 markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\">\
                 <path d=\"M0 0L10 5L0 10Z\" fill=\"{colour}\"/></marker>"
            );
        }
        svg.push_str("</defs>\n");
        svg
    }

    /// The squares (those in `marked` highlighted) and the coordinates.
    fn squares(&self, svg: &mut String, marked: &[String]) {
        let files = &"abcdefgh"[..self.n as usize];
        for (f, file) in files.chars().enumerate() {
            for rank in 1..=self.n {
                let name = format!("{file}{rank}");
                let Some((x, y)) = self.corner(&name) else {
                    continue;
                };
                let light = (f as u32 + rank).is_multiple_of(2);
                let fill = if marked.contains(&name) {
                    CHANGED
                } else if light {
                    LIGHT
                } else {
                    DARK
                };
                let _ = writeln!(
                    svg,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
                );
            }
        }
        let side = self.n * SQUARE;
        for (f, file) in files.chars().enumerate() {
            let x = MARGIN + f as u32 * SQUARE + SQUARE / 2;
            let _ = writeln!(
                svg,
                "<text x=\"{x}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">{file}</text>",
                side + 13
            );
        }
        for rank in 1..=self.n {
            let y = (self.n - rank) * SQUARE + SQUARE / 2 + 4;
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{y}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">{rank}</text>",
                MARGIN / 2
            );
        }
    }

    /// The pieces, coloured as the GUI colours them.
    fn pieces(&self, svg: &mut String, placement: &Placement) {
        for (square, code) in placement {
            let (Some((x, y)), Some(kind)) = (self.corner(square), code.chars().nth(1)) else {
                continue;
            };
            let (fill, stroke, detail) = if code.starts_with('w') {
                ("#f8f6f0", "#1f1e1c", "#1f1e1c")
            } else {
                ("#2f2d2a", "#0e0d0c", "#e9e5dc")
            };
            let _ = writeln!(
                svg,
                "<use xlink:href=\"#piece-{kind}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
                 fill=\"{fill}\" stroke=\"{stroke}\" color=\"{detail}\" stroke-width=\"1.5\" \
                 stroke-linejoin=\"round\"/>"
            );
        }
    }

    /// A move drawn on the board: an arrow per leg; a subversion as a ring
    /// on its target and a cross on each paying piece.
    fn move_marks(&self, svg: &mut String, text: &str, colour: &str) {
        let head = if colour == WHITE_ARROW { "w" } else { "b" };
        let squares = squares_of(text);
        if text.starts_with('@') {
            let mut it = squares.iter();
            if let Some((x, y)) = it.next().and_then(|s| self.centre(s)) {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"20\" fill=\"none\" stroke=\"{colour}\" \
                     stroke-width=\"3.5\" opacity=\"0.85\"/>"
                );
            }
            for (x, y) in it.filter_map(|s| self.centre(s)) {
                let _ = writeln!(
                    svg,
                    "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{colour}\" stroke-width=\"4\" \
                     opacity=\"0.85\"/>",
                    x - 12.0,
                    y - 12.0,
                    x + 12.0,
                    y + 12.0,
                    x - 12.0,
                    y + 12.0,
                    x + 12.0,
                    y - 12.0
                );
            }
            return;
        }
        for leg in squares.chunks(2) {
            let [from, to] = leg else { continue };
            let (Some((x1, y1)), Some((x2, y2))) = (self.centre(from), self.centre(to)) else {
                continue;
            };
            // Stop short of the centre, so the head does not hide the piece.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ex, ey) = (x2 - dx / len * 10.0, y2 - dy / len * 10.0);
            let _ = writeln!(
                svg,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" stroke=\"{colour}\" \
                 stroke-width=\"6\" stroke-linecap=\"round\" opacity=\"0.8\" marker-end=\"url(#head-{head})\"/>"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_of_every_notation() {
        assert_eq!(squares_of("e3f5"), ["e3", "f5"]);
        assert_eq!(squares_of("e7e8q"), ["e7", "e8"]);
        assert_eq!(squares_of("@e5d2g1"), ["e5", "d2", "g1"]);
        assert_eq!(squares_of("b4c5,c5d2"), ["b4", "c5", "c5", "d2"]);
    }

    #[test]
    fn the_cascade_marks_every_converted_square() {
        let spec = DiagramSpec {
            variant: Variant::Pacifist,
            fen: Some("rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1".into()),
            moves: vec!["e3f5".into()],
            after: true,
        };
        let svg = render(&spec).unwrap();
        // e3 and f5 (the move) and the seven converted pieces: d8 f8 g8
        // e7 f7 g7 h7.
        assert_eq!(svg.matches(CHANGED).count(), 9, "{svg}");
        let before = render(&DiagramSpec {
            after: false,
            ..spec.clone()
        })
        .unwrap();
        assert_eq!(before.matches("<line ").count(), 1);
        assert!(render(&DiagramSpec {
            moves: vec!["e3e5".into()],
            ..spec
        })
        .is_err());
    }
}
