import Foundation

/// An entity as bound to one persistent store: what an ``ObjectID`` points at.
///
/// Immutable and shared, so an object ID is one reference plus a 64-bit key (16 bytes) and still
/// knows its entity and store.
final class StoreEntity: Sendable {
    let entity: EntityDescription
    let storeIdentifier: UUID

    init(entity: EntityDescription, storeIdentifier: UUID) {
        self.entity = entity
        self.storeIdentifier = storeIdentifier
    }

    /// The binding of prototype objects, which belong to no store.
    static let placeholder = StoreEntity(
        entity: .placeholder,
        storeIdentifier: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    )
}
