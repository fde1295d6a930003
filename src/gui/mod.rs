//! `turncoat gui`: a browser GUI served by this binary, for every variant
//! — the one place where conversions, cascades and simultaneous turns are
//! drawn as the rules tell them (no other GUI can draw a piece changing
//! colour).
//!
//! * [`args`]: the command line.
//! * [`server`]: HTTP (axum): the embedded page ([`assets`]), the JSON
//!   API, the live channel, the token/Host/Origin checks.
//! * [`hub`]: the one [`session`] and every change to it; the state sent
//!   to the page is made by [`view`] (typed structs, serialised once).
//! * [`error`]: why a request is refused, as types; `server` gives each
//!   its HTTP status.
//! * [`runner`]: the thread behind the board — the referee of `turncoat
//!   match` with engine or person seats, or an analysing engine.
//! * [`pgn_import`]: reading back the PGN `turncoat match` writes.

pub mod args;
pub mod assets;
pub mod error;
pub mod hub;
pub mod learn;
pub mod line_memo;
pub mod pgn_import;
pub mod rules;
pub mod runner;
pub mod search_line;
pub mod server;
pub mod session;
#[cfg(test)]
mod state_schema;
pub mod view;

use crate::arena::program::Program;
use crate::output::out;
use crate::Variant;
use hub::Hub;
use server::App;
use std::time::Duration;

/// Runs `turncoat gui` with the arguments the command line read;
/// returns the exit status.
pub fn run(args: args::GuiArgs) -> i32 {
    if let Err(e) = args.check() {
        eprintln!(
            "error: {e}\nusage: turncoat gui [--port N] [--engine NAME=COMMAND]... [--no-open]"
        );
        return 2;
    }
    // This turncoat is always offered, first, unless an engine given is
    // named so.
    let mut engines = args.engines;
    if !engines.iter().any(|e| e.name == "turncoat") {
        match args::default_engine() {
            Ok(e) => engines.insert(0, e),
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
    for engine in &engines {
        if let Err(why) = Program::check(engine, Variant::Chess) {
            eprintln!("error: engine {}: {why}", engine.name);
            return 1;
        }
    }
    let token = match new_token() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: no random token: {e}");
            return 1;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return 1;
        }
    };
    let listener = match runtime.block_on(tokio::net::TcpListener::bind(("127.0.0.1", args.port))) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on 127.0.0.1:{}: {e}", args.port);
            return 1;
        }
    };
    let port = listener.local_addr().map_or(args.port, |a| a.port());
    let url = format!("http://127.0.0.1:{port}/?token={token}");
    out!("turncoat gui: {url}");
    let hub = Hub::new(engines);
    hub.start();
    if args.open {
        if let Err(e) = open::that_detached(&url) {
            log::warn!("could not open a browser ({e}); open {url}");
        }
    }
    let app = App {
        hub: hub.clone(),
        token: token.into(),
        port,
    };
    let served = runtime.block_on(async {
        let ticker = hub.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(100));
            loop {
                every.tick().await;
                let hub = ticker.clone();
                let _ = tokio::task::spawn_blocking(move || hub.flush()).await;
            }
        });
        tokio::select! {
            r = axum::serve(listener, server::router(app)) => r,
            () = ended() => Ok(()),
        }
    });
    hub.shutdown();
    runtime.shutdown_timeout(Duration::from_secs(1));
    match served {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: the server failed: {e}");
            1
        }
    }
}

/// Ctrl-C, or a request to terminate.
async fn ended() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// 128 random bits, hex.
fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
