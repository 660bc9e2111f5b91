// function: f
// flags: --timeout 60
// expect: NOT EQUIVALENT
// why: for negative x or y the old version returns -1000.0 and the new one -999.9: any such
//   input (x = y = -1, say) tells them apart at once. The rest of the function, identical in
//   both, is a fixed loop of float arithmetic and sines on the inputs; it only makes the
//   formula large (the build before concrete probes: UNKNOWN after 30 s, the solver's search
//   for a candidate lost in it).
#include <math.h>
double f(double x, double y, double z) {
  if (x < 0.0 || y < 0.0 || z < 0.0)
    return -1000.0;
  double s = x, t = y, u = z;
  for (int i = 0; i < 40; i++) {
    s = sqrt(s * t + u) * 0.5 + t / (s + 1.0);
    t = t * 0.75 + s * u * 0.125;
    u = (u + s * t) / (1.0 + t * t) + sin(u) * 0.01;
  }
  return s + t * u;
}
