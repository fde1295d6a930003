//! Printing for the commands (`perft`, `bench`, `match`): a leaf module, so
//! that the command line and the commands it calls need not import each
//! other for it.

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
