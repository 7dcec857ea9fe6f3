//! Luogu P2324 (SCOI 2005) 骑士精神: the fewest knight's jumps of each 5x5 board to the fixed one, or -1 beyond 15.

fn main() {
    slide_driver::run_stdio(luogu_p2324::run)
}
