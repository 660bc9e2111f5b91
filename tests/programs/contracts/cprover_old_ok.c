// flags: --function bump --enforce-contract bump
// expect: SUCCESSFUL
// why: CBMC's spelling: under the requires the counter is below INT_MAX, the body adds 1,
//   the ensures compares with the value on entry (__CPROVER_old), and only counter changes.
int counter;
int limit = 100;

void bump(void) {
  __CPROVER_requires(counter >= 0 && counter < limit);
  __CPROVER_assigns(counter);
  __CPROVER_ensures(counter == __CPROVER_old(counter) + 1);
  counter = counter + 1;
}
