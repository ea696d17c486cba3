import Foundation
package import GRDB

// The one place where the store's values meet GRDB's: everything above the store speaks
// `StoredValue`, everything that binds or reads SQL speaks `DatabaseValue`.
extension StoredValue {
    /// The value as GRDB binds it.
    package var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): value.databaseValue
        }
    }

    /// The value GRDB read.
    package init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let value): self = .integer(value)
        case .double(let value): self = .real(value)
        case .string(let value): self = .text(value)
        case .blob(let value): self = .blob(value)
        }
    }
}
