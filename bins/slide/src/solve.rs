//! `slide solve`: one board, optimally.

use std::time::Instant;

use slide_pdb::{cache_dir, Databases};

use crate::args::SolveArgs;
use crate::error::CliError;
use crate::output::{answer_json, answer_text};
use crate::plan::{Instance, Plan, SPLIT};

/// The output of `slide solve`.
pub(crate) fn solve(args: &SolveArgs) -> Result<String, CliError> {
    let instance = Instance::read(&args.board, args.goal.as_deref(), args.shape)?;
    let plan = Plan::choose(&instance, args.algo, args.heuristic);
    let databases = Databases::new(cache_dir(), SPLIT);
    let started = Instant::now();
    let answer = plan.run(&instance, &databases, args.max_states)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return Ok(format!(
            "{}\n",
            answer_json(&instance, &answer, &plan.name(), seconds, None)
        ));
    }
    Ok(answer_text(&instance, &answer, args.show))
}
