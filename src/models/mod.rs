//! verdiff's C library models: C source, lowered by the front end like user code and linked
//! for the functions a program declares without defining (see libc/README.md).
//!
//! Loops inside model functions are unwound without the user's `--unwind` bound (they are
//! bounded by the data they walk), so library code never produces unwinding failures.

/// (file name, source) of each model translation unit.
pub const LIBC: &[(&str, &str)] = &[];
