/// What a key asks the demo to do.
package enum InputAction: Hashable, Sendable {
    case quit
    /// Moves the selection by this many rows (down when positive).
    case moveSelection(Int)
    /// Scrolls by a screenful (down when positive).
    case page(Int)
    /// The team filter changed to this text.
    case filter(String)
    case toggleBetSlip
    case togglePause
    case redraw
}
