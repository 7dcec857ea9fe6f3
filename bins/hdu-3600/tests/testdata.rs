//! Every case of `testdata/hdu-3600/`, through the library function and through the program.

slide_testdata::driver_tests!("hdu-3600", hdu_3600::run, env!("CARGO_BIN_EXE_hdu-3600"));
