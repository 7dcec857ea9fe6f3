//! eolymp 3669 Fifteen Puzzle: a shortest path (R L U D, where the blank goes) of one 4x4 board, NO SOLUTION, or TOO LONG beyond 45 moves.

fn main() {
    slide_driver::run_stdio(eolymp_3669::run)
}
