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

    /// The scenario and the message.
    public var description: String { "\(scenario): \(message)" }
}
