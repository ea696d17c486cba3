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
        var sum = ExactSum()
        var count = 0
    }
}

private let totalStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments, let value = arguments[0], let box = StoreFunctions.aggregateBox(context, make: StoreFunctions.TotalBox.init) else { return }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: box.sum.add(Double(sqlite3_value_int64(value)))
    case SQLITE_FLOAT: box.sum.add(sqlite3_value_double(value))
    default: return
    }
    box.count += 1
}

private let totalFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    let collectionOperator = StoreFunctions.collectionOperator(from: sqlite3_user_data(context))
    let box = StoreFunctions.finalBox(context, of: StoreFunctions.TotalBox.self) ?? StoreFunctions.TotalBox()
    if let total = CollectionTotal.total(collectionOperator, of: box.sum, count: box.count) {
        sqlite3_result_double(context, total)
    } else {
        sqlite3_result_null(context)
    }
}
