//! AtCoder indeednow 2015 qual A D パズル: the fewest moves of one H x W board (2 to 6 each) to the tiles in order with the blank last.

fn main() {
    slide_driver::run_stdio(indeednow_d::run)
}
