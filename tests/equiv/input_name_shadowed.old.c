// function: f
// expect: NOT EQUIVALENT
// why: the old version returns 2 * (a + 1), the new one 2 * (a + 1) + 1 (no overflow is
//   possible for |a| < 2^29; outside that the old version overflows and is not compared):
//   every input in range tells them apart. The callee's parameter is also called `a` and is
//   set to a + 1 in its body: the reported input must be the entry's `a` (the test
//   reported_input_is_the_entry_parameter checks that the reported outputs follow from it).
static int twice(int a) {
  a = a + 1;
  return a * 2;
}
int f(int a) {
  return twice(a);
}
