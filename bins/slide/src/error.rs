//! The command line's failures: one line, and an exit status.

use slide_solvers::SearchError;

/// A failure: its message and exit status.
#[derive(Debug)]
pub struct CliError {
    /// 2 for bad input or usage, 1 for a search that could not finish.
    pub status: u8,
    /// One line.
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
            SearchError::StateLimit { .. } | SearchError::TooLong { .. } => 1,
            SearchError::Pair(_) | SearchError::Heuristic(_) => 2,
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
