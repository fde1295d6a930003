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

use turncoat::gui::book;
use turncoat::gui::local::LocalHub;
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

/// The page's hub (`turncoat::gui::local`): the page's actions and state
/// as `turncoat gui`'s HTTP API has them, answered by the same Rust code
/// in the page; the engine runs elsewhere (a Web Worker), and the page
/// hands its lines back (docs/web.md).
#[wasm_bindgen]
pub struct Page {
    hub: LocalHub,
}

#[wasm_bindgen]
impl Page {
    /// The session as `turncoat gui` starts it.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Page {
        std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
        Page {
            hub: LocalHub::new(),
        }
    }

    /// The state JSON (`GET /api/state`).
    pub fn state(&self) -> String {
        self.hub.state()
    }

    /// The state as a new one (numbered), after a change the page did not
    /// ask for (engine output, a move of the engine, a flag).
    pub fn publish(&mut self) -> String {
        self.hub.publish()
    }

    /// Whether engine output arrived since the last state.
    pub fn dirty(&self) -> bool {
        self.hub.dirty()
    }

    /// An action (`POST /api/NAME`, `body` its JSON): `{"ok":true,
    /// "data":ANSWER}` or `{"ok":false,"error":TEXT}`, the HTTP
    /// transport's answer.
    pub fn act(&mut self, name: &str, body: &str) -> String {
        match self.hub.act(name, body) {
            Ok(data) => format!("{{\"ok\":true,\"data\":{data}}}"),
            Err(error) => serde_json::json!({ "ok": false, "error": error }).to_string(),
        }
    }

    /// The game as PGN (`GET /api/pgn`).
    pub fn pgn(&self) -> String {
        self.hub.pgn()
    }

    /// A variant's section of the rules book (`GET /api/rules`), as
    /// JSON; none for a name that is no variant. web/site/build.mjs writes
    /// each into the site (rules-VARIANT.json) when it is built.
    pub fn rules(variant: &str) -> Option<String> {
        let section = turncoat::Variant::from_name(variant).and_then(book::section)?;
        serde_json::to_string(&section).ok()
    }

    /// The whole rules book as HTML (`GET /book`'s content; the site's
    /// book.html, written by web/site/build.mjs).
    pub fn book() -> String {
        book::book_html().to_string()
    }

    /// The book page's style sheet (as `turncoat gui` serves it).
    pub fn book_style() -> String {
        book::BOOK_STYLE.to_string()
    }

    /// What the engine should search now as JSON (`{id, side, analysis,
    /// commands}`), or none.
    pub fn search(&self) -> Option<String> {
        let search = self.hub.search()?;
        serde_json::to_string(search).ok()
    }

    /// A line the engine printed during search `id`; true when it played
    /// a move (the state changed at once).
    pub fn engine_line(&mut self, id: f64, line: &str) -> bool {
        self.hub.engine_line(id as u64, line)
    }

    /// The clocks: true when a flag fell.
    pub fn tick(&mut self) -> bool {
        self.hub.tick()
    }

    /// What the page stores to restore the session after a reload (JSON).
    pub fn snapshot(&self) -> String {
        serde_json::to_string(&self.hub.snapshot()).unwrap_or_default()
    }

    /// Restores a stored snapshot; false (the session unchanged) when it
    /// does not read.
    pub fn restore(&mut self, text: &str) -> bool {
        match serde_json::from_str(text) {
            Ok(snap) => self.hub.restore(&snap).is_ok(),
            Err(_) => false,
        }
    }
}

impl Default for Page {
    fn default() -> Self {
        Page::new()
    }
}
