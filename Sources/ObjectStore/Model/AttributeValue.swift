public import Foundation

/// A Swift type that an `@Attribute` property can hold.
///
/// The package conforms `Bool`, the integer types, `Double`, `Float`, `String`, `Date`, `Data`,
/// `UUID`, `URL`, `Decimal` and optionals of each. Conform your own `Codable` types with
/// ``CodableAttributeValue``, which stores them as JSON.
public protocol AttributeValue: Sendable {
    /// How the value is stored.
    static var attributeType: AttributeType { get }
    /// Whether `nil` is a valid value (true only for `Optional`).
    static var isOptional: Bool { get }
    /// The value a getter returns when the stored data cannot be decoded and no default is
    /// declared, so that reading never traps because of data.
    static var attributeFallback: Self { get }
    /// The stored form of the value.
    var storedValue: StoredValue { get }
    /// Decodes a stored value, or returns `nil` when the data does not fit the type.
    init?(storedValue: StoredValue)
}

extension AttributeValue {
    /// Non-optional by default.
    public static var isOptional: Bool { false }
}

extension Optional: AttributeValue where Wrapped: AttributeValue {
    /// The wrapped type's storage.
    public static var attributeType: AttributeType { Wrapped.attributeType }
    /// Always true.
    public static var isOptional: Bool { true }
    /// `nil`.
    public static var attributeFallback: Self { nil }
    /// The wrapped value's stored form, or NULL.
    public var storedValue: StoredValue { self?.storedValue ?? .null }
    /// `nil` for NULL, else the wrapped type's decoding.
    public init?(storedValue: StoredValue) {
        if storedValue.isNull {
            self = nil
        } else if let wrapped = Wrapped(storedValue: storedValue) {
            self = wrapped
        } else {
            return nil
        }
    }
}

extension Bool: AttributeValue {
    /// ``AttributeType/boolean``.
    public static var attributeType: AttributeType { .boolean }
    /// `false`.
    public static var attributeFallback: Bool { false }
    /// 0 or 1.
    public var storedValue: StoredValue { .integer(self ? 1 : 0) }
    /// Non-zero numbers are `true`.
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value): self = value != 0
        case .real(let value): self = value != 0
        default: return nil
        }
    }
}

extension Double: AttributeValue {
    /// ``AttributeType/double``.
    public static var attributeType: AttributeType { .double }
    /// `0`.
    public static var attributeFallback: Double { 0 }
    /// REAL.
    public var storedValue: StoredValue { .real(self) }
    /// Reads REAL or INTEGER.
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: AttributeValue {
    /// ``AttributeType/double``.
    public static var attributeType: AttributeType { .double }
    /// `0`.
    public static var attributeFallback: Float { 0 }
    /// REAL.
    public var storedValue: StoredValue { .real(Double(self)) }
    /// Reads REAL or INTEGER.
    public init?(storedValue: StoredValue) {
        guard let double = Double(storedValue: storedValue) else { return nil }
        self = Float(double)
    }
}

extension String: AttributeValue {
    /// ``AttributeType/string``.
    public static var attributeType: AttributeType { .string }
    /// The empty string.
    public static var attributeFallback: String { "" }
    /// TEXT.
    public var storedValue: StoredValue { .text(self) }
    /// Reads TEXT.
    public init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue else { return nil }
        self = value
    }
}

extension Data: AttributeValue {
    /// ``AttributeType/binary``.
    public static var attributeType: AttributeType { .binary }
    /// Empty data.
    public static var attributeFallback: Data { Data() }
    /// BLOB.
    public var storedValue: StoredValue { .blob(self) }
    /// Reads BLOB.
    public init?(storedValue: StoredValue) {
        guard case .blob(let value) = storedValue else { return nil }
        self = value
    }
}

extension Date: AttributeValue {
    /// ``AttributeType/date``.
    public static var attributeType: AttributeType { .date }
    /// The reference date (2001-01-01 00:00:00 UTC).
    public static var attributeFallback: Date { Date(timeIntervalSinceReferenceDate: 0) }
    /// REAL seconds since the reference date.
    public var storedValue: StoredValue { .real(timeIntervalSinceReferenceDate) }
    /// Reads REAL or INTEGER seconds since the reference date.
    public init?(storedValue: StoredValue) {
        guard let seconds = Double(storedValue: storedValue) else { return nil }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
}

extension UUID: AttributeValue {
    /// ``AttributeType/uuid``.
    public static var attributeType: AttributeType { .uuid }
    /// The all-zero UUID.
    public static var attributeFallback: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    /// A 16-byte BLOB.
    public var storedValue: StoredValue {
        let bytes = withUnsafeBytes(of: uuid) { Data($0) }
        return .blob(bytes)
    }
    /// Reads a 16-byte BLOB (or UUID text).
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .blob(let data) where data.count == 16:
            var value = UUID.attributeFallback.uuid
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data) }
            self.init(uuid: value)
        case .text(let text):
            self.init(uuidString: text)
        default:
            return nil
        }
    }
}

extension URL: AttributeValue {
    /// ``AttributeType/uri``.
    public static var attributeType: AttributeType { .uri }
    /// `about:blank`.
    public static var attributeFallback: URL { URL(string: "about:blank")! }
    /// The absolute string, as TEXT.
    public var storedValue: StoredValue { .text(absoluteString) }
    /// Reads TEXT.
    public init?(storedValue: StoredValue) {
        guard case .text(let text) = storedValue else { return nil }
        self.init(string: text)
    }
}

extension Decimal: AttributeValue {
    /// ``AttributeType/decimal``.
    public static var attributeType: AttributeType { .decimal }
    /// Zero.
    public static var attributeFallback: Decimal { 0 }
    /// Exact decimal text, so no digit is lost.
    public var storedValue: StoredValue { .text(description) }
    /// Reads decimal text (or a number).
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .text(let text): self.init(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let value): self.init(value)
        case .real(let value): self.init(value)
        default: return nil
        }
    }
}
