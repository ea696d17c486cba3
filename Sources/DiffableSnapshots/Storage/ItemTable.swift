/// The snapshot's index from item identifier to location: an open-addressing hash table with
/// linear probing.
///
/// Each bucket holds the key next to its location, so a successful lookup usually touches one
/// cache line (a `Dictionary` keeps keys, values and its occupancy bitmap apart). Deletion shifts
/// later entries back instead of leaving tombstones. Fixed-width integer keys are hashed with a
/// cheap seeded mixer; other keys with their own `Hashable` implementation, once per operation.
///
/// Copy-on-write value semantics: copies share storage until one of them changes.
@usableFromInline
struct ItemTable<Key: Hashable & Sendable>: @unchecked Sendable {
    // Storage is never mutated while shared (every mutation first makes it unique), so sharing
    // it across threads is safe.
    @usableFromInline var storage: ItemTableStorage<Key>?

    @inlinable
    init() {
        storage = nil
    }

    @inlinable
    var count: Int { storage?.count ?? 0 }

    @inlinable
    subscript(key: Key) -> ItemLocation? {
        guard let storage else { return nil }
        let bucket = storage.find(key)
        return bucket < 0 ? nil : storage.location(at: bucket)
    }

    /// Adds `key` at `location` unless it is present; returns whether it was added.
    @inlinable
    mutating func insertNew(_ key: Key, at location: ItemLocation) -> Bool {
        if !isKnownUniquelyReferenced(&storage) || storage.unsafelyUnwrapped.isFull {
            makeUniqueAndReserve(count + 1)
        }
        return storage.unsafelyUnwrapped.insertNew(key, at: location)
    }

    /// Removes `key`, returning its location if it was present.
    @inlinable
    mutating func remove(_ key: Key) -> ItemLocation? {
        guard storage != nil else { return nil }
        makeUnique()
        return storage.unsafelyUnwrapped.remove(key)
    }

    /// Moves a present `key` to `location`.
    @inlinable
    mutating func update(_ key: Key, to location: ItemLocation) {
        makeUnique()
        let storage = storage.unsafelyUnwrapped
        let bucket = storage.find(key)
        precondition(bucket >= 0, "internal error: item \(key) missing from the snapshot index")
        storage.setLocation(location, at: bucket)
    }

    /// Rewrites the offsets of present keys `keys[offsets]` to their index in `keys`, all in
    /// section `sectionKey`.
    @inlinable
    mutating func renumber(_ keys: [Key], _ offsets: Range<Int>, inSection sectionKey: UInt32) {
        guard !offsets.isEmpty else { return }
        makeUnique()
        let storage = storage.unsafelyUnwrapped
        for offset in offsets {
            let bucket = storage.find(keys[offset])
            precondition(bucket >= 0, "internal error: item \(keys[offset]) missing from the snapshot index")
            storage.setLocation(ItemLocation(sectionKey: sectionKey, offset: offset), at: bucket)
        }
    }

    @inlinable
    mutating func reserveCapacity(_ capacity: Int) {
        makeUniqueAndReserve(capacity)
    }

    /// Gives this table its own storage, keeping room for `capacity` entries. A copy that has
    /// to be made anyway also sheds the buckets of entries removed since the table last grew.
    @inlinable
    mutating func makeUnique(keepingCapacity capacity: Int = 0) {
        if !isKnownUniquelyReferenced(&storage), let shared = storage {
            let fitting = ItemTableStorage<Key>.bucketCount(forCapacity: max(capacity, shared.count))
            storage = shared.copy(bucketCount: fitting * 4 <= shared.bucketCount ? fitting : shared.bucketCount)
        }
    }

    @inlinable
    mutating func makeUniqueAndReserve(_ capacity: Int) {
        let needed = ItemTableStorage<Key>.bucketCount(forCapacity: capacity)
        // Read the size without keeping a reference, which would defeat the uniqueness check.
        guard let current = storage?.bucketCount else {
            storage = ItemTableStorage(bucketCount: needed)
            return
        }
        if needed > current {
            if isKnownUniquelyReferenced(&storage) {
                storage = storage.unsafelyUnwrapped.moved(toBucketCount: needed)
            } else {
                storage = storage.unsafelyUnwrapped.copy(bucketCount: needed)
            }
        } else {
            makeUnique(keepingCapacity: capacity)
        }
    }

    /// Calls `body` with every key and location, in no particular order.
    @inlinable
    func forEach(_ body: (Key, ItemLocation) -> Void) {
        guard let storage else { return }
        for bucket in 0..<storage.bucketCount where storage.isOccupied(bucket) {
            body(storage.key(at: bucket), storage.location(at: bucket))
        }
    }
}

/// The buckets of an ``ItemTable``: raw memory holding, per bucket, a location whose section key
/// is `UInt32.max` when the bucket is empty, followed by a key, initialized only when the bucket
/// is occupied.
@usableFromInline
final class ItemTableStorage<Key: Hashable & Sendable> {
    @usableFromInline let buckets: UnsafeMutableRawPointer
    @usableFromInline let bucketCount: Int
    @usableFromInline let seed: Int
    @usableFromInline var count: Int

    @inlinable static var alignment: Int { max(MemoryLayout<Key>.alignment, MemoryLayout<ItemLocation>.alignment) }
    @inlinable static var keyOffset: Int { roundedUp(MemoryLayout<ItemLocation>.size, to: MemoryLayout<Key>.alignment) }
    @inlinable static var stride: Int { roundedUp(keyOffset + MemoryLayout<Key>.size, to: alignment) }
    @inlinable static var emptyLocation: ItemLocation { ItemLocation(sectionKey: .max, offset: 0) }

    /// The bucket count (a power of two) that keeps `capacity` entries at most 3/4 full.
    @inlinable
    static func bucketCount(forCapacity capacity: Int) -> Int {
        var buckets = 8
        while buckets - buckets / 4 < capacity { buckets &*= 2 }
        return buckets
    }

    @inlinable
    init(bucketCount: Int, seed: Int = itemTableSeed) {
        self.bucketCount = bucketCount
        self.seed = seed
        self.count = 0
        buckets = UnsafeMutableRawPointer.allocate(
            byteCount: bucketCount * Self.stride,
            alignment: Self.alignment
        )
        for bucket in 0..<bucketCount {
            (buckets + bucket * Self.stride).storeBytes(of: Self.emptyLocation, as: ItemLocation.self)
        }
    }

    @inlinable
    deinit {
        if !_isPOD(Key.self) {
            for bucket in 0..<bucketCount where isOccupied(bucket) {
                keyPointer(bucket).deinitialize(count: 1)
            }
        }
        buckets.deallocate()
    }

    @inlinable
    func keyPointer(_ bucket: Int) -> UnsafeMutablePointer<Key> {
        (buckets + bucket * Self.stride + Self.keyOffset).assumingMemoryBound(to: Key.self)
    }

    @inlinable
    func location(at bucket: Int) -> ItemLocation {
        (buckets + bucket * Self.stride).load(as: ItemLocation.self)
    }

    @inlinable
    func setLocation(_ location: ItemLocation, at bucket: Int) {
        (buckets + bucket * Self.stride).storeBytes(of: location, as: ItemLocation.self)
    }

    /// Whether one more entry would exceed the 3/4 load limit.
    @inlinable
    var isFull: Bool { count >= bucketCount - bucketCount / 4 }

    @inlinable
    func isOccupied(_ bucket: Int) -> Bool {
        location(at: bucket).sectionKey != .max
    }

    @inlinable
    func key(at bucket: Int) -> Key {
        keyPointer(bucket).pointee
    }

    @inlinable
    func idealBucket(_ key: Key) -> Int {
        itemTableHash(key, seed: seed) & (bucketCount &- 1)
    }

    /// The bucket holding `key`, or -1.
    @inlinable
    func find(_ key: Key) -> Int {
        let mask = bucketCount &- 1
        var bucket = idealBucket(key)
        while isOccupied(bucket) {
            if keyPointer(bucket).pointee == key { return bucket }
            bucket = (bucket &+ 1) & mask
        }
        return -1
    }

    /// Adds `key` unless present; the caller guarantees room for one more entry.
    @inlinable
    func insertNew(_ key: Key, at location: ItemLocation) -> Bool {
        let mask = bucketCount &- 1
        var bucket = idealBucket(key)
        while isOccupied(bucket) {
            if keyPointer(bucket).pointee == key { return false }
            bucket = (bucket &+ 1) & mask
        }
        (buckets + bucket * Self.stride + Self.keyOffset).initializeMemory(as: Key.self, to: key)
        setLocation(location, at: bucket)
        count &+= 1
        return true
    }

    @inlinable
    func remove(_ key: Key) -> ItemLocation? {
        let found = find(key)
        guard found >= 0 else { return nil }
        let removed = location(at: found)
        keyPointer(found).deinitialize(count: 1)
        count &-= 1
        // Backward-shift deletion: pull back every later entry of the run that may sit in the hole.
        let mask = bucketCount &- 1
        var hole = found
        var next = (hole &+ 1) & mask
        while isOccupied(next) {
            let ideal = idealBucket(keyPointer(next).pointee)
            // The entry at `next` may move into `hole` unless its ideal bucket lies cyclically in (hole, next].
            if (next &- ideal) & mask >= (next &- hole) & mask {
                keyPointer(hole).moveInitialize(from: keyPointer(next), count: 1)
                setLocation(location(at: next), at: hole)
                hole = next
            }
            next = (next &+ 1) & mask
        }
        setLocation(Self.emptyLocation, at: hole)
        return removed
    }

    /// A copy with `bucketCount` buckets, enough for this table's entries. At the same size,
    /// buckets are copied in place, without hashing.
    @inlinable
    func copy(bucketCount newCount: Int) -> ItemTableStorage {
        let copy = ItemTableStorage(bucketCount: newCount, seed: seed)
        if newCount == bucketCount {
            if _isPOD(Key.self) {
                copy.buckets.copyMemory(from: buckets, byteCount: bucketCount * Self.stride)
            } else {
                for bucket in 0..<bucketCount where isOccupied(bucket) {
                    (copy.buckets + bucket * Self.stride + Self.keyOffset).initializeMemory(as: Key.self, to: keyPointer(bucket).pointee)
                    copy.setLocation(location(at: bucket), at: bucket)
                }
            }
            copy.count = count
            return copy
        }
        for bucket in 0..<bucketCount where isOccupied(bucket) {
            copy.place(keyPointer(bucket).pointee, location(at: bucket))
        }
        return copy
    }

    /// A larger table holding this table's entries, which are moved out: this table is left empty.
    @inlinable
    func moved(toBucketCount newCount: Int) -> ItemTableStorage {
        let larger = ItemTableStorage(bucketCount: newCount, seed: seed)
        for bucket in 0..<bucketCount where isOccupied(bucket) {
            larger.place(keyPointer(bucket).move(), location(at: bucket))
            setLocation(Self.emptyLocation, at: bucket)
        }
        count = 0
        return larger
    }

    /// Adds a key known to be absent.
    @inlinable
    func place(_ key: consuming Key, _ location: ItemLocation) {
        let mask = bucketCount &- 1
        var bucket = idealBucket(key)
        while isOccupied(bucket) { bucket = (bucket &+ 1) & mask }
        (buckets + bucket * Self.stride + Self.keyOffset).initializeMemory(as: Key.self, to: key)
        setLocation(location, at: bucket)
        count &+= 1
    }
}

/// The process-wide hash seed of item tables.
@usableFromInline
let itemTableSeed: Int = Int.random(in: .min ... .max)

/// Hashes a key for an item table: a seeded integer mixer for fixed-width integers (the common
/// identifier types), the key's own `Hashable` implementation otherwise.
@inlinable
@inline(__always)
func itemTableHash<Key: Hashable>(_ key: Key, seed: Int) -> Int {
    if Key.self == Int.self { return mixBits(UInt64(bitPattern: Int64(unsafeBitCast(key, to: Int.self))), seed) }
    if Key.self == Int64.self { return mixBits(UInt64(bitPattern: unsafeBitCast(key, to: Int64.self)), seed) }
    if Key.self == UInt64.self { return mixBits(unsafeBitCast(key, to: UInt64.self), seed) }
    if Key.self == UInt.self { return mixBits(UInt64(unsafeBitCast(key, to: UInt.self)), seed) }
    if Key.self == Int32.self { return mixBits(UInt64(UInt32(bitPattern: unsafeBitCast(key, to: Int32.self))), seed) }
    if Key.self == UInt32.self { return mixBits(UInt64(unsafeBitCast(key, to: UInt32.self)), seed) }
    return key._rawHashValue(seed: seed)
}

/// SplitMix64's finaliser over the seeded value: every input bit affects every output bit.
@inlinable
@inline(__always)
func mixBits(_ value: UInt64, _ seed: Int) -> Int {
    var z = value ^ UInt64(bitPattern: Int64(seed))
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: z ^ (z >> 31))
}

@inlinable
@inline(__always)
func roundedUp(_ value: Int, to alignment: Int) -> Int {
    (value + alignment - 1) & ~(alignment - 1)
}
