// flags: --function bump --enforce-contract bump
// expect: FAILED assertion line 8
// why: the assigns clause lists only counter, but the body also writes limit: assigns
//   compliance fails for limit (the claim sits at the function, line 8).
int counter;
int limit = 100;

void bump(void) {
  __CPROVER_requires(counter >= 0 && counter < limit);
  __CPROVER_assigns(counter);
  __CPROVER_ensures(counter == __CPROVER_old(counter) + 1);
  counter = counter + 1;
  limit = limit + 1;
}
