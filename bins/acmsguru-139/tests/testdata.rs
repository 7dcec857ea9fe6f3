//! Every case of `testdata/acmsguru-139/`, through the library function and through the program.

slide_testdata::driver_tests!("acmsguru-139", acmsguru_139::run, env!("CARGO_BIN_EXE_acmsguru-139"));
