//! AcWing 179, POJ 1077, HDU 1043: a shortest move string for each 8-puzzle in the input, or unsolvable.

fn main() {
    slide_driver::run_stdio(eight_path::run)
}
