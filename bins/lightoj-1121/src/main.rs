//! LightOJ 1121 15-Puzzle: reads 4x4 boards and prints, for each, the
//! shortest move string that comes first in `D L R U`, within 35 moves.

fn main() {
    slide_driver::run_stdio(lightoj_1121::run)
}
