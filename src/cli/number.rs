//! Numbers in a range on the command line, refused with the flag's name
//! and the range (`--threads needs a number from 1 to 256`).

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use std::ffi::OsStr;
use std::fmt::Display;
use std::str::FromStr;

/// A clap value parser of numbers from `lo` to `hi`.
#[derive(Clone, Copy, Debug)]
pub struct NumberIn<T> {
    lo: T,
    hi: T,
}

impl<T> NumberIn<T> {
    pub const fn new(lo: T, hi: T) -> Self {
        NumberIn { lo, hi }
    }
}

impl<T> TypedValueParser for NumberIn<T>
where
    T: FromStr + PartialOrd + Display + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let number = value
            .to_str()
            .and_then(|v| v.parse::<T>().ok())
            .filter(|n| *n >= self.lo && *n <= self.hi);
        number.ok_or_else(|| {
            let (lo, hi) = (&self.lo, &self.hi);
            let message = format!("{} needs a number from {lo} to {hi}", flag_name(arg));
            clap::Error::raw(ErrorKind::ValueValidation, message).format(&mut cmd.clone())
        })
    }
}

/// How the user wrote the argument: `--threads`, or `DEPTH` for a
/// positional one.
fn flag_name(arg: Option<&clap::Arg>) -> String {
    let Some(arg) = arg else {
        return "the value".into();
    };
    match (arg.get_long(), arg.get_value_names()) {
        (Some(long), _) => format!("--{long}"),
        (None, Some([name, ..])) => name.to_string(),
        (None, _) => arg.get_id().to_string(),
    }
}
