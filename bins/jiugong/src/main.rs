//! Lanqiao 九宫重排: reads pairs of lines (a start, then its target) and
//! prints the fewest moves of each pair, or `-1`.

fn main() {
    slide_driver::run_stdio(jiugong::run)
}
