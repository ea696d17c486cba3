import Foundation
import GRDB
import GRDBSQLite

/// The SQL functions and collations predicates and sort descriptors compile to, registered on
/// every connection a store opens (the writer and each pool reader).
///
/// Each one calls the Swift code in-memory evaluation calls, so the store and memory agree:
/// - `ds_fold(text, options)`: ``TextFolding/fold(_:_:)`` (`[c]`, `[d]` comparisons).
/// - `ds_match(operator, text, pattern)`: ``TextMatcher`` (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`,
///   `LIKE`, `MATCHES`); the compiled pattern is cached per statement when it is a constant.
/// - collations `DS_STRING`, `DS_CASEINSENSITIVE`, `DS_LOCALIZEDSTANDARD`, `DS_DECIMAL`:
///   ``SortCollation``.
/// - aggregates `ds_sum(x)`, `ds_avg(x)`: ``CollectionTotal`` (`@sum`, `@avg`, and the `sum` and
///   `average` of doubles of grouped fetches); `ds_isum(x, name)`: ``IntegerSum`` (the `sum` of
///   integers of grouped fetches), an error naming `name` when the total passes `Int64`.
/// - `ds_function(code, arguments…)`: ``PredicateFunction`` (`abs(x)`, `lowercase(s)`, …).
///
/// They read text by byte length, so text containing NUL is seen whole.
enum StoreFunctions {
    /// Registers everything on `db`'s connection.
    static func register(_ db: Database) throws {
        let connection = db.sqliteConnection
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        var code = sqlite3_create_function_v2(connection, "ds_fold", 2, flags, nil, foldFunction, nil, nil, nil)
        if code == SQLITE_OK {
            code = sqlite3_create_function_v2(connection, "ds_match", 3, flags, nil, matchFunction, nil, nil, nil)
        }
        if code == SQLITE_OK {
            code = registerTotals(connection, flags: flags)
        }
        if code == SQLITE_OK {
            code = registerIntegerSum(connection, flags: flags)
        }
        if code == SQLITE_OK {
            code = registerPredicateFunctions(connection, flags: flags)
        }
        for collation in SortCollation.registered where code == SQLITE_OK {
            code = sqlite3_create_collation_v2(connection, collation.sqlName, SQLITE_UTF8, collationContext(collation), collationFunction, nil)
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register the predicate functions")
        }
    }

    /// The collation as the context pointer its callback receives (a tag, not a real pointer).
    private static func collationContext(_ collation: SortCollation) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: (SortCollation.registered.firstIndex(of: collation) ?? 0) + 1)
    }

    fileprivate static func collation(from context: UnsafeMutableRawPointer?) -> SortCollation {
        let index = Int(bitPattern: context) - 1
        return SortCollation.registered.indices.contains(index) ? SortCollation.registered[index] : .binary
    }

    /// A compiled pattern kept with a statement while its argument stays constant.
    fileprivate final class MatcherBox {
        let matcher: TextMatcher
        init(_ matcher: TextMatcher) { self.matcher = matcher }
    }
}

private let foldFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let context, let arguments, let value = arguments[0], let optionsValue = arguments[1] else { return }
    guard sqlite3_value_type(value) == SQLITE_TEXT else {
        sqlite3_result_value(context, value)
        return
    }
    let options = ComparisonOptions(rawValue: Int(sqlite3_value_int64(optionsValue)))
    guard case .string(let text) = DatabaseValue(exactArgument: value).storage else { return }
    withSQLiteText(TextFolding.fold(text, options)) { bytes, count in
        sqlite3_result_text(context, bytes, count, sqliteTransient)
    }
}

private let matchFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let context, let arguments, let code = arguments[0], let subject = arguments[1], let pattern = arguments[2] else { return }
    guard sqlite3_value_type(subject) == SQLITE_TEXT, sqlite3_value_type(pattern) == SQLITE_TEXT else {
        sqlite3_result_null(context)
        return
    }
    let box: StoreFunctions.MatcherBox
    if let cached = sqlite3_get_auxdata(context, 2) {
        box = Unmanaged<StoreFunctions.MatcherBox>.fromOpaque(cached).takeUnretainedValue()
    } else {
        let raw = Int(sqlite3_value_int64(code))
        guard let textOperator = TextOperator(rawValue: raw & 0xF),
              case .string(let patternText) = DatabaseValue(exactArgument: pattern).storage else {
            sqlite3_result_null(context)
            return
        }
        box = StoreFunctions.MatcherBox(TextMatcher(textOperator, pattern: patternText, options: ComparisonOptions(rawValue: raw >> 4)))
        sqlite3_set_auxdata(context, 2, Unmanaged.passRetained(box).toOpaque(), releaseMatcherBox)
    }
    guard case .string(let text) = DatabaseValue(exactArgument: subject).storage else { return }
    switch box.matcher.matches(text) {
    case true?: sqlite3_result_int64(context, 1)
    case false?: sqlite3_result_int64(context, 0)
    case nil: sqlite3_result_null(context)
    }
}

private let releaseMatcherBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<StoreFunctions.MatcherBox>.fromOpaque(pointer).release()
}

private let collationFunction: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = { context, leftCount, left, rightCount, right in
    let collation = StoreFunctions.collation(from: context)
    let lhs = UnsafeRawBufferPointer(start: left, count: Int(leftCount))
    let rhs = UnsafeRawBufferPointer(start: right, count: Int(rightCount))
    return Int32(collation.compareText(lhs, rhs))
}
