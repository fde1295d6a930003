//! The command line of `turncoat gui` (docs/gui.md).

use crate::arena::program::{ProgramConfig, Protocol};
use clap::{ArgAction, Parser};
use thiserror::Error;

/// Plays, watches and analyses every variant in the browser.
///
/// Serves a browser GUI on 127.0.0.1 for every variant: play against an
/// engine, watch two engines, hotseat, analysis; conversions, cascades,
/// apocalypse turns and the persuasion/support map drawn on the board. The
/// first line on stdout is the address with its access token; the default
/// browser opens it unless --no-open. Ctrl-C ends the server and its engines.
#[derive(clap::Args, Clone, Debug)]
#[command(verbatim_doc_comment)]
pub struct GuiArgs {
    /// The port to listen on (0: any free port).
    #[arg(verbatim_doc_comment, long, value_name = "N", default_value_t = 0)]
    pub port: u16,
    /// A UCI engine the page may choose, as NAME; COMMAND is the program and
    /// its arguments, split at spaces. Repeatable. This turncoat is always
    /// offered too, as `turncoat` (unless an engine given has that name).
    #[arg(verbatim_doc_comment, long = "engine", value_name = "NAME=COMMAND", value_parser = parse_engine)]
    pub engines: Vec<ProgramConfig>,
    /// Do not open a browser.
    #[arg(verbatim_doc_comment, long = "no-open", action = ArgAction::SetFalse)]
    pub open: bool,
}

/// `turncoat gui` alone, for [`parse`].
#[derive(Parser)]
#[command(name = "turncoat gui")]
struct GuiCommand {
    #[command(flatten)]
    args: GuiArgs,
}

/// What is wrong with the arguments of `turncoat gui`.
#[derive(Debug, Error)]
pub enum GuiArgsError {
    /// What clap found wrong (an unknown flag, a bad value).
    #[error("{}", clap_message(.0))]
    CommandLine(clap::Error),
    #[error("two engines are named '{0}'")]
    TwoEngines(String),
}

/// The first line of clap's report, without its `error: `.
fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("");
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// Parses the arguments after `gui`.
pub fn parse(argv: &[String]) -> Result<GuiArgs, GuiArgsError> {
    let argv = std::iter::once("gui").chain(argv.iter().map(String::as_str));
    let args = GuiCommand::try_parse_from(argv)
        .map_err(GuiArgsError::CommandLine)?
        .args;
    args.check()?;
    Ok(args)
}

impl GuiArgs {
    /// What clap cannot check: the page chooses engines by name, so no
    /// two may share one.
    pub fn check(&self) -> Result<(), GuiArgsError> {
        for (i, engine) in self.engines.iter().enumerate() {
            if self.engines[..i].iter().any(|e| e.name == engine.name) {
                return Err(GuiArgsError::TwoEngines(engine.name.clone()));
            }
        }
        Ok(())
    }
}

/// What is wrong with an `--engine NAME=COMMAND`.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EngineSpecError {
    #[error("expected NAME=COMMAND")]
    NoName,
    #[error("the name must be 1 to 64 printable characters")]
    BadName,
    #[error("no command")]
    NoCommand,
}

/// `NAME=COMMAND ARG...`: a UCI engine.
fn parse_engine(spec: &str) -> Result<ProgramConfig, EngineSpecError> {
    let (name, command) = spec.split_once('=').ok_or(EngineSpecError::NoName)?;
    let name = name.trim();
    if name.is_empty() || name.len() > 64 || name.chars().any(char::is_control) {
        return Err(EngineSpecError::BadName);
    }
    let mut words = command.split_whitespace().map(str::to_string);
    let cmd = words.next().ok_or(EngineSpecError::NoCommand)?;
    Ok(ProgramConfig {
        name: name.to_string(),
        cmd,
        args: words.collect(),
        protocol: Protocol::Uci,
        options: Vec::new(),
    })
}

/// This program's path is unknown.
#[derive(Debug, Error)]
#[error("cannot find this program: {0}")]
pub struct NoProgram(#[from] std::io::Error);

/// This very program as the default engine, `turncoat`.
pub fn default_engine() -> Result<ProgramConfig, NoProgram> {
    let exe = std::env::current_exe()?;
    Ok(ProgramConfig {
        name: "turncoat".into(),
        cmd: exe.to_string_lossy().into_owned(),
        args: Vec::new(),
        protocol: Protocol::Uci,
        options: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ports_engines_and_the_browser() {
        let a = parse(&strings(&[
            "--port",
            "8080",
            "--engine",
            "old=/tmp/turncoat-old --quiet",
            "--no-open",
        ]))
        .unwrap();
        assert_eq!(a.port, 8080);
        assert!(!a.open);
        assert_eq!(a.engines[0].name, "old");
        assert_eq!(a.engines[0].cmd, "/tmp/turncoat-old");
        assert_eq!(a.engines[0].args, strings(&["--quiet"]));
        let plain = parse(&[]).unwrap();
        assert_eq!((plain.port, plain.open), (0, true));
    }

    #[test]
    fn bad_arguments_are_explained() {
        let kind = |v: &[&str]| match parse(&strings(v)).unwrap_err() {
            GuiArgsError::CommandLine(e) => e.kind(),
            e => panic!("{v:?}: {e}"),
        };
        assert_eq!(kind(&["--port", "70000"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--port"]), ErrorKind::InvalidValue);
        assert_eq!(kind(&["--engine", "noequals"]), ErrorKind::ValueValidation);
        assert_eq!(kind(&["--fast"]), ErrorKind::UnknownArgument);
        assert_eq!(
            parse_engine("noequals").unwrap_err(),
            EngineSpecError::NoName
        );
        assert_eq!(parse_engine("x=").unwrap_err(), EngineSpecError::NoCommand);
        assert_eq!(parse_engine("=cmd").unwrap_err(), EngineSpecError::BadName);
        assert!(matches!(
            parse(&strings(&["--engine", "a=x", "--engine", "a=y"])),
            Err(GuiArgsError::TwoEngines(name)) if name == "a"
        ));
        let message = parse(&strings(&["--port", "70000"])).unwrap_err();
        assert!(message
            .to_string()
            .starts_with("invalid value '70000' for '--port <N>'"));
    }
}
