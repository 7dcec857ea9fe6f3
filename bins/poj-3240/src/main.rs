//! POJ 3240 Solution to the n^2-1 Puzzle: reads an n x n board and prints a
//! path that solves it.

fn main() {
    slide_driver::run_stdio(poj_3240::run)
}
