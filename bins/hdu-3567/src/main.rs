//! HDU 3567 Eight II: reads pairs of 8-puzzle states and prints, for each,
//! the fewest moves and the move string that comes first in `d l r u`.

fn main() {
    slide_driver::run_stdio(hdu_3567::run)
}
