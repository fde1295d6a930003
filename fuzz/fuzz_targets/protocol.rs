//! Whole protocol sessions in-process: the first byte picks the protocol
//! the session starts in (UCI or XBoard) and the variant set up first;
//! the rest is split into lines (`turncoat_fuzz::protocol_lines`) and fed
//! to `turncoat::uci::Session::handle` (switching to
//! `turncoat::xboard::Session` on the line `xboard`, as the engine's
//! input loop does) or to the XBoard session directly, until `quit` or
//! the end of the input; then any search is stopped. Nothing may panic,
//! here or on a search thread (libfuzzer-sys's panic hook aborts the
//! process on a panic in any thread, so the fuzzer sees it), and nothing
//! may hang (libFuzzer's `-timeout`).
//!
//! The engine prints on stdout: run with `-close_fd_mask=1` to keep the
//! fuzzer's own output readable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turncoat::{uci, xboard, Variant};

/// At most this many lines of one input are played.
const MAX_LINES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[(first >> 1) as usize % Variant::ALL.len()];
    let mut lines = turncoat_fuzz::protocol_lines(rest);
    lines.truncate(MAX_LINES);
    if first & 1 == 0 {
        run_uci(variant, &lines);
    } else {
        run_xboard(variant, &lines);
    }
});

fn run_uci(variant: Variant, lines: &[String]) {
    let mut session = uci::Session::new();
    session.handle(&format!("setoption name UCI_Variant value {variant}"));
    for (i, line) in lines.iter().enumerate() {
        if line.trim() == "xboard" {
            session.stop();
            return run_xboard_session(xboard::Session::new(), &lines[i + 1..]);
        }
        if !session.handle(line) {
            return;
        }
    }
    session.stop();
}

fn run_xboard(variant: Variant, lines: &[String]) {
    let mut session = xboard::Session::new();
    session.handle("xboard");
    session.handle("protover 2");
    session.handle(&format!("variant {}", variant.xboard_name()));
    run_xboard_session(session, lines);
}

fn run_xboard_session(mut session: xboard::Session, lines: &[String]) {
    for line in lines {
        if !session.handle(line) {
            return;
        }
    }
    session.abort_search();
}
