import Foundation
import GRDB

/// A derived attribute resolved against its model: the column it fills and what it reads.
struct Derivation {
    /// What the value is read from.
    enum Source {
        /// A column of the object's own row.
        case own(column: Int)
        /// A column of the row a to-one relationship points at.
        case toOne(RelationshipDescription, column: Int)
        /// The number of members of a to-many relationship with a to-one inverse.
        case count(RelationshipDescription)
        /// The sum of a number column of those members.
        case sum(RelationshipDescription, column: Int, type: AttributeType)
        /// The time of the save.
        case now
    }

    /// The text function applied to what the source reads.
    enum Transform {
        case none, lowercase, uppercase, canonical
    }

    let name: String
    /// The expression in string form with names (`"lowercase:(title)"`), as the stored schema
    /// records it: a store fills the column again when it changes.
    let formula: String
    /// The derived attribute's column.
    let column: Int
    let source: Source
    let transform: Transform

    /// `value` with the text function applied (other values pass unchanged).
    func transformed(_ value: DatabaseValue) -> DatabaseValue {
        guard transform != .none, case .string(let text) = value.storage else { return value }
        switch transform {
        case .none: return value
        case .lowercase: return text.lowercased().databaseValue
        case .uppercase: return text.uppercased().databaseValue
        case .canonical: return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased().databaseValue
        }
    }
}

/// A derived attribute of another entity (the owner) that reads rows of this entity: when such a
/// row changes, the owner rows it touches are computed again.
struct DerivationTrigger {
    enum Kind {
        /// The owner copies `column` of the row its to-one key `ownerColumn` points at.
        case destination(column: Int, ownerColumn: Int)
        /// The owner counts (or sums `valueColumn` of) the rows whose to-one key `keyColumn`
        /// points at it.
        case member(keyColumn: Int, valueColumn: Int?)
    }

    let owner: EntityDescription
    /// The derived attribute's name.
    let attribute: String
    let kind: Kind
}
