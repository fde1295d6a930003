//! The perft suites of `perft/` (one file per variant), each line checked
//! at every depth whose expected count stays under a node budget, so the
//! test run stays short; `turncoat perft-suite` runs the deepest levels.

use turncoat::cli::perft::parse_suite;
use turncoat::game::Game;
use turncoat::Variant;

const NODE_BUDGET: u64 = 10_000_000;

fn run(variant: Variant) {
    let path = format!(
        "{}/perft/{}.epd",
        env!("CARGO_MANIFEST_DIR"),
        variant.name()
    );
    let text = std::fs::read_to_string(&path).expect("suite file");
    let lines = parse_suite(&text).expect("well-formed suite");
    assert!(!lines.is_empty());
    let mut checked = 0;
    for line in &lines {
        let pos =
            Game::from_fen(variant, &line.fen).unwrap_or_else(|e| panic!("{}: {e}", line.fen));
        for &(depth, expected) in &line.expected {
            if expected > NODE_BUDGET && depth > 1 {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", line.fen);
            checked += 1;
        }
    }
    assert!(checked >= lines.len(), "every line checked at least once");
}

#[test]
fn chess_suite() {
    run(Variant::Chess);
}

#[test]
fn pacifist_suite() {
    run(Variant::Pacifist);
}

#[test]
fn pacifist2_suite() {
    run(Variant::Pacifist2);
}

#[test]
fn subversion_suite() {
    run(Variant::Subversion);
}

#[test]
fn apocalypse_suite() {
    run(Variant::Apocalypse);
}
