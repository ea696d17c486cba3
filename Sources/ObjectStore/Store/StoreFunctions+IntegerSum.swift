import GRDB
import GRDBSQLite

extension StoreFunctions {
    /// The start of the error `ds_isum` raises when a total does not fit, before the column's
    /// name.
    static let integerSumOverflow = "ds_isum overflow: "

    /// Registers the aggregate `ds_isum(x, name)`: the ``IntegerSum`` of the integers of a group
    /// (NULL without any), or the error ``integerSumOverflow`` followed by `name` when the total
    /// passes `Int64`, whatever order the rows come in.
    static func registerIntegerSum(_ connection: OpaquePointer?, flags: Int32) -> Int32 {
        sqlite3_create_function_v2(connection, "ds_isum", 2, flags, nil, nil, integerSumStep, integerSumFinal, nil)
    }

    /// The total of one group, kept with the group's aggregate context.
    fileprivate final class IntegerSumBox {
        var sum = IntegerSum()
        var count = 0
        /// The column's name, read at the group's first integer.
        var name = ""
    }
}

private let integerSumStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments, let value = arguments[0], sqlite3_value_type(value) == SQLITE_INTEGER,
          let box = StoreFunctions.aggregateBox(context, make: StoreFunctions.IntegerSumBox.init) else { return }
    if box.count == 0, let name = arguments[1], let text = sqlite3_value_text(name) {
        box.name = String(cString: text)
    }
    box.sum.add(sqlite3_value_int64(value))
    box.count += 1
}

private let integerSumFinal: @convention(c) (OpaquePointer?) -> Void = { context in
    guard let box = StoreFunctions.finalBox(context, of: StoreFunctions.IntegerSumBox.self), box.count > 0 else { return sqlite3_result_null(context) }
    guard let total = box.sum.value else {
        return sqlite3_result_error(context, StoreFunctions.integerSumOverflow + box.name, -1)
    }
    sqlite3_result_int64(context, total)
}
