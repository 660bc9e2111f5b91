// flags: --function f --infer-preconditions --unwind 10
// expect: FAILED pointer-null line 17
// why: m is the caller's node 3 links from l; f tests m->next for NULL, so at the depth
//   bound (3) that slot is NULL in the caller's memory. Read again through a
//   `struct node **` (untested), it is still NULL, and x->v dereferences NULL. (Taking the
//   second read as "never NULL" contradicted the bound and made every claim hold.)
#include <stddef.h>

struct node { struct node *next; struct node *down; int v; };

int f(struct node *l) {
  struct node *m = l->down->down->down;
  int k = (m->next == NULL);
  struct node *x = *(struct node **)m;
  if (!k)
    return 0;
  return x->v;
}
