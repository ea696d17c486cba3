import GRDBSQLite

extension StoreFunctions {
    /// The object an aggregate function keeps for the group being folded, held in SQLite's
    /// aggregate context: created at the group's first row, released when its result is given.
    static func aggregateBox<Box: AnyObject>(_ context: OpaquePointer?, make: () -> Box) -> Box? {
        guard let slot = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size))?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else { return nil }
        if let pointer = slot.pointee { return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue() }
        let box = make()
        slot.pointee = Unmanaged.passRetained(box).toOpaque()
        return box
    }

    /// The group's box, taken out of the aggregate context at its final call (nil when the
    /// group had no row the function kept).
    static func finalBox<Box: AnyObject>(_ context: OpaquePointer?, of type: Box.Type) -> Box? {
        guard let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self), let pointer = slot.pointee else { return nil }
        slot.pointee = nil
        return Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue()
    }
}
