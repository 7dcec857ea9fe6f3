//! AOJ ALDS1_13_C 15 Puzzle: the fewest moves of a 4x4 board (0 the blank) to 1 ... 15, 0.

fn main() {
    slide_driver::run_stdio(aoj_15_puzzle::run)
}
