//! UVa 10181 15-Puzzle Problem: a path of at most 50 moves (U D L R) for each of N boards, or This puzzle is not solvable.

fn main() {
    slide_driver::run_stdio(uva_10181::run)
}
