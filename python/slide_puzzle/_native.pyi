# The native module's functions, as slide_puzzle/__init__.py calls them:
# every array is int64 and C-contiguous, a batch (n, rows, cols).
from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

def solve_one(
    board: npt.NDArray[np.int64], goal: Optional[npt.NDArray[np.int64]], blank: int, budget: Optional[float]
) -> Tuple[Optional[int], str, List[int], bool]: ...
def solve_many(
    boards: npt.NDArray[np.int64],
    goal: Optional[npt.NDArray[np.int64]],
    blank: int,
    threads: Optional[int],
    budget: Optional[float],
) -> Tuple[npt.NDArray[np.int32], List[str], npt.NDArray[np.bool_]]: ...
def estimate(
    boards: npt.NDArray[np.int64], heuristic: str, goal: Optional[npt.NDArray[np.int64]], blank: int
) -> npt.NDArray[np.int32]: ...
def is_solvable(
    boards: npt.NDArray[np.int64], goal: Optional[npt.NDArray[np.int64]], blank: int
) -> npt.NDArray[np.bool_]: ...
def random_boards(
    rows: int, cols: int, n: int, seed: Optional[int], moves: Optional[int]
) -> npt.NDArray[np.int64]: ...
