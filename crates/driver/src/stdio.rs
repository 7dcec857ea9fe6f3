//! The judges' `main`: standard input in, the answer or one error line
//! out; and the usual answer line.

use std::io::{Read, Write};

/// The exit status for input that was refused.
pub const BAD_INPUT: u8 = 2;

/// The exit status when standard input or output fails.
pub const IO_ERROR: u8 = 1;

/// Runs a driver and ends the process: `solve` maps the whole input to the
/// whole output, or to an error message. On error nothing goes to standard
/// output, the message goes to standard error after `error: `, and the
/// status is [`BAD_INPUT`].
///
/// A driver's `main` is this one call:
///
/// ```no_run
/// slide_driver::run_stdio(|input| Ok(input.to_uppercase()))
/// ```
///
/// It ends the process with [`std::process::exit`] rather than returning
/// a `std::process::ExitCode`, which came in Rust 1.61: HackerRank runs
/// 1.59. Nothing is lost: the answer is flushed first, and nothing else
/// is held.
pub fn run_stdio(solve: impl FnOnce(&str) -> Result<String, String>) -> ! {
    std::process::exit(status_of(solve))
}

/// What [`run_stdio`] does, but for ending the process: the exit status.
fn status_of(solve: impl FnOnce(&str) -> Result<String, String>) -> i32 {
    if !stdout_is_open() {
        return fail("standard output is closed: the answers would be lost", IO_ERROR);
    }
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
            // Bound first: `stdout().lock()` as one expression is 'static
            // only from Rust 1.61.
            let stdout = std::io::stdout();
            let mut stdout = stdout.lock();
            match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => 0,
                // A reader that went away (`| head`): stop quietly, as Unix tools do.
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(error) => fail(&format!("cannot write the answer: {error}"), IO_ERROR),
            }
        }
        Err(message) => fail(&message, BAD_INPUT),
    }
}

/// Appends the judges' usual answer line to `output`: the length on a line
/// of its own, or `-1` for a puzzle that cannot be solved.
///
/// ```
/// let mut output = String::new();
/// slide_driver::push_length(&mut output, Some(19));
/// slide_driver::push_length(&mut output, None);
/// assert_eq!(output, "19\n-1\n");
/// ```
pub fn push_length(output: &mut String, length: Option<usize>) {
    match length {
        Some(moves) => output.push_str(&moves.to_string()),
        None => output.push_str("-1"),
    }
    output.push('\n');
}

/// Whether standard output is open. A program started with its standard
/// output closed (`>&-`) would lose its answers without an error: Rust's
/// runtime opens `/dev/null` in place of a closed standard descriptor. It
/// opens it for reading and writing, where a shell's `>/dev/null` opens it
/// for writing only, and that tells the two apart (on Linux, where
/// `/proc/self` shows both).
pub fn stdout_is_open() -> bool {
    #[cfg(target_os = "linux")]
    {
        // `matches!`, not `is_ok_and` (Rust 1.70): HackerRank runs 1.59.
        let on_null = matches!(std::fs::read_link("/proc/self/fd/1"), Ok(target) if target.as_os_str() == "/dev/null");
        if on_null {
            let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
            let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
            // The access mode is the low two bits: 1 write-only, 2 read-write.
            if let Some(Ok(flags)) = flags.map(|flags| u32::from_str_radix(flags.trim(), 8)) {
                return flags & 3 != 2;
            }
        }
    }
    true
}

/// Writes `error: MESSAGE` to standard error and returns `status`.
fn fail(message: &str, status: u8) -> i32 {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    i32::from(status)
}
