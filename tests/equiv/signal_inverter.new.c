unsigned signalInverter(int signal) {
  if(signal < 0)
    return -signal;
  else
    return signal;
}
