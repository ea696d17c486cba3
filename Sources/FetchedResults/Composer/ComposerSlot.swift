/// One slot of a ``SnapshotComposer``: what `addSlot` returns, to replace a static slot's content
/// and to tell which slot a composition or an error is about.
///
/// Slots are numbered in the order they are added, from 0; that order is the order of their
/// sections in the composed list.
public struct ComposerSlot: Hashable, Sendable, CustomStringConvertible {
    /// The name given when the slot was added (unique within its composer).
    public let name: String
    /// The slot's position among its composer's slots, from 0.
    public let index: Int

    init(name: String, index: Int) {
        self.name = name
        self.index = index
    }

    /// The slot as messages name it: `slot 'live' (#4)`.
    public var description: String {
        "slot '\(name)' (#\(index))"
    }
}
