// flags: --function str_push --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: `str` is a handle with a header before the pointer (as sds keeps one). str_push
//   reallocates the header and n + 1 characters and the terminator, n the header's length. A
//   `str` a caller holds comes from str_new, whose object really holds its n characters, so n
//   is far below SIZE_MAX and 16 + n + 2 does not wrap: d[n] and d[n + 1] are inside the new
//   block. As a free input object the header is arbitrary (n = SIZE_MAX - 16 in a 20-byte
//   object): the size wrapped to 1 and the write was a false "access outside object bounds".
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

str str_empty(void) { return str_new("", 0); }

size_t str_len(const str s) { return ((struct hdr *)s - 1)->len; }

str str_push(str s, char c) {
  size_t n = str_len(s);
  struct hdr *h = realloc((struct hdr *)s - 1, sizeof(struct hdr) + n + 2);
  if (!h) return NULL;
  char *d = (char *)(h + 1);
  d[n] = c;
  d[n + 1] = 0;
  h->len = n + 1;
  h->cap = n + 1;
  return d;
}
