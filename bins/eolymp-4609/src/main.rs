//! eolymp 4609 Quiz: whether an N x N board (N up to 50) reaches the tiles in order with the blank last, and a path of at most 2,500,000 moves.

fn main() {
    slide_driver::run_stdio(eolymp_4609::run)
}
