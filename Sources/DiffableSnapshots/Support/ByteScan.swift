/// Calls `body` with every index in `range` whose byte at `bytes + index` is not `byte`, in
/// order.
///
/// Eight bytes are compared at once, so a column that is mostly `byte` (the kept items of a
/// diff, the matched old items) is skipped at about a byte per cycle's eighth.
@inlinable
func forEachIndex(in range: Range<Int>, of bytes: UnsafeRawPointer, notEqualTo byte: UInt8, _ body: (Int) -> Void) {
    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
    var index = range.lowerBound
    while index &+ 8 <= range.upperBound {
        if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) != pattern {
            for other in index..<(index &+ 8) where bytes.load(fromByteOffset: other, as: UInt8.self) != byte {
                body(other)
            }
        }
        index &+= 8
    }
    for other in index..<range.upperBound where bytes.load(fromByteOffset: other, as: UInt8.self) != byte {
        body(other)
    }
}
