import DiffableSnapshots
import DiffableSupport

/// A way in which a view (with its data source) broke the ``ListViewContract``.
public struct ListViewContractFailure: Error, Sendable, CustomStringConvertible {
    /// The scenario that found it.
    public var scenario: ListViewContractScenario
    /// What went wrong, with the seed and step that replay it.
    public var message: String

    /// A failure of `scenario`.
    public init(scenario: ListViewContractScenario, message: String) {
        self.scenario = scenario
        self.message = message
    }

    /// A sentence naming the scenario and what went wrong, and what to do.
    public var description: String {
        "The view breaks the list view contract in the scenario \(scenario): \(clause(message)). Fix the view; "
            + "run(_:seed:steps:) with that seed replays the failure."
    }
}
