//! Near-optimal paths on wide boards, fast: weighted A* tried at a ladder
//! of weights on every core, each weight but the last within a cap of
//! stored boards.
//!
//! A lighter weight gives a shorter path and costs more boards, and how
//! many no one can tell before the search: on Korf and Felner's 24-puzzles
//! the boards weighted A* stores at one weight range over three orders of
//! magnitude, and are not even monotone in the weight. So the weights are
//! tried lightest first, each given up at the cap; the threads take them in
//! turn, and the path kept is the shortest among the weights up to the
//! lightest that succeeded. Those all run to their end, success or cap,
//! whatever the threads' timing: the answer depends on the board only. A
//! heavier weight still running when a lighter one succeeds is cancelled.
//! `record/2026-12-01-wide.md` has the ladder's measurements.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use slide_core::Instant;

use super::astar::{weighted_astar, AstarAsk, AstarEnd};
use super::{WideBoard, WideTiles};
use crate::heuristic::Heuristic;
use crate::position::Position;
use crate::{Answer, Budget, SearchError};

/// The weights tried, in hundredths, lightest first. The last is tried
/// within the caller's budget rather than [`NEAR_OPTIMAL_STATES`].
pub const NEAR_OPTIMAL_WEIGHTS: [u32; 6] = [140, 150, 160, 170, 200, 250];

/// The boards each weight but the last may store before it is given up:
/// about 40 MB, a few tenths of a second on the 24-puzzle.
pub const NEAR_OPTIMAL_STATES: usize = 400_000;

/// A path found by [`wide_near_optimal`], with what is known of the
/// shortest one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearOptimal {
    /// The path and the nodes of the weight that found it (no path when
    /// the target cannot be reached).
    pub answer: Answer,
    /// That weight, in hundredths: the path is at most `weight / 100`
    /// times as long as a shortest one.
    pub weight: u32,
    /// No path is shorter: the larger of the estimate at the start and the
    /// length divided by the weight, rounded up.
    pub lower_bound: usize,
}

/// A path from `start` to `target` at most `weight / 100` times as long as
/// a shortest one (the weight it reports), by weighted A* with `heuristic`
/// (an admissible one) at each of [`NEAR_OPTIMAL_WEIGHTS`] in turn on
/// `threads` threads, as the module's documentation says. The last weight
/// stores at most `budget.max_states` boards; every weight stops at the
/// budget's time limit. An error is the last weight's when none succeeds.
///
/// ```
/// use slide_core::{Move, SplitMix64};
/// use slide_solvers::{wide_astar, wide_near_optimal, Budget, LinearConflict, WideBoard};
/// let goal = WideBoard::<u128>::goal(5, 5);
/// let mut random = SplitMix64::new(3);
/// let mut start = goal;
/// for _ in 0..40 {
///     let moves: Vec<_> = Move::ALL.iter().filter_map(|&m| start.apply(m)).collect();
///     start = moves[random.below(moves.len())];
/// }
/// let near = wide_near_optimal(&start, &goal, LinearConflict, 2, &mut Budget::default()).unwrap();
/// let shortest = wide_astar(&start, &goal, LinearConflict, &mut Budget::default()).unwrap().length().unwrap();
/// let length = near.answer.length().unwrap();
/// assert!(near.lower_bound <= shortest && shortest <= length);
/// assert!(length * 100 <= shortest * near.weight as usize);
/// ```
pub fn wide_near_optimal<T, H>(
    start: &WideBoard<T>,
    target: &WideBoard<T>,
    heuristic: H,
    threads: usize,
    budget: &mut Budget,
) -> Result<NearOptimal, SearchError>
where
    T: WideTiles + Send + Sync,
    H: Heuristic<WideBoard<T>> + Clone + Send,
{
    // The trivial answers (the target itself, or out of reach) are exact.
    if let Some(answer) = start.answer_without_search(target)? {
        let lower_bound = answer.length().unwrap_or(0);
        return Ok(NearOptimal {
            answer,
            weight: 100,
            lower_bound,
        });
    }
    let h = heuristic.estimate(start, target).map_err(SearchError::Heuristic)?;
    let deadline = budget.time_limit.map(|limit| (Instant::now(), limit));
    let stop = budget.stop;
    let last = NEAR_OPTIMAL_WEIGHTS.len() - 1;
    let caps: Vec<usize> = (0..=last)
        .map(|k| {
            if k == last {
                budget.max_states
            } else {
                NEAR_OPTIMAL_STATES.min(budget.max_states)
            }
        })
        .collect();
    let ladder = Mutex::new(Ladder {
        next: 0,
        lightest: None,
        results: NEAR_OPTIMAL_WEIGHTS.iter().map(|_| None).collect(),
    });
    let cancel: Vec<AtomicBool> = NEAR_OPTIMAL_WEIGHTS.iter().map(|_| AtomicBool::new(false)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, NEAR_OPTIMAL_WEIGHTS.len()) {
            let (heuristic, ladder, cancel, caps) = (heuristic.clone(), &ladder, &cancel, &caps);
            scope.spawn(move || {
                loop {
                    // The lock is let go before the search (a guard in a
                    // `while let` would be held through the loop's body).
                    let Some(k) = lock(ladder).take() else { break };
                    let time_limit = deadline.map(|(started, limit)| limit.saturating_sub(started.elapsed()));
                    let mut budget = Budget {
                        max_states: caps[k],
                        time_limit: time_limit.map(|left| left.max(Duration::from_nanos(1))),
                        stop,
                        ..Budget::default()
                    };
                    let ask = AstarAsk {
                        weight: NEAR_OPTIMAL_WEIGHTS[k],
                        cancel: Some(&cancel[k]),
                        frontier: None,
                    };
                    let result = match weighted_astar(start, target, &heuristic, ask, &mut budget) {
                        Ok(AstarEnd::Found(answer)) => Some(Ok(answer)),
                        Ok(AstarEnd::Cancelled | AstarEnd::Frontier(_)) => None,
                        Err(error) => Some(Err(error)),
                    };
                    if let Some(result) = result {
                        lock(ladder).record(k, result, cancel);
                    }
                }
            });
        }
    });
    let ladder = ladder.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    ladder.answer(h as usize)
}

/// The weights handed out and what each gave.
struct Ladder {
    /// The next weight to hand out.
    next: usize,
    /// The lightest weight that found a path so far.
    lightest: Option<usize>,
    results: Vec<Option<Result<Answer, SearchError>>>,
}

fn lock(ladder: &Mutex<Ladder>) -> std::sync::MutexGuard<'_, Ladder> {
    ladder.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Ladder {
    /// The next weight to try, unless every weight was handed out or a
    /// lighter one already succeeded.
    fn take(&mut self) -> Option<usize> {
        let k = self.next;
        if k == self.results.len() || self.lightest.is_some_and(|lightest| lightest < k) {
            return None;
        }
        self.next += 1;
        Some(k)
    }

    /// Weight `k`'s result; a success cancels every heavier weight.
    fn record(&mut self, k: usize, result: Result<Answer, SearchError>, cancel: &[AtomicBool]) {
        if result.is_ok() && self.lightest.map_or(true, |lightest| k < lightest) {
            self.lightest = Some(k);
            for flag in &cancel[k + 1..] {
                flag.store(true, Ordering::Relaxed);
            }
        }
        self.results[k] = Some(result);
    }

    /// The shortest path among the weights up to the lightest that
    /// succeeded (the lightest of those on a tie); `h`, the estimate at the
    /// start, bounds the shortest path from below.
    fn answer(self, h: usize) -> Result<NearOptimal, SearchError> {
        let Some(lightest) = self.lightest else {
            let error = self.results.into_iter().flatten().filter_map(Result::err).next_back();
            return Err(error.expect("a weight that did not succeed stopped with an error"));
        };
        let (k, answer) = self
            .results
            .into_iter()
            .take(lightest + 1)
            .enumerate()
            .filter_map(|(k, result)| Some((k, result?.ok()?)))
            .min_by_key(|(k, answer)| (answer.length(), *k))
            .expect("the lightest weight that succeeded has a path");
        let weight = NEAR_OPTIMAL_WEIGHTS[k];
        let length = answer.length().expect("a path was found");
        let lower_bound = h.max((length * 100 + weight as usize - 1) / weight as usize);
        Ok(NearOptimal {
            answer,
            weight,
            lower_bound,
        })
    }
}
