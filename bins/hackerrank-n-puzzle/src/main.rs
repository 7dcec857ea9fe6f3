//! HackerRank N Puzzle: reads a k x k board and prints a solution, one move a line.

fn main() {
    slide_driver::run_stdio(hackerrank_n_puzzle::run)
}
