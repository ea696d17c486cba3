import DiffableSupport

/// The versions of an app's model and the stages between them: what a container opened with it
/// migrates a store through (Core Data's staged migration, SwiftData's `SchemaMigrationPlan`).
///
/// ```swift
/// let plan = MigrationPlan(
///     versions: [ModelVersion("1", model: V1.model), ModelVersion("2", model: V2.model)],
///     stages: [.lightweight(from: "1", to: "2")]
/// )
/// let container = try PersistentContainer(name: "Scores", migrationPlan: plan)
/// ```
///
/// The last version is the current one: the container's model. A store records the version it
/// was last migrated to; a store of an earlier version runs the stages from its version to the
/// current one, all in one transaction, before the container hands out any context. Killed at any
/// point, the store opens as the old version, and the next open runs the migration again. A store
/// without a recorded version (made before it had a plan) is recognised by its schema.
///
/// A store of a version the plan does not list (written by a later version of the app) is
/// refused, unchanged (``ObjectStoreError/unknownModelVersion(path:version:knownVersions:)``), and
/// so is a store whose version has no chain of stages to the current one
/// (``ObjectStoreError/migrationStagesMissing(path:from:to:)``).
public struct MigrationPlan: Sendable {
    /// The versions, oldest first; the last is the current model.
    public var versions: [ModelVersion]
    /// The stages, each from one listed version to a later one.
    public var stages: [MigrationStage]
    /// Called as the migration runs (on the thread that creates the container), while the store
    /// is locked for the migration but no context or lock of the library is held.
    public var progress: (@Sendable (MigrationProgress) -> Void)?
    /// Ends the sequences of ``progressUpdates()`` once a container has opened (or failed to
    /// open) the store through the plan.
    var progressFinishers: [@Sendable () -> Void] = []

    /// A plan of `versions` (oldest first, at least one) and the stages between them.
    public init(versions: [ModelVersion], stages: [MigrationStage], progress: (@Sendable (MigrationProgress) -> Void)? = nil) {
        programmerPrecondition(!versions.isEmpty, "A migration plan needs at least one model version; list the current model's version last.")
        self.versions = versions
        self.stages = stages
        self.progress = progress
    }

    /// The current version: the last listed.
    public var currentVersion: ModelVersion { versions[versions.count - 1] }

    /// The stages from `identifier` to the current version, following each stage from the
    /// version the previous one ended at; nil when the chain breaks.
    func stages(from identifier: String) -> [MigrationStage]? {
        var chain: [MigrationStage] = []
        var version = identifier
        let current = currentVersion.identifier
        while version != current {
            guard chain.count <= stages.count, let next = stages.first(where: { $0.source == version }) else { return nil }
            chain.append(next)
            version = next.destination
        }
        return chain
    }

    /// The listed version named `identifier`.
    func version(_ identifier: String) -> ModelVersion? {
        versions.first { $0.identifier == identifier }
    }
}
