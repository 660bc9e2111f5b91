// expect: UNKNOWN getdate
// why: whether getdate succeeds depends on the DATEMSK template file and the string, which
//   verdiff does not read: the result is an approximated value, and the assertion that it
//   succeeds depends on it only, so verdiff cannot decide (it fails when DATEMSK is unset).
#define _GNU_SOURCE
#include <assert.h>
#include <time.h>

int main(void) {
  struct tm *t = getdate("2024-01-01");
  assert(t != NULL);
  return 0;
}
