/// The decoration of a match row on the bet slip: its presence is the state.
package struct BetSlipMark: Hashable, Sendable {
    package init() {}
}
