//! `turncoat diagram`: a position as an SVG picture (the rules book's
//! diagrams are drawn with it; see [`crate::diagram`]).

use crate::diagram::{render, DiagramError, DiagramSpec};
use crate::Variant;
use thiserror::Error;

/// Draws a position, with its moves, as an SVG picture.
///
/// The GUI's pieces; the moves as arrows on the position (a subversion as a ring on its target and crosses on the
/// payment), or with --after the position once the moves are played, every
/// square they changed (moved, converted, captured, paid) marked.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct DiagramArgs {
    /// The position (default: the variant's start); also --fen FEN.
    #[arg(verbatim_doc_comment, value_name = "FEN", conflicts_with = "fen")]
    position: Option<String>,
    /// The position, as the FEN argument.
    #[arg(verbatim_doc_comment, long, value_name = "FEN")]
    fen: Option<String>,
    /// The variant: chess, pacifist, pacifist2, subversion, apocalypse.
    #[arg(verbatim_doc_comment, long, value_name = "V", default_value_t = Variant::Chess)]
    variant: Variant,
    /// Moves (plies in apocalypse) in the variant's notation, separated by
    /// spaces; each is checked by the rules.
    #[arg(verbatim_doc_comment, long, value_name = "\"M1 M2 ...\"")]
    moves: Option<String>,
    /// Draw the position after the moves.
    #[arg(verbatim_doc_comment, long)]
    after: bool,
    /// Where to write it (default: stdout).
    #[arg(
        verbatim_doc_comment,
        short = 'o',
        long = "out",
        value_name = "FILE.svg"
    )]
    out: Option<String>,
}

impl DiagramArgs {
    /// The picture they ask for.
    fn spec(&self) -> DiagramSpec {
        DiagramSpec {
            variant: self.variant,
            fen: self.position.clone().or_else(|| self.fen.clone()),
            moves: self
                .moves
                .iter()
                .flat_map(|m| m.split_whitespace())
                .map(str::to_string)
                .collect(),
            after: self.after,
        }
    }
}

/// Why no picture was drawn.
#[derive(Debug, Error)]
pub enum DiagramCommandError {
    #[error(transparent)]
    Render(#[from] DiagramError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// Runs `turncoat diagram`; returns the exit status.
pub fn command(args: &DiagramArgs) -> i32 {
    match draw(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Draws the picture to its file, or to stdout.
fn draw(args: &DiagramArgs) -> Result<(), DiagramCommandError> {
    let svg = render(&args.spec())?;
    match &args.out {
        Some(path) => std::fs::write(path, svg).map_err(|source| DiagramCommandError::Write {
            path: path.clone(),
            source,
        }),
        None => {
            super::out!("{}", svg.trim_end());
            Ok(())
        }
    }
}
