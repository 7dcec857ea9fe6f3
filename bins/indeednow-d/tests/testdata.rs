//! Every case of `testdata/indeednow-d/`, through the library function and through the program.

slide_testdata::driver_tests!("indeednow-d", indeednow_d::run, env!("CARGO_BIN_EXE_indeednow-d"));
