//! The moves of a PGN movetext, as tokens: a leaf that the PGN import of
//! the GUI and the opening books of `turncoat match` share.

/// The move tokens of a PGN movetext: comments (`{...}` and `;` to the
/// end of the line), variations, NAGs, move numbers and results left out.
pub fn move_tokens(movetext: &str) -> Vec<String> {
    let mut clean = String::new();
    let (mut comment, mut variation, mut line_comment) = (false, 0usize, false);
    for c in movetext.chars() {
        match c {
            '\n' if line_comment => line_comment = false,
            _ if line_comment => {}
            '{' if !comment => comment = true,
            '}' if comment => comment = false,
            _ if comment => {}
            ';' => line_comment = true,
            '(' => variation += 1,
            ')' => variation = variation.saturating_sub(1),
            _ if variation > 0 => {}
            c => clean.push(c),
        }
        if matches!(c, '}' | ')' | '\n') {
            clean.push(' ');
        }
    }
    clean
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(strip_move_number)
        .filter(|t| !t.is_empty() && !t.starts_with('$'))
        .map(str::to_string)
        .collect()
}

/// `12.Nf3` and `12...Nf3` are `Nf3`; castling written with zeros
/// (`0-0`) is not a move number.
fn strip_move_number(token: &str) -> &str {
    if token.starts_with("0-0") {
        return token;
    }
    token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
}
