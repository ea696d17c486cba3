/// An item identifier that its bytes stand for: two identifiers are equal exactly when their
/// bytes are, like a UUID's 16 bytes.
///
/// A snapshot hashes such an identifier of 16 bytes through an integer mixer of its two 64-bit
/// halves, instead of its `Hashable` implementation, which feeds the bytes one call at a time to
/// a general-purpose hasher. Building, looking up and diffing snapshots of UUIDs then costs
/// about what it costs with integers. Foundation's `UUID` conforms when `FetchedResults` (or
/// `DiffableStore`) is imported; conform an identifier of your own only if equal values always
/// have equal bytes (no padding, no fields left out of `==`):
///
/// ```swift
/// struct MatchID: BitwiseIdentifier {
///     var high: UInt64
///     var low: UInt64
/// }
/// ```
///
/// Identifiers of another size, or that hold references, keep their own hashing.
public protocol BitwiseIdentifier: Hashable, Sendable {}

/// The two 64-bit halves of `key` when `Key` is a ``BitwiseIdentifier`` of 16 bytes, nil
/// otherwise. The size tests fold away where `Key` is known; the conformance test is left only
/// for other plain 16-byte types.
@inlinable
@inline(__always)
func bitwiseHalves<Key>(_ key: Key) -> (UInt64, UInt64)? {
    guard MemoryLayout<Key>.size == 16, _isPOD(Key.self), Key.self is any BitwiseIdentifier.Type else { return nil }
    return withUnsafeBytes(of: key) { bytes in
        (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
}
