//! The rules book (docs/rules.md) and the engine agree: the book's
//! machine-checkable statements are written next to their prose as check
//! comments, and this test reads them from the book and plays them through
//! the game model, so that book and engine cannot drift apart.
//!
//! A check comment is an HTML comment on a line of its own, right after
//! the paragraph or example it checks:
//!
//! ```text
//! <!-- check: --variant V --fen "FEN" [--moves "M1 M2 ..."] CLAIM... -->
//! ```
//!
//! `V` is a variant name (`chess`, `pacifist`, `pacifist2`, `subversion`,
//! `apocalypse`); the moves are played from the FEN in the variant's
//! notation (apocalypse: plies W1 B1 W2 B2 ..., as `position fen F moves
//! ...` reads them). Each claim is a keyword and one argument (quoted when
//! it holds spaces):
//!
//! * `legal "m1 m2 ..."`: each move is legal in the position reached;
//! * `illegal "m1 m2 ..."`: each is well formed and refused there;
//! * `moves "m1 m2 ..."`: the exact set of legal moves of the side to move
//!   (apocalypse: the candidates of the side that chooses next);
//! * `count N`: how many moves (candidates) that side has;
//! * `fen "FEN"`: the FEN of the position reached;
//! * `result "R"`: the game's result text (`*`, `1-0 kings converted`,
//!   what `d` prints after `Result: `); a bare score (`1-0`) compares only
//!   the score;
//! * `waves N`: the last move sets off exactly N conversion waves;
//! * `refused "TEXT"`: the FEN is refused in V, with TEXT in the message;
//! * `perft "D N"`: perft to depth D from the position reached is N.
//!
//! An unknown keyword or option, and a comment that claims nothing, fail.
//!
//! Besides, every FEN the book writes in its prose as inline code (a
//! placement alone is completed with ` w - - 0 1`, or ` w 00 1` on the 5x5
//! board) is read in the variant of its section (§1 to §5); a FEN that a
//! check comment loads in another variant, or says is refused, is left to
//! that comment.

use std::collections::BTreeSet;
use std::path::PathBuf;

use turncoat::game::{BadMove, Game, GameError};
use turncoat::rules::apocalypse::IllegalPly;
use turncoat::rules::illegal::MoveError;
use turncoat::Variant;

#[path = "common/words.rs"]
mod words;
use words::words;

const BOOK: &str = "docs/rules.md";

fn book() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(BOOK);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One check comment: where it is, what it sets up and what it claims.
struct Check {
    line: usize,
    text: String,
    variant: Variant,
    fen: String,
    moves: Vec<String>,
    claims: Vec<(String, String)>,
}

const CLAIMS: [&str; 9] = [
    "legal", "illegal", "moves", "count", "fen", "result", "waves", "refused", "perft",
];

/// The book's check comments; a comment that cannot be read is an error
/// naming its line.
fn checks(book: &str) -> (Vec<Check>, Vec<String>) {
    let mut checks = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in book.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        // Any `<!-- check` outside inline code, so that a comment written
        // inside a paragraph or with a typo in its frame is not skipped.
        let outside_code: String = raw.split('`').step_by(2).collect();
        let compact: String = outside_code.split_whitespace().collect();
        if !compact.contains("<!--check") {
            continue;
        }
        let Some(spec) = trimmed
            .strip_prefix("<!-- check:")
            .and_then(|s| s.strip_suffix("-->"))
        else {
            errors.push(format!(
                "{BOOK}:{line}: a check comment is `<!-- check: ... -->` on one line: {trimmed}"
            ));
            continue;
        };
        match parse_check(line, spec) {
            Ok(c) => checks.push(c),
            Err(e) => errors.push(format!("{BOOK}:{line}: {e}: {trimmed}")),
        }
    }
    (checks, errors)
}

fn parse_check(line: usize, spec: &str) -> Result<Check, String> {
    let mut variant = None;
    let mut fen = None;
    let mut moves = Vec::new();
    let mut claims = Vec::new();
    let mut args = words(spec).into_iter();
    while let Some(key) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("`{key}` without its argument"))?;
        match key.as_str() {
            "--variant" => {
                variant = Some(
                    Variant::from_name(&value)
                        .ok_or_else(|| format!("unknown variant `{value}`"))?,
                )
            }
            "--fen" => fen = Some(value),
            "--moves" => moves = value.split_whitespace().map(String::from).collect(),
            k if CLAIMS.contains(&k) => claims.push((key, value)),
            _ => return Err(format!("unknown keyword `{key}`")),
        }
    }
    if claims.is_empty() {
        return Err("the comment claims nothing".into());
    }
    Ok(Check {
        line,
        text: spec.trim().to_string(),
        variant: variant.ok_or("no --variant")?,
        fen: fen.ok_or("no --fen")?,
        moves,
        claims,
    })
}

/// Whether `e` is a well-formed move (ply) that the rules refuse, or one
/// offered after the game has ended.
fn refused_move(e: &GameError) -> bool {
    matches!(
        e,
        GameError::GameOver(_)
            | GameError::Illegal(BadMove::Move(MoveError::Illegal { .. }))
            | GameError::Illegal(BadMove::Ply(IllegalPly::NotACandidate { .. }))
    )
}

/// The number of conversion waves the last move of a sequential game set off.
fn waves_of_last_move(game: &Game) -> Result<usize, String> {
    let Game::Sequential(g) = game else {
        return Err("waves: only the 8x8 variants have conversion waves".into());
    };
    let Some(&mv) = g.moves().last() else {
        return Err("waves: no move was played".into());
    };
    let mut before = game.clone();
    before.undo();
    let Game::Sequential(b) = before else {
        unreachable!()
    };
    // The first entry is the board once the men have moved.
    Ok(b.position().cascade_waves(mv).len().saturating_sub(1))
}

/// What one claim finds wrong, if anything.
fn judge(game: &Game, key: &str, value: &str) -> Result<(), String> {
    let listed = || value.split_whitespace().collect::<Vec<_>>();
    let generated = || {
        game.moves_for(game.side_to_move())
            .into_iter()
            .collect::<BTreeSet<_>>()
    };
    match key {
        "legal" => {
            let wrong: Vec<String> = listed()
                .into_iter()
                .filter_map(|m| {
                    let mut g = game.clone();
                    g.play_text(m).err().map(|e| format!("{m} ({e})"))
                })
                .collect();
            if wrong.is_empty() {
                Ok(())
            } else {
                Err(format!("not legal: {}", wrong.join("; ")))
            }
        }
        "illegal" => {
            let wrong: Vec<String> = listed()
                .into_iter()
                .filter_map(|m| {
                    let mut g = game.clone();
                    match g.play_text(m) {
                        Ok(_) => Some(format!("{m} is legal")),
                        Err(e) if refused_move(&e) => None,
                        Err(e) => Some(format!("{m} is not a well-formed move ({e})")),
                    }
                })
                .collect();
            if wrong.is_empty() {
                Ok(())
            } else {
                Err(wrong.join("; "))
            }
        }
        "moves" => {
            let claimed: BTreeSet<String> = listed().into_iter().map(String::from).collect();
            let have = generated();
            if claimed == have {
                return Ok(());
            }
            let missing: Vec<_> = claimed.difference(&have).cloned().collect();
            let extra: Vec<_> = have.difference(&claimed).cloned().collect();
            Err(format!(
                "the engine's moves are {have:?}: not legal {missing:?}, not listed {extra:?}"
            ))
        }
        "count" => {
            let n: usize = value.parse().map_err(|_| format!("count `{value}`"))?;
            let have = generated();
            if have.len() == n {
                Ok(())
            } else {
                Err(format!("the engine has {} moves: {have:?}", have.len()))
            }
        }
        "fen" => {
            let fen = game.fen();
            if fen == value {
                Ok(())
            } else {
                Err(format!("the engine's FEN is {fen}"))
            }
        }
        "result" => {
            let text = game.result_text();
            let compared = if value.contains(' ') {
                text.as_str()
            } else {
                text.split(' ').next().unwrap_or_default()
            };
            if compared == value {
                Ok(())
            } else {
                Err(format!("the engine's result is `{text}`"))
            }
        }
        "waves" => {
            let n: usize = value.parse().map_err(|_| format!("waves `{value}`"))?;
            let waves = waves_of_last_move(game)?;
            if waves == n {
                Ok(())
            } else {
                Err(format!("the last move sets off {waves} waves"))
            }
        }
        "perft" => {
            let (d, n) = value
                .split_once(' ')
                .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)))
                .ok_or_else(|| format!("perft `{value}` is not `DEPTH NODES`"))?;
            let count = game.perft(d);
            if count == n {
                Ok(())
            } else {
                Err(format!("perft({d}) is {count}"))
            }
        }
        _ => unreachable!("claims are checked when read"),
    }
}

/// Everything one check comment finds wrong.
fn run_check(c: &Check) -> Vec<String> {
    let fail = |claim: &str, why: String| {
        format!("{BOOK}:{}: `{claim}`: {why}\n    in: {}", c.line, c.text)
    };
    let refused: Vec<_> = c.claims.iter().filter(|(k, _)| k == "refused").collect();
    let loaded = Game::from_fen(c.variant, &c.fen);
    if !refused.is_empty() {
        let mut out = Vec::new();
        if refused.len() != c.claims.len() || !c.moves.is_empty() {
            out.push(fail(
                "refused",
                "a refused FEN can carry no moves and no other claim".into(),
            ));
        }
        for (_, text) in refused {
            let claim = format!("refused \"{text}\"");
            match &loaded {
                Ok(_) => out.push(fail(&claim, format!("{} accepts the FEN", c.variant))),
                Err(e) if !e.to_string().contains(text.as_str()) => {
                    out.push(fail(&claim, format!("the engine says `{e}`")))
                }
                Err(_) => {}
            }
        }
        return out;
    }
    let mut game = match loaded {
        Ok(g) => g,
        Err(e) => return vec![fail("--fen", format!("{} refuses the FEN: {e}", c.variant))],
    };
    let moves: Vec<&str> = c.moves.iter().map(String::as_str).collect();
    if let Err(e) = game.play_list(&moves) {
        return vec![fail("--moves", e.to_string())];
    }
    c.claims
        .iter()
        .filter_map(|(key, value)| {
            judge(&game, key, value)
                .err()
                .map(|why| fail(&format!("{key} \"{value}\""), why))
        })
        .collect()
}

#[test]
fn the_books_check_comments_hold() {
    let book = book();
    let (checks, mut failures) = checks(&book);
    assert!(
        checks.len() >= 40,
        "only {} check comments in {BOOK}",
        checks.len()
    );
    for c in &checks {
        failures.extend(run_check(c));
    }
    assert!(
        failures.is_empty(),
        "{} of the rules book's claims fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The variant of a top-level section heading (`## §2 Pacifist`); `None`
/// for every other top-level heading (an appendix).
fn section_variant(heading: &str) -> Option<Variant> {
    let number = heading.strip_prefix("## §")?;
    let number: String = number.chars().take_while(char::is_ascii_digit).collect();
    let name = match number.as_str() {
        "1" => "chess",
        "2" => "pacifist",
        "3" => "pacifist2",
        "4" => "subversion",
        "5" => "apocalypse",
        _ => return None,
    };
    Variant::from_name(name)
}

/// The inline code spans of the prose, each with its line and the
/// variant of its section (`None` outside §1-§5).
fn code_spans(book: &str) -> Vec<(usize, Option<Variant>, String)> {
    let mut spans = Vec::new();
    let mut variant = None;
    let mut fenced = false;
    let mut open: Option<(usize, String)> = None;
    for (i, line) in book.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.trim_start().starts_with("<!--") {
            continue;
        }
        if line.starts_with("## ") {
            variant = section_variant(line);
        }
        for c in line.chars() {
            match (&mut open, c) {
                (Some(_), '`') => {
                    let (at, text) = open.take().unwrap();
                    spans.push((at, variant, text));
                }
                (Some((_, text)), c) => text.push(c),
                (None, '`') => open = Some((i + 1, String::new())),
                (None, _) => {}
            }
        }
        // A span may run on over a line break.
        if let Some((_, text)) = &mut open {
            text.push(' ');
        }
    }
    spans
}

/// The FEN a code span writes, completed when it is a placement alone;
/// `None` when the span is no FEN.
fn span_fen(span: &str) -> Option<String> {
    if span.contains('…') {
        return None;
    }
    let mut fields = span.split_whitespace();
    let placement = fields.next()?;
    let rest: Vec<&str> = fields.collect();
    let ranks: Vec<&str> = placement.split('/').collect();
    let board_chars = |set: &str| placement.chars().all(|c| c == '/' || set.contains(c));
    if ranks.len() == 8 && board_chars("pnbrqkPNBRQK12345678") {
        return Some(if rest.is_empty() {
            format!("{placement} w - - 0 1")
        } else {
            span.trim().to_string()
        });
    }
    if ranks.len() == 5 && board_chars("pnPN12345") {
        let turn = rest.len() == 3
            && rest[0] == "w"
            && rest[1].len() == 2
            && rest[1].chars().all(|c| c.is_ascii_digit())
            && rest[2].parse::<u32>().is_ok();
        return match (rest.is_empty(), turn) {
            (true, _) => Some(format!("{placement} w 00 1")),
            (false, true) => Some(span.trim().to_string()),
            (false, false) => None,
        };
    }
    None
}

#[test]
fn every_fen_of_the_books_prose_is_read_in_its_variant() {
    let book = book();
    let (checks, _) = checks(&book);
    let mut failures = Vec::new();
    let mut read = 0;
    for (line, variant, span) in code_spans(&book) {
        let Some(variant) = variant else { continue };
        let Some(fen) = span_fen(&span) else { continue };
        let governed = checks.iter().any(|c| {
            (c.fen == span.trim() || c.fen == fen)
                && (c.variant != variant || c.claims.iter().any(|(k, _)| k == "refused"))
        });
        if governed {
            continue;
        }
        read += 1;
        if let Err(e) = Game::from_fen(variant, &fen) {
            failures.push(format!("{BOOK}:{line}: `{span}` in {variant}: {e}"));
        }
    }
    assert!(read >= 60, "only {read} FENs found in the book's prose");
    assert!(
        failures.is_empty(),
        "FENs of the rules book that their variant refuses:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_fen_finder_sees_fens_and_nothing_else() {
    assert_eq!(
        span_fen("npppn/p3p/5/P3P/NPPPN").as_deref(),
        Some("npppn/p3p/5/P3P/NPPPN w 00 1")
    );
    assert_eq!(
        span_fen("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN").as_deref(),
        Some("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w - - 0 1")
    );
    assert_eq!(span_fen("…/2KR2R1 b gb - 1 1"), None);
    assert_eq!(span_fen("position fen <FEN> moves <moves>"), None);
    assert_eq!(span_fen("e2e4"), None);
    let (checks, errors) = checks(
        "<!-- check: --variant chess --fen \"8/8/8/8/8/8/8/8 w - - 0 1\" legall \"e2e4\" -->\n\
         <!-- check: --variant chess --fen \"8/8/8/8/8/8/8/8 w - - 0 1\" -->\n\
         <!--check --variant chess -->\n\
         Some text <!-- check: --variant chess --fen \"8/8/8/8/8/8/8/8 w - - 0 1\" count 0 -->\n\
         Prose that names `<!-- check: ... -->` checks nothing.",
    );
    assert!(checks.is_empty());
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors[0].contains("unknown keyword `legall`"), "{errors:?}");
    assert!(errors[1].contains("claims nothing"), "{errors:?}");
}
