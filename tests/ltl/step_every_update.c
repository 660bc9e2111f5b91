// formula: G {x != 1}
// expect: BAD
// why: without __VERIFIER_ltl_step() the monitor steps after every write to x, so it sees
//   x == 1 after the first assignment: a bad prefix of G, BAD (compare step_sampled.c).
int x = 0;
int main(void) {
  x = 1;
  x = 2;
  x = 3;
  return 0;
}
