import Foundation

/// A `Codable` type stored as JSON in one attribute.
///
/// Conform the type and declare a fallback for data that no longer decodes (for example after the
/// type changed shape):
///
/// ```swift
/// struct Score: CodableAttributeValue, Equatable {
///     var home = 0, away = 0
///     static var attributeFallback: Score { Score() }
/// }
/// final class Match: ManagedObject {
///     @Attribute var score = Score()
/// }
/// ```
public protocol CodableAttributeValue: AttributeValue, Codable {}

extension CodableAttributeValue {
    /// ``AttributeType/json``.
    public static var attributeType: AttributeType { .json }

    /// The value encoded as JSON with sorted keys, so equal values store equal bytes.
    public var storedValue: StoredValue {
        guard let data = try? JSONCoders.encoder.encode(self) else { return .null }
        return .blob(data)
    }

    /// Decodes the JSON, or returns `nil` when it does not fit the type.
    public init?(storedValue: StoredValue) {
        let data: Data
        switch storedValue {
        case .blob(let blob): data = blob
        case .text(let text): data = Data(text.utf8)
        default: return nil
        }
        guard let value = try? JSONCoders.decoder.decode(Self.self, from: data) else { return nil }
        self = value
    }
}

/// The JSON coders of ``CodableAttributeValue``, configured once and shared (they keep no state
/// between calls).
private enum JSONCoders {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    static let decoder = JSONDecoder()
}
