import ObjectStore
import PostgresNIO

/// The column type of one of the store's columns: one per storage class of the values it holds
/// (GRDB's `DatabaseValue`: 64-bit integers, doubles, text, bytes), so that a value reads back
/// as it was written.
enum PostgreSQLColumnKind: Sendable {
    case bigint, double, text, bytea

    /// The column type of an attribute type.
    init(_ type: AttributeType) {
        switch type {
        case .boolean, .integer: self = .bigint
        case .double, .date: self = .double
        case .string, .uri, .decimal: self = .text
        case .binary, .uuid, .json: self = .bytea
        }
    }

    /// The column's type in `CREATE TABLE` and `ALTER TABLE … ADD COLUMN`; text compares and
    /// orders by bytes (the "C" collation), as the store's Swift code compares it.
    var declaration: String {
        switch self {
        case .bigint: "bigint"
        case .double: "double precision"
        case .text: "text COLLATE \"C\""
        case .bytea: "bytea"
        }
    }

    /// The type of a one-dimensional array of the column's values.
    var arrayType: PostgresDataType {
        switch self {
        case .bigint: .int8Array
        case .double: .float8Array
        case .text: .textArray
        case .bytea: .byteaArray
        }
    }

    /// The type of one element.
    var elementType: PostgresDataType {
        switch self {
        case .bigint: .int8
        case .double: .float8
        case .text: .text
        case .bytea: .bytea
        }
    }

    /// The kinds of `entity`'s columns, in the order of its value arrays: its attributes' and its
    /// to-one relationships' keys (`bigint`).
    static func columns(of entity: EntityDescription) -> [PostgreSQLColumnKind] {
        var kinds = Array(repeating: PostgreSQLColumnKind.bigint, count: entity.columnNames.count)
        for attribute in entity.attributes { kinds[attribute.column] = PostgreSQLColumnKind(attribute.type) }
        return kinds
    }
}
