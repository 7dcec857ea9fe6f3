"""The package against an independent breadth-first search, against the
command line's own answers, and under hostile input.

The command line is the binary ``SLIDE_BIN`` names (CI builds it first); by
default ``target/debug/slide`` in the workspace. The tables come from
``SLIDE_CACHE_DIR`` as the command line's do.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np
import pytest

import slide_puzzle as sp

WORKSPACE = Path(__file__).resolve().parents[2]
MOVES = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def slide_bin() -> str:
    path = Path(os.environ.get("SLIDE_BIN", WORKSPACE / "target" / "debug" / "slide"))
    assert path.exists(), f"the command line is not built: {path} (cargo build -p slide, or set SLIDE_BIN)"
    return str(path)


def goal_of(rows: int, cols: int) -> tuple:
    return tuple(list(range(1, rows * cols)) + [0])


def bfs_distances(rows: int, cols: int) -> dict:
    """Every board's distance to the goal: a plain breadth-first search."""
    goal = goal_of(rows, cols)
    distances = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in MOVES.values():
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                cells = list(board)
                other = rr * cols + cc
                cells[blank], cells[other] = cells[other], 0
                nxt = tuple(cells)
                if nxt not in distances:
                    distances[nxt] = distances[board] + 1
                    queue.append(nxt)
    return distances


def replay(board: np.ndarray, moves: str, blank: int = 0) -> np.ndarray:
    """The board after the blank's ``moves``; each must stay on the board."""
    board = board.copy()
    rows, cols = board.shape
    for letter in moves:
        (r,), (c,) = np.nonzero(board == blank)
        dr, dc = MOVES[letter]
        assert 0 <= r + dr < rows and 0 <= c + dc < cols, f"{moves} leaves the board"
        board[r, c], board[r + dr, c + dc] = board[r + dr, c + dc], blank
    return board


def written(board: np.ndarray) -> str:
    return " / ".join(" ".join("_" if v == 0 else str(v) for v in row) for row in board)


def cli_batch(boards: np.ndarray, *options: str) -> list:
    text = "".join(written(board) + "\n" for board in boards)
    out = subprocess.run(
        [slide_bin(), "batch", "--json", *options], input=text, capture_output=True, text=True, check=True
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_lengths_are_the_breadth_first_searchs(rows, cols):
    distances = bfs_distances(rows, cols)
    boards = list(distances)
    if len(boards) > 3000:
        rng = np.random.default_rng(7)
        boards = [boards[i] for i in rng.choice(len(boards), 3000, replace=False)]
    array = np.array(boards, dtype=np.int64).reshape(-1, rows, cols)
    lengths, moves = sp.solve_many(array)
    goal = np.array(goal_of(rows, cols)).reshape(rows, cols)
    for board, length, path, flat in zip(array, lengths, moves, boards):
        assert length == distances[flat] == len(path)
        assert (replay(board, path) == goal).all()
    # Two tiles swapped: the other half of the boards, which cannot reach the goal.
    swapped = array[:50].copy()
    flat = swapped.reshape(len(swapped), -1)
    for cells in flat:
        tiles = np.nonzero(cells)[0][:2]
        cells[tiles[0]], cells[tiles[1]] = cells[tiles[1]], cells[tiles[0]]
    lengths, moves = sp.solve_many(swapped)
    assert (lengths == -1).all() and set(moves) == {""}
    assert not sp.is_solvable(swapped).any()
    assert sp.is_solvable(array).all()


def test_one_board_and_its_actions():
    solution = sp.solve([[1, 2, 3], [4, 5, 6], [0, 7, 8]])
    assert solution == sp.Solution(2, "rr", [3, 3], True)
    assert sp.solve([[2, 1], [3, 0]]) == sp.Solution(None, "", [], True)
    letters = {"u": 0, "d": 1, "l": 2, "r": 3}
    board = sp.random_boards(4, 4, 1, seed=3)[0]
    solution = sp.solve(board)
    assert solution.actions == [letters[m] for m in solution.moves]
    assert solution.length == len(solution.moves) and solution.optimal


@pytest.mark.parametrize("rows,cols,n", [(3, 3, 20), (4, 4, 8)])
def test_answers_are_the_command_lines(rows, cols, n):
    boards = sp.random_boards(rows, cols, n, seed=rows)
    lengths, moves, optimal = sp.solve_many(boards, with_optimal=True)
    for length, path, best, answer in zip(lengths, moves, optimal, cli_batch(boards)):
        assert answer["length"] == length and answer["optimal"] == best
        assert answer["path"] == path
    assert optimal.all()


@pytest.mark.parametrize("rows,cols,walk", [(2, 5, None), (3, 4, None), (2, 8, 40), (5, 5, 30), (6, 6, 200), (12, 3, 100)])
def test_every_shape_the_command_line_takes(rows, cols, walk):
    boards = sp.random_boards(rows, cols, 4, seed=11, moves=walk)
    lengths, moves, optimal = sp.solve_many(boards, with_optimal=True, budget=0.2)
    goal = np.array(goal_of(rows, cols)).reshape(rows, cols)
    for board, length, path, best, answer in zip(boards, lengths, moves, optimal, cli_batch(boards, "--budget", "0.2")):
        assert (replay(board, path) == goal).all() and len(path) == length
        if rows * cols <= 16:
            assert answer["length"] == length and answer["optimal"] == best
        else:
            # The shortest path found within a budget depends on the
            # machine's speed: both answers are at least the lower bound.
            assert answer["lower_bound"] <= min(length, answer["length"])
            assert not best or length == answer["lower_bound"]


def test_a_budget_is_a_positive_number_of_seconds():
    board = sp.random_boards(6, 6, 1, seed=2)[0]
    solution = sp.solve(board, budget=0.2)
    goal = np.array(goal_of(6, 6)).reshape(6, 6)
    assert (replay(board, solution.moves) == goal).all() and not solution.optimal
    for budget in [0, -1, float("nan"), float("inf"), "1", True]:
        with pytest.raises(ValueError, match="budget"):
            sp.solve(board, budget=budget)
        with pytest.raises(ValueError, match="budget"):
            sp.solve_many([board], budget=budget)


def test_a_goal_and_a_blank_of_ones_choice():
    goal = np.array([[0, 1, 2], [3, 4, 5], [6, 7, 8]])
    board = replay(goal, "rdrd")
    assert sp.solve(board, goal=goal).length == 4
    # The blank written as 9 rather than 0, the tiles the same.
    nine = np.where(board == 0, 9, board)
    assert sp.solve(nine, goal=np.where(goal == 0, 9, goal), blank=9).moves == sp.solve(board, goal=goal).moves
    assert sp.is_solvable(nine, goal=np.where(goal == 0, 9, goal), blank=9).tolist() == [True]


def test_estimates_by_the_command_lines_names():
    boards = sp.random_boards(3, 3, 200, seed=5)
    manhattan = sp.estimate(boards, "manhattan")
    goal_cells = {t: divmod(i, 3) for i, t in enumerate(goal_of(3, 3))}
    for board, value in zip(boards, manhattan):
        expected = sum(
            abs(r - goal_cells[t][0]) + abs(c - goal_cells[t][1])
            for (r, c), t in np.ndenumerate(board)
            if t != 0
        )
        assert value == expected
    lengths, _ = sp.solve_many(boards)
    for name in ("linear-conflict", "walking-distance"):
        values = sp.estimate(boards, name)
        assert values.dtype == np.int32
        assert (manhattan <= values).all() and (values <= lengths).all()
    fifteen = sp.random_boards(4, 4, 20, seed=6)
    lengths, _ = sp.solve_many(fifteen)
    pdb = sp.estimate(fifteen, "pdb")
    assert (sp.estimate(fifteen, "linear-conflict") <= lengths).all()
    assert (pdb <= lengths).all() and (pdb % 2 == lengths % 2).all()
    assert sp.estimate(fifteen[0], "manhattan").shape == (1,)


def test_random_boards_are_the_command_lines():
    for rows, cols, moves in [(3, 3, None), (4, 4, 30), (5, 5, None), (7, 3, 50)]:
        args = [slide_bin(), "random", f"{rows}x{cols}", "--count", "5", "--seed", "9"]
        args += ["--moves", str(moves)] if moves is not None else []
        text = subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()
        boards = sp.random_boards(rows, cols, 5, seed=9, moves=moves)
        assert boards.shape == (5, rows, cols)
        assert [written(board) for board in boards] == text
        assert sp.is_solvable(boards).all()
    assert (sp.random_boards(3, 3, 4, seed=1) == sp.random_boards(3, 3, 4, seed=1)).all()
    assert sp.random_boards(3, 3, 0).shape == (0, 3, 3)


def test_non_contiguous_arrays_are_read_as_they_look():
    boards = sp.random_boards(3, 3, 10, seed=4)
    transposed = np.ascontiguousarray(boards.transpose(0, 2, 1)).transpose(0, 2, 1)
    assert not transposed.flags["C_CONTIGUOUS"]
    every_other = np.repeat(boards, 2, axis=0)[::2]
    small = boards.astype(np.int8)
    floats = boards.astype(np.float32)
    expected = sp.solve_many(boards)[0]
    for array in (transposed, every_other, small, floats, boards.astype(np.uint16), boards.tolist()):
        assert (sp.solve_many(array)[0] == expected).all()


HOSTILE = [
    ("a string array", np.array([["1", "2"], ["3", "_"]]), "expected an array of integers"),
    ("booleans", np.ones((2, 2), dtype=bool), "expected an array of integers"),
    ("complex numbers", np.ones((2, 2), dtype=complex), "expected an array of integers"),
    ("objects", np.array([[1, None], [3, 0]], dtype=object), "expected an array of integers"),
    ("one dimension", np.arange(9), "expected the shape"),
    ("four dimensions", np.zeros((1, 1, 3, 3), dtype=int), "expected the shape"),
    ("one row", np.array([[1, 0]]), "at least 2 rows"),
    ("a value out of range", [[1, 2], [3, 9]], "tile 9 is out of range"),
    ("a negative value", [[1, 2], [-3, 0]], "the board"),
    ("the blank missing", [[1, 2], [3, 3]], "the board"),
    ("the blank twice", [[1, 0], [3, 0]], "two blanks"),
    ("NaN", [[np.nan, 2], [3, 0]], "NaN"),
    ("infinity", [[np.inf, 2], [3, 0]], "not a whole number"),
    ("a fraction", [[1.5, 2], [3, 0]], "not a whole number"),
    ("a huge unsigned value", np.array([[2**64 - 1, 2], [3, 0]], dtype=np.uint64), "out of range"),
    ("a value past 32 bits", [[2**40, 2], [3, 0]], "the board"),
]


@pytest.mark.parametrize("what,board,message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_is_a_value_error(what, board, message):
    for call in (sp.solve, sp.is_solvable, sp.estimate, lambda b: sp.solve_many(b)):
        with pytest.raises(ValueError, match=message):
            call(board)


def test_hostile_arguments_are_value_errors():
    board = [[1, 2], [3, 0]]
    cases = [
        lambda: sp.solve(board, goal=[[1, 2, 3], [4, 5, 0]]),
        lambda: sp.solve(board, goal=[[1, 2], [3, 3]]),
        lambda: sp.solve(board, blank=2),
        lambda: sp.solve(board, blank=1.5),
        lambda: sp.solve([[1, 2], [3, 4]], blank=4, goal=[[1, 2], [3, 0]]),
        lambda: sp.solve(np.zeros((2, 2, 2), dtype=int)),
        lambda: sp.solve_many([board], threads=0),
        lambda: sp.estimate(board, "far"),
        lambda: sp.estimate(board, 3),
        lambda: sp.estimate(sp.random_boards(3, 3, 1, seed=1), "pdb"),
        lambda: sp.random_boards(1, 3, 1),
        lambda: sp.random_boards(3, 3, -1),
        lambda: sp.random_boards(3, 3, 1, moves=10**12),
        lambda: sp.random_boards(3, 3, 2**40),
    ]
    for case in cases:
        with pytest.raises(ValueError):
            case()
    # A batch names the board at fault.
    with pytest.raises(ValueError, match="board 1: "):
        sp.solve_many([[[1, 2], [3, 0]], [[1, 2], [3, 7]]])


def test_the_docstrings_examples():
    import doctest

    failures, tried = doctest.testmod(sp)
    assert tried >= 6 and failures == 0


def run_python(code: str, timeout: float = 120, **popen) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter, with this one's environment."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, **popen
    )


def test_a_request_past_the_limit_is_a_value_error_and_a_failed_allocation_a_memory_error():
    # 2^32 cells (32 GiB) were allocated at once: the interpreter died.
    with pytest.raises(ValueError, match="more than 2\\^30 cells"):
        sp.random_boards(2, 2, 2**30)
    # Below the limit, under an address-space cap of 2 GiB: 4 GiB asked for.
    code = """
import resource
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
import slide_puzzle as sp
try:
    sp.random_boards(2, 2, 2**27)
except MemoryError as error:
    print("MemoryError:", error)
"""
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("MemoryError: 134217728 boards of 2x2"), result.stdout + result.stderr


def test_integers_past_64_bits_are_value_errors():
    board = [[1, 2], [3, 0]]
    for case in (
        lambda: sp.solve(board, blank=2**64),
        lambda: sp.is_solvable(board, blank=-(2**70)),
        lambda: sp.solve_many([board], threads=2**70),
    ):
        with pytest.raises(ValueError, match="out of range"):
            case()


def test_ctrl_c_stops_a_batch_within_seconds():
    # The tables are read (or built) before the batch, which then runs for
    # a minute or more: the interrupt stops it, not the end of the batch.
    # 200,000 boards, where 3,000 once were: with the 7-8 tables cached, or
    # on a faster machine, 3,000 random 15-puzzles were answered within the
    # 1.5 s before the interrupt (a CI run printed "finished"); here they
    # take 1.7 ms a board on two threads with 6-6-3, so the batch would run
    # for minutes.
    #
    # The child restores Python's own handler first: a process started in
    # the background by a non-interactive shell (as a CI script may start
    # this suite) inherits SIGINT ignored, and Python then leaves it so,
    # where an interactive session turns it into KeyboardInterrupt.
    code = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import slide_puzzle as sp
sp.solve_many(sp.random_boards(4, 4, 2, seed=1), threads=2)
boards = sp.random_boards(4, 4, 200_000, seed=3)
print("ready", flush=True)
try:
    sp.solve_many(boards, threads=2)
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
"""
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline() == "ready\n", process.stderr.read()
        time.sleep(1.5)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert out.startswith("interrupted"), out + err
    # Before, the interrupt was raised when the batch ended, a minute or
    # more later; now at the next look for signals (50 ms) and the
    # searches' next look at their clock.
    assert float(out.split()[1]) - sent < 10, out


def test_one_board_takes_the_command_lines_route(tmp_path):
    # From an empty cache, `slide solve` answers a one-move 15-puzzle with
    # the quick 5-5-5 tables; `solve` built the 6-6-3 tables and the move
    # machine first (minutes on a loaded machine).
    code = "import slide_puzzle as sp; print(sp.solve([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]).moves)"
    result = run_python(code, env={**os.environ, "SLIDE_CACHE_DIR": str(tmp_path)})
    assert result.returncode == 0 and result.stdout == "r\n", result.stderr
    tables = sorted(path.name for path in tmp_path.iterdir())
    assert len(tables) == 3 and all(name.startswith("pdb-") for name in tables), tables
    assert all(len(name.rsplit("-", 1)[1].split(".")) == 6 for name in tables), tables  # five cells and "bin"
