/// One version of an app's model, named for the store to record: an entry of a
/// ``MigrationPlan``.
///
/// ```swift
/// let plan = MigrationPlan(
///     versions: [ModelVersion("1", model: V1.model), ModelVersion("2", model: V2.model)],
///     stages: [.lightweight(from: "1", to: "2")]
/// )
/// ```
///
/// Each version's classes are their own types (keep them in an enum per version, as the example
/// of <doc:ChangingYourModel> does), so that a custom stage can read and write the objects of
/// the version it starts from or ends at.
public struct ModelVersion: Sendable {
    /// The name the store records for this version (in `Z_METADATA`), such as `"1"` or
    /// `"2024-06"`; unique within a plan.
    public let identifier: String
    /// The model of this version.
    public let model: ManagedObjectModel

    /// A version named `identifier`, built from `model`.
    public init(_ identifier: String, model: ManagedObjectModel) {
        self.identifier = identifier
        self.model = model
    }
}
