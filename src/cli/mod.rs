//! The command line (docs/command-line.md): `perft`, `perft-suite`,
//! `bench`, `match`; with no subcommand the protocol loop.
//!
//! It behaves as command-line tools do, so that scripts and people can rely
//! on it: help (`--help`, `-h`, `help [SUBCOMMAND]`, `SUBCOMMAND --help`)
//! and the version (`--version`) go to stdout with status 0; every error
//! goes to stderr with a non-zero status (2 for a bad command line).

pub mod datagen;
pub mod diagram;
pub mod perft;
pub mod tune;

use crate::output::out;

/// A subcommand: its name, its help text and what runs it.
struct Subcommand {
    name: &'static str,
    help: &'static str,
    run: fn(&[String]) -> i32,
}

const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "perft",
        help: perft::PERFT_HELP,
        run: perft::perft_command,
    },
    Subcommand {
        name: "perft-suite",
        help: perft::SUITE_HELP,
        run: perft::suite_command,
    },
    Subcommand {
        name: "diagram",
        help: diagram::HELP,
        run: diagram::command,
    },
    Subcommand {
        name: "bench",
        help: BENCH_HELP,
        run: bench_command,
    },
    Subcommand {
        name: "datagen",
        help: datagen::HELP,
        run: datagen::command,
    },
    Subcommand {
        name: "tune",
        help: tune::HELP,
        run: tune::command,
    },
    Subcommand {
        name: "match",
        help: crate::tournament::args::HELP,
        run: crate::tournament::run,
    },
    Subcommand {
        name: "match-merge",
        help: crate::tournament::shard::HELP,
        run: crate::tournament::shard::merge_command,
    },
    Subcommand {
        name: "gui",
        help: crate::gui::args::HELP,
        run: crate::gui::run,
    },
];

/// Whether the arguments ask for help: `--help` or `-h` anywhere, as most
/// tools accept it (no subcommand has an option or value spelt so).
fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// Runs the command line; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    let Some(first) = args.first() else {
        crate::protocol::run(std::io::BufReader::new(std::io::stdin()));
        return 0;
    };
    let rest = &args[1..];
    if let Some(sub) = SUBCOMMANDS.iter().find(|s| s.name == first) {
        if wants_help(rest) {
            out!("{}", sub.help);
            return 0;
        }
        return (sub.run)(rest);
    }
    match first.as_str() {
        "-h" | "--help" | "help" => match rest {
            [] => {
                out!("{USAGE}");
                0
            }
            [name] => match SUBCOMMANDS.iter().find(|s| s.name == name) {
                Some(sub) => {
                    out!("{}", sub.help);
                    0
                }
                None => {
                    eprintln!("error: no help on '{name}': not a command\n{USAGE}");
                    2
                }
            },
            _ => {
                eprintln!("error: help takes at most one command\n{USAGE}");
                2
            }
        },
        "-V" | "--version" => {
            out!("turncoat {}", env!("CARGO_PKG_VERSION"));
            0
        }
        other => {
            eprintln!("error: unknown command '{other}'\n{USAGE}");
            2
        }
    }
}

/// Reports a bad command line on stderr: the error, the command's usage
/// (the first lines of its help) and where the rest is; returns status 2.
pub(crate) fn usage_error(error: &str, help: &str) -> i32 {
    let usage = help.split("\n\n").next().unwrap_or(help);
    let command = usage.split_whitespace().nth(2).unwrap_or("COMMAND");
    eprintln!("error: {error}\n{usage}\n(`turncoat {command} --help` for more)");
    2
}

/// The most `--depth-offset` may add or take: the search's own limit of
/// plies, so that the depth stays meaningful and its arithmetic in range.
const MAX_DEPTH_OFFSET: i32 = crate::search::MAX_PLY as i32;

/// `turncoat bench [--threads N] [--depth-offset D]`.
fn bench_command(args: &[String]) -> i32 {
    use crate::engine::options::MAX_THREADS;
    let mut threads = 1;
    let mut offset = 0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().and_then(|v| v.parse::<i32>().ok());
        match a.as_str() {
            "--threads" => match value {
                Some(n) if n >= 1 && n as usize <= MAX_THREADS => threads = n as usize,
                _ => {
                    let e = format!("--threads needs a number from 1 to {MAX_THREADS}");
                    return usage_error(&e, BENCH_HELP);
                }
            },
            "--depth-offset" => match value {
                Some(d) if d.abs() <= MAX_DEPTH_OFFSET => offset = d,
                _ => {
                    let e = format!(
                        "--depth-offset needs a number from -{MAX_DEPTH_OFFSET} to {MAX_DEPTH_OFFSET}"
                    );
                    return usage_error(&e, BENCH_HELP);
                }
            },
            _ => return usage_error(&format!("unknown bench argument '{a}'"), BENCH_HELP),
        }
    }
    crate::bench::run(threads, offset);
    0
}

pub const USAGE: &str = "usage: turncoat [COMMAND] [ARGS...]

With no command turncoat is an engine: it reads UCI commands on stdin (the
line `xboard` switches to XBoard / CECP v2), as GUIs and tournament
managers expect; type `help` there for its commands.

commands:
  gui          play, watch and analyse every variant in the browser
  match        play tournaments between engines (cutechess-cli's flags)
  match-merge  merge the results files of a match's shards into its report
  perft        count the positions DEPTH moves deep (per move with --divide)
  perft-suite  check a file of positions against their known perft counts
  diagram      draw a position, with its moves, as an SVG picture
  bench        search fixed positions: nodes and speed, a signature of the search
  datagen      play self-play games and write positions for tuning
  tune         fit the evaluation's values to datagen positions
  help         this text, or a command's (`turncoat help perft`)

`turncoat COMMAND --help` gives a command's usage and options;
`turncoat --version` the version.
variants: chess, pacifist, pacifist2, subversion, apocalypse";

const BENCH_HELP: &str = "usage: turncoat bench [--threads N] [--depth-offset D]

Searches a fixed set of positions of every sequential variant to fixed
depths and ends with `Nodes searched: N` and `Nodes/second: X`. With one
thread N is deterministic: a signature of the search.

  --threads N        search threads, 1 to 256 (default 1)
  --depth-offset D   added to every position's depth (default 0; the
                     depth is at least 1)";

/// The value of `flag` as a number from `lo` to `hi`, or the message
/// saying so (the options of `datagen` and `tune`).
pub fn number_in<T>(flag: &str, value: &str, lo: T, hi: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n >= lo && *n <= hi)
        .ok_or_else(|| format!("{flag} needs a number from {lo} to {hi}"))
}
