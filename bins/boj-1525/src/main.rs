//! BOJ 1525 퍼즐: the fewest moves of a 3x3 board to 1 2 3 / 4 5 6 / 7 8 0, or -1.

fn main() {
    slide_driver::run_stdio(boj_1525::run)
}
