//! XBoard / CECP v2 sessions with the real binary over pipes.

mod common;
use common::Engine;
use turncoat::board::Position;
use turncoat::Variant;

fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let (features, _) = e.until("feature");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "san=0",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "memory=1",
        "smp=1",
        "myname=\"turncoat",
        "variants=\"normal,pacifist,pacifist2,subversion,apocalypse\"",
    ] {
        assert!(features.contains(f), "{f} missing in {features}");
    }
    assert!(features.trim_end().ends_with("done=1"));
    e
}

/// Sends `ping N` and returns the lines before `pong N`.
fn ping(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    e.until(&format!("pong {n}")).1
}

#[test]
fn engine_answers_a_user_move_with_a_legal_move() {
    let mut e = xboard();
    e.send("new");
    e.send("st 0.05");
    e.send("usermove e2e4");
    let (mv, _) = e.until("move ");
    let after = Position::from_fen(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        Variant::Chess,
    )
    .unwrap();
    assert!(after.parse_move(&mv[5..]).is_ok(), "{mv}");
    ping(&mut e, 1);
}

#[test]
fn force_go_playother_and_thinking_output() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    assert!(ping(&mut e, 1).is_empty(), "force mode: no engine move");
    e.send("post");
    e.send("sd 4");
    e.send("go");
    let (mv, thinking) = e.until("move ");
    assert!(mv.len() >= 9);
    // ply score time nodes pv
    let line = thinking
        .iter()
        .find(|l| l.starts_with("4 "))
        .expect("depth-4 thinking line");
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert!(fields.len() >= 5);
    for f in &fields[1..4] {
        f.parse::<i64>().unwrap();
    }
    // playother: the engine now plays the side not to move.
    e.send("force");
    e.send("nopost");
    e.send("new");
    e.send("playother");
    e.send("st 0.05");
    e.send("usermove d2d4");
    assert!(e.until("move ").1.is_empty(), "nopost: no thinking lines");
}

#[test]
fn bad_input_gets_errors() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e5");
    let (l, _) = e.until("Illegal move");
    assert!(l.ends_with("e2e5"));
    e.send("frobnicate");
    let (l, _) = e.until("Error");
    assert!(l.starts_with("Error (unknown command): frobnicate"));
    e.send("setboard 8/8/8 w - - 0 1");
    let (l, _) = e.until("Error");
    assert!(l.contains("bad FEN"));
    e.send("level x y z");
    e.until("Error");
    e.send("variant checkers");
    e.until("Error (unknown variant)");
    e.send("undo");
    e.until("Error (no move to take back)");
    ping(&mut e, 3);
}

#[test]
fn undo_remove_and_setboard() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("remove");
    e.send("undo");
    assert!(ping(&mut e, 1).is_empty());
    // After taking back three plies, e7e5 is black's legal reply again.
    e.send("usermove e7e5");
    assert!(ping(&mut e, 2).is_empty(), "e7e5 accepted");
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let (mv, _) = e.until("move ");
    assert_eq!(mv, "move a1a8");
    let (result, _) = e.until("1-0");
    assert_eq!(result, "1-0 {checkmate}");
}

#[test]
fn variants_send_setup_and_claim_their_results() {
    let mut e = xboard();
    e.send("new");
    e.send("variant pacifist");
    let (setup, _) = e.until("setup");
    assert_eq!(
        setup,
        "setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("force");
    e.send("setboard 1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1");
    e.send("usermove g1b6");
    let (claim, _) = e.until("1-0");
    assert_eq!(claim, "1-0 {kings converted}");
    e.send("usermove a2a1q");
    e.until("Illegal move");
}

#[test]
fn analyze_mode_streams_thinking_until_exit() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("analyze");
    let (first, _) = e.until("1 ");
    assert!(first.split_whitespace().count() >= 5);
    e.send(".");
    e.send("usermove e2e4");
    e.send("exit");
    ping(&mut e, 9);
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn time_controls_memory_cores_options() {
    let mut e = xboard();
    e.send("new");
    e.send("memory 32");
    e.send("cores 2");
    e.send("option MultiPV=2");
    e.send("option Clear Hash");
    e.send("level 40 0:30 0");
    e.send("time 3000");
    e.send("otim 3000");
    e.send("hard");
    e.send("easy");
    e.send("usermove e2e4");
    e.until("move ");
    e.send("level 0 1 1");
    e.send("time 100");
    e.send("usermove d2d4");
    e.until("move ");
    e.send("?");
    e.send("result 1/2-1/2 {agreed}");
    ping(&mut e, 4);
}

#[test]
fn hard_ponders_and_the_move_still_comes() {
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("st 0.05");
    e.send("usermove e2e4");
    e.until("move ");
    // The engine ponders now; the next user move interrupts it.
    e.send("usermove d2d4");
    let (mv, _) = e.until("move ");
    assert!(mv.len() >= 9);
}

#[test]
fn apocalypse_over_xboard_ply_by_ply() {
    let mut e = xboard();
    e.send("new");
    e.send("variant apocalypse");
    let (setup, _) = e.until("setup");
    assert_eq!(
        setup,
        "setup (PNBRQKpnbrqk) 5x5+0_fairy npppn/p3p/5/P3P/NPPPN w - - 0 1"
    );
    e.send("sd 1");
    e.send("usermove d1d2");
    let (mv, _) = e.until("move ");
    let start = turncoat::rules::apocalypse::ApocalypsePosition::start();
    assert!(
        start
            .parse_ply(turncoat::board::Color::Black, &mv[5..])
            .is_ok(),
        "{mv}"
    );
    // Two penalties lose: white speculates twice in vain.
    e.send("force");
    e.send("setboard n3n/p3p/5/P3P/N3N w 10 5");
    e.send("usermove a2b3");
    e.send("usermove a4a3");
    let (claim, _) = e.until("0-1");
    assert_eq!(claim, "0-1 {white reached two penalties}");
}

#[test]
fn apocalypse_takes_the_six_field_fen_xboard_sends_with_setboard() {
    let mut e = xboard();
    e.send("new");
    e.send("variant apocalypse");
    let (setup, _) = e.until("setup");
    let fen = setup.split_once("5x5+0_fairy ").unwrap().1.to_string();
    assert_eq!(fen.split_whitespace().count(), 6, "{setup}");
    // XBoard sends the FEN it was given back, orthodox-shaped.
    e.send("force");
    e.send("setboard 4n/4p/5/P4/N4 w - - 0 7");
    assert!(ping(&mut e, 1).is_empty(), "accepted");
    e.send("usermove a1b3");
    e.send("usermove e5d3");
    assert!(ping(&mut e, 2).is_empty(), "plies of the set-up position");
    e.send("setboard npppn/p3p/5/P3P/NPPPN b - - 0 1");
    let errors = ping(&mut e, 3);
    assert!(
        errors
            .iter()
            .any(|l| l.starts_with("Error (") && l.contains("'w'")),
        "{errors:?}"
    );
    // The orthodox fields must be what XBoard writes.
    e.send("setboard n3n/p3p/2p2/2N2/4N w 0N w 00 2");
    assert!(ping(&mut e, 5).iter().any(|l| l.starts_with("Error (")));
    // The variant's own 4 fields still work.
    e.send("setboard npppn/p3p/5/P3P/NPPPN w 01 1");
    assert!(ping(&mut e, 4).is_empty());
}
