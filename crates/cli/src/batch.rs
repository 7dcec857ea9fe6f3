//! `slide batch`: one instance per line, solved on every core, answered in
//! input order as soon as every earlier line is answered.

use std::io::{BufReader, IsTerminal, Read};

use crate::threads::{for_each_in_order, thread_count, Emit, Window, MOST_TAKEN};
use indicatif::{ProgressBar, ProgressStyle};
use slide_core::{Instant, MoveOrder};

use crate::args::BatchArgs;
use crate::error::{bad_input, say, write_stdout, CliError};
use crate::instance::Instance;
use crate::lines::{Line, Lines, MAX_LINE};
use crate::solution::Solution;
use crate::solver::{Solver, Wanted};

/// One line's outcome: its number, and its instance with its answer or
/// why the search failed, or why the line is not an instance; `None` for
/// a blank line or a comment.
type LineResult = (usize, Option<Result<Result<Solution, CliError>, Refused>>);

/// Why a line gives no instance.
enum Refused {
    /// The line is not one: the lines after it go on.
    Line(CliError),
    /// The input cannot be read here: nothing after it is answered.
    Input(CliError),
}

/// Answers every instance of the input, writing each line's answer as soon
/// as it and every earlier one are done; bad lines are reported on standard
/// error by number, and the others go on.
pub(crate) fn batch(args: &BatchArgs) -> Result<(), CliError> {
    let input: Box<dyn Read + Send> = if args.file == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(&args.file).map_err(|e| bad_input(format!("{}: {e}", args.file)))?)
    };
    let solver = Solver::with(args.limits, args.max_moves);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{pos} lines answered {elapsed}").expect("a valid template"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut summary = Summary::default();
    let mut write_failure: Option<CliError> = None;
    let started = Instant::now();
    // Each line as bytes, so that one that is not UTF-8 is reported by
    // number instead of refusing the whole input; each of bounded length,
    // so that an input with no newline cannot take all memory.
    // The reader only cuts lines; each is read as a job on the thread that
    // answers it, so that one thread reading does not hold back the rest.
    let lines = Lines::new(BufReader::new(input), MAX_LINE);
    let job_of = |line: Line| -> Option<Result<Instance, Refused>> {
        let line = match line {
            Line::Text(line) => line,
            Line::TooLong => {
                let message = format!("the line is longer than {} MiB, more than any board", MAX_LINE >> 20);
                return Some(Err(Refused::Line(bad_input(message))));
            }
            Line::Failed(error) => {
                let message = format!("cannot read the input: {error}");
                return Some(Err(Refused::Input(bad_input(message))));
            }
        };
        let Ok(text) = String::from_utf8(line) else {
            return Some(Err(Refused::Line(bad_input("the line is not UTF-8 text"))));
        };
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            return None;
        }
        let (start, goal) = match text.split_once(';') {
            Some((start, goal)) => (start, Some(goal)),
            None => (text, None),
        };
        Some(Instance::read(start, goal, None).map_err(Refused::Line))
    };
    // Lines run side by side on every core: each search on one.
    let solve = |(number, line): (usize, Line)| -> LineResult {
        let Some(instance) = job_of(line) else {
            return (number, None);
        };
        let wanted = || Wanted {
            threads: 1,
            quick_first: false,
            stop: None,
            budget: None,
        };
        let outcome = instance.map(|instance| solver.answer(instance, args.algo, args.heuristic, wanted()));
        (number, Some(outcome))
    };
    let threads = thread_count(None);
    // Many small lines at once, each worker taking its share; at most as
    // many bytes as four of the longest lines a thread.
    let window = Window {
        items: 4 * threads * MOST_TAKEN,
        weight: 4 * threads * MAX_LINE,
    };
    let bytes = |(_, line): &(usize, Line)| match line {
        Line::Text(text) => text.len() + 1,
        Line::TooLong | Line::Failed(_) => 1,
    };
    let mut fatal: Option<CliError> = None;
    // Answers are gathered and written when no more are ready: one write
    // for many lines, each line still out as soon as it can be.
    let mut pending = String::new();
    for_each_in_order(lines, window, bytes, threads, solve, |emitted| {
        let (number, outcome) = match emitted {
            Emit::Answer((number, Some(outcome))) => (number, outcome),
            // A blank line or a comment.
            Emit::Answer((_, None)) => return true,
            Emit::Idle => {
                if !pending.is_empty() {
                    write_failure = write_stdout(&pending).err();
                    pending.clear();
                }
                return write_failure.is_none();
            }
        };
        bar.inc(1);
        let error = match outcome {
            Ok(Ok(solved)) => {
                summary.count(solved.length());
                pending.push_str(&match args.json {
                    true => format!("{}\n", solved.json(Some(number), false, MoveOrder::KORF)),
                    false => solved.batch_line(number),
                });
                if pending.len() >= 1 << 16 {
                    write_failure = write_stdout(&pending).err();
                    pending.clear();
                }
                return write_failure.is_none();
            }
            Ok(Err(error)) => {
                summary.failed += 1;
                error
            }
            Err(Refused::Input(error)) => {
                fatal = Some(CliError {
                    message: format!("line {number}: {}", error.message),
                    ..error
                });
                return false;
            }
            Err(Refused::Line(error)) => error,
        };
        // A line's error goes out after the answers before it.
        if !pending.is_empty() {
            write_failure = write_stdout(&pending).err();
            pending.clear();
        }
        bar.suspend(|| say(&format!("line {number}: {}", error.message)));
        summary.status = summary.status.max(error.status);
        write_failure.is_none()
    });
    bar.finish_and_clear();
    if let Some(error) = write_failure.or(fatal) {
        return Err(error);
    }
    say(&summary.line(started.elapsed().as_secs_f64()));
    match summary.status {
        0 => Ok(()),
        status => Err(CliError {
            status,
            message: "some lines could not be answered (see above)".to_string(),
        }),
    }
}

/// What the summary line counts.
#[derive(Default)]
struct Summary {
    /// Instances whose search failed.
    failed: usize,
    solved: usize,
    unsolvable: usize,
    total_length: usize,
    /// The worst exit status of a line: 2 for a bad line, 1 for a search
    /// that could not finish.
    status: u8,
}

impl Summary {
    fn count(&mut self, length: Option<usize>) {
        match length {
            Some(length) => {
                self.solved += 1;
                self.total_length += length;
            }
            None => self.unsolvable += 1,
        }
    }

    fn line(&self, seconds: f64) -> String {
        let mean = if self.solved > 0 {
            self.total_length as f64 / self.solved as f64
        } else {
            0.0
        };
        format!(
            "{} instances: {} solved, {} unsolvable; total length {}, mean {mean:.2}; {seconds:.3} s",
            self.solved + self.unsolvable + self.failed,
            self.solved,
            self.unsolvable,
            self.total_length
        )
    }
}
