// flags: --function str_total --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: the lengths of two strings a caller holds are each below the size of an object that
//   was allocated, so their sum does not wrap and the assertion holds. str_new(NULL, SIZE_MAX)
//   would wrap its allocation size (16 + SIZE_MAX + 1) to 16 bytes and record a length of
//   SIZE_MAX; every write it makes lands inside those 16 bytes (offsets wrap too), so the
//   handle looks fine, and with it n + m wraps. That is str_new's own bug, not a handle a
//   caller holds: a constructor making a handle is taken with sizes that do not wrap.
#include <stdlib.h>
#include <string.h>
#include <assert.h>

typedef char *str;
struct hdr { size_t len; size_t cap; };

str str_new(const char *init, size_t len) {
  struct hdr *h = malloc(sizeof(struct hdr) + len + 1);
  if (!h) return NULL;
  h->len = len;
  h->cap = len;
  if (len && init) memcpy((char *)(h + 1), init, len);
  ((char *)(h + 1))[len] = 0;
  return (char *)(h + 1);
}

str str_empty(void) { return str_new("", 0); }

size_t str_len(const str s) { return ((struct hdr *)s - 1)->len; }

size_t str_total(const str a, const str b) {
  size_t n = str_len(a), m = str_len(b);
  assert(n + m >= n);
  return n + m;
}
