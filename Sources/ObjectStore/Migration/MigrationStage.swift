/// A step of a ``MigrationPlan`` from one model version to another, as Core Data's
/// `NSLightweightMigrationStage` and `NSCustomMigrationStage` are.
///
/// A lightweight stage infers the change from the two models: entities, attributes and
/// relationships matched by name or by their renaming identifier
/// (``ManagedObject/renamingIdentifier`` and ``ManagedObject/renamingIdentifiers``), attribute
/// types converted (built-in conversions between integer, double and string, boolean and integer,
/// date and double, where they lose nothing; ``AttributeConversion`` for the others),
/// relationships changed between to-one and to-many when the data allows it, new attributes filled
/// with their defaults, and removed entities and attributes dropped with their data.
///
/// A custom stage does the same, and runs your code before (`willMigrate`, on a context of the
/// source model) and after (`didMigrate`, on a context of the destination model). Both run
/// inside the migration's one transaction: what they save is kept only if the whole migration
/// commits.
///
/// ```swift
/// .custom(from: "2", to: "3",
///     willMigrate: { context in
///         for player in try context.fetch(V2.Player.self) where player.name.isEmpty {
///             context.delete(player)
///         }
///         try context.save()
///     })
/// ```
public struct MigrationStage: Sendable {
    /// Code a custom stage runs with a context of one of its models.
    public typealias Handler = @Sendable (ManagedObjectContext) throws -> Void

    /// The version the stage starts from.
    public let source: String
    /// The version the stage ends at.
    public let destination: String
    /// Conversions of the attributes whose type the stage changes (the built-in ones need none).
    public let conversions: [AttributeConversion]
    let willMigrate: Handler?
    let didMigrate: Handler?

    /// A stage the store infers from the two models.
    public static func lightweight(from source: String, to destination: String, conversions: [AttributeConversion] = []) -> MigrationStage {
        MigrationStage(source: source, destination: destination, conversions: conversions, willMigrate: nil, didMigrate: nil)
    }

    /// A stage the store infers from the two models, with your code before and after it.
    ///
    /// - Parameters:
    ///   - source: The version the stage starts from.
    ///   - destination: The version the stage ends at.
    ///   - conversions: Conversions of the attributes whose type the stage changes.
    ///   - willMigrate: Runs with a context of the source model before the schema changes.
    ///   - didMigrate: Runs with a context of the destination model after the schema changed.
    ///
    /// The contexts belong to the migration alone: no other context sees the store until the
    /// migration is done. Call ``ManagedObjectContext/save()`` to keep what the handler changed;
    /// an error the handler throws rolls the whole migration back
    /// (``ObjectStoreError/migrationFailed(_:)``).
    public static func custom(
        from source: String, to destination: String, conversions: [AttributeConversion] = [],
        willMigrate: Handler? = nil, didMigrate: Handler? = nil
    ) -> MigrationStage {
        MigrationStage(source: source, destination: destination, conversions: conversions, willMigrate: willMigrate, didMigrate: didMigrate)
    }

    /// Whether the stage runs code of its own.
    public var isCustom: Bool { willMigrate != nil || didMigrate != nil }
}
