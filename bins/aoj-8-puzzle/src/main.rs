//! AOJ ALDS1_13_B 8 Puzzle: the fewest moves of a 3x3 board (0 the blank) to 1 2 3 / 4 5 6 / 7 8 0.

fn main() {
    slide_driver::run_stdio(aoj_8_puzzle::run)
}
