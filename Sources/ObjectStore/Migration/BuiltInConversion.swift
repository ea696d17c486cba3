import Foundation
import GRDB

/// A conversion between attribute types that the store runs in SQL, and the check that proves it
/// loses nothing: integer, double and string into one another, boolean into integer and back,
/// date into double and back.
struct BuiltInConversion {
    /// The new value, in SQL, of the old value `{v}` (nil when the stored form stays as it is and
    /// only the check runs).
    let expression: String?
    /// A condition, in SQL, that holds for a non-null old value `{v}` that the conversion would
    /// change or lose (nil when every value converts).
    let loses: String?
    /// What a value that fails the check is not, for the error.
    let requirement: String

    /// The conversion from `source` to `destination`, if one is built in.
    static func between(_ source: AttributeType, _ destination: AttributeType) -> BuiltInConversion? {
        switch (source, destination) {
        case (.integer, .string):
            BuiltInConversion(expression: "CAST({v} AS TEXT)", loses: "typeof({v}) <> 'integer'", requirement: "an integer")
        case (.integer, .double):
            BuiltInConversion(expression: "CAST({v} AS REAL)", loses: "typeof({v}) <> 'integer' OR abs({v}) > 9007199254740992", requirement: "an integer a double holds exactly")
        case (.integer, .boolean):
            BuiltInConversion(expression: nil, loses: "typeof({v}) <> 'integer' OR {v} NOT IN (0, 1)", requirement: "0 or 1")
        case (.boolean, .integer), (.date, .double), (.double, .date):
            BuiltInConversion(expression: nil, loses: nil, requirement: "")
        case (.double, .integer):
            BuiltInConversion(expression: "CAST({v} AS INTEGER)", loses: "typeof({v}) NOT IN ('integer', 'real') OR abs({v}) >= 9.2e18 OR {v} <> CAST({v} AS INTEGER)", requirement: "a whole number")
        case (.double, .string):
            BuiltInConversion(expression: "\(doubleText)({v})", loses: "typeof({v}) NOT IN ('integer', 'real')", requirement: "a number")
        case (.string, .integer):
            BuiltInConversion(expression: "CAST({v} AS INTEGER)", loses: "\(notInteger)({v})", requirement: "the text of an integer")
        case (.string, .double):
            BuiltInConversion(expression: "CAST({v} AS REAL)", loses: "\(notDouble)({v})", requirement: "the text of a number")
        default:
            nil
        }
    }

    /// The SQL functions the conversions use, registered on the migration's connection.
    static func register(_ db: Database) {
        db.add(function: DatabaseFunction(doubleText, argumentCount: 1, pure: true) { values in
            guard let number = Double.fromDatabaseValue(values[0]) else { return nil }
            return "\(number)"
        })
        db.add(function: DatabaseFunction(notInteger, argumentCount: 1, pure: true) { values in
            guard let text = String.fromDatabaseValue(values[0]) else { return true }
            return Int64(text) == nil
        })
        db.add(function: DatabaseFunction(notDouble, argumentCount: 1, pure: true) { values in
            guard let text = String.fromDatabaseValue(values[0]) else { return true }
            guard let number = Double(text) else { return true }
            return !number.isFinite
        })
    }

    /// `template` with the column `column` for `{v}`.
    static func sql(_ template: String, column: String) -> String {
        template.replacingOccurrences(of: "{v}", with: column)
    }

    private static let doubleText = "DS_MIGRATION_DOUBLE_TEXT"
    private static let notInteger = "DS_MIGRATION_NOT_INTEGER"
    private static let notDouble = "DS_MIGRATION_NOT_DOUBLE"
}
