//! The command line's failures: one line, and an exit status; and writing
//! to the standard streams without a panic.

use std::io::Write;

use slide_solvers::SearchError;

/// A failure: its message and exit status.
#[derive(Debug)]
pub struct CliError {
    /// 2 for bad input or usage, 1 for a search that could not finish or
    /// output that could not be written, 0 to stop quietly.
    pub status: u8,
    /// One line; empty to say nothing.
    pub message: String,
}

/// A failure of the input or the usage (status 2).
pub(crate) fn bad_input(message: impl Into<String>) -> CliError {
    CliError {
        status: 2,
        message: message.into(),
    }
}

impl From<SearchError> for CliError {
    fn from(error: SearchError) -> CliError {
        let status = match error {
            SearchError::StateLimit { .. }
            | SearchError::TooLong { .. }
            | SearchError::OutOfTime { .. }
            | SearchError::Cancelled => 1,
            SearchError::Pair(_)
            | SearchError::Sizes { .. }
            | SearchError::Heuristic(_)
            | SearchError::NotAUnit { .. }
            | SearchError::TooDeep { .. } => 2,
        };
        let hint = match error {
            SearchError::StateLimit { .. } => " (try --algo idastar, or raise --max-states)",
            _ => "",
        };
        CliError {
            status,
            message: format!("{error}{hint}"),
        }
    }
}

/// Writes `text` to standard output, now. A reader that went away (`|
/// head`) stops the program quietly, with status 0, as Unix tools stop;
/// any other failure is an error with status 1.
pub(crate) fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(write_failed)
}

/// What a failure to write the output is: nothing to say when the reader
/// has gone (a closed pipe), else status 1 and why.
pub(crate) fn write_failed(error: std::io::Error) -> CliError {
    match error.kind() {
        std::io::ErrorKind::BrokenPipe => CliError {
            status: 0,
            message: String::new(),
        },
        _ => CliError {
            status: 1,
            message: format!("cannot write the output: {error}"),
        },
    }
}

/// Writes a line to standard error; if that cannot be done, there is no one
/// to tell, so the program goes on with its exit status.
pub(crate) fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}
