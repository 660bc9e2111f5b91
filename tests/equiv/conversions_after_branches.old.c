// function: to_date
// expect: EQUIVALENT
// why: the new version only adds two stores that are overwritten before any use (je and yc
//   are assigned again on every path). Every other operation is the same operation on the
//   same operands: the float-to-int conversions convert equal values (an out-of-range
//   conversion gives an unspecified value, but the same one for the same value in both
//   versions), the integer operations that can overflow do so in both or in neither. The old
//   version's overflow checks are assumptions, the new version's are claims, so the two
//   versions' values merged after the first if/else chain used to be selected by different
//   conditions (each path's own assumptions), which made every later value a different
//   formula: the pair was UNKNOWN (a solver time-out on float division), now each new claim
//   follows from the old version's assumption on the same branch.
int month, year;
void to_date(int julian) {
  int ja, jb, yc, jd, je;
  if (julian >= 2299161) {
    int alpha = (int)(((julian - 1867216) - 0.25) / 36524.25);
    ja = (int)(julian + 1 + alpha - 0.25 * alpha);
  } else if (julian < 0) {
    ja = julian + 36525 * (1 - julian / 36525);
  } else {
    ja = julian;
  }
  jb = ja + 1524;
  yc = (int)(6680.0 + ((jb - 2439870) - 122.1) / 365.25);
  jd = (int)(365 * yc + 0.25 * yc);
  je = (int)((jb - jd) / 30.6001);
  month = je - 1;
  if (month > 12)
    month -= 12;
  year = yc - 4715;
  if (month > 2)
    --year;
}
