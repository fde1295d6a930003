//! The protocol loop that `turncoat` runs with no subcommand (docs/command-line.md):
//! lines go to the UCI front end until the line `xboard`
//! hands the input over to the XBoard front end. Input is read on its own
//! thread, so that both loops can also act while the GUI is silent (a
//! finished XBoard search plays its move; a perft counted to its end after
//! `quit` ends the program).

use crossbeam_channel::{select, unbounded, Receiver};
use std::io::BufRead;

/// The line printed when the loop starts, as Stockfish prints one: a
/// person at a terminal learns that the engine waits for commands; UCI and
/// XBoard GUIs ignore a line they do not expect before their handshake.
#[cfg(not(target_arch = "wasm32"))]
pub fn banner() -> String {
    format!(
        "turncoat {} by the turncoat developers: a chess-variant engine speaking UCI \
         (the line `xboard` switches to XBoard); type `help` for the commands",
        env!("CARGO_PKG_VERSION")
    )
}

/// The banner of the web build (docs/web.md), which speaks UCI only.
#[cfg(target_arch = "wasm32")]
pub fn banner() -> String {
    format!(
        "turncoat {} by the turncoat developers: a chess-variant engine speaking UCI \
         (in WebAssembly, without XBoard); type `help` for the commands",
        env!("CARGO_PKG_VERSION")
    )
}

/// The lines of `input`, read on their own thread; the channel closes at
/// the end of input. Bytes that are not UTF-8 become U+FFFD: a bad line,
/// not an end.
pub fn read_lines(mut input: impl BufRead + Send + 'static) -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    log::debug!("<< {}", line.trim_end());
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// Whether the command line is protocol lines rather than a command: its
/// first argument starts with a UCI command (`turncoat "genfens 10 seed 1
/// book None" quit`, as OpenBench runs engines; docs/command-line.md).
pub fn commands_in_args(args: &[String]) -> bool {
    args.first()
        .and_then(|a| a.split_whitespace().next())
        .is_some_and(crate::uci::is_command)
}

/// Runs the protocol loop on the arguments, one line each; their end ends
/// the loop as the end of input does.
pub fn run_args(args: &[String]) {
    let mut text = args.join("\n");
    text.push('\n');
    run(std::io::Cursor::new(text.into_bytes()));
}

/// Runs the protocol loop on `input` until `quit` or end of input.
pub fn run(input: impl BufRead + Send + 'static) {
    crate::output::send_line(&banner());
    let lines = read_lines(input);
    let mut session = crate::uci::Session::new();
    loop {
        // After `quit` a perft is counted to its end: wait for it (or for
        // `stop`) without blocking on input that may never come.
        let next = if session.quitting() {
            let ended = session.count_ended();
            select! {
                recv(lines) -> line => line.ok(),
                recv(ended) -> _ => {
                    // Its thread is ending: wait for its last lines.
                    session.finish();
                    return;
                }
            }
        } else {
            lines.recv().ok()
        };
        match next {
            Some(line) if line.trim() == "xboard" && !session.quitting() => {
                session.stop();
                crate::xboard::run(lines);
                return;
            }
            Some(line) => {
                if !session.handle(&line) {
                    return;
                }
            }
            None => {
                session.finish();
                return;
            }
        }
        if session.quitting() && !session.counting() {
            return;
        }
    }
}
