// flags: --function make --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: `n` is zeroed when malloc succeeds (line 37), so on the path where `copy` fails `drop`
//   sees next == NULL and child == NULL: its walk runs once and frees only `n`, inside the
//   bound of 10. `copy` stays within the `len` bytes the caller gives from `s` (len <= 16)
//   and within the `len + 1` bytes it allocates. Every freed pointer came from malloc.
//   (The pattern of cJSON_CreateString: a symbolic-length copy into a maybe-NULL block, then
//   a list walk over a block zeroed under `if (n)`.)
#include <stdlib.h>
#include <string.h>

struct item { struct item *next, *child; char *s; };

static void drop(struct item *it) {
  while (it != NULL) {
    struct item *next = it->next;
    if (it->child != NULL)
      drop(it->child);
    free(it->s);
    free(it);
    it = next;
  }
}

static char *copy(const char *s, size_t len) {
  char *c = malloc(len + 1);
  if (c == NULL)
    return NULL;
  memcpy(c, s, len);
  c[len] = 0;
  return c;
}

static struct item *new_item(void) {
  struct item *n = malloc(sizeof *n);
  if (n)
    memset(n, 0, sizeof *n);
  return n;
}

struct item *make(const char *s, size_t len) {
  struct item *n;
  if (len > 16)
    return NULL;
  n = new_item();
  if (n == NULL)
    return NULL;
  n->s = copy(s, len);
  if (n->s == NULL) {
    drop(n);
    return NULL;
  }
  return n;
}
