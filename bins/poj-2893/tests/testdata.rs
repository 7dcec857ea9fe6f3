//! Every case of `testdata/poj-2893/`, through the library function and through the program.

slide_testdata::driver_tests!("poj-2893", poj_2893::run, env!("CARGO_BIN_EXE_poj-2893"));
