//! Every case of `testdata/jiugong/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "jiugong",
    jiugong::run,
    env!("CARGO_BIN_EXE_jiugong"),
    large = "12345678.\n123.46758\n"
);
