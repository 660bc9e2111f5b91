// expect: FAILED assertion line 11
// why: the time zone comes from the environment (TZ): with TZ="EST5EDT" glibc sets daylight to
//   1 after tzset, so the assertion that there is no daylight saving time can be violated.
#include <assert.h>
#include <time.h>

int main(void) {
  tzset();
  int d = daylight;
  if (d != 0)
    assert(d == 0);
  return 0;
}
