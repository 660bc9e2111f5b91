// flags: --function span --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: only distances between pointers into the caller's buffer matter (end - p), never where
//   the buffer starts: the pointer may start its object, and the walk of at most n bytes
//   stays inside the n bytes the caller provides. The result is at most n.
#include <stddef.h>

size_t span(const char *p, size_t n)
{
  const char *end = p + n;
  const char *q = p;
  if (n > 8)
    return 0;
  while (q < end && *q != ',')
    q++;
  return (size_t)(q - p);
}
