import Foundation
import GRDB
import NIOCore
import PostgresNIO

/// One column of many rows as a single bind parameter: a one-dimensional PostgreSQL array in
/// the binary format, NULL elements included (postgres-nio's own arrays have none), so that
/// `unnest` turns the arrays of a statement back into rows.
struct PostgreSQLColumnArray: PostgresDynamicTypeEncodable {
    let kind: PostgreSQLColumnKind
    private var elements: ByteBuffer
    private var count: Int32
    private var hasNull: Bool

    var psqlType: PostgresDataType { kind.arrayType }
    var psqlFormat: PostgresFormat { .binary }

    /// An empty array of `kind`, with room for `capacity` elements.
    init(_ kind: PostgreSQLColumnKind, capacity: Int) {
        self.kind = kind
        elements = ByteBufferAllocator().buffer(capacity: capacity * 12)
        count = 0
        hasNull = false
    }

    /// Appends `value`; false when it is not of the column's storage class (an integer in a
    /// `double precision` column is written as the double it equals, as PostgreSQL's assignment
    /// would; NaN as NULL, as ``PostgreSQLValues/append(_:to:)`` sends it).
    mutating func append(_ value: DatabaseValue) -> Bool {
        switch (kind, value.storage) {
        case (_, .null):
            hasNull = true
            elements.writeInteger(Int32(-1))
        case (.double, .double(let number)) where number.isNaN:
            hasNull = true
            elements.writeInteger(Int32(-1))
        case (.bigint, .int64(let number)):
            elements.writeInteger(Int32(8))
            elements.writeInteger(number)
        case (.double, .double(let number)):
            elements.writeInteger(Int32(8))
            elements.writeInteger(number.bitPattern)
        case (.double, .int64(let number)):
            elements.writeInteger(Int32(8))
            elements.writeInteger(Double(number).bitPattern)
        case (.text, .string(let text)):
            let lengthIndex = elements.writerIndex
            elements.writeInteger(Int32(0))
            let written = elements.writeString(text)
            elements.setInteger(Int32(written), at: lengthIndex)
        case (.bytea, .blob(let data)):
            elements.writeInteger(Int32(data.count))
            elements.writeBytes(data)
        default:
            return false
        }
        count += 1
        return true
    }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(Int32(1))  // dimensions
        byteBuffer.writeInteger(Int32(hasNull ? 1 : 0))
        byteBuffer.writeInteger(kind.elementType.rawValue)
        byteBuffer.writeInteger(count)
        byteBuffer.writeInteger(Int32(1))  // lower bound
        var elements = elements
        byteBuffer.writeBuffer(&elements)
    }
}
