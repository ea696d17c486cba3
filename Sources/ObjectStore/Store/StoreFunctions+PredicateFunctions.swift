import GRDB
import GRDBSQLite

extension StoreFunctions {
    /// Registers `ds_function(code, arguments…)`: ``PredicateFunction/apply(_:)`` of the
    /// function whose ``PredicateFunction/code`` comes first (`abs(x)`, `lowercase(s)`, … in
    /// predicates).
    static func registerPredicateFunctions(_ connection: OpaquePointer?, flags: Int32) -> Int32 {
        sqlite3_create_function_v2(connection, "ds_function", -1, flags, nil, predicateFunction, nil, nil, nil)
    }
}

private let predicateFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, arguments in
    guard let context else { return }
    guard let arguments, count >= 1, let codeArgument = arguments[0],
          let function = PredicateFunction(code: Int(sqlite3_value_int64(codeArgument))) else {
        sqlite3_result_null(context)
        return
    }
    var values: [DatabaseValue] = []
    for index in 1..<Int(count) {
        guard let argument = arguments[index] else {
            sqlite3_result_null(context)
            return
        }
        values.append(DatabaseValue(exactArgument: argument))
    }
    switch function.apply(values).storage {
    case .double(let number):
        sqlite3_result_double(context, number)
    case .int64(let integer):
        sqlite3_result_int64(context, integer)
    case .string(let text):
        withSQLiteText(text) { bytes, count in
            sqlite3_result_text(context, bytes, count, sqliteTransient)
        }
    case .null, .blob:
        sqlite3_result_null(context)
    }
}
