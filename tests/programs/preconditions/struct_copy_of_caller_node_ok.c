// flags: --function second --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: l is not tested for NULL, nor is its next: a caller passes a node whose next is a
//   node of its own. The copy c reads those pointer bytes as part of a struct, and
//   c.next->v must read the same valid child that l->next->v would.
#include <stddef.h>

struct node { struct node *next; int v; };

int second(const struct node *l) {
  struct node c = *l;
  return c.next->v + l->next->v;
}
