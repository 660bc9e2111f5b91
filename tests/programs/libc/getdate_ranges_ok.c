// expect: SUCCESSFUL
// why: getdate returns NULL with getdate_err one of its codes 1..8, or a static struct tm
//   normalised by mktime: month 0..11, day of month 1..31, hour 0..23.
#define _GNU_SOURCE
#include <assert.h>
#include <time.h>

int main(void) {
  struct tm *t = getdate("2024-01-01");
  if (t == NULL)
    assert(getdate_err >= 1 && getdate_err <= 8);
  else
    assert(t->tm_mon >= 0 && t->tm_mon <= 11 && t->tm_mday >= 1 && t->tm_mday <= 31 && t->tm_hour <= 23);
  return 0;
}
