// function: ticket
// expect: EQUIVALENT
// why: both add one to the counter and return twice its new value; the static counter starts
// from the same arbitrary value in both and ends equal (no overflow: the signed overflow check
// is not part of equivalence, and unsigned arithmetic wraps the same way in both).
unsigned ticket(void) { static unsigned calls; calls++; return calls * 2; }
