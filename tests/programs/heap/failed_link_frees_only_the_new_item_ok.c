// flags: --function add_new --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: add_new allocates a zeroed node and links it into the caller's list with link(); when
//   link() returns 0 (list NULL or the node itself) it wrote nothing, so the node's next and
//   child are still NULL and release() frees that one node: one iteration, no recursion.
//   Every path is safe. (The list's own nodes are the caller's, valid by the precondition;
//   link() only writes through them when it returns 1.) verdiff must see that the branch on
//   link()'s result leaves only the memory of the paths that returned 0: the memory merged
//   after the call chooses between them, and a walk of release() over the other choice
//   unrolled to the bound with nested recursion (cJSON_AddTrueToObject, cJSON_Delete).
#include <stdlib.h>

typedef struct node { struct node *next, *prev, *child; int type; } node;

void release(node *it)
{
  while (it) {
    node *nx = it->next;
    if (it->child)
      release(it->child);
    free(it);
    it = nx;
  }
}

static int link(node *list, node *item)
{
  if (!list || !item || list == item)
    return 0;
  node *first = list->child;
  if (!first) {
    list->child = item;
    item->prev = item;
    item->next = 0;
  } else if (first->prev) {
    first->prev->next = item;
    item->prev = first->prev;
    list->child->prev = item;
  }
  return 1;
}

node *add_new(node *list)
{
  node *it = calloc(1, sizeof(node));
  if (!it)
    return 0;
  if (link(list, it))
    return it;
  release(it);
  return 0;
}
