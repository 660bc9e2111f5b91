//! Unit tests of symbolic execution live in tests/ (they need the front end).
