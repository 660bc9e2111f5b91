// flags: --function count --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: count tests `it` (through the loop) and `it->child` for NULL, so the caller's tree
//   ends; taken 3 links deep (every next and child of a node 3 links from the root is NULL),
//   the walk runs at most 4 iterations per level and recurses at most 3 levels, inside the
//   bound of 10. Every node is the caller's valid object; the sum of at most 15 ones does
//   not overflow.
#include <stddef.h>

struct item { struct item *next, *child; int type; };

int count(const struct item *it) {
  int n = 0;
  while (it != NULL) {
    if (it->child != NULL)
      n += count(it->child);
    n += 1;
    it = it->next;
  }
  return n;
}
