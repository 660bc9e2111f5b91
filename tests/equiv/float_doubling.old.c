// function: twice
// flags: --timeout 60
// expect: EQUIVALENT
// why: x * 2.0f and x + x both round the exact value 2x (to infinity alike when it overflows,
//   NaN for NaN), so they are the same float for every x. The float abstraction cannot know
//   this (its multiplication and addition are unrelated functions) and finds a candidate that
//   does not replay; exact float reasoning then proves it.
float twice(float x) { return x * 2.0f; }
