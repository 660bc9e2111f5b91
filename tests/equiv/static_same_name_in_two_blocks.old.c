// function: f
// expect: NOT EQUIVALENT
// output: static f::n:
// why: f has two static counters named n, one per branch. Both versions bump the second by 1;
// the new version bumps the first by 2 instead of 1, so after a call with x >= 0 the first
// counter differs. Both statics are state and each must be compared with its counterpart (the
// second `n` once took the first one's place, and the first went uncompared: EQUIVALENT).
int f(int x) {
  if (x >= 0) { static int n; n = (n + 1) & 255; return 0; }
  else { static int n; n = (n + 1) & 255; return 1; }
}
