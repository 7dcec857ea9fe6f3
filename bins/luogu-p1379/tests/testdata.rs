//! Every case of `testdata/luogu-p1379/`, through the library function and through the program.

slide_testdata::driver_tests!(
    "luogu-p1379",
    luogu_p1379::run,
    env!("CARGO_BIN_EXE_luogu-p1379"),
    large = "283104765\n"
);
