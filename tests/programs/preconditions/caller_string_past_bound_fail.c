// flags: --function name_length --infer-preconditions --unwind 3
// expect: FAILED unwinding line 15
// why: n->name is the caller's string, of any length: strlen's loop over it (in the library
//   model, reported at the call) is cut at the bound of 3, and a longer name violates the
//   unwinding assertion, as `check` reports any bound that does not suffice. The replay must
//   stop strlen's loop at the bound too: it ran on past it (a replay's every iteration is
//   concrete) and answered UNKNOWN, "the counterexample does not violate the claim".
#include <string.h>

struct node { struct node *next; const char *name; };

size_t name_length(const struct node *n) {
  if (n->name == NULL)
    return 0;
  return strlen(n->name);
}
