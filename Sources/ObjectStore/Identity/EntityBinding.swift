package import Foundation

/// An entity as bound to one persistent store: what an ``ObjectID`` names by number.
///
/// Immutable. Every binding ever made is kept in ``table`` under its ``number``, so an object ID
/// is plain data (the number and a key) and still knows its entity and store, even after the
/// store is closed.
package final class EntityBinding: Sendable {
    let entity: EntityDescription
    let storeIdentifier: UUID
    /// This binding's number in ``table``.
    let number: UInt32

    /// Binds `entity` to the store `storeIdentifier` and records the binding in ``table``.
    package init(entity: EntityDescription, storeIdentifier: UUID) {
        self.entity = entity
        self.storeIdentifier = storeIdentifier
        number = Self.table.reserveNumber()
        Self.table.record(self)
    }

    /// Every binding made in this process, by number.
    static let table = EntityBindingTable()

    /// The binding of prototype objects, which belong to no store.
    static let placeholder = EntityBinding(
        entity: .placeholder,
        storeIdentifier: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    )
}
