//! Kattis knightsfen (UVa 10422 Knights in FEN): the fewest knight's jumps of each 5x5 board to the fixed one, if at most 10.

fn main() {
    slide_driver::run_stdio(knightsfen::run)
}
