// flags: --function str_after --infer-preconditions --unwind 10
// expect: FAILED pointer-bounds line 24
// why: a `str` made by str_new has room for its n characters and the terminator: the object
//   is 16 + n + 1 bytes with s at offset 16, so s[n + 1] is one past its end for every n.
//   Building the handle by its constructor removes the false alarms, not the real ones.
#include <stdlib.h>
#include <string.h>

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

size_t str_len(const str s) { return ((struct hdr *)s - 1)->len; }

char str_after(const str s) { return s[str_len(s) + 1]; }
