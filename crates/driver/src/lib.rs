//! What every judge driver's `main` does: read all of standard input, hand
//! it to the driver's function, and write the answer, or one error line.
//!
//! Standard library only, so that it can be pasted into a judge file.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::io::{Read, Write};
use std::process::ExitCode;

/// The exit status for input that was refused.
pub const BAD_INPUT: u8 = 2;

/// The exit status when standard input or output fails.
pub const IO_ERROR: u8 = 1;

/// Runs a driver: `solve` maps the whole input to the whole output, or to an
/// error message. On error nothing goes to standard output, the message goes
/// to standard error after `error: `, and the status is [`BAD_INPUT`].
///
/// A `main` is one line:
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     slide_driver::run_stdio(|input| Ok(input.to_uppercase()))
/// }
/// ```
pub fn run_stdio(solve: impl FnOnce(&str) -> Result<String, String>) -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut bytes) {
        return fail(&format!("cannot read the input: {error}"), IO_ERROR);
    }
    let input = match String::from_utf8(bytes) {
        Ok(input) => input,
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            return fail(&format!("byte {}: the input is not UTF-8 text", at + 1), BAD_INPUT);
        }
    };
    match solve(&input) {
        Ok(output) => {
            // A closed pipe is not worth a panic: report it and fail.
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => fail(&format!("cannot write the answer: {error}"), IO_ERROR),
            }
        }
        Err(message) => fail(&message, BAD_INPUT),
    }
}

/// The judges' usual answer lines: each length on a line of its own, and
/// `-1` for a puzzle that cannot be solved.
///
/// ```
/// assert_eq!(slide_driver::length_lines([Some(19), None]), "19\n-1\n");
/// ```
pub fn length_lines(lengths: impl IntoIterator<Item = Option<usize>>) -> String {
    let mut output = String::new();
    for length in lengths {
        match length {
            Some(moves) => output.push_str(&format!("{moves}\n")),
            None => output.push_str("-1\n"),
        }
    }
    output
}

/// Writes `error: MESSAGE` to standard error and returns `status`.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(status)
}
