//! AcWing 845 八数码: reads 8-puzzles from standard input and prints the
//! fewest moves of each to `1 2 3 4 5 6 7 8 x`, or `-1`.

fn main() {
    slide_driver::run_stdio(eight::run)
}
