//! A PGN movetext's main line as tokens: its moves, the comments and NAGs
//! that follow them, and its result. Variations and move numbers are left
//! out; `{...}` and `;` comments and NAGs (`$1`, or a suffix such as `?!`,
//! PGN standard, section 8.2.3.8) are kept in order, so that they — and tags such as
//! `[%eval 0.17]` or `[%clk 0:03:00]` — can be written back after the move
//! they follow.

/// One element of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move as written (`e4`, `Nxf3+`, `e2e4`, `@e5d2`, `b4c5`).
    Move(String),
    /// A comment's text, without its braces.
    Comment(String),
    /// A Numeric Annotation Glyph: `$6`, or `?!` after a move (6).
    Nag(u8),
    /// The game's result at the end of the movetext: `1-0`, `0-1`,
    /// `1/2-1/2` or `*`.
    Result(String),
}

/// The main line of `movetext`.
pub fn tokens(movetext: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut comment: Option<String> = None;
    let mut line_comment: Option<String> = None;
    let mut variation = 0usize;
    for c in movetext.chars() {
        if let Some(text) = &mut line_comment {
            if c == '\n' {
                push_comment(&mut out, variation, line_comment.take());
            } else {
                text.push(c);
            }
            continue;
        }
        if let Some(text) = &mut comment {
            if c == '}' {
                push_comment(&mut out, variation, comment.take());
            } else {
                text.push(c);
            }
            continue;
        }
        match c {
            '{' | ';' | '(' | ')' => {
                push_word(&mut out, variation, &mut word);
                match c {
                    '{' => comment = Some(String::new()),
                    ';' => line_comment = Some(String::new()),
                    '(' => variation += 1,
                    _ => variation = variation.saturating_sub(1),
                }
            }
            c if c.is_whitespace() => push_word(&mut out, variation, &mut word),
            c => word.push(c),
        }
    }
    push_word(&mut out, variation, &mut word);
    push_comment(&mut out, variation, comment.or(line_comment));
    out
}

/// The moves of `movetext`'s main line.
pub fn move_tokens(movetext: &str) -> Vec<String> {
    tokens(movetext)
        .into_iter()
        .filter_map(|t| match t {
            Token::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// The six move suffix annotations of PGN (standard, section 10), with their NAGs.
const SUFFIXES: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// The NAG of a suffix annotation written on its own or after a move.
fn suffix_nag(suffix: &str) -> Option<u8> {
    SUFFIXES.iter().find(|(s, _)| *s == suffix).map(|&(_, n)| n)
}

fn push_comment(out: &mut Vec<Token>, variation: usize, text: Option<String>) {
    if let (0, Some(text)) = (variation, text) {
        out.push(Token::Comment(text.trim().to_string()));
    }
}

fn push_word(out: &mut Vec<Token>, variation: usize, word: &mut String) {
    let w = std::mem::take(word);
    if variation > 0 {
        return;
    }
    if matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
        out.push(Token::Result(w));
        return;
    }
    let word = strip_move_number(&w);
    if let Some(number) = word.strip_prefix('$') {
        // a NAG beyond 255 is no NAG (PGN standard, section 8.2.4): skipped
        out.extend(number.parse().ok().map(Token::Nag));
        return;
    }
    let mv = word.trim_end_matches(['!', '?']);
    if !mv.is_empty() {
        out.push(Token::Move(mv.to_string()));
    }
    out.extend(suffix_nag(&word[mv.len()..]).map(Token::Nag));
}

/// `12.Nf3` and `12...Nf3` are `Nf3`; castling written with zeros
/// (`0-0`) is not a move number.
fn strip_move_number(token: &str) -> &str {
    if token.starts_with("0-0") {
        return token;
    }
    token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_with_its_comments() {
        let text = "1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 $1 2. Nf3 (2. f4 {gambit} exf4 (2... d5)) Nc6 ; to the end\n3. O-O 0-0 1-0";
        let t = tokens(text);
        let m = |s: &str| Token::Move(s.into());
        let c = |s: &str| Token::Comment(s.into());
        assert_eq!(
            t,
            [
                m("e4"),
                c("[%eval 0.2] [%clk 0:03:00]"),
                m("e5"),
                Token::Nag(1),
                m("Nf3"),
                m("Nc6"),
                c("to the end"),
                m("O-O"),
                m("0-0"),
                Token::Result("1-0".into()),
            ]
        );
    }

    /// Suffix annotations are NAGs (PGN standard, section 8.2.3.8), on the move or
    /// alone; a `$n` too large for a NAG is skipped.
    #[test]
    fn suffixes_and_nags() {
        let t = tokens("1. e4!? e5?! 2. Qh5 ?? $300 Nc6 $14 *");
        let m = |s: &str| Token::Move(s.into());
        assert_eq!(
            t,
            [
                m("e4"),
                Token::Nag(5),
                m("e5"),
                Token::Nag(6),
                m("Qh5"),
                Token::Nag(4),
                m("Nc6"),
                Token::Nag(14),
                Token::Result("*".into()),
            ]
        );
    }

    #[test]
    fn braces_and_semicolons_inside_comments_are_text() {
        let t = tokens("e4 {a ; b ( c} e5 ; x { y\nNf3 {unclosed");
        assert_eq!(
            move_tokens("e4 {a ; b ( c} e5 ; x { y\nNf3 {unclosed"),
            ["e4", "e5", "Nf3"]
        );
        assert_eq!(t[1], Token::Comment("a ; b ( c".into()));
        assert_eq!(t[3], Token::Comment("x { y".into()));
        assert_eq!(t[5], Token::Comment("unclosed".into()));
    }
}
