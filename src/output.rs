//! Printing on stdout for the commands (`perft`, `bench`, `match`) and the
//! protocol front ends: a leaf module, so that the command line, the
//! protocol loop and what they call need not import each other for it.

/// `println!` for command-line output: when stdout is closed early (as in
/// `turncoat bench | head`), the command ends quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;

/// Prints one protocol line (UCI, XBoard) on stdout: whole lines, never
/// interleaved between the input loop and the search thread.
pub fn send_line(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}
