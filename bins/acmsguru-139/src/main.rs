//! Codeforces acmsguru 139 Help Needed!: whether a 4x4 board can reach 1 ... 15 with the blank last (YES or NO).

fn main() {
    slide_driver::run_stdio(acmsguru_139::run)
}
