//! POJ 2893 M x N Puzzle: reads boards of up to 999 x 999 cells and prints
//! whether each can reach its goal.

fn main() {
    slide_driver::run_stdio(poj_2893::run)
}
