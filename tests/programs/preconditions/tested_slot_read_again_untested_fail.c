// flags: --function g --infer-preconditions --unwind 10
// expect: FAILED pointer-null line 15
// why: g tests l->next for NULL, so a caller may pass a node whose next is NULL; on that
//   input g reads the same slot again through a `struct node **` it does not test and
//   dereferences NULL. The first read of a slot decides whether it may be NULL: a later
//   untested read of it must not rule the NULL case out (that made this SUCCESSFUL).
#include <stddef.h>

struct node { struct node *next; int v; };

int g(struct node *l) {
  if (l->next)
    return 0;
  struct node *x = *(struct node **)l;
  return x->v;
}
