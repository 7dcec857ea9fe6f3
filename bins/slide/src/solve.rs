//! `slide solve`: one board, optimally.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use slide_core::{Board, MoveOrder};
use slide_solvers::{state_memory, Budget, Progress, BYTES_PER_STATE};

use crate::args::{Size, SolveArgs};
use crate::error::{bad_input, CliError};
use crate::output::{all_paths_output, answer_json, answer_text};
use crate::plan::{tables, Ask, Instance, Outcome, Plan, Tables};

/// The board an argument gives: the argument itself, or standard input
/// for `-` (boards too large for a command line).
pub(crate) fn board_text(argument: &str) -> Result<String, CliError> {
    if argument != "-" {
        return Ok(argument.to_string());
    }
    let mut board = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut board)
        .map_err(|e| bad_input(format!("cannot read the board from standard input: {e}")))?;
    Ok(board)
}

/// The output of `slide solve`.
pub(crate) fn solve(args: &SolveArgs) -> Result<String, CliError> {
    if args.graph {
        return crate::graph::solve(args);
    }
    if args.board == "-" {
        let args = SolveArgs {
            board: board_text(&args.board)?,
            ..args.clone()
        };
        return solve(&args);
    }
    if crate::large::wanted(args) {
        return crate::large::solve(args);
    }
    let instance = Instance::read(&args.board, args.goal.as_deref(), args.shape.and_then(Size::shape))?;
    let plan = Plan::choose(&instance, args.algo, args.heuristic);
    let order = args.order.unwrap_or(MoveOrder::KORF);
    let ask = Ask {
        order,
        all: args.all.then(|| args.limit.unwrap_or(usize::MAX)),
    };
    let plan = plan.for_ask(ask, instance.start.shape())?;
    let tables = tables(true);
    // On a terminal, a long search says how it goes.
    let spinner = std::io::stderr().is_terminal().then(|| {
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
        // The search on every core reports once per iteration, and an
        // iteration can take seconds: the spinner turns on its own.
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        spinner
    });
    let mut show_progress = |progress: &Progress| {
        if let Some(spinner) = &spinner {
            spinner.set_message(describe(plan, &instance.goal, &tables, progress));
            spinner.tick();
        }
    };
    let mut budget = Budget {
        max_states: args.limits.states(BYTES_PER_STATE),
        time_limit: args.limits.timeout,
        progress: Some(&mut show_progress),
        ..Budget::default()
    };
    let started = Instant::now();
    let outcome = plan.run_asking(&instance, &tables, ask, &mut budget);
    if let Some(spinner) = &spinner {
        spinner.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    let answer = match outcome? {
        Outcome::One(answer) => answer,
        Outcome::All(all) => {
            return Ok(all_paths_output(
                &instance,
                all.as_ref(),
                &plan.name(&instance.goal, &tables),
                seconds,
                order,
                args.json,
            ))
        }
    };
    if args.json {
        let mut object = answer_json(
            &instance,
            &answer,
            &plan.name(&instance.goal, &tables),
            seconds,
            None,
            args.show,
        );
        if let (Some(order), Some(path)) = (args.order, &answer.path) {
            object["path"] = order.write(path).into();
        }
        return Ok(format!("{object}\n"));
    }
    Ok(answer_text(&instance, &answer, args.show, order))
}

/// A running search's progress in words: its layer or bound, the states it
/// stores, the nodes it made and how fast.
fn describe(plan: Plan, goal: &Board, tables: &Tables, progress: &Progress) -> String {
    let seconds = progress.elapsed.as_secs_f64().max(1e-9);
    let rate = progress.generated as f64 / seconds / 1e6;
    match plan {
        Plan::IdaStar(_) | Plan::Astar(_) => format!(
            "{}: bound {}, {} nodes, {rate:.1} M nodes/s, {seconds:.0} s",
            plan.name(goal, tables),
            progress.depth,
            progress.generated
        ),
        Plan::Bfs | Plan::Bidi | Plan::Table => format!(
            "{}: depth {}, {} states stored (at most {}), {rate:.1} M nodes/s, {seconds:.0} s",
            plan.name(goal, tables),
            progress.depth,
            progress.stored,
            state_memory(progress.stored, BYTES_PER_STATE)
        ),
    }
}
