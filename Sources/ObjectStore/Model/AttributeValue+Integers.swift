
/// Integer attribute values share one implementation: INTEGER storage, and decoding that fails
/// (rather than traps) when the stored number does not fit.
///
/// Conform your own fixed-width integer types (such as `UInt64`) by declaring the conformance.
/// A value beyond `Int64`'s range (only unsigned types have such values) is stored as REAL, the
/// nearest double: it sorts and compares correctly but keeps only 53 significant bits.
public protocol IntegerAttributeValue: AttributeValue, FixedWidthInteger {}

extension IntegerAttributeValue {
    /// ``AttributeType/integer``.
    public static var attributeType: AttributeType { .integer }
    /// Zero.
    public static var attributeFallback: Self { 0 }
    /// INTEGER; REAL for a value beyond `Int64`'s range.
    public var storedValue: StoredValue {
        if let value = Int64(exactly: self) { return .integer(value) }
        return .real(Double(self))
    }
    /// Reads INTEGER (or an integral REAL) that fits the type.
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value):
            guard let exact = Self(exactly: value) else { return nil }
            self = exact
        case .real(let value):
            // The largest values of 64-bit unsigned types round up to 2^64 when stored.
            guard let exact = Self(exactly: value) ?? (value == Double(Self.max) ? Self.max : nil) else { return nil }
            self = exact
        default:
            return nil
        }
    }
}

extension Int: IntegerAttributeValue {}
extension Int16: IntegerAttributeValue {}
extension Int32: IntegerAttributeValue {}
extension Int64: IntegerAttributeValue {}
