"""Optimal sliding-tile puzzle solving and labelling from numpy arrays.

Boards are numpy arrays of whole numbers: one board ``(rows, cols)`` or a
batch ``(n, rows, cols)``. Tiles are numbered 1 to ``rows * cols - 1``;
``blank`` (default 0) is the value that marks the blank: 0, or any value
outside the tiles' numbers (such as ``rows * cols``). ``goal`` is a board of
the same shape, by default the tiles in order in rows with the blank last.

The answers are the ``slide`` command line's (its library, compiled into
this package): the same searches, the same tables (read from the cache
folder, ``SLIDE_CACHE_DIR``), and the same messages for bad input, raised
as ``ValueError``. See docs/python.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Literal, Optional, Tuple, Union, overload

import numpy as np

from . import _native

__all__ = ["Solution", "solve", "solve_many", "estimate", "random_boards", "is_solvable"]

HEURISTICS = ("manhattan", "linear-conflict", "walking-distance", "pdb", "pdb-7-8")


@dataclass(frozen=True)
class Solution:
    """One board's answer.

    ``length`` is None when the goal cannot be reached; ``moves`` are the
    blank's moves as letters ``u d l r``, ``actions`` the same as integers
    (up 0, down 1, left 2, right 3); ``optimal`` is False for an answer that
    may not be a shortest one (a reduction's, beyond 5x5, or the
    near-optimal search's), as the command line flags it.
    """

    length: Optional[int]
    moves: str
    actions: List[int]
    optimal: bool


def _array(value: Any, what: str, ndims: Tuple[int, ...]) -> np.ndarray:
    """``value`` as a contiguous int64 array of whole numbers, or ValueError."""
    array = np.asarray(value)
    if array.dtype.kind == "f":
        if np.isnan(array).any():
            raise ValueError(f"{what}: NaN is not a tile")
        if not np.isfinite(array).all() or (array != np.floor(array)).any():
            raise ValueError(f"{what}: a value is not a whole number")
        if array.size and np.abs(array).max() > 2**62:
            raise ValueError(f"{what}: a value is out of range")
    elif array.dtype.kind == "u":
        if array.size and array.max() > 2**62:
            raise ValueError(f"{what}: a value is out of range")
    elif array.dtype.kind != "i":
        raise ValueError(f"{what}: expected an array of integers, not of {array.dtype}")
    if array.ndim not in ndims:
        shapes = " or ".join({2: "(rows, cols)", 3: "(n, rows, cols)"}[n] for n in ndims)
        raise ValueError(f"{what}: expected the shape {shapes}, not {array.shape}")
    if array.shape[-2] < 2 or array.shape[-1] < 2:
        raise ValueError(f"{what}: a board has at least 2 rows and 2 columns, not {array.shape[-2:]}")
    return np.ascontiguousarray(array, dtype=np.int64)


def _batch(boards: Any, goal: Any, blank: Any) -> Tuple[np.ndarray, Optional[np.ndarray], int, bool]:
    """The boards as a batch, the goal, the blank, and whether one board came."""
    array = _array(boards, "boards", (2, 3))
    single = array.ndim == 2
    if single:
        array = array[np.newaxis]
    goal_array = None
    if goal is not None:
        goal_array = _array(goal, "goal", (2,))
        if goal_array.shape != array.shape[1:]:
            raise ValueError(f"the goal is {goal_array.shape}, the boards {array.shape[1:]}")
    if isinstance(blank, (bool, np.bool_)) or not isinstance(blank, (int, np.integer)):
        raise ValueError(f"blank: expected an integer, not {blank!r}")
    if not -(2**63) <= int(blank) < 2**63:
        raise ValueError(f"blank: {blank} is out of range (a 64-bit integer)")
    return array, goal_array, int(blank), single


def _budget(budget: Any) -> Optional[float]:
    """The budget in seconds, checked: positive and finite, or None."""
    if budget is None:
        return None
    if isinstance(budget, (bool, np.bool_)) or not isinstance(budget, (int, float, np.integer, np.floating)):
        raise ValueError(f"budget: expected a positive number of seconds, not {budget!r}")
    if not 0 < float(budget) < float("inf"):
        raise ValueError(f"budget: expected a positive number of seconds, not {budget!r}")
    return float(budget)


def solve(board: Any, goal: Any = None, blank: int = 0, budget: Optional[float] = None) -> Solution:
    """A shortest path from ``board`` to ``goal``, searched on every core;
    past the optimal searches (boards of more than 16 cells, up to 100),
    the shortest found within ``budget`` seconds (default 10), as
    ``slide solve --budget`` finds it.

    >>> solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]]).moves
    'r'
    """
    array, goal_array, blank, single = _batch(board, goal, blank)
    if not single:
        raise ValueError(f"board: expected the shape (rows, cols), not {array.shape}; solve_many takes a batch")
    length, moves, actions, optimal = _native.solve_one(array, goal_array, blank, _budget(budget))
    return Solution(length, moves, list(actions), optimal)


@overload
def solve_many(
    boards: Any,
    goal: Any = ...,
    blank: int = ...,
    threads: Optional[int] = ...,
    *,
    with_optimal: Literal[False] = ...,
    budget: Optional[float] = ...,
) -> Tuple[np.ndarray, List[str]]: ...
@overload
def solve_many(
    boards: Any,
    goal: Any = ...,
    blank: int = ...,
    threads: Optional[int] = ...,
    *,
    with_optimal: Literal[True],
    budget: Optional[float] = ...,
) -> Tuple[np.ndarray, List[str], np.ndarray]: ...
def solve_many(
    boards: Any,
    goal: Any = None,
    blank: int = 0,
    threads: Optional[int] = None,
    *,
    with_optimal: bool = False,
    budget: Optional[float] = None,
) -> Union[Tuple[np.ndarray, List[str]], Tuple[np.ndarray, List[str], np.ndarray]]:
    """Every board's answer, side by side on ``threads`` threads (default:
    every core, or ``SLIDE_THREADS``), as ``slide batch`` answers them.

    Returns ``(lengths, moves)``: an int32 array, -1 where the goal cannot
    be reached, and a list of move strings ("" there); with
    ``with_optimal=True`` also a bool array, False where an answer may not
    be a shortest one (boards of more than 16 cells: up to 100, the
    shortest path found within ``budget`` seconds a board, default 10).

    >>> lengths, moves = solve_many([[[1, 2], [0, 3]], [[2, 1], [3, 0]]])
    >>> lengths.tolist(), moves
    ([1, -1], ['r', ''])
    """
    array, goal_array, blank, _ = _batch(boards, goal, blank)
    if threads is not None and (
        isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1
    ):
        raise ValueError(f"threads: expected a positive integer, not {threads!r}")
    if threads is not None and threads >= 2**63:
        raise ValueError(f"threads: {threads} is out of range (at most 4 a core are used)")
    threads = None if threads is None else int(threads)
    lengths, moves, optimal = _native.solve_many(array, goal_array, blank, threads, _budget(budget))
    if with_optimal:
        return lengths, moves, optimal
    return lengths, moves


def estimate(boards: Any, heuristic: str = "manhattan", goal: Any = None, blank: int = 0) -> np.ndarray:
    """Each board's estimate of its distance to ``goal``, as an int32 array
    (one value for one board, too): ``manhattan``, ``linear-conflict``,
    ``walking-distance``, ``pdb`` (4x4 and 5x5 with the goal's blank in a
    corner; the tables are read from the cache, or built there once) or
    ``pdb-7-8``, as ``slide solve --heuristic`` names them.

    >>> estimate([[2, 1, 3], [4, 5, 6], [7, 8, 0]], "linear-conflict").tolist()
    [4]
    """
    array, goal_array, blank, _ = _batch(boards, goal, blank)
    if not isinstance(heuristic, str):
        raise ValueError(f"heuristic: expected one of {', '.join(HEURISTICS)}, not {heuristic!r}")
    return _native.estimate(array, heuristic, goal_array, blank)


def random_boards(
    rows: int, cols: int, n: int, seed: Optional[int] = None, moves: Optional[int] = None
) -> np.ndarray:
    """``n`` random boards ``(n, rows, cols)`` that can reach the goal, the
    blank 0: uniform among them, or ``moves`` random moves from the goal;
    the same for the same seed (those ``slide random`` writes).

    >>> random_boards(3, 3, 1, seed=5).tolist()
    [[[6, 4, 3], [7, 1, 5], [2, 0, 8]]]
    """
    for name, value in (("rows", rows), ("cols", cols), ("n", n), ("seed", seed), ("moves", moves)):
        if value is None and name in ("seed", "moves"):
            continue
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{name}: expected a non-negative integer, not {value!r}")
        if value >= 2**64:
            raise ValueError(f"{name}: {value} is out of range")
    return _native.random_boards(int(rows), int(cols), int(n), seed, moves)


def is_solvable(boards: Any, goal: Any = None, blank: int = 0) -> np.ndarray:
    """Whether each board can reach ``goal``, as a bool array.

    >>> is_solvable([[[1, 2], [0, 3]], [[2, 1], [3, 0]]]).tolist()
    [True, False]
    """
    array, goal_array, blank, _ = _batch(boards, goal, blank)
    return _native.is_solvable(array, goal_array, blank)

