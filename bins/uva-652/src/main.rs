//! UVa 652 Eight: reads 8-puzzles and prints a shortest move string for
//! each, with an empty line between the answers.

fn main() {
    slide_driver::run_stdio(uva_652::run)
}
