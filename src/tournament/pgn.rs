//! PGN output of tournament games: `Variant`, `FEN`/`SetUp` when the game
//! did not start from the standard position, moves in the variant's
//! notation, `Result` and a `Termination` reason.

use super::referee::GameRecord;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

pub fn write(record: &GameRecord, round: usize, date: &str) -> String {
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    tag("Event", "turncoat match");
    tag("Site", "?");
    tag("Date", date);
    tag("Round", &round.to_string());
    tag("White", &record.white);
    tag("Black", &record.black);
    tag("Result", record.result.notation());
    if let Some(name) = record.variant.nonstandard_name() {
        tag("Variant", name);
    }
    if record.start_fen != record.variant.start_fen() {
        tag("FEN", &record.start_fen);
        tag("SetUp", "1");
    }
    tag("PlyCount", &record.moves.len().to_string());
    let termination = record.result.reason();
    tag("Termination", &termination);
    s.push('\n');
    let black_first = record.start_fen.split_whitespace().nth(1) == Some("b");
    let first_number: usize = record
        .start_fen
        .split_whitespace()
        .nth(record.variant.move_number_field())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut line = String::new();
    for (i, mv) in record.moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            line.push_str(&format!("{number}. "));
        } else if i == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(mv);
        line.push(' ');
        if line.len() > 70 {
            s.push_str(line.trim_end());
            s.push('\n');
            line.clear();
        }
    }
    line.push_str(&format!(
        "{{{}}} {}",
        escape(&termination),
        record.result.notation()
    ));
    s.push_str(&line);
    s.push_str("\n\n");
    s
}
