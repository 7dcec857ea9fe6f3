//! Every case of `testdata/eight/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "eight",
    eight::run,
    env!("CARGO_BIN_EXE_eight"),
    large = "8 6 7 2 5 4 3 x 1\n"
);
