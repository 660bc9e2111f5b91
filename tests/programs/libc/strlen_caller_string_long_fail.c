// flags: --function check_name --infer-preconditions
// expect: FAILED assertion line 16
// why: strlen over the caller's string walks 8 bytes, then takes the length from a summary: any
//   stop position up to the end of the object. A length of 31, 38, ... violates the assertion,
//   but the solver's first model puts the stop 2^46 bytes on, where no replay gets, so it does
//   not replay; a model whose skipped bytes are few and nonzero does (engine/bmc/solve/confirm.rs).
//   Without that second model the verdict was UNKNOWN (counterexample not confirmed).
#include <assert.h>
#include <string.h>

int check_name(const char *name) {
  size_t n = strlen(name);
  if (n < 30)
    return 0;
  /* names of 30 or more characters are meant to be rejected earlier */
  assert(n % 7 != 3);
  return 1;
}
