//! AtCoder ABC224 D 8 Puzzle on Graph: reads a graph of nine vertices and
//! the places of eight pieces, and prints the fewest moves home, or -1.

fn main() {
    slide_driver::run_stdio(abc224_d::run)
}
