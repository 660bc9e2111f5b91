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
  je = 7;
  jb = ja + 1524;
  yc = 100;
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
