//! HDU 3600 Simple Puzzle: reads N x N boards and prints whether each can reach its goal.

fn main() {
    slide_driver::run_stdio(hdu_3600::run)
}
