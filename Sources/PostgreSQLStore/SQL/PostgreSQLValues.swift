import Foundation
package import GRDB
import NIOCore
package import PostgresNIO

/// The store's values (GRDB's `DatabaseValue`: NULL, 64-bit integers, doubles, text, bytes) as
/// PostgreSQL bind parameters and back.
///
/// Each storage class has one column type (`bigint`, `double precision`, `text`, `bytea`;
/// ``PostgreSQLModelSchema``), so a value reads back as it was written.
package enum PostgreSQLValues {
    /// A statement of `text`, written with `?` placeholders as the store's other SQL is, and its
    /// values bound to them in order.
    package static func query(_ text: String, _ arguments: [DatabaseValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { append(argument, to: &bindings) }
        return PostgresQuery(unsafeSQL: numberedPlaceholders(text), binds: bindings)
    }

    /// Appends one value. NaN is sent as NULL, as SQLite stores it, so that both stores hold,
    /// compare and order the same values.
    package static func append(_ value: DatabaseValue, to bindings: inout PostgresBindings) {
        switch value.storage {
        case .null: bindings.appendNull()
        case .double(let number) where number.isNaN: bindings.appendNull()
        case .int64(let number): bindings.append(number)
        case .double(let number): bindings.append(number)
        case .string(let text): bindings.append(text)
        case .blob(let data): bindings.append(ByteBuffer(bytes: data))
        }
    }

    /// The value of one cell: NULL, or by the cell's type. Booleans read as 1 or 0, as the
    /// store's boolean attributes are stored.
    ///
    /// - Throws: `PostgresDecodingError` for a type the store never writes.
    package static func value(of cell: PostgresCell) throws -> DatabaseValue {
        guard var bytes = cell.bytes else { return .null }
        // The store's own column types in the binary format, read straight from the bytes.
        if cell.format == .binary {
            switch cell.dataType {
            case .int8 where bytes.readableBytes == 8: return bytes.readInteger(as: Int64.self)!.databaseValue
            case .float8 where bytes.readableBytes == 8: return Double(bitPattern: bytes.readInteger(as: UInt64.self)!).databaseValue
            case .text, .varchar: return bytes.readString(length: bytes.readableBytes)!.databaseValue
            default: break
            }
        }
        switch cell.dataType {
        case .int8, .int4, .int2: return try cell.decode(Int64.self).databaseValue
        case .float8, .float4: return try cell.decode(Double.self).databaseValue
        case .bool: return (try cell.decode(Bool.self) ? 1 : 0).databaseValue
        case .bytea:
            var buffer = try cell.decode(ByteBuffer.self)
            return (buffer.readData(length: buffer.readableBytes) ?? Data()).databaseValue
        default: return try cell.decode(String.self).databaseValue
        }
    }

    /// The cells of `row` from `start` on, as values.
    package static func values(of row: PostgresRow, from start: Int = 0) throws -> ContiguousArray<DatabaseValue> {
        var values = ContiguousArray<DatabaseValue>()
        for (index, cell) in row.enumerated() where index >= start { values.append(try value(of: cell)) }
        return values
    }

    /// `text` with its `?` placeholders numbered `$1`, `$2`, … in order; a `?` inside a quoted
    /// identifier or a string literal is left as it is.
    package static func numberedPlaceholders(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
