/// How a migration stage turns the values of an attribute whose type changed.
///
/// Integer, double and string convert into one another, boolean into integer and back, date into
/// double and back, without one: the stage checks that no value loses anything (a string that is
/// not a number, a double with a fraction, an integer other than 0 or 1 for a boolean) and fails
/// naming the first object that would. Give a conversion for the other changes, or to decide
/// yourself:
///
/// ```swift
/// .lightweight(from: "1", to: "2", conversions: [
///     .convert(entity: "Player", attribute: "rating", from: String.self, to: Int.self) { text in
///         Int(text) ?? 0
///     }
/// ])
/// ```
public struct AttributeConversion: Sendable {
    /// The entity, by its name in the stage's destination model.
    public let entity: String
    /// The attribute, by its name in the stage's destination model.
    public let attribute: String
    let transform: @Sendable (StoredValue) throws -> StoredValue

    /// Converts each stored value of `entity.attribute` with `body`: from the source version's
    /// Swift type to the destination version's. `nil` stays `nil` without a call.
    ///
    /// A value that does not decode as `Old`, or an error `body` throws, fails the migration
    /// (``ObjectStoreError/migrationFailed(_:)``) naming the object and the value; the store is
    /// left as it was.
    public static func convert<Old: AttributeValue, New: AttributeValue>(
        entity: String, attribute: String, from: Old.Type, to: New.Type, _ body: @escaping @Sendable (Old) throws -> New
    ) -> AttributeConversion {
        AttributeConversion(entity: entity, attribute: attribute) { stored in
            guard let old = Old(storedValue: stored) else { throw ConversionRefusal.undecodable(Old.self) }
            return try body(old).storedValue
        }
    }
}

/// Why a value could not be converted, for the migration's error message.
enum ConversionRefusal: Error, CustomStringConvertible {
    case undecodable(Any.Type)

    var description: String {
        switch self {
        case .undecodable(let type): "it does not decode as \(type)"
        }
    }
}
