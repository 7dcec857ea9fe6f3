//! Luogu P1379 八数码难题: the fewest moves from 9 digits (0 the blank) to 1 2 3 / 8 0 4 / 7 6 5.

fn main() {
    slide_driver::run_stdio(luogu_p1379::run)
}
