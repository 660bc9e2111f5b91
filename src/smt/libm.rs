//! The host's math library as a reference for the `<math.h>` functions verdiff models only
//! approximately (`src/models/libc/math.c`): its value on given arguments, and — under the
//! library-accuracy assumption (docs/equivalence.md, "Library accuracy") — the doubles a real
//! library's result lies between, for one argument or for every argument in an interval.
//!
//! Nothing of the program runs here: these are the host's own libm functions on numbers.

/// How far a real math library's result is assumed to be from the host's for the same
/// argument, relative to it: 2^-40, about 4,000 units in the last place, where glibc and musl
/// document at most a few for the functions verdiff models this way.
pub const LIBRARY_ACCURACY: f64 = 1.0 / (1u64 << 40) as f64;

/// The host's result of a C library function that verdiff's models only approximate (one
/// value the real function may have). None for a function not listed.
pub fn host(lib: &str, args: &[f64]) -> Option<f64> {
    let r = match (lib, args) {
        ("sin", [x]) => x.sin(),
        ("cos", [x]) => x.cos(),
        ("tan", [x]) => x.tan(),
        ("asin", [x]) => x.asin(),
        ("acos", [x]) => x.acos(),
        ("atan", [x]) => x.atan(),
        ("atan2", [y, x]) => y.atan2(*x),
        ("sinh", [x]) => x.sinh(),
        ("cosh", [x]) => x.cosh(),
        ("tanh", [x]) => x.tanh(),
        ("exp", [x]) => x.exp(),
        ("exp2", [x]) => x.exp2(),
        ("log", [x]) => x.ln(),
        ("log2", [x]) => x.log2(),
        ("log10", [x]) => x.log10(),
        ("pow", [x, y]) => x.powf(*y),
        ("cbrt", [x]) => x.cbrt(),
        ("hypot", [x, y]) => x.hypot(*y),
        ("fmod", [x, y]) => x % y,
        _ => return None,
    };
    Some(r)
}

/// The doubles a real library's result is assumed to lie between when the host's is `r`:
/// `r` widened by [`LIBRARY_ACCURACY`] of it and by the smallest normal double (results
/// that underflow). None for a NaN or infinite host result.
pub fn accuracy_bounds(r: f64) -> Option<(f64, f64)> {
    if !r.is_finite() {
        return None;
    }
    let d = r.abs() * LIBRARY_ACCURACY + f64::MIN_POSITIVE;
    Some(((r - d).next_down(), (r + d).next_up()))
}

/// Arguments beyond this magnitude: no range for the periodic functions (where their extrema
/// and poles lie is then not known to this code's precision).
const PERIODIC_LIMIT: f64 = 1e6;

/// Bounds of a real library's result of `lib` for every argument in the box `args` (each a
/// finite interval `lo <= hi`): the function's exact range over the box, from the host's values
/// at the points where it is extreme (ends, and the extrema of `sin`/`cos` inside), widened by
/// twice [`LIBRARY_ACCURACY`] of its magnitude and the smallest normal double — the host's own
/// error of a few units in the last place and the assumed distance of the real library from
/// it, both inside that. None when the function is not monotone piecewise here (a pole of
/// `tan` inside, `pow` of a negative base) or not handled (two-argument functions except
/// `pow` with a fixed exponent).
pub fn range_over(lib: &str, args: &[(f64, f64)]) -> Option<(f64, f64)> {
    if args.iter().any(|&(a, b)| !(a.is_finite() && b.is_finite() && a <= b)) {
        return None;
    }
    let f = |x: f64| host(lib, &[x]);
    let (lo, hi) = match (lib, args) {
        ("exp" | "exp2" | "atan" | "sinh" | "tanh" | "cbrt", [(a, b)]) => (f(*a)?, f(*b)?),
        ("log" | "log2" | "log10", [(a, b)]) if *a > 0.0 => (f(*a)?, f(*b)?),
        ("asin", [(a, b)]) if *a >= -1.0 && *b <= 1.0 => (f(*a)?, f(*b)?),
        ("acos", [(a, b)]) if *a >= -1.0 && *b <= 1.0 => (f(*b)?, f(*a)?),
        ("cosh", [(a, b)]) => {
            let (ca, cb) = (f(*a)?, f(*b)?);
            if *a >= 0.0 {
                (ca, cb)
            } else if *b <= 0.0 {
                (cb, ca)
            } else {
                (1.0, ca.max(cb))
            }
        }
        ("sin" | "cos", [(a, b)]) => periodic_extremes(lib, *a, *b)?,
        ("tan", [(a, b)]) => {
            // increasing between poles at pi/2 + k pi
            if a.abs().max(b.abs()) > PERIODIC_LIMIT || near_multiple(*a, *b, std::f64::consts::FRAC_PI_2) {
                return None;
            }
            (f(*a)?, f(*b)?)
        }
        ("pow", [(a, b), (y, y2)]) if y == y2 => {
            let g = |x: f64| x.powf(*y);
            if *y == 2.0 {
                // x^2: decreasing below zero, increasing above
                if *a >= 0.0 {
                    (g(*a), g(*b))
                } else if *b <= 0.0 {
                    (g(*b), g(*a))
                } else {
                    (0.0, g(*a).max(g(*b)))
                }
            } else if *a > 0.0 && *y > 0.0 {
                (g(*a), g(*b))
            } else if *a > 0.0 && *y < 0.0 {
                (g(*b), g(*a))
            } else {
                return None;
            }
        }
        _ => return None,
    };
    if !(lo.is_finite() && hi.is_finite()) || lo > hi {
        return None;
    }
    let d = lo.abs().max(hi.abs()) * 2.0 * LIBRARY_ACCURACY + f64::MIN_POSITIVE;
    Some(((lo - d).next_down(), (hi + d).next_up()))
}

/// Whether an odd multiple of `half` (pi/2 + k pi for `half` = pi/2) lies in [a, b] or within
/// a millionth of it (generous: the multiples are computed in doubles).
fn near_multiple(a: f64, b: f64, half: f64) -> bool {
    odd_multiples(a, b, half).next().is_some()
}

/// The odd multiples (2k + 1) * `half` in [a, b] widened by a millionth, with k.
fn odd_multiples(a: f64, b: f64, half: f64) -> impl Iterator<Item = (i64, f64)> {
    let slack = 1e-6 * a.abs().max(b.abs()).max(1.0);
    let k0 = ((a - slack) / (2.0 * half) - 0.5).floor() as i64 - 1;
    let k1 = ((b + slack) / (2.0 * half) - 0.5).ceil() as i64 + 1;
    (k0..=k1).map(move |k| (k, (2 * k + 1) as f64 * half)).filter(move |&(_, t)| t >= a - slack && t <= b + slack)
}

/// The range of `sin` or `cos` over [a, b]: the values at the ends, and ±1 for each extremum
/// inside (sin: pi/2 + k pi, value (-1)^k; cos: k pi, value (-1)^k).
fn periodic_extremes(lib: &str, a: f64, b: f64) -> Option<(f64, f64)> {
    if a.abs().max(b.abs()) > PERIODIC_LIMIT {
        return None;
    }
    let f = |x: f64| host(lib, &[x]);
    let (fa, fb) = (f(a)?, f(b)?);
    let (mut lo, mut hi) = (fa.min(fb), fa.max(fb));
    let mut extreme = |k: i64| {
        if k.rem_euclid(2) == 0 {
            hi = 1.0;
        } else {
            lo = -1.0;
        }
    };
    if lib == "sin" {
        for (k, _) in odd_multiples(a, b, std::f64::consts::FRAC_PI_2) {
            extreme(k);
        }
    } else {
        // k pi = the odd multiples of pi/2 shifted by pi/2: (2k + 1) pi/2 - pi/2
        for (k, _) in
            odd_multiples(a + std::f64::consts::FRAC_PI_2, b + std::f64::consts::FRAC_PI_2, std::f64::consts::FRAC_PI_2)
        {
            extreme(k);
        }
    }
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accuracy_bounds_hold_the_host_result_and_little_else() {
        let s = 1.0f64.sin();
        let (lo, hi) = accuracy_bounds(s).expect("finite");
        assert!(lo < s && s < hi);
        // a few thousand units in the last place either way, not more
        let ulp = s.next_up() - s;
        assert!(s - lo > 1000.0 * ulp && hi - s > 1000.0 * ulp);
        assert!(hi - s < s * 2.0 * LIBRARY_ACCURACY);
        // 0.8 is far outside: a difference on `sin(1.0) > 0.8` is decided
        assert!(lo > 0.8);
        // a zero result may be any underflowing value, of either sign
        let (lo, hi) = accuracy_bounds(0.0).expect("finite");
        assert!(lo < 0.0 && hi > 0.0 && hi <= 2.0 * f64::MIN_POSITIVE);
        // NaN and infinities: no bounds (the model's facts alone)
        assert_eq!(accuracy_bounds(f64::NAN), None);
        assert_eq!(accuracy_bounds(f64::INFINITY), None);
    }

    /// Whether `r` holds every host value of `lib` on a fine grid of [a, b].
    fn covers(lib: &str, a: f64, b: f64, r: (f64, f64)) -> bool {
        (0..=1000).all(|i| {
            let x = a + (b - a) * i as f64 / 1000.0;
            let v = host(lib, &[x.clamp(a, b)]).expect("listed");
            r.0 <= v && v <= r.1
        })
    }

    #[test]
    fn ranges_over_intervals_hold_every_value_and_the_extrema_inside() {
        for (lib, a, b) in [
            ("sin", 0.5, 0.6),
            ("sin", 1.0, 2.0),  // pi/2 inside: up to 1
            ("sin", 4.0, 5.0),  // 3 pi/2 inside: down to -1
            ("sin", -7.0, 7.0), // both
            ("cos", -0.5, 0.5), // 0 inside: up to 1
            ("cos", 3.0, 3.3),  // pi inside: down to -1
            ("cos", 1.0, 1.2),
            ("exp", -3.0, 2.0),
            ("log", 0.5, 9.0),
            ("atan", -1e9, 3.0),
            ("cosh", -2.0, 1.0),
            ("tan", -1.5, 1.5),
            ("acos", -0.3, 0.9),
        ] {
            let r = range_over(lib, &[(a, b)]).unwrap_or_else(|| panic!("{lib} over [{a}, {b}]"));
            assert!(covers(lib, a, b, r), "{lib} over [{a}, {b}]: {r:?}");
        }
        let (lo, hi) = range_over("sin", &[(1.0, 2.0)]).expect("range");
        assert!(hi >= 1.0 && lo < 1.0f64.sin() && lo > 0.84);
        let (lo, _) = range_over("cos", &[(3.0, 3.3)]).expect("range");
        assert!(lo <= -1.0);
        // x^2 over an interval around zero starts at zero
        let (lo, hi) = range_over("pow", &[(-2.0, 3.0), (2.0, 2.0)]).expect("range");
        assert!(lo <= 0.0 && (9.0..9.001).contains(&hi));
        // narrow arguments give narrow results
        let (lo, hi) = range_over("sin", &[(1.0, 1.0 + 1e-12)]).expect("range");
        assert!(hi - lo < 1e-11 && lo < 1.0f64.sin() && hi > 1.0f64.sin());
    }

    #[test]
    fn no_range_where_the_function_is_not_monotone_piecewise_or_not_handled() {
        assert_eq!(range_over("tan", &[(1.0, 2.0)]), None); // pole at pi/2
        assert_eq!(range_over("log", &[(-1.0, 2.0)]), None);
        assert_eq!(range_over("pow", &[(-2.0, 3.0), (0.5, 0.5)]), None);
        assert_eq!(range_over("pow", &[(1.0, 3.0), (1.0, 2.0)]), None);
        assert_eq!(range_over("atan2", &[(1.0, 2.0), (1.0, 2.0)]), None);
        assert_eq!(range_over("sin", &[(0.0, 1e7)]), None);
        assert_eq!(range_over("exp", &[(0.0, f64::INFINITY)]), None);
        assert_eq!(range_over("exp", &[(0.0, 1000.0)]), None); // overflows
    }
}
