//! The command line (ENGINE.md "Command line"): `perft`, `perft-suite`,
//! `bench`; with no subcommand the protocol loop.

pub mod perft;

/// Runs the command line; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("perft") => perft::perft_command(&args[1..]),
        Some("perft-suite") => perft::suite_command(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{}", USAGE);
            0
        }
        Some(other) => {
            eprintln!("error: unknown command '{other}'\n{USAGE}");
            2
        }
        None => {
            crate::uci::run(std::io::stdin().lock());
            0
        }
    }
}

pub const USAGE: &str = "usage:
  turncoat perft [--variant V] [--fen FEN] [--divide] [--chess960] DEPTH
  turncoat perft-suite FILE.epd [--max-depth D] [--variant V]
variants: chess, pacifist, pacifist2, subversion, apocalypse";
