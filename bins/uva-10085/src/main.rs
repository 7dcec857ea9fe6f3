//! UVa 10085 The Most Distant State: reads 3x3 boards and prints, for each,
//! a farthest state and a shortest move string to it.

fn main() {
    slide_driver::run_stdio(uva_10085::run)
}
