//! Every case of `testdata/abc224-d/`, through the library function and through the program.

slide_testdata::driver_tests!("abc224-d", abc224_d::run, env!("CARGO_BIN_EXE_abc224-d"));
