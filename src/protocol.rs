//! The protocol loop that `turncoat` runs with no subcommand (ENGINE.md
//! "Command line"): lines go to the UCI front end until the line `xboard`
//! hands the input over to the XBoard front end.

use std::io::BufRead;

/// Runs the protocol loop on `input` until `quit` or end of input.
pub fn run(mut input: impl BufRead + Send + 'static) {
    let mut session = crate::uci::Session::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD: a bad line, not an end.
        let line = String::from_utf8_lossy(&bytes);
        log::debug!("<< {}", line.trim_end());
        if line.trim() == "xboard" {
            session.stop();
            crate::xboard::run(input);
            return;
        }
        if !session.handle(&line) {
            return;
        }
    }
    session.stop();
}
