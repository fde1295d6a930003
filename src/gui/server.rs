//! The HTTP side of `turncoat gui` (axum): the embedded page, the JSON
//! API, the live channel (Server-Sent Events), and the checks every
//! request passes first — the session's token, and a `Host` and `Origin`
//! of this machine (against DNS rebinding and other sites' pages).

use super::api::{
    body, Analysis, Empty, Goto, NewGame, PgnImport, PlayMove, Preview, SetLevel, SetMode,
};
use super::assets;
use super::error::{AccessDenied, ApiError, Refusal, SessionError};
use super::hub::{Hub, JsonText};
use crate::game::GameError;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::{Stream, StreamExt};

/// The largest request body (a tournament's PGN fits).
const BODY_LIMIT: usize = 16 * 1024 * 1024;

#[derive(Clone)]
pub struct App {
    pub hub: Arc<Hub>,
    pub token: Arc<str>,
    pub port: u16,
}

pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/state", get(state))
        .route("/api/pgn", get(pgn))
        .route("/api/rules", get(rules))
        .route("/book", get(book))
        .route("/api/events", get(events))
        .route("/api/{action}", post(action))
        .route("/{asset}", get(asset))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// The body of every refusal: `{"error": "message"}`.
#[derive(Serialize)]
struct ErrorBody {
    error: String,
}

/// The HTTP status of every refusal, in this one place (docs/gui.md, the
/// HTTP API): 400 a body that does not read, 403 not this machine's page,
/// 404 no such thing, 409 not now, 413 too large, 422 not valid.
fn status(e: &ApiError) -> StatusCode {
    match e {
        ApiError::Refused(r) => refusal_status(r),
        ApiError::Access(_) => StatusCode::FORBIDDEN,
        ApiError::BadBody(_) => StatusCode::BAD_REQUEST,
        ApiError::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ApiError::NoSuchAction(_) | ApiError::NoSuchPage | ApiError::NoPage => {
            StatusCode::NOT_FOUND
        }
        ApiError::ActionFailed | ApiError::PgnFailed => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// 409 for what the game's course refuses now, 422 for what is not valid.
fn refusal_status(r: &Refusal) -> StatusCode {
    match r {
        Refusal::NotYourMove
        | Refusal::NoGameRunning
        | Refusal::GameEnded
        | Refusal::NothingToTakeBack
        | Refusal::NoGameOfYours
        | Refusal::TooLateToAbort
        | Refusal::GameNotOver => StatusCode::CONFLICT,
        Refusal::Session(SessionError::Game(g)) if matches!(**g, GameError::GameOver(_)) => {
            StatusCode::CONFLICT
        }
        Refusal::UnknownVariant(_)
        | Refusal::UnknownMode(_)
        | Refusal::UnknownEngine(_)
        | Refusal::IllegalMove(_)
        | Refusal::NoSuchPly { .. }
        | Refusal::MultiPvOutOfRange
        | Refusal::BadLevel { .. }
        | Refusal::UnknownSide(_)
        | Refusal::Preview(_)
        | Refusal::Pgn(_)
        | Refusal::NoSuchGame { .. }
        | Refusal::ImportedGame { .. }
        | Refusal::Session(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.to_string(),
        };
        (status(&self), Json(body)).into_response()
    }
}

/// The text as it is: serialised once, by the hub.
impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        let json = "application/json";
        ([(header::CONTENT_TYPE, json)], self.0.to_string()).into_response()
    }
}

async fn not_found() -> Response {
    ApiError::NoSuchPage.into_response()
}

/// Every request: the token (query `token` or header
/// `X-Turncoat-Token`), and this machine's `Host` and `Origin`.
///
/// The body is read here whole, whatever the route does with it: a
/// connection whose request body was left unread (a wrong method, a
/// refused request) would be closed under the client's next request.
async fn guard(State(app): State<App>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, BODY_LIMIT).await else {
        return ApiError::BodyTooLarge.into_response();
    };
    if let Err(why) = app.admit(&parts.headers, &parts.uri) {
        return ApiError::from(why).into_response();
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

impl App {
    fn admit(&self, headers: &HeaderMap, uri: &axum::http::Uri) -> Result<(), AccessDenied> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .ok_or(AccessDenied::NoHost)?;
        if !self.is_local(host) {
            return Err(AccessDenied::ForeignHost(host.to_string()));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let local = origin
                .strip_prefix("http://")
                .is_some_and(|h| self.is_local(h));
            if !local {
                return Err(AccessDenied::ForeignOrigin(origin.to_string()));
            }
        }
        let from_query = Query::<HashMap<String, String>>::try_from_uri(uri)
            .ok()
            .and_then(|q| q.0.get("token").cloned());
        let from_header = headers
            .get("x-turncoat-token")
            .and_then(|h| h.to_str().ok())
            .map(str::to_string);
        match from_query.or(from_header) {
            Some(t) if same(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            Some(_) => Err(AccessDenied::WrongToken),
            None => Err(AccessDenied::NoToken),
        }
    }

    /// `127.0.0.1:PORT` or `localhost:PORT`.
    fn is_local(&self, host: &str) -> bool {
        let port = self.port.to_string();
        match host.rsplit_once(':') {
            Some((name, p)) => p == port && matches!(name, "127.0.0.1" | "localhost"),
            None => false,
        }
    }
}

/// Compares without stopping at the first difference (no timing hint).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

async fn index(State(app): State<App>) -> Response {
    match assets::get("index.html") {
        Some(page) => {
            let page =
                inline_styles(&String::from_utf8_lossy(page)).replace("{{TOKEN}}", &app.token);
            (
                [(header::CONTENT_TYPE, assets::content_type("index.html"))],
                page,
            )
                .into_response()
        }
        None => ApiError::NoPage.into_response(),
    }
}

/// The page's style sheets written into it, so that its first paint waits
/// for no other request (a paint 20 ms sooner, measured in
/// docs/experiments.md); the sheets stay served by name too.
fn inline_styles(page: &str) -> String {
    let mut out = page.to_string();
    for name in ["style.css", "learn.css"] {
        let link = format!("<link rel=\"stylesheet\" href=\"/{name}?token={{{{TOKEN}}}}\">");
        if let Some(css) = assets::get(name) {
            let style = format!("<style>\n{}</style>", String::from_utf8_lossy(css));
            out = out.replace(&link, &style);
        }
    }
    out
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::get(&name) {
        Some(bytes) => {
            ([(header::CONTENT_TYPE, assets::content_type(&name))], bytes).into_response()
        }
        None => not_found().await,
    }
}

async fn state(State(app): State<App>) -> Response {
    blocking(app.hub, |hub| Ok(hub.state())).await
}

/// The whole rules book as a page, for the rules panel's links into other
/// sections (docs/gui.md).
async fn book() -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>turncoat — the rules book</title><style>{}</style></head><body><main>{}</main></body></html>",
        super::book::BOOK_STYLE,
        super::book::book_html()
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// The rules book's section of a variant (`?variant=`, default the
/// session's), with its diagrams as lessons (docs/gui.md, the HTTP API).
async fn rules(State(app): State<App>, Query(q): Query<HashMap<String, String>>) -> Response {
    let name = match q.get("variant") {
        Some(v) => v.clone(),
        None => {
            let hub = app.hub.clone();
            let variant = tokio::task::spawn_blocking(move || hub.variant_name()).await;
            variant.unwrap_or_default().to_string()
        }
    };
    let section = crate::Variant::from_name(&name).and_then(super::book::section);
    match section {
        Some(s) => Json(s).into_response(),
        None => ApiError::from(Refusal::UnknownVariant(name)).into_response(),
    }
}

async fn pgn(State(app): State<App>) -> Response {
    let hub = app.hub.clone();
    match tokio::task::spawn_blocking(move || hub.pgn()).await {
        Ok(text) => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/x-chess-pgn; charset=utf-8",
                ),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"turncoat.pgn\"",
                ),
            ],
            text,
        )
            .into_response(),
        Err(_) => ApiError::PgnFailed.into_response(),
    }
}

/// The live channel: the state at once, then every change, and the
/// engines' lines as they come.
async fn events(State(app): State<App>) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let hub = app.hub.clone();
    let first = SseEvent::default().event("state").data(&*hub.state().0);
    let updates = BroadcastStream::new(hub.subscribe()).map(move |item| {
        Ok(match item {
            Ok(e) => SseEvent::default().event(e.name).data(&*e.data),
            // A page too slow for the stream gets the newest state.
            Err(_) => SseEvent::default().event("state").data(&*hub.state().0),
        })
    });
    Sse::new(tokio_stream::once(Ok(first)).chain(updates)).keep_alive(KeepAlive::default())
}

/// Runs an action off the async workers (it may wait for engines).
async fn blocking(
    hub: Arc<Hub>,
    f: impl FnOnce(&Arc<Hub>) -> Result<JsonText, Refusal> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(move || f(&hub)).await {
        Ok(Ok(text)) => text.into_response(),
        Ok(Err(r)) => ApiError::from(r).into_response(),
        Err(_) => ApiError::ActionFailed.into_response(),
    }
}

async fn action(State(app): State<App>, Path(name): Path<String>, bytes: Bytes) -> Response {
    let hub = app.hub;
    macro_rules! run {
        ($t:ty, |$hub:ident, $b:ident| $e:expr) => {
            match body::<$t>(&bytes).map_err(ApiError::from) {
                Ok($b) => blocking(hub, move |$hub| $e).await,
                Err(why) => why.into_response(),
            }
        };
    }
    match name.as_str() {
        "new" => run!(NewGame, |h, b| h.new_game(
            &b.variant,
            b.fen.as_deref(),
            b.mode.as_deref(),
            [b.white.as_deref(), b.black.as_deref()],
            b.tc.as_deref()
        )),
        "move" => run!(PlayMove, |h, b| h.play(&b.text)),
        "undo" => run!(Value, |h, _b| h.undo()),
        "goto" => run!(Goto, |h, b| h.goto(b.ply)),
        "mode" => run!(SetMode, |h, b| h.set_mode(
            &b.mode,
            [b.white.as_deref(), b.black.as_deref()],
            b.tc.as_deref()
        )),
        "analysis" => run!(Analysis, |h, b| h
            .set_analysis(b.multipv, b.engine.as_deref())),
        "preview" => run!(Preview, |h, b| h.preview(&b.moves, b.ply)),
        "resign" => run!(Empty, |h, _b| h.resign()),
        "draw" => run!(Empty, |h, _b| h.offer_draw()),
        "abort" => run!(Empty, |h, _b| h.abort()),
        "rematch" => run!(Empty, |h, _b| h.rematch()),
        "level" => run!(SetLevel, |h, b| h.set_level(&b.side, &b.level)),
        "pgn-import" => run!(PgnImport, |h, b| h.import_pgn(&b.pgn, b.index)),
        _ => ApiError::NoSuchAction(name).into_response(),
    }
}
