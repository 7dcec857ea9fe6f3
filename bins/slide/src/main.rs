//! `slide`: solve, batch-solve, tabulate and generate sliding-tile puzzles.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    let cli = match slide_cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage(&error),
    };
    if !slide_driver::stdout_is_open() {
        return fail("standard output is closed: the answers would be lost", 1);
    }
    match slide_cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.message.is_empty() => ExitCode::from(error.status),
        Err(error) => fail(&error.message, error.status),
    }
}

/// Prints help or the version as clap writes them (status 1 if they cannot
/// be written), and bad usage as one line, with status 2.
fn usage(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            if !slide_driver::stdout_is_open() {
                return fail("standard output is closed: the help would be lost", 1);
            }
            let mut stdout = std::io::stdout().lock();
            let text = error.render().to_string();
            match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => fail(&format!("cannot write the help: {error}"), 1),
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            // The command that lacks one: `slide`, or a subcommand named on
            // the line that has subcommands of its own (`slide units`).
            let mut command = slide_cli::Cli::command();
            let mut path = String::from("slide");
            for arg in std::env::args().skip(1) {
                match command.find_subcommand(&arg) {
                    Some(sub) if sub.has_subcommands() => {
                        path = format!("{path} {arg}");
                        command = sub.clone();
                    }
                    _ => break,
                }
            }
            let names: Vec<&str> = command
                .get_subcommands()
                .filter(|sub| !sub.is_hide_set())
                .map(|sub| sub.get_name())
                .collect();
            let (last, rest) = names.split_last().expect("slide has subcommands");
            let message = format!(
                "a subcommand is needed: {} or {last} (see {path} --help)",
                rest.join(", ")
            );
            fail(&message, 2)
        }
        _ => fail(
            &format!("{} (see slide --help)", one_line(&error.render().to_string())),
            2,
        ),
    }
}

/// Clap's message on one line: its first line, with the lines indented
/// under it (the arguments it names) joined to it.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines().filter(|line| !line.trim().is_empty());
    let first = lines.next().unwrap_or("bad usage");
    let mut line = first.strip_prefix("error: ").unwrap_or(first).to_string();
    for more in lines.take_while(|line| line.starts_with(' ')) {
        line.push(' ');
        line.push_str(more.trim());
    }
    line
}

/// Writes `error: MESSAGE` to standard error, if it can, and returns `status`.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(status)
}
