//! `turncoat diagram`: a position as an SVG picture (the rules book's
//! diagrams are drawn with it; see [`crate::diagram`]).

use crate::diagram::{render, DiagramSpec};
use crate::Variant;

pub const HELP: &str =
    "usage: turncoat diagram [FEN] [--variant V] [--fen FEN] [--moves \"M1 M2 ...\"]
                        [--after] [-o FILE.svg]

Draws a position as an SVG picture with the GUI's pieces: the moves as
arrows on it (a subversion as a ring on its target and crosses on the
payment), or with --after the position once the moves are played, every
square they changed (moved, converted, captured, paid) marked.

  FEN, --fen FEN    the position (default: the variant's start)
  --variant V       chess (default), pacifist, pacifist2, subversion, apocalypse
  --moves \"...\"     moves (plies in apocalypse) in the variant's notation,
                    separated by spaces; each is checked by the rules
  --after           draw the position after the moves
  -o FILE.svg       where to write it (default: stdout)";

/// What the command line asks for: the picture and where it goes.
struct DiagramArgs {
    spec: DiagramSpec,
    out: Option<String>,
}

fn parse(args: &[String]) -> Result<DiagramArgs, String> {
    let mut spec = DiagramSpec {
        variant: Variant::Chess,
        fen: None,
        moves: Vec::new(),
        after: false,
    };
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match a.as_str() {
            "--variant" => spec.variant = value(a)?.parse()?,
            "--fen" => spec.fen = Some(value(a)?),
            "--moves" => spec.moves = value(a)?.split_whitespace().map(str::to_string).collect(),
            "--after" => spec.after = true,
            "-o" | "--out" => out = Some(value(a)?),
            flag if flag.starts_with('-') => return Err(format!("unknown option '{flag}'")),
            fen if spec.fen.is_none() => spec.fen = Some(fen.to_string()),
            extra => return Err(format!("unexpected argument '{extra}' (one FEN, quoted)")),
        }
    }
    Ok(DiagramArgs { spec, out })
}

pub fn command(args: &[String]) -> i32 {
    let args = match parse(args) {
        Ok(a) => a,
        Err(e) => return super::usage_error(&e, HELP),
    };
    let svg = match render(&args.spec) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    match &args.out {
        Some(path) => match std::fs::write(path, svg) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot write {path}: {e}");
                1
            }
        },
        None => {
            super::out!("{}", svg.trim_end());
            0
        }
    }
}
