// flags: --function fourth --infer-preconditions --unwind 10
// expect: FAILED pointer-null line 13
// why: fourth follows next three times without a test after the first: a caller's list of
//   two nodes (l->next->next is NULL) makes line 13 dereference NULL. The depth bound (3
//   links) still allows lists this short, so the bug is found.
#include <stddef.h>

struct node { struct node *next; int v; };

int fourth(const struct node *l) {
  if (l->next == NULL)
    return 0;
  return l->next->next->next->v;
}
