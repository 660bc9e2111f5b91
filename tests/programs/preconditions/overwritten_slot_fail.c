// flags: --function relink --infer-preconditions --unwind 10
// expect: FAILED pointer-null line 15
// why: the caller's node has a next of its own, but relink first stores `spare` (which may
//   be NULL: it is tested) into l->next, then reads l->next->v: the read must see the
//   program's store, not the caller's child.
#include <stddef.h>

struct node { struct node *next; int v; };

int relink(struct node *l, struct node *spare, int k) {
  if (spare != NULL && k)
    return spare->v;
  if (k > 5)
    l->next = spare;
  return l->next->v;
}
