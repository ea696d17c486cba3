public import GRDB

/// Integer attribute values share one implementation: INTEGER storage, and decoding that fails
/// (rather than traps) when the stored number does not fit.
public protocol IntegerAttributeValue: AttributeValue, FixedWidthInteger {}

extension IntegerAttributeValue {
    /// ``AttributeType/integer``.
    public static var attributeType: AttributeType { .integer }
    /// Zero.
    public static var attributeFallback: Self { 0 }
    /// INTEGER.
    public var storedValue: DatabaseValue { (Int64(self)).databaseValue }
    /// Reads INTEGER (or an integral REAL) that fits the type.
    public init?(storedValue: DatabaseValue) {
        switch storedValue.storage {
        case .int64(let value):
            guard let exact = Self(exactly: value) else { return nil }
            self = exact
        case .double(let value):
            guard let exact = Self(exactly: value) else { return nil }
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
