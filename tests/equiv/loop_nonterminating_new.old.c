// function: drain
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT
// why: for t > 0 both versions count c down to 0 and return max(c, 0). For t <= 0 and c > 0
//   the new version loops forever (its loop body does nothing) while the old returns 0; for
//   t <= 0 and c <= 0 both return 0. So the versions agree on every input on which both
//   terminate: partial equivalence, what the relational proof establishes and what
//   verdiff reports as EQUIVALENT with the kind "equivalent-if-terminating" (termination is not
//   compared; the text says so).
int drain(int t, int c) {
  int x = 0;
  if (0 < t) {
    while (0 < c) {
      x++;
      c = c - 1;
    }
  }
  return x;
}
