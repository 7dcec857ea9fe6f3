//! The 24-puzzle's techniques, alone and together, against the plain
//! search (IDA* in Korf's order that skips only the move undoing the last):
//! duplicate pruning by the move machine, parallel IDA*, A*+IDA* with small
//! and large frontiers. The same lengths on 4x4 and 5x5 walks, with an
//! estimate that needs no table; every path replayed; with the machine
//! alone, the very path of the plain search (see `slide_solvers::Pruning`).

use slide_core::{Board, Move, Shape, SplitMix64};
use slide_solvers::{
    astar_ida_star, ida_star, ida_star_pruned, parallel_ida_star_pruned, search_unit, split_iteration, Answer, Budget,
    Heuristic, LinearConflict, MoveFsm, Neighbours, Position, Pruning, Tiles, UndoLast, UnitEnd, WideBoard,
};

use crate::wide::straight_walk;

/// The machine the searches use.
fn fsm() -> &'static MoveFsm {
    MoveFsm::shared()
}

/// The board `path` leads to from `start`, or `None` if it leaves the board.
fn replay<P: Position>(start: &P, path: &[Move]) -> Option<P> {
    let (mut tiles, mut blank) = (start.tiles(), start.blank());
    for &mv in path {
        let next = start.neighbours().next(blank, mv as usize);
        if next == u8::MAX {
            return None;
        }
        let next = next as usize;
        tiles = tiles.slide(tiles.tile(next), next, blank);
        blank = next;
    }
    Some(start.with_tiles(tiles, blank))
}

/// Every technique from `start` to `target` against the plain search.
fn check<P>(start: &P, target: &P)
where
    P: Position + PartialEq + std::fmt::Display,
    LinearConflict: Heuristic<P>,
{
    let plain = ida_star(start, target, LinearConflict).unwrap();
    let budget = &mut Budget::default();
    let answers: [(&str, Answer); 6] = [
        (
            "machine",
            ida_star_pruned(start, target, LinearConflict, fsm(), budget).unwrap(),
        ),
        (
            "parallel, machine",
            parallel_ida_star_pruned(start, target, LinearConflict, 2, fsm(), budget).unwrap(),
        ),
        (
            "frontier 100",
            astar_ida_star(start, target, LinearConflict, 2, 100, UndoLast, budget).unwrap(),
        ),
        (
            "frontier 100, machine",
            astar_ida_star(start, target, LinearConflict, 2, 100, fsm(), budget).unwrap(),
        ),
        (
            "frontier 20000",
            astar_ida_star(start, target, LinearConflict, 1, 20_000, UndoLast, budget).unwrap(),
        ),
        (
            "frontier 20000, machine",
            astar_ida_star(start, target, LinearConflict, 3, 20_000, fsm(), budget).unwrap(),
        ),
    ];
    for (name, answer) in &answers {
        let path = answer.path.as_ref().unwrap();
        assert_eq!(Some(path.len()), plain.length(), "{name}: {start} to {target}");
        assert!(
            replay(start, path).as_ref() == Some(target),
            "{name}: {start}: the path replays to {target}"
        );
    }
    assert_eq!(
        answers[0].1.path, plain.path,
        "the machine alone: the plain search's path"
    );
    assert!(answers[0].1.stats.generated <= plain.stats.generated);
    // Work units, iteration by iteration from the start's estimate: the
    // plain search's length, and its nodes but for the last iteration's
    // nodes above the cut (the split walks all of them first).
    for count in [1, 40, 700] {
        let (path, generated, last_split) = by_units(start, target, UndoLast, count);
        assert_eq!(
            Some(path.len()),
            plain.length(),
            "units of {count}: {start} to {target}"
        );
        assert!(replay(start, &path).as_ref() == Some(target), "units: {start}");
        assert!(
            generated - last_split <= plain.stats.generated && plain.stats.generated <= generated,
            "units of {count}: {generated} nodes ({last_split} in the last split) against {}",
            plain.stats.generated
        );
        let (path, _, _) = by_units(start, target, fsm(), count);
        assert_eq!(
            Some(path.len()),
            plain.length(),
            "units of {count}, machine: {start} to {target}"
        );
    }
}

/// IDA* as work units of about `count` an iteration, searched in order:
/// the path, the nodes generated (the start once), and those of the last
/// iteration's split.
fn by_units<P, R>(start: &P, target: &P, pruning: R, count: usize) -> (Vec<Move>, u64, u64)
where
    P: Position,
    LinearConflict: Heuristic<P>,
    R: Pruning,
{
    let (_, mut bound) = LinearConflict.start(start, target).unwrap();
    let mut generated = 1;
    loop {
        let split = split_iteration(start, target, LinearConflict, bound, count, pruning).unwrap();
        generated += split.generated - 1;
        let mut next = split.next_bound;
        for unit in &split.units {
            let budget = &mut Budget::default();
            let (end, stats) = search_unit(start, target, LinearConflict, bound, unit, pruning, budget).unwrap();
            generated += stats.generated;
            match end {
                UnitEnd::Found(path) => return (path, generated, split.generated - 1),
                UnitEnd::Exhausted(bound) => next = next.min(bound).or(next).or(bound),
            }
        }
        bound = next.expect("a solvable board has a next bound");
    }
}

#[test]
fn every_technique_keeps_the_fifteen_puzzles_lengths() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::goal(shape);
    let mut random = SplitMix64::new(39);
    for case in 0..24 {
        let start = random.scramble(&goal, 30 + case * 3);
        check(&start, &goal);
    }
    // The transposed goal (see the issue of the 6-6-3 tables), from a walk.
    let transposed = Board::parse(shape, "1 5 9 13 2 6 10 14 3 7 11 15 4 8 12 _").unwrap();
    for _ in 0..4 {
        check(&random.scramble(&transposed, 60), &transposed);
    }
}

#[test]
fn every_technique_keeps_the_twenty_four_puzzles_lengths() {
    let cells: Vec<u32> = (0..25).collect();
    let goal = WideBoard::<u128>::new(5, 5, &cells).unwrap();
    let mut random = SplitMix64::new(24);
    for case in 0..12 {
        let start = straight_walk(&goal, 20 + case * 2, &mut random);
        check(&start, &goal);
    }
}
