public import Foundation

/// A value in the form the store keeps it: one of SQLite's storage classes.
///
/// ``AttributeValue`` types convert to and from it; you meet it when you conform a type of your
/// own, or read ``AttributeDescription/defaultValue``.
///
/// ```swift
/// struct Celsius: AttributeValue {
///     var degrees: Double
///     static var attributeType: AttributeType { .double }
///     static var attributeFallback: Celsius { Celsius(degrees: 0) }
///     var storedValue: StoredValue { .real(degrees) }
///     init?(storedValue: StoredValue) {
///         guard let degrees = Double(storedValue: storedValue) else { return nil }
///         self.degrees = degrees
///     }
///     init(degrees: Double) { self.degrees = degrees }
/// }
/// ```
public enum StoredValue: Sendable, Hashable {
    /// No value (SQL NULL).
    case null
    /// A 64-bit signed integer (INTEGER).
    case integer(Int64)
    /// A double-precision number (REAL).
    case real(Double)
    /// UTF-8 text (TEXT).
    case text(String)
    /// Bytes (BLOB).
    case blob(Data)

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }
}
