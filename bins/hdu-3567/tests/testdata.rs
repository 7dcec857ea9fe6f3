//! Every case of `testdata/hdu-3567/`, through the library function and through the program.

slide_testdata::driver_tests!("hdu-3567", hdu_3567::run, env!("CARGO_BIN_EXE_hdu-3567"));
