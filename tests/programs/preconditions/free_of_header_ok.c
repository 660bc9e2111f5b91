// flags: --function release --infer-preconditions
// expect: SUCCESSFUL
// why: release frees the block that starts one byte before s (sds's sdsfree): a caller that
//   got s from the matching allocator passes exactly such a pointer; free's zero offset is
//   what release needs of its caller, not its bug. NULL is tested and not freed.
#include <stdlib.h>

void release(char *s) {
  if (s == NULL)
    return;
  free(s - 1);
}
