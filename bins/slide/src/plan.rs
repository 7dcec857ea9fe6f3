//! Which search solves an instance, and running it.

use slide_core::{Board, MoveOrder, Shape};
use slide_pdb::Databases;
use slide_solvers::{
    answer_without_search, bfs_with, bidirectional_bfs_with, ida_star_in_order, shortest_path_in_order, Answer, Budget,
    Heuristic, LinearConflict, Manhattan, Split, DENSE_MAX_CELLS,
};

use crate::args::{Algo, HeuristicArg};
use crate::error::{bad_input, say, CliError};

/// The split whose pattern databases the command line uses.
pub(crate) const SPLIT: Split = Split::SixSixThree;

/// The command line's pattern databases, from the cache folder; a line on
/// standard error says when built tables cannot be saved there.
pub(crate) fn databases() -> Databases {
    Databases::new(slide_pdb::cache_dir(), SPLIT).with_notice(|line| say(&format!("warning: {line}")))
}

/// A start and its goal, read and checked.
pub(crate) struct Instance {
    pub(crate) start: Board,
    pub(crate) goal: Board,
}

impl Instance {
    /// Reads a start, and a goal of its shape (default: the tiles in order, the blank last).
    pub(crate) fn read(start: &str, goal: Option<&str>, shape: Option<Shape>) -> Result<Instance, CliError> {
        let start = Board::parse_rows(start, shape).map_err(|e| bad_input(format!("the board: {e}")))?;
        let goal = match goal {
            Some(text) => {
                Board::parse_rows(text, Some(start.shape())).map_err(|e| bad_input(format!("the goal: {e}")))?
            }
            None => Board::goal(start.shape()),
        };
        Ok(Instance { start, goal })
    }
}

/// How an instance is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Breadth-first search.
    Bfs,
    /// Two-ended breadth-first search.
    Bidi,
    /// IDA* with an estimate.
    IdaStar(HeuristicArg),
}

impl Plan {
    /// What `algo` and `heuristic` (or their defaults) mean for `instance`:
    /// `auto` is two-ended BFS on boards of up to 10 cells, where it stores
    /// a few thousand states, and IDA* beyond, which needs no memory; IDA*'s
    /// default estimate is pattern databases where the split fits the goal,
    /// linear conflict elsewhere.
    pub(crate) fn choose(instance: &Instance, algo: Algo, heuristic: Option<HeuristicArg>) -> Plan {
        let strongest = if SPLIT.check_target(&instance.goal).is_ok() {
            HeuristicArg::Pdb
        } else {
            HeuristicArg::LinearConflict
        };
        match algo {
            Algo::Bfs => Plan::Bfs,
            Algo::Bidi => Plan::Bidi,
            Algo::Auto if instance.start.shape().cells() <= DENSE_MAX_CELLS => Plan::Bidi,
            Algo::Auto | Algo::Idastar => Plan::IdaStar(heuristic.unwrap_or(strongest)),
        }
    }

    /// The plan's name in output: `bfs`, `bidirectional_bfs`, `ida_star/manhattan`...
    pub(crate) fn name(self) -> String {
        match self {
            Plan::Bfs => "bfs".to_string(),
            Plan::Bidi => "bidirectional_bfs".to_string(),
            Plan::IdaStar(HeuristicArg::Manhattan) => format!("ida_star/{}", Manhattan.name()),
            Plan::IdaStar(HeuristicArg::LinearConflict) => format!("ida_star/{}", LinearConflict.name()),
            Plan::IdaStar(HeuristicArg::Pdb) => format!("ida_star/pdb-{}", SPLIT.name()),
        }
    }

    /// Solves `instance`. A plan that cannot serve the goal is refused
    /// first; then what needs no search (an unsolvable pair, a start that is
    /// its goal) is answered, so no table is built for it; pattern databases
    /// come from `databases`, built there on first need. The search spends
    /// at most `budget`.
    pub(crate) fn run(
        self,
        instance: &Instance,
        databases: &Databases,
        budget: &mut Budget,
    ) -> Result<Answer, CliError> {
        self.run_in_order(instance, databases, MoveOrder::KORF, budget)
    }

    /// [`Plan::run`] that returns, of the shortest paths, the first in
    /// `order`: two-ended BFS has no order of its own, so on boards of up to
    /// 10 cells a distance table is walked in that order instead.
    pub(crate) fn run_in_order(
        self,
        instance: &Instance,
        databases: &Databases,
        order: MoveOrder,
        budget: &mut Budget,
    ) -> Result<Answer, CliError> {
        let (start, goal) = (&instance.start, &instance.goal);
        if self == Plan::IdaStar(HeuristicArg::Pdb) {
            if let Err(mismatch) = databases.split().check_target(goal) {
                return Err(bad_input(format!("{mismatch}; use --heuristic linear-conflict")));
            }
        }
        if let Some(answer) = answer_without_search(start, goal)? {
            return Ok(answer);
        }
        if order != MoveOrder::KORF && matches!(self, Plan::Bfs | Plan::Bidi) {
            if start.shape().cells() > DENSE_MAX_CELLS {
                return Err(bad_input(
                    "--order works with IDA* beyond 10 cells: use --algo auto or idastar",
                ));
            }
            return Ok(shortest_path_in_order(start, goal, order, budget)?);
        }
        Ok(match self {
            Plan::Bfs => bfs_with(start, goal, budget)?,
            Plan::Bidi => bidirectional_bfs_with(start, goal, budget)?,
            Plan::IdaStar(HeuristicArg::Manhattan) => ida_star_in_order(start, goal, Manhattan, order, budget)?,
            Plan::IdaStar(HeuristicArg::LinearConflict) => {
                ida_star_in_order(start, goal, LinearConflict, order, budget)?
            }
            Plan::IdaStar(HeuristicArg::Pdb) => {
                let pdb = databases.for_target(goal).map_err(|e| CliError {
                    status: 1,
                    message: e.to_string(),
                })?;
                ida_star_in_order(start, goal, pdb.expect("the split fits the goal"), order, budget)?
            }
        })
    }
}
