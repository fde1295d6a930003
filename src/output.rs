//! Printing on stdout for the commands (`perft`, `bench`, `match`) and the
//! protocol front ends: a leaf module, so that the command line, the
//! protocol loop and what they call need not import each other for it.
//!
//! In WebAssembly there is no stdout (std's writes there go nowhere): the
//! lines go to the sink the host sets with [`set_line_sink`] (the web
//! crate's `Engine`, whose JavaScript callback prints them or posts them
//! to a page).

/// `println!` for command-line output: when stdout is closed early (as in
/// `turncoat bench | head`), the command ends quietly instead of panicking.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
/// `println!` for command output: one line to the host's sink.
#[cfg(target_arch = "wasm32")]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::send_line(&format!($($arg)*))
    };
}
pub(crate) use out;

/// Prints one protocol line (UCI, XBoard) on stdout: whole lines, never
/// interleaved between the input loop and the search thread.
#[cfg(not(target_arch = "wasm32"))]
pub fn send_line(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What takes the lines in WebAssembly.
#[cfg(target_arch = "wasm32")]
type Sink = Box<dyn FnMut(&str)>;

#[cfg(target_arch = "wasm32")]
std::thread_local! {
    /// Where the lines go; a WebAssembly module has the one thread.
    static SINK: std::cell::RefCell<Option<Sink>> = const { std::cell::RefCell::new(None) };
}

/// Hands one line to the sink (dropped while there is none).
#[cfg(target_arch = "wasm32")]
pub fn send_line(line: &str) {
    SINK.with_borrow_mut(|sink| {
        if let Some(sink) = sink {
            sink(line);
        }
    });
}

/// Where the lines that natively go to stdout go from now on: each
/// protocol or command line, without its newline.
#[cfg(target_arch = "wasm32")]
pub fn set_line_sink(sink: impl FnMut(&str) + 'static) {
    SINK.set(Some(Box::new(sink)));
}
