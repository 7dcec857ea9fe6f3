//! AOJ 0190 Eleven Puzzle: the fewest moves of each 13-cell diamond with two blanks to the fixed one, or NA beyond 20.

fn main() {
    slide_driver::run_stdio(aoj_0190::run)
}
