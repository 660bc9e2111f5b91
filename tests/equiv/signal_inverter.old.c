// function: signalInverter
// expect: EQUIVALENT
// why: thesis Fig. 6.2. For signal >= 0 both return (unsigned)signal; for signal < 0 both
// return (unsigned)(-signal). At signal == INT_MIN both negate with overflow (undefined
// behaviour in both; the old version's undefined inputs are outside the comparison, and with
// wrap-around both would give 2147483648u). No loops: the answer is complete.
unsigned signalInverter(int signal) {
  unsigned inverter;
  if(signal >= 0)
    inverter = signal;
  else
    inverter = -1*signal;
  return inverter;
}
