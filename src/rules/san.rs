//! Standard algebraic notation (SAN), the notation players read and PGN
//! files hold: `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, `Qh5+`, `Qxf7#`
//! (docs/rules.md §1.5, §2.7.1). The pacifist variants write no capture
//! and no check (a move never captures, and a king is persuaded, not
//! checked: docs/rules.md §2.4.2); a subversion keeps its own notation,
//! `@e5d2` (docs/rules.md §4.4), with `+` or `#` after it.

use super::Rules;
use crate::board::{Move, MoveKind, MoveList, Outcome, PieceKind, Position};

/// The legal move `mv` of `pos` in SAN.
pub(super) fn format<R: Rules>(pos: &Position, mv: Move) -> String {
    let mut legal = MoveList::new();
    R::generate(pos, &mut legal);
    let body = match mv.kind() {
        MoveKind::Subversion => R::format_move(pos, mv, false),
        MoveKind::Castle if mv.to().file() > mv.from().file() => "O-O".to_string(),
        MoveKind::Castle => "O-O-O".to_string(),
        _ => piece_move(pos, mv, &legal),
    };
    format!("{body}{}", suffix::<R>(pos, mv))
}

/// A move that is not castling or a subversion: the piece's letter (none
/// for a pawn), what tells it apart from its twins, `x` on a capture, the
/// destination, and `=Q` on a promotion.
fn piece_move(pos: &Position, mv: Move, legal: &MoveList) -> String {
    let (from, to) = (mv.from(), mv.to());
    let kind = pos.kind_at(from).unwrap_or(PieceKind::Pawn);
    let mover = pos.side_to_move();
    let captures =
        mv.kind() == MoveKind::EnPassant || pos.piece_at(to).is_some_and(|p| p.color != mover);
    let mut s = String::new();
    if kind == PieceKind::Pawn {
        if captures {
            s.push(file_char(from.file()));
        }
    } else {
        s.push(kind.letter().to_ascii_uppercase());
        s.push_str(&disambiguation(pos, mv, kind, legal));
    }
    if captures {
        s.push('x');
    }
    s.push_str(&to.to_string());
    if let Some(piece) = mv.promotion_piece() {
        s.push('=');
        s.push(piece.letter().to_ascii_uppercase());
    }
    s
}

/// The start square's file, rank or both, when another piece of the same
/// kind could go to the same square.
fn disambiguation(pos: &Position, mv: Move, kind: PieceKind, legal: &MoveList) -> String {
    let twins: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.to() == mv.to()
                && m.from() != mv.from()
                && !matches!(m.kind(), MoveKind::Castle | MoveKind::Subversion)
                && pos.kind_at(m.from()) == Some(kind)
        })
        .collect();
    let from = mv.from();
    if twins.is_empty() {
        String::new()
    } else if twins.iter().all(|m| m.from().file() != from.file()) {
        file_char(from.file()).to_string()
    } else if twins.iter().all(|m| m.from().rank() != from.rank()) {
        rank_char(from.rank()).to_string()
    } else {
        from.to_string()
    }
}

/// `#` when the move wins at once (mate, or the enemy kings converted for
/// good), `+` when it gives check in a variant with checks.
fn suffix<R: Rules>(pos: &Position, mv: Move) -> &'static str {
    let after = R::play(pos, mv);
    let mut replies = MoveList::new();
    R::generate(&after, &mut replies);
    let mover = pos.side_to_move();
    let wins = matches!(R::no_move_outcome(&after), Outcome::Win(c, _) if c == mover);
    if replies.is_empty() && wins {
        return "#";
    }
    if R::CHECKS && after.checkers().nonempty() {
        return if replies.is_empty() { "#" } else { "+" };
    }
    ""
}

fn file_char(file: u8) -> char {
    char::from(b'a' + file)
}

fn rank_char(rank: u8) -> char {
    char::from(b'1' + rank)
}

/// SAN as written by people and programs, reduced to what tells moves
/// apart: no check or mate sign, no annotation (`!`, `?`), no `e.p.`,
/// castling with letter O, promotion with `=`.
fn normalize(text: &str) -> String {
    let t = text.trim().replace("e.p.", "").replace('0', "O");
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    // `e8Q` and `e8(Q)` are `e8=Q`.
    let t = t.replace(['(', ')'], "");
    let bytes = t.as_bytes();
    match bytes {
        [.., rank, piece] if rank.is_ascii_digit() && b"NBRQK".contains(piece) => {
            format!("{}={}", &t[..t.len() - 1], char::from(*piece))
        }
        _ => t.to_string(),
    }
}

/// The legal move of `pos` that `text`, in SAN, names.
pub(super) fn parse<R: Rules>(pos: &Position, text: &str) -> Option<Move> {
    let wanted = normalize(text);
    if wanted.is_empty() {
        return None;
    }
    let mut legal = MoveList::new();
    R::generate(pos, &mut legal);
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| normalize(&format::<R>(pos, m)) == wanted)
        .collect();
    match matches.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::Variant;

    fn san_line(variant: Variant, fen: &str, moves: &[&str]) -> Vec<String> {
        let mut pos = Position::from_fen(fen, variant).unwrap();
        moves
            .iter()
            .map(|m| {
                let mv = pos.parse_move(m).unwrap();
                let san = pos.move_to_san(mv);
                assert_eq!(pos.parse_san(&san), Ok(mv), "{san} reads back");
                pos = pos.play(mv);
                san
            })
            .collect()
    }

    #[test]
    fn chess_san_of_every_kind_of_move() {
        let start = Variant::Chess.start_fen();
        assert_eq!(
            san_line(Variant::Chess, start, &["e2e4", "f7f5", "d1h5"]),
            ["e4", "f5", "Qh5+"]
        );
        assert_eq!(
            san_line(
                Variant::Chess,
                start,
                &["e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6d5", "f1c4", "e7e6", "e1g1"]
            ),
            ["e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5", "Bc4", "e6", "O-O"]
        );
        // Fool's mate.
        assert_eq!(
            san_line(Variant::Chess, start, &["f2f3", "e7e5", "g2g4", "d8h4"])[3],
            "Qh4#"
        );
        // Twins on a file and on a rank, promotion with capture, en passant.
        let fen = "1n2k3/P7/8/3pP3/8/8/4K3/R6R w - d6 0 1";
        assert_eq!(san_line(Variant::Chess, fen, &["a1d1"]), ["Rad1"]);
        assert_eq!(san_line(Variant::Chess, fen, &["a7b8q"]), ["axb8=Q+"]);
        assert_eq!(san_line(Variant::Chess, fen, &["e5d6"]), ["exd6"]);
        assert_eq!(
            san_line(Variant::Chess, "7k/8/8/8/8/R7/8/R3K3 w - - 0 1", &["a1a2"]),
            ["R1a2"]
        );
    }

    #[test]
    fn pacifist_san_has_no_captures_and_marks_the_win() {
        // docs/rules.md §2.5: 1.Qg1-b6 converts the black king for good.
        let fen = "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1";
        assert_eq!(san_line(Variant::Pacifist, fen, &["g1b6"]), ["Qb6#"]);
        let cascade = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1";
        assert_eq!(san_line(Variant::Pacifist, cascade, &["e3f5"]), ["Nf5"]);
    }

    #[test]
    fn subversion_keeps_its_notation_with_check() {
        let fen = "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1";
        assert_eq!(
            san_line(Variant::Subversion, fen, &["@e5d2f2"]),
            ["@e5d2f2+"]
        );
    }

    #[test]
    fn written_forms_people_use_are_read() {
        let pos = Position::from_fen(Variant::Chess.start_fen(), Variant::Chess).unwrap();
        for text in ["Nf3", "Nf3!", "Ng1f3", "Nf3?!"] {
            let read = pos.parse_san(text);
            if text == "Ng1f3" {
                assert!(read.is_err(), "long algebraic is not SAN");
            } else {
                assert_eq!(
                    read.map(|m| pos.move_to_uci(m, false)),
                    Ok("g1f3".into()),
                    "{text}"
                );
            }
        }
        let fen = "4k3/P7/8/8/8/8/8/R3K2R w K - 0 1";
        let pos = Position::from_fen(fen, Variant::Chess).unwrap();
        for (text, uci) in [
            ("a8Q", "a7a8q"),
            ("a8=Q+", "a7a8q"),
            ("0-0", "e1g1"),
            ("O-O", "e1g1"),
        ] {
            assert_eq!(
                pos.parse_san(text).map(|m| pos.move_to_uci(m, false)),
                Ok(uci.into()),
                "{text}"
            );
        }
    }
}
