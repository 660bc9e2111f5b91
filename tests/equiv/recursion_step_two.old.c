// function: sum
// flags: --timeout 30
// expect: EQUIVALENT
// why: both return n for n <= 1 and n + (n - 1) + ... + 1 otherwise: the old version adds one
//   term per call, the new one two (REVE's limit1). With the old version's recursive call
//   inlined once, both call sum(n - 2), and "equal arguments give equal results" closes the
//   proof for every depth. Overflow: for n >= 2 every partial sum is positive and the new
//   version's (n + (n - 1), then + sum(n - 2)) are at most the old version's last, so the new
//   version overflows only where the old one does. Without unrolling, lockstep pairs
//   sum(n - 1) with sum(n - 2) and no linear relation between the results exists: only
//   EQUIVALENT UP TO BOUND (the build before this change).
int sum(int n) {
  int r = 0;
  if (n <= 1) {
    r = n;
  } else {
    r = sum(n - 1);
    r = n + r;
  }
  return r;
}
