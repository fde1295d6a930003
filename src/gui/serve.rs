//! Starting `turncoat gui`: the engines checked, the session, the server
//! on 127.0.0.1, until Ctrl-C.

use super::args;
use super::engine::Engine;
use super::hub::Hub;
use super::server::{self, App};
use crate::output::out;
use std::time::Duration;

/// Why `turncoat gui` could not start or serve.
#[derive(Debug, thiserror::Error)]
enum GuiError {
    #[error("{0}\nusage: turncoat gui [--port N] [--engine NAME=COMMAND]... [--no-open]")]
    Usage(args::GuiArgsError),
    #[error("{0}")]
    NoProgram(#[from] args::NoProgram),
    #[error(transparent)]
    Engine(#[from] super::engine::CheckError),
    #[error("no random token: {0}")]
    Token(getrandom::Error),
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    #[error("cannot listen on 127.0.0.1:{port}: {source}")]
    Listen { port: u16, source: std::io::Error },
    #[error("the server failed: {0}")]
    Serve(std::io::Error),
}

impl GuiError {
    /// 2 for a command line that asks what cannot be done, 1 for a page
    /// that could not be served.
    fn exit_status(&self) -> i32 {
        match self {
            GuiError::Usage(_) => 2,
            _ => 1,
        }
    }
}

/// Runs `turncoat gui` with the arguments the command line read;
/// returns the exit status.
pub fn run(args: args::GuiArgs) -> i32 {
    match serve(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_status()
        }
    }
}

/// Starts the engines' checks, the session and the server, and serves
/// the page until Ctrl-C.
fn serve(args: args::GuiArgs) -> Result<(), GuiError> {
    args.check().map_err(GuiError::Usage)?;
    // This turncoat is always offered, first, unless an engine given is
    // named so.
    let mut engines = args.engines;
    if !engines.iter().any(|e| e.name == "turncoat") {
        engines.insert(0, args::default_engine()?);
    }
    let engines = engines
        .into_iter()
        .map(Engine::checked)
        .collect::<Result<Vec<_>, _>>()?;
    let token = new_token().map_err(GuiError::Token)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(GuiError::Runtime)?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(("127.0.0.1", args.port)))
        .map_err(|source| GuiError::Listen {
            port: args.port,
            source,
        })?;
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
    served.map_err(GuiError::Serve)
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
