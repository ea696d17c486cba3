extension SnapshotComposer {
    /// Every error from now on, in order, as it happens (buffered without limit). It ends when
    /// the composer is released.
    ///
    /// A conflict is reported once, when it holds a slot's change back, and again only if a later
    /// change of that slot is held back by another conflict.
    public func errors() -> AsyncStream<SnapshotComposerError> {
        errorStreams.makeStream()
    }

    /// The last error reported; nil again once no slot's change is held back (after a held-back
    /// change is composed).
    public var lastError: SnapshotComposerError? {
        state.withLock { $0.lastError }
    }

    /// The conflicts that hold slots' changes back now, in slot order (empty when every slot
    /// shows its latest content).
    public var conflicts: [SnapshotComposerError] {
        state.withLock { $0.slots.compactMap { $0.conflict?.error } }
    }
}
