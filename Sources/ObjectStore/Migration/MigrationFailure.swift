/// Why a migration stage stopped: the stage, the entity and property, the object and the value
/// when one is to blame. The store was left as it was before the migration.
public struct MigrationFailure: Sendable, Hashable, CustomStringConvertible {
    /// The store's path (or server).
    public let path: String
    /// The version the failed stage starts from.
    public let source: String
    /// The version the failed stage ends at.
    public let destination: String
    /// The entity, by its name in the destination version (nil when the stage's own code failed).
    public let entity: String?
    /// The attribute or relationship, by its name in the destination version, if one is to blame.
    public let property: String?
    /// The primary key (`Z_PK`) of the object whose value is to blame, if one is.
    public let objectKey: Int64?
    /// The value that could not be migrated, as text, if one is to blame.
    public let value: String?
    /// What went wrong.
    public let reason: String

    /// A sentence naming the stage, place, object and value, and what to do.
    public var description: String {
        var place = [entity, property].compactMap { $0 }.joined(separator: ".")
        if let objectKey { place += place.isEmpty ? "object \(objectKey)" : " of object \(objectKey)" }
        if let value { place += " (value \(value))" }
        let at = place.isEmpty ? "" : " at \(place)"
        return "The migration of the store at \(path) from version \(source) to \(destination) failed\(at): \(reason)."
    }
}
