//! Every case of `testdata/luogu-p2324/`, through the library function and through the program.

slide_testdata::driver_tests!("luogu-p2324", luogu_p2324::run, env!("CARGO_BIN_EXE_luogu-p2324"));
