//! AOJ 0121 Seven Puzzle: reads 2x4 boards and prints the fewest moves of
//! each to `0 1 2 3 / 4 5 6 7`.

fn main() {
    slide_driver::run_stdio(aoj_0121::run)
}
