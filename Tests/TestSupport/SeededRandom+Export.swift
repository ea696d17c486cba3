// The tests reach the seeded generator through TestSupport, as before it moved to the
// SeededRandom target that the demo and the benchmarks share.
@_exported public import SeededRandom
