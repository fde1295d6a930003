//! The bodies of the page's actions (`POST /api/NAME` in `turncoat gui`,
//! [`super::server`]; direct calls in the web build, docs/web.md): one
//! definition for both, read with [`body`].

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: String,
    pub fen: Option<String>,
    pub mode: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub tc: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goto {
    pub ply: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetMode {
    pub mode: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub tc: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    pub multipv: Option<u32>,
    pub engine: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preview {
    #[serde(default)]
    pub moves: Vec<String>,
    pub ply: Option<usize>,
}

/// An engine seat's level: `side` `w` or `b`, `level` 1 to 8 (read by
/// the hub, which says what is wrong with one that is none).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetLevel {
    pub side: String,
    pub level: Value,
}

/// `{}`: an action without arguments.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Empty {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PgnImport {
    pub pgn: String,
    #[serde(default)]
    pub index: usize,
}

/// The body as `T`; an empty body reads as `{}`.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        bytes
    };
    serde_json::from_slice(text)
}
