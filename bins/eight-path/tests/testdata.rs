//! Every case of `testdata/eight-path/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "eight-path",
    eight_path::run,
    env!("CARGO_BIN_EXE_eight-path"),
    large = "8 6 7 2 5 4 3 x 1\n"
);
