// flags: --function new_node --infer-preconditions --unwind 2
// expect: SUCCESSFUL
// why: `h` is the caller's object, so `h->allocate` is whatever the caller stored there. A
//   caller in this code base can only store a function whose address the code takes: malloc
//   (the defaults; free has another type). That is one of new_node's needs of its caller, as
//   the bounds of the caller's objects are (docs/contracts.md), not a violation of its own.
//   Through malloc, `n` is NULL (tested) or a fresh node of sizeof(node) bytes, and the memset
//   stays inside it: every claim holds.
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
    memset(n, 0, sizeof(node));
  return n;
}
