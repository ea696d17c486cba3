/// Calls `body` with every index in `range` whose byte in `bytes` is not `byte`, in order.
///
/// Eight bytes are compared at once, and the ones that differ are found from the bits of the
/// comparison, so a column that is mostly `byte` (the kept items of a diff, the matched old
/// items) costs a few instructions per eight bytes and no branch per byte.
@inlinable
func forEachIndex(in range: Range<Int>, of buffer: UnsafeRawBufferPointer, notEqualTo byte: UInt8, _ body: (Int) -> Void) {
    assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "\(range) reaches past \(buffer.count) bytes")
    guard !range.isEmpty, let bytes = buffer.baseAddress else { return }
    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
    var index = range.lowerBound
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    while index &+ 8 <= range.upperBound {
        let differences = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
        if differences != 0 {
            // The high bit of each byte that differs, found without a branch per byte.
            var marks = (((differences & lows) &+ lows) | differences) & ~lows
            repeat {
                body(index &+ marks.trailingZeroBitCount >> 3)
                marks &= marks &- 1
            } while marks != 0
        }
        index &+= 8
    }
    for other in index..<range.upperBound where bytes.load(fromByteOffset: other, as: UInt8.self) != byte {
        body(other)
    }
}
