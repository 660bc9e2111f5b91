// flags: --function used --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: c->buf is a pointer the caller stored (sds keeps such strings in its users' structs),
//   and like a parameter's pointer it may point past the start of its object: the length
//   read 8 bytes before it is in the caller's object. Were a stored pointer always the
//   start of its object, no caller could call `used` at all and nothing would be proved.
#include <stddef.h>

struct client { char *buf; int fd; };

size_t used(const struct client *c) {
  return ((const size_t *)c->buf)[-1];
}
