//! Missing Piece 2001 (BOJ 9985, POJ 2224): whether each D x D board (3 to 10) reaches its given target within N moves (at most 15), and the fewest.

fn main() {
    slide_driver::run_stdio(missing_piece::run)
}
