//! The command line (docs/command-line.md): the subcommands, parsed with
//! clap; with no subcommand the protocol loop.
//!
//! It behaves as command-line tools do, so that scripts and people can rely
//! on it: help (`--help`, `-h`, `help [SUBCOMMAND]`, `SUBCOMMAND --help`)
//! and the version (`--version`, `-V`) go to stdout with status 0; every
//! error goes to stderr with a non-zero status (2 for a bad command line).
//! Every default is written once, in its argument's `default_value_t`, and
//! every help text comes from the doc comments of the arguments' types.

pub mod analyse;
pub mod bench;
pub mod datagen;
pub mod diagram;
mod number;
pub mod perft;
mod progress;
pub mod tune;

use crate::output::out;
use clap::{Parser, Subcommand};
pub use number::NumberIn;

/// The layout of every help text: the usage first, as `usage:`, as the
/// help of `turncoat match` (written by hand) has it too.
pub(crate) const HELP_TEMPLATE: &str =
    "usage: {usage}\n\n{about-with-newline}\n{all-args}{after-help}";

/// turncoat: an engine for the conversion chess variants.
///
/// With no command turncoat is an engine: it reads UCI commands on stdin
/// (the line `xboard` switches to XBoard / CECP v2), as GUIs and tournament
/// managers expect; type `help` there for its commands.
#[derive(Parser)]
#[command(
    name = "turncoat",
    verbatim_doc_comment,
    version,
    help_template = HELP_TEMPLATE,
    after_help = "`turncoat COMMAND --help` gives a command's usage and options.\n\
                  variants: chess, pacifist, pacifist2, subversion, apocalypse"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    #[cfg(feature = "gui")]
    #[command(help_template = HELP_TEMPLATE)]
    Gui(crate::gui::args::GuiArgs),
    /// This build has no GUI: its arguments, refused with a message.
    #[cfg(not(feature = "gui"))]
    #[command(hide = true)]
    Gui {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    Match(MatchCommand),
    #[command(help_template = HELP_TEMPLATE)]
    MatchMerge(crate::tournament::shard::MergeArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Perft(perft::PerftArgs),
    #[command(help_template = HELP_TEMPLATE)]
    PerftSuite(perft::SuiteArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Diagram(diagram::DiagramArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Bench(bench::BenchArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Datagen(datagen::DatagenArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Tune(tune::TuneArgs),
    #[command(help_template = HELP_TEMPLATE)]
    Analyse(analyse::AnalyseArgs),
}

// `match`'s arguments keep cutechess-cli's single-dash spelling, which
// clap does not parse: they go as they are to its own parser
// (src/tournament/args.rs), and its help is written there.
/// Plays tournaments between engines (cutechess-cli's flags).
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    override_help = crate::tournament::args::HELP,
    disable_help_flag = true
)]
struct MatchCommand {
    #[arg(allow_hyphen_values = true, trailing_var_arg = true, num_args = 0..)]
    args: Vec<String>,
}

/// The single-dash long flags users have (cutechess-cli's spelling in
/// `match-merge`), by command: clap reads them with two dashes.
const SINGLE_DASH_FLAGS: &[(&str, &str)] = &[("match-merge", "-pgnout")];

/// The arguments as clap reads them: the program's name first, and the
/// single-dash long flags of [`SINGLE_DASH_FLAGS`] with two dashes.
fn for_clap(args: &[String]) -> Vec<String> {
    let command = args.first().map(String::as_str).unwrap_or("");
    let spelt = |a: &String| {
        let single = SINGLE_DASH_FLAGS
            .iter()
            .any(|&(c, flag)| c == command && flag == a);
        if single {
            format!("-{a}")
        } else {
            a.clone()
        }
    };
    std::iter::once("turncoat".to_string())
        .chain(args.iter().map(spelt))
        .collect()
}

/// Whether `match`'s arguments ask for help: `--help` or `-h` anywhere,
/// as most tools accept it (none of its options or values is spelt so).
fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// Runs the command line; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    let cli = match Cli::try_parse_from(for_clap(args)) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and the version on stdout (status 0), errors on stderr
            // (status 2); a closed stdout is no error of the command line.
            let _ = e.print();
            return e.exit_code();
        }
    };
    match cli.command {
        None => {
            crate::protocol::run(std::io::BufReader::new(std::io::stdin()));
            0
        }
        Some(Command::Match(m)) if wants_help(&m.args) => {
            out!("{}", crate::tournament::args::HELP);
            0
        }
        Some(Command::Match(m)) => crate::tournament::run(&m.args),
        #[cfg(feature = "gui")]
        Some(Command::Gui(a)) => crate::gui::serve::run(a),
        #[cfg(not(feature = "gui"))]
        Some(Command::Gui { .. }) => {
            eprintln!(
                "error: this turncoat was built without its GUI (cargo build --release without --no-default-features builds it)"
            );
            2
        }
        Some(Command::MatchMerge(a)) => crate::tournament::shard::merge_command(&a),
        Some(Command::Perft(a)) => perft::perft_command(&a),
        Some(Command::PerftSuite(a)) => perft::suite_command(&a),
        Some(Command::Diagram(a)) => diagram::command(&a),
        Some(Command::Bench(a)) => bench::command(&a),
        Some(Command::Datagen(a)) => datagen::command(&a),
        Some(Command::Tune(a)) => tune::command(&a),
        Some(Command::Analyse(a)) => analyse::command(&a),
    }
}
