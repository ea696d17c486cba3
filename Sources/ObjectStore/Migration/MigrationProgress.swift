/// How far a migration has come: reported to ``MigrationPlan/progress`` as it runs.
public struct MigrationProgress: Sendable, Hashable, CustomStringConvertible {
    /// The stage that runs, from 1.
    public let stage: Int
    /// The number of stages the migration runs.
    public let stageCount: Int
    /// The version the stage starts from.
    public let source: String
    /// The version the stage ends at.
    public let destination: String
    /// The rows the stage has processed so far.
    public let completedUnitCount: Int
    /// The rows the stage processes in all (each entity's rows once per step that reads them).
    public let totalUnitCount: Int

    /// The fraction of the stage done, from 0 to 1.
    public var fractionCompleted: Double {
        totalUnitCount == 0 ? 1 : Double(completedUnitCount) / Double(totalUnitCount)
    }

    /// "stage 1/2 (1 → 2): 500/1000".
    public var description: String {
        "stage \(stage)/\(stageCount) (\(source) → \(destination)): \(completedUnitCount)/\(totalUnitCount)"
    }
}
