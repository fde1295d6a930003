//! The command line of `turncoat gui`.

use crate::arena::program::{ProgramConfig, Protocol};

/// `turncoat gui --help`.
pub const HELP: &str = "usage: turncoat gui [--port N] [--engine NAME=COMMAND]... [--no-open]

Serves a browser GUI on 127.0.0.1 for every variant: play against an
engine, watch two engines, hotseat, analysis; conversions, cascades,
apocalypse turns and the persuasion/support map drawn on the board. The
first line on stdout is the address with its access token; the default
browser opens it unless --no-open. Ctrl-C ends the server and its engines.

  --port N               the port to listen on (default 0: any free port)
  --engine NAME=COMMAND  a UCI engine the page may choose, as NAME; COMMAND
                         is the program and its arguments, split at spaces.
                         Repeatable. This turncoat is always offered too,
                         as `turncoat` (unless an engine given has that
                         name).
  --no-open              do not open a browser";

/// What `turncoat gui` was asked to do.
#[derive(Clone, Debug)]
pub struct GuiArgs {
    pub port: u16,
    pub engines: Vec<ProgramConfig>,
    pub open: bool,
}

/// Parses the arguments after `gui`; `Err` is the message for the user.
pub fn parse(argv: &[String]) -> Result<GuiArgs, String> {
    let mut args = GuiArgs {
        port: 0,
        engines: Vec::new(),
        open: true,
    };
    let mut it = argv.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .ok_or_else(|| format!("{flag} needs a value"))
                .cloned()
        };
        match flag.as_str() {
            "--port" => {
                let v = value()?;
                args.port = v
                    .parse()
                    .map_err(|_| format!("bad port '{v}': a number from 0 to 65535"))?;
            }
            "--engine" => {
                let engine = parse_engine(&value()?)?;
                if args.engines.iter().any(|e| e.name == engine.name) {
                    return Err(format!("two engines are named '{}'", engine.name));
                }
                args.engines.push(engine);
            }
            "--no-open" => args.open = false,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(args)
}

/// `NAME=COMMAND ARG...`: a UCI engine.
fn parse_engine(spec: &str) -> Result<ProgramConfig, String> {
    let (name, command) = spec
        .split_once('=')
        .ok_or_else(|| format!("bad --engine '{spec}': expected NAME=COMMAND"))?;
    let name = name.trim();
    if name.is_empty() || name.len() > 64 || name.chars().any(char::is_control) {
        return Err(format!(
            "bad --engine '{spec}': the name must be 1 to 64 printable characters"
        ));
    }
    let mut words = command.split_whitespace().map(str::to_string);
    let cmd = words
        .next()
        .ok_or_else(|| format!("bad --engine '{spec}': no command"))?;
    Ok(ProgramConfig {
        name: name.to_string(),
        cmd,
        args: words.collect(),
        protocol: Protocol::Uci,
        options: Vec::new(),
    })
}

/// This very program as the default engine, `turncoat`.
pub fn default_engine() -> Result<ProgramConfig, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
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
        assert_eq!(parse(&[]).unwrap().port, 0);
    }

    #[test]
    fn bad_arguments_are_explained() {
        let err = |v: &[&str]| parse(&strings(v)).unwrap_err();
        assert!(err(&["--port", "70000"]).starts_with("bad port"));
        assert!(err(&["--port"]).contains("needs a value"));
        assert!(err(&["--engine", "noequals"]).contains("NAME=COMMAND"));
        assert!(err(&["--engine", "x="]).contains("no command"));
        assert!(err(&["--engine", "=cmd"]).contains("name"));
        assert!(err(&["--engine", "a=x", "--engine", "a=y"]).contains("two engines"));
        assert!(err(&["--fast"]).starts_with("unknown argument"));
    }
}
