//! turncoat's engine in WebAssembly (docs/web.md): the native UCI session
//! (`turncoat::uci::Session`, the engine core, the rules and the search)
//! driven one line at a time from JavaScript, its output handed back one
//! line at a time. Nothing of the protocol is written again here; the one
//! addition is `bench`, which natively is a command of the command line
//! (`turncoat bench`), which a module has not.
//!
//! There are no threads in wasm32-unknown-unknown: `go`, `go perft` and
//! `bench` run to their end inside [`Engine::command`], and print their
//! `bestmove` (or counts) before it returns.

use turncoat::uci::Session;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The host's error console (stderr under node), where a native
    /// panic's message goes.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(text: &str);
}

/// A UCI engine. One per module instance: the lines of every engine of an
/// instance go to the callback of the last one made.
#[wasm_bindgen]
pub struct Engine {
    session: Session,
    on_line: js_sys::Function,
}

#[wasm_bindgen]
impl Engine {
    /// A new engine whose output lines (without their newline) go to
    /// `on_line`, as the native binary prints them on stdout.
    #[wasm_bindgen(constructor)]
    pub fn new(on_line: js_sys::Function) -> Engine {
        // A panic aborts the module (wasm has no unwinding): say why first,
        // where the native binary would (stderr).
        std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
        let sink = on_line.clone();
        turncoat::set_line_sink(move |line| send(&sink, line));
        Engine {
            session: Session::new(),
            on_line,
        }
    }

    /// The line the native binary prints when its protocol loop starts.
    pub fn banner() -> String {
        turncoat::protocol::banner()
    }

    /// Handles one input line, printing what the native engine prints for
    /// it; false once the engine has quit (`quit`).
    pub fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let first = words.next();
        if first == Some("xboard") {
            send(
                &self.on_line,
                "info string error: this build speaks UCI only (XBoard needs the native binary)",
            );
            return true;
        }
        if first == Some("bench") {
            match words.next() {
                None => {
                    turncoat::bench::run(1, 0);
                }
                Some(_) => send(
                    &self.on_line,
                    "info string error: bench takes no arguments in this build",
                ),
            }
            return true;
        }
        self.session.handle(line)
    }

    /// The end of input, as the native loop handles it.
    pub fn finish(&mut self) {
        self.session.finish();
    }
}

/// Hands `line` to the host. An exception the callback throws is the
/// host's business; the engine carries on.
fn send(on_line: &js_sys::Function, line: &str) {
    let _ = on_line.call1(&JsValue::NULL, &JsValue::from_str(line));
}
