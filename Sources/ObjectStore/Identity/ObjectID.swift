public import Foundation

/// The permanent identifier of a managed object: its entity and store, and a 64-bit key.
///
/// An ID is assigned when the object is inserted and never changes (there are no temporary IDs),
/// so it can be used as a list item identifier before and after saving. IDs are `Sendable`: pass
/// them between contexts and threads, and turn them back into objects with
/// ``ManagedObjectContext/existingObject(with:)`` or ``ManagedObjectContext/object(with:)``.
///
/// Two IDs are equal when they name the same entity of the same open store and have the same key.
///
/// An ID is plain data, 12 bytes: the key and the number of its entity's binding to its store in
/// a process-wide table. It holds no reference, so copying IDs (into arrays, snapshots, sets)
/// costs no reference counting, and hashing or comparing one reads only those 12 bytes.
public struct ObjectID: Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
    /// The object's primary key in its entity's table (positive, unique per entity and store).
    public let key: Int64
    /// The number of the entity's binding to its store in the process-wide binding table.
    @usableFromInline let binding: UInt32

    package init(binding: EntityBinding, key: Int64) {
        self.key = key
        self.binding = binding.number
    }

    /// The binding of the object's entity to its store.
    var entityBinding: EntityBinding { EntityBinding.table[binding] }

    /// The entity of the object.
    public var entity: EntityDescription { entityBinding.entity }

    /// The identifier of the store the object belongs to.
    public var storeIdentifier: UUID { entityBinding.storeIdentifier }

    /// Same store binding and key.
    @inlinable
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.key == rhs.key && lhs.binding == rhs.binding
    }

    /// Hashes the store binding and key.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        // One combine of both fields: hashing is a large part of building sets of IDs.
        hasher.combine(mixedBits)
    }

    /// The hash that `Set` and `Dictionary` use: both fields mixed with the collection's seed in
    /// a few multiplications, without running a `Hasher`.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        var bits = mixedBits ^ UInt64(UInt(bitPattern: seed))
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: bits ^ (bits >> 31))
    }

    /// The word snapshots check large appends for repeats by: ``mixedBits``.
    @inlinable
    package var identifierWord: UInt64 { mixedBits }

    /// Key and binding in one word; distinct IDs of one binding never collide.
    @inlinable
    var mixedBits: UInt64 {
        UInt64(bitPattern: key) &+ UInt64(binding) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The URI form, for example `x-coredata://6F9619FF-8B86-D011-B42D-00C04FC964FF/Event/p42`.
    public var description: String { uriRepresentation().absoluteString }
}
