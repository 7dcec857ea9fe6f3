//! `slide solve`: one instance, read, routed, solved and printed.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};
use slide_core::MoveOrder;

use crate::args::SolveArgs;
use crate::error::{write_failed, CliError};
use crate::instance::Instance;
use crate::route::{Request, Route, Tables};
use crate::small::Ask;

/// `slide solve`: its output written to standard output once the answer is
/// whole (nothing is written for a failure), the moves a chunk at a time.
pub(crate) fn solve(args: &SolveArgs) -> Result<(), CliError> {
    // Not locked while the search runs: its threads may print.
    let mut stdout = std::io::BufWriter::new(std::io::stdout());
    solve_with(args, &Tables::new(), &mut stdout)
        .and_then(|()| std::io::Write::flush(&mut stdout).map_err(write_failed))
}

/// [`solve`] with `tables` (a [`crate::Solver`]'s, kept from one solve to
/// the next), its output written to `out`.
pub(crate) fn solve_with(args: &SolveArgs, tables: &Tables, out: &mut dyn Write) -> Result<(), CliError> {
    if args.graph {
        return out
            .write_all(crate::graph::solve(args)?.as_bytes())
            .map_err(write_failed);
    }
    let instance = Instance::read_argument(&args.board, args.goal.as_deref(), args.shape)?;
    let order = args.order.unwrap_or(MoveOrder::KORF);
    let request = Request {
        ask: Ask {
            order,
            all: args.all.then(|| args.limit.unwrap_or(usize::MAX)),
        },
        show: args.show,
        limits: args.limits,
        max_moves: args.max_moves,
        threads: crate::threads::thread_count(None),
        stop: None,
        quick_first: true,
        started: slide_core::Instant::now(),
    };
    if args.algo == crate::args::Algo::Auto && (17..=crate::near::NEAR_MAX_CELLS).contains(&instance.cells()) {
        // A search of seconds, the budget counting the tables' reading:
        // the 24-puzzle's mapped rather than copied, as a unit's worker
        // maps them (`record/2026-12-06-near-optimal.md`).
        slide_cache::map_tables();
    }
    let route = Route::of(&instance, args.algo, args.heuristic, &request, tables)?;
    // On a terminal, a long search says how it goes; the search on every
    // core reports once per iteration, and an iteration can take seconds:
    // the spinner turns on its own.
    let spinner = std::io::stderr().is_terminal().then(|| {
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        spinner
    });
    let solution = route.solve(instance, &request, tables, spinner.as_ref());
    if let Some(spinner) = &spinner {
        spinner.finish_and_clear();
    }
    let solution = solution?;
    match args.json {
        true => solution.write_json(args.show, order, out),
        false => solution.write_text(args.show, order, out),
    }
    .map_err(write_failed)
}
