// flags: --function new_node --infer-preconditions --unwind 2
// expect: FAILED pointer-bounds line 25
// why: as function_from_callers_hooks_ok.c, but the memset clears two nodes in an allocation
//   of one: with `h->allocate` = malloc (the function the code base stores in its hooks) the
//   write runs past the object — a bug of new_node that any caller passing the defaults hits.
//   The call through the caller's function pointer is followed, not cut: the code after it is
//   verified.
#include <stdlib.h>
#include <string.h>

typedef struct hooks { void *(*allocate)(size_t); void (*release)(void *); } hooks;
typedef struct node { int v; struct node *next; } node;

static hooks defaults = { malloc, free };

const hooks *default_hooks(void)
{
  return &defaults;
}

node *new_node(const hooks *h)
{
  node *n = h->allocate(sizeof(node));
  if (n)
    memset(n, 0, 2 * sizeof(node));
  return n;
}
