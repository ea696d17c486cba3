import Foundation
package import GRDB
import GRDBSQLite

/// SQLite's destructor constant that makes it copy bound or returned bytes.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension DatabaseValue {
    /// The value of a result column, with text read by its byte length (GRDB reads text up to the
    /// first NUL byte, which would cut `"a\u{0}b"` short). One type lookup per column: this is the
    /// inner loop of every fetch.
    package init(exactColumnOf statement: OpaquePointer, at index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            self = sqlite3_column_int64(statement, index).databaseValue
        case SQLITE_FLOAT:
            self = sqlite3_column_double(statement, index).databaseValue
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_text(statement, index) else {
                self = "".databaseValue
                return
            }
            self = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self).databaseValue
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            if count > 0, let bytes = sqlite3_column_blob(statement, index) {
                self = Data(bytes: bytes, count: count).databaseValue
            } else {
                self = Data().databaseValue
            }
        default:
            self = .null
        }
    }

    /// The value of a function argument, with text read by its byte length.
    package init(exactArgument value: OpaquePointer) {
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: self = .null
        case SQLITE_INTEGER: self = sqlite3_value_int64(value).databaseValue
        case SQLITE_FLOAT: self = sqlite3_value_double(value).databaseValue
        case SQLITE_TEXT:
            let bytes = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            self = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self).databaseValue
        default:
            let count = Int(sqlite3_value_bytes(value))
            if let bytes = sqlite3_value_blob(value), count > 0 {
                self = Data(bytes: bytes, count: count).databaseValue
            } else {
                self = Data().databaseValue
            }
        }
    }

    /// Binds the value with text passed by its byte length (GRDB binds text up to the first NUL
    /// byte), so strings containing NUL are stored and compared whole.
    package func bindExactly(to statement: OpaquePointer, at index: Int32) -> Int32 {
        guard case .string(let text) = storage else { return bind(to: statement, at: index) }
        return withSQLiteText(text) { bytes, count in
            sqlite3_bind_text(statement, index, bytes, count, sqliteTransient)
        }
    }
}

/// Calls `body` with the UTF-8 bytes of `text` and their count (not relying on a NUL terminator).
@discardableResult
func withSQLiteText<Result>(_ text: String, _ body: (UnsafePointer<CChar>, Int32) -> Result) -> Result {
    var text = text
    return text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            if let base = chars.baseAddress { return body(base, Int32(chars.count)) }
            return "".withCString { body($0, 0) }
        }
    }
}
