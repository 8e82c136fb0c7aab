// A stand-in for a libcxxoffload-rt.so of another version: its entry table
// begins with ABI version 1 and 3 entries (test/lit/e2e/faults.test).
struct OldTable {
  unsigned AbiVersion, NumEntries;
  void *Entries[3];
};

extern "C" const OldTable *__cxxoffload_entry_points() {
  static const OldTable Table = {1, 3, {}};
  return &Table;
}
