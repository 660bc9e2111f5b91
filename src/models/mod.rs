//! verdiff's C library models: C source, lowered by the front end like user code and linked
//! for the functions a program declares without defining (see libc/README.md).
//!
//! Loops inside model functions are unwound without the user's `--unwind` bound (they are
//! bounded by the data they walk), so library code never produces unwinding failures.

/// (file name, source) of each model translation unit.
pub const LIBC: &[(&str, &str)] = &[
    ("string.c", include_str!("libc/string.c")),
    ("stdlib.c", include_str!("libc/stdlib.c")),
    ("ctype.c", include_str!("libc/ctype.c")),
    ("time.c", include_str!("libc/time.c")),
    ("stdio.c", include_str!("libc/stdio.c")),
    ("wchar.c", include_str!("libc/wchar.c")),
    ("math.c", include_str!("libc/math.c")),
    ("locale.c", include_str!("libc/locale.c")),
];
