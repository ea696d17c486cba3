public import Foundation

/// The permanent identifier of a managed object: its entity and store, and a 64-bit key.
///
/// An ID is assigned when the object is inserted and never changes (there are no temporary IDs),
/// so it can be used as a list item identifier before and after saving. IDs are `Sendable`: pass
/// them between contexts and threads, and turn them back into objects with
/// ``ManagedObjectContext/existingObject(with:)`` or ``ManagedObjectContext/object(with:)``.
///
/// Two IDs are equal when they name the same entity of the same open store and have the same key.
/// The value is 16 bytes: a reference to an immutable entity binding, and the key.
public struct ObjectID: Sendable, Hashable, CustomStringConvertible {
    let storeEntity: StoreEntity
    /// The object's primary key in its entity's table (positive, unique per entity and store).
    public let key: Int64

    init(storeEntity: StoreEntity, key: Int64) {
        self.storeEntity = storeEntity
        self.key = key
    }

    /// The entity of the object.
    public var entity: EntityDescription { storeEntity.entity }

    /// The identifier of the store the object belongs to.
    public var storeIdentifier: UUID { storeEntity.storeIdentifier }

    /// Same store binding and key.
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.key == rhs.key && lhs.storeEntity === rhs.storeEntity
    }

    /// Hashes the store binding and key.
    public func hash(into hasher: inout Hasher) {
        // One combine of the binding's address and the key: hashing is a large part of building
        // sets of IDs, and the address needs no hashing of its own before the Hasher's.
        let entityBits = UInt64(UInt(bitPattern: ObjectIdentifier(storeEntity)))
        hasher.combine(UInt64(bitPattern: key) &+ entityBits &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The URI form, for example `x-coredata://6F9619FF-8B86-D011-B42D-00C04FC964FF/Event/p42`.
    public var description: String { uriRepresentation().absoluteString }
}
