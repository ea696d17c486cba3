import GRDB
import GRDBSQLite

extension StoreFunctions {
    /// Registers the aggregates `ds_sum(x)` and `ds_avg(x)`: ``CollectionTotal`` of the non-NULL
    /// numbers of a group (`@sum` and `@avg` of predicates), so that SQL and memory agree on
    /// every bit whatever order the rows come in.
    static func registerTotals(_ connection: OpaquePointer?, flags: Int32) -> Int32 {
        var code = SQLITE_OK
        for (name, collectionOperator) in [("ds_sum", CollectionOperator.sum), ("ds_avg", .average)] where code == SQLITE_OK {
            code = sqlite3_create_function_v2(connection, name, 1, flags, totalTag(collectionOperator), nil, totalStep, totalFinal, nil)
        }
        return code
    }

    /// The operator as the user data its callbacks receive (a tag, not a real pointer).
    private static func totalTag(_ collectionOperator: CollectionOperator) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: collectionOperator == .average ? 2 : 1)
    }

    fileprivate static func collectionOperator(from tag: UnsafeMutableRawPointer?) -> CollectionOperator {
        Int(bitPattern: tag) == 2 ? .average : .sum
    }

    /// The numbers of one group, kept with the group's aggregate context.
    fileprivate final class TotalBox {
        var values: [Double] = []
    }
}

/// The group's box, created at its first row.
private func totalBox(_ context: OpaquePointer?, create: Bool) -> StoreFunctions.TotalBox? {
    let size = create ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
    guard let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else { return nil }
    if let pointer = slot.pointee { return Unmanaged<StoreFunctions.TotalBox>.fromOpaque(pointer).takeUnretainedValue() }
    guard create else { return nil }
    let box = StoreFunctions.TotalBox()
    slot.pointee = Unmanaged.passRetained(box).toOpaque()
    return box
}

private let totalStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments, let value = arguments[0], let box = totalBox(context, create: true) else { return }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: box.values.append(Double(sqlite3_value_int64(value)))
    case SQLITE_FLOAT: box.values.append(sqlite3_value_double(value))
    default: break
    }
}

private let totalFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    let collectionOperator = StoreFunctions.collectionOperator(from: sqlite3_user_data(context))
    var values: [Double] = []
    if let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self), let pointer = slot.pointee {
        values = Unmanaged<StoreFunctions.TotalBox>.fromOpaque(pointer).takeRetainedValue().values
        slot.pointee = nil
    }
    if let total = CollectionTotal.total(collectionOperator, values) {
        sqlite3_result_double(context, total)
    } else {
        sqlite3_result_null(context)
    }
}
