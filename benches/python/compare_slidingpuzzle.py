"""slide_puzzle against the `slidingpuzzle` package on the same boards.

    pip install ./python slidingpuzzle
    python benches/python/compare_slidingpuzzle.py [--eight N] [--fifteen N] [--moves K]

For each data set: the boards (`slide_puzzle.random_boards`, seeded), each
solved by `slidingpuzzle.search` (A*, its default estimate) and by
`slide_puzzle.solve`, one board at a time, then the whole set by
`slide_puzzle.solve_many`. Prints the median seconds a board, the total
seconds, and checks that both give the same (optimal) lengths. One run:
the figures in record/ are what it printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import slide_puzzle as sp
import slidingpuzzle as spz


def timed(function, *args, **kwargs):
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - started


def compare(name: str, boards: np.ndarray) -> None:
    theirs, ours = [], []
    their_lengths, our_lengths = [], []
    for board in boards:
        result, seconds = timed(spz.search, board.copy(), "a*")
        theirs.append(seconds)
        their_lengths.append(len(result.solution))
        solution, seconds = timed(sp.solve, board)
        ours.append(seconds)
        our_lengths.append(solution.length)
    (lengths, _), whole = timed(sp.solve_many, boards)
    assert their_lengths == our_lengths == lengths.tolist(), "the lengths differ"
    print(
        f"| {name} | {len(boards)} | {statistics.mean(our_lengths):.1f} "
        f"| {statistics.median(theirs) * 1e3:.2f} ms | {sum(theirs):.2f} s "
        f"| {statistics.median(ours) * 1e3:.3f} ms | {sum(ours):.3f} s | {whole:.3f} s "
        f"| {sum(theirs) / whole:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--eight", type=int, default=100, help="uniform random 8-puzzles")
    parser.add_argument("--fifteen", type=int, default=20, help="15-puzzles --moves from the goal")
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    sp.solve(sp.random_boards(4, 4, 1, seed=0)[0])  # the 4x4 tables read (or built) before timing
    print("| boards | n | mean length | slidingpuzzle a board (median) | slidingpuzzle, all | slide_puzzle.solve a board (median) | slide_puzzle.solve, all | slide_puzzle.solve_many | all: slidingpuzzle / solve_many |")
    print("|---|---|---|---|---|---|---|---|---|")
    compare("8-puzzle, uniform", sp.random_boards(3, 3, args.eight, seed=1))
    compare(f"15-puzzle, {args.moves} random moves", sp.random_boards(4, 4, args.fifteen, seed=1, moves=args.moves))


if __name__ == "__main__":
    main()
