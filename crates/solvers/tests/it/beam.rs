//! Beam search: paths that replay, never shorter than a shortest one,
//! shortest where the beam is as wide as the 8-puzzle's widest layer,
//! nothing returned that does not beat the bound asked, a stalled beam's
//! path finished by the caller, and every path shortened before it is
//! weighed.

use std::time::Duration;

use slide_core::{Board, Move, Shape, SplitMix64};
use slide_solvers::{
    beam_search, beam_within, ida_star, BeamEnd, BeamWay, Budget, Cells, Heuristic, LinearConflict, Manhattan,
    WideBoard, BEAM_STALL_BOARDS,
};

/// The path replays from `start` to `goal` and is at least `shortest` long.
fn check(start: &Board, goal: &Board, path: &[Move], shortest: usize) {
    assert_eq!(
        start.apply_path(path),
        Some(*goal),
        "{start}: the path does not reach the goal"
    );
    assert!(
        path.len() >= shortest,
        "{start}: {} moves, shorter than {shortest}",
        path.len()
    );
}

#[test]
fn narrow_beams_find_paths_that_replay_and_wide_ones_shortest_paths() {
    let (goal, _) = slide_testdata::eight_puzzle_positions();
    // The 8-puzzle's widest layer holds 24,047 boards: a beam that wide
    // keeps every board of every depth, and is breadth-first search.
    for (start, distance) in slide_testdata::eight_puzzle_sample().iter().step_by(50) {
        for width in [1, 8, 64] {
            match beam_search(start, goal, &Manhattan, width, 100, 2, &mut Budget::default()).unwrap() {
                (BeamEnd::Reached(path), _) => check(start, goal, &path, *distance),
                // A stalled beam's paths lead somewhere on the board, the
                // first to a board of lower estimate than the start's (or
                // to the start).
                (BeamEnd::Stalled(ends), _) => {
                    assert!(!ends.is_empty() && ends.len() <= BEAM_STALL_BOARDS);
                    let estimate = |board: &Board| Manhattan.estimate(board, goal).unwrap();
                    for (index, path) in ends.iter().enumerate() {
                        let there = start.apply_path(path).expect("a stalled beam's path replays");
                        // The first: where the least estimate was first held.
                        assert!(index > 0 || path.is_empty() || estimate(&there) < estimate(start));
                    }
                }
                (BeamEnd::Lost, _) => {}
            }
        }
        let (end, _) = beam_search(start, goal, &LinearConflict, 25_000, 100, 2, &mut Budget::default()).unwrap();
        assert_eq!(end.reached().map(|path| path.len()), Some(*distance), "{start}");
    }
}

#[test]
fn a_beam_returns_only_a_path_shorter_than_asked() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::goal(shape);
    let mut random = SplitMix64::new(11);
    for _ in 0..20 {
        // A walk of 40 moves from the goal: IDA* finds its shortest path at once.
        let mut start = goal;
        for _ in 0..40 {
            let moves: Vec<Board> = start.successors().map(|(_, next)| next).collect();
            start = moves[random.below(moves.len())];
        }
        let shortest = ida_star(&start, &goal, LinearConflict).unwrap().length().unwrap();
        let (end, _) = beam_search(&start, &goal, &LinearConflict, 1000, 200, 2, &mut Budget::default()).unwrap();
        let path = end.reached().expect("a beam of 1000 solves a 15-puzzle");
        check(&start, &goal, &path, shortest);
        let (shorter, _) = beam_search(
            &start,
            &goal,
            &LinearConflict,
            1000,
            path.len(),
            2,
            &mut Budget::default(),
        )
        .unwrap();
        assert!(shorter.reached().is_none_or(|shorter| shorter.len() < path.len()));
        let (none, _) = beam_search(
            &start,
            &goal,
            &LinearConflict,
            1000,
            shortest,
            2,
            &mut Budget::default(),
        )
        .unwrap();
        assert_eq!(none.reached(), None, "{start}: no path is shorter than {shortest}");
    }
}

#[test]
fn beams_within_a_time_limit_stop_and_a_longer_limit_is_not_worse() {
    let goal = slide_core::LargeBoard::goal(6, 6);
    let mut random = SplitMix64::new(5);
    let large = slide_core::LargeBoard::random(&goal, &mut random);
    let reduced = bound_for(&large);
    let (start, target) = (
        WideBoard::<Cells>::of(&large).unwrap(),
        WideBoard::<Cells>::of(&goal).unwrap(),
    );
    let mut lengths = Vec::new();
    for millis in [300, 1200] {
        let mut budget = Budget {
            time_limit: Some(Duration::from_millis(millis)),
            ..Budget::default()
        };
        let started = std::time::Instant::now();
        let (path, _) = beam_within(
            &start,
            &target,
            &LinearConflict,
            reduced,
            2,
            &mut |_: BeamWay, _: &[Move]| None,
            &mut budget,
        )
        .unwrap();
        // The clock is read every 4,096 expansions: well within a second.
        assert!(started.elapsed() < Duration::from_millis(millis + 1000));
        if let Some(path) = &path {
            let mut board = large.clone();
            assert_eq!(board.apply_path(path), None);
            assert_eq!(board, goal);
        }
        lengths.push(path.map_or(reduced, |path| path.len()));
    }
    assert!(lengths[1] <= lengths[0], "{lengths:?}");
}

/// A bound for a 6x6 board's beams: four times its Manhattan distance,
/// more than any reduction takes.
fn bound_for(board: &slide_core::LargeBoard) -> usize {
    4 * board.manhattan(&slide_core::LargeBoard::goal(6, 6)) as usize
}

#[test]
fn a_beam_on_two_threads_is_the_beam_on_one() {
    let goal = slide_core::LargeBoard::goal(6, 6);
    let large = slide_core::LargeBoard::random(&goal, &mut SplitMix64::new(12));
    let (start, target) = (
        WideBoard::<Cells>::of(&large).unwrap(),
        WideBoard::<Cells>::of(&goal).unwrap(),
    );
    let bound = bound_for(&large);
    let paths: Vec<_> = [1, 2, 3]
        .map(|threads| {
            beam_search(
                &start,
                &target,
                &LinearConflict,
                300,
                bound,
                threads,
                &mut Budget::default(),
            )
            .unwrap()
        })
        .into_iter()
        .map(|(path, stats)| (path, stats.generated))
        .collect();
    assert!(matches!(paths[0].0, BeamEnd::Reached(_)));
    assert_eq!(paths[0], paths[1]);
    assert_eq!(paths[0], paths[2]);
}

#[test]
fn beams_both_ways_side_by_side_are_the_beams_one_after_the_other() {
    // On one thread the two ways of a width take turns; on two and more
    // they run side by side: the same beams, the same path.
    let goal = slide_core::LargeBoard::goal(6, 6);
    let mut random = SplitMix64::new(21);
    for _ in 0..3 {
        let large = slide_core::LargeBoard::random(&goal, &mut random);
        let (start, target) = (
            WideBoard::<Cells>::of(&large).unwrap(),
            WideBoard::<Cells>::of(&goal).unwrap(),
        );
        let paths: Vec<_> = [1, 2, 3]
            .map(|threads| {
                // Widths 64 to 512, whatever the clock says.
                let mut budget = Budget {
                    max_states: 512,
                    ..Budget::default()
                };
                let mut finish = |_: BeamWay, _: &[Move]| None;
                let bound = bound_for(&large);
                beam_within(
                    &start,
                    &target,
                    &LinearConflict,
                    bound,
                    threads,
                    &mut finish,
                    &mut budget,
                )
                .unwrap()
            })
            .into_iter()
            .map(|(path, stats)| (path, stats.generated))
            .collect();
        let path = paths[0]
            .0
            .as_ref()
            .expect("a beam beats four times the Manhattan distance");
        let mut board = large.clone();
        assert_eq!(board.apply_path(path), None);
        assert_eq!(board, goal);
        assert_eq!(paths[0], paths[1]);
        assert_eq!(paths[0], paths[2]);
    }
}

#[test]
fn a_stalled_beam_is_finished_by_the_caller_and_its_path_replays() {
    // Beams of 64 boards stall on 8x8 boards, both ways; a forward one is
    // finished by going back to the start and along the way back of the
    // walk that made it, a backward one by that way back and then its own
    // path from the goal.
    let goal = slide_core::LargeBoard::goal(8, 8);
    let mut random = SplitMix64::new(3);
    let mut finished = [0, 0];
    for _ in 0..3 {
        let mut large = goal.clone();
        let mut walk = Vec::new();
        while walk.len() < 10_000 {
            let mv = Move::ALL[random.below(4)];
            if large.apply(mv) {
                walk.push(mv);
            }
        }
        let back: Vec<Move> = slide_core::undone(&walk).collect();
        let mut finish = |way: BeamWay, path: &[Move]| {
            let mut there = if way == BeamWay::Forward {
                large.clone()
            } else {
                goal.clone()
            };
            assert_eq!(there.apply_path(path), None, "a stalled beam's path replays");
            finished[way as usize] += 1;
            Some(match way {
                // From there back to the start, then to the goal.
                BeamWay::Forward => path
                    .iter()
                    .rev()
                    .map(|mv| mv.reverse())
                    .chain(back.iter().copied())
                    .collect(),
                // From the start to the goal, then on to there.
                BeamWay::Backward => back.iter().chain(path).copied().collect(),
            })
        };
        let (start, target) = (
            WideBoard::<Cells>::of(&large).unwrap(),
            WideBoard::<Cells>::of(&goal).unwrap(),
        );
        // The first width alone, whatever the clock says.
        let mut budget = Budget {
            max_states: 1,
            ..Budget::default()
        };
        let (path, _) = beam_within(&start, &target, &LinearConflict, 100_000, 2, &mut finish, &mut budget).unwrap();
        let path = path.expect("a beam, finished or not, beats a bound of 100,000");
        let mut board = large.clone();
        assert_eq!(board.apply_path(&path), None);
        assert_eq!(board, goal);
    }
    assert!(
        finished[0] > 0 && finished[1] > 0,
        "no beam stalled one way: {finished:?}"
    );
}

/// Completes nothing, and shortens a path only where it is longer than
/// `above`, to a shortest one: shortening that favours longer paths, so
/// that a beam's path that is shorter as found can be longer shortened.
struct ShortenAbove {
    start: Board,
    goal: Board,
    shortest: Vec<Move>,
    above: usize,
    shortened: usize,
}

impl slide_solvers::BeamFinish for ShortenAbove {
    fn finish(&mut self, _: BeamWay, _: &[Move]) -> Option<Vec<Move>> {
        None
    }

    fn shorten(&mut self, path: Vec<Move>) -> Vec<Move> {
        assert_eq!(
            self.start.apply_path(&path),
            Some(self.goal),
            "a whole path is shortened"
        );
        if path.len() <= self.above {
            return path;
        }
        self.shortened += 1;
        self.shortest.clone()
    }
}

#[test]
fn every_beam_path_is_shortened_before_it_is_weighed() {
    // Wider beams (a larger `max_states`) find the same paths and more; the
    // answer, each path shortened as it comes, never grows with them.
    // Shortened only once it had won, it did (board 3: 50 moves at widths
    // up to 64, 52 up to 128).
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::goal(shape);
    let mut random = SplitMix64::new(21);
    let mut shortened = 0;
    for _ in 0..12 {
        let start = random.scramble(&goal, 100);
        let shortest = ida_star(&start, &goal, LinearConflict).unwrap().path.unwrap();
        let mut lengths = Vec::new();
        for max_states in [128, 256, 512, 1024] {
            let mut finish = ShortenAbove {
                start,
                goal,
                shortest: shortest.clone(),
                above: shortest.len() + 2,
                shortened: 0,
            };
            let mut budget = Budget {
                max_states,
                ..Budget::default()
            };
            let (path, _) = beam_within(&start, &goal, &Manhattan, 200, 2, &mut finish, &mut budget).unwrap();
            let path = path.expect("a beam beats 200 moves on 4x4");
            check(&start, &goal, &path, shortest.len());
            lengths.push(path.len());
            shortened += finish.shortened;
        }
        assert!(
            lengths.windows(2).all(|pair| pair[1] <= pair[0]),
            "{start}: {lengths:?}"
        );
    }
    assert!(shortened > 0, "no path was long enough to be shortened");
}
