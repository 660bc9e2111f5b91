// function: pick
// expect: UNKNOWN uninitialised
// why: for k <= 0 (and NaN) the new version returns its uninitialised x. The difference to the
//   old version's 7.0 * k depends on that indeterminate value: x == 7.0 * k avoids it, so
//   NOT EQUIVALENT would claim a difference that is not proven, and EQUIVALENT is false.
//   A probe run (k = 0) picks x = 0 and sees 0.0 against 0.0, k = 1 takes the defined branch,
//   k = -1 picks a value for x that differs from -7.0: one choice of the indeterminate value,
//   not a proof. The probe's run may only be the counterexample when it used no such
//   value; otherwise the value must stay free (this pair said NOT EQUIVALENT in a draft
//   that skipped that).
double pick(double k) {
    return 7.0 * k;
}
