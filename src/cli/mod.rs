//! The command line (ENGINE.md "Command line"): `perft`, `perft-suite`,
//! `bench`; with no subcommand the protocol loop.

pub mod perft;

use crate::output::out;

/// Runs the command line; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("perft") => perft::perft_command(&args[1..]),
        Some("perft-suite") => perft::suite_command(&args[1..]),
        Some("bench") => bench_command(&args[1..]),
        Some("match") => crate::tournament::run(&args[1..]),
        Some("-h" | "--help" | "help") => {
            out!("{}", USAGE);
            0
        }
        Some(other) => {
            eprintln!("error: unknown command '{other}'\n{USAGE}");
            2
        }
        None => {
            crate::protocol::run(std::io::BufReader::new(std::io::stdin()));
            0
        }
    }
}

/// `turncoat bench [--threads N] [--depth-offset D]`.
fn bench_command(args: &[String]) -> i32 {
    let mut threads = 1;
    let mut offset = 0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().and_then(|v| v.parse::<i32>().ok());
        match (a.as_str(), value) {
            ("--threads", Some(n)) if n >= 1 => threads = n as usize,
            ("--depth-offset", Some(d)) => offset = d,
            _ => {
                eprintln!("error: bad bench argument '{a}'\n{USAGE}");
                return 2;
            }
        }
    }
    crate::bench::run(threads, offset);
    0
}

pub const USAGE: &str = "usage:
  turncoat                 (UCI protocol loop)
  turncoat bench [--threads N] [--depth-offset D]
  turncoat match -engine cmd=PATH ... -engine cmd=PATH ... -variant V ... (see turncoat match --help)
  turncoat perft [--variant V] [--fen FEN] [--divide] [--chess960] DEPTH
  turncoat perft-suite FILE.epd [--max-depth D] [--variant V]
variants: chess, pacifist, pacifist2, subversion, apocalypse";
