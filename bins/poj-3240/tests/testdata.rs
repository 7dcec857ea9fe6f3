//! Every case of `testdata/poj-3240/`, through the library function and through the program.

slide_testdata::driver_tests!("poj-3240", poj_3240::run, env!("CARGO_BIN_EXE_poj-3240"));
