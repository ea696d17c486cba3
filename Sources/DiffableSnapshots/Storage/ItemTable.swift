/// The flat part of the item index: an open-addressing hash table with linear probing from item
/// identifier to ``ItemSlot``.
///
/// Each bucket holds the key next to its slot, packed: a key of plain data is stored unaligned
/// at 4-byte boundaries, so an 8-byte key and its slot take 12 bytes, not 16, and a lookup
/// usually touches one cache line. The bucket count is any number (a hash picks its bucket by a
/// multiply-shift, not a mask). A snapshot's index of plain-data keys is *dense*: made for *n*
/// keys it takes 5*n*/4 buckets (at most 80% full: 15 bytes per 8-byte key), since such keys
/// compare and rehash cheaply along the longer probe runs; every other table is *sparse*, 5*n*/3
/// buckets (at most 60% full): the diff's and the duplicate checks' working tables, and indexes
/// of keys whose `==` and `hash(into:)` are the type's own code. Deletion shifts later entries back instead of leaving tombstones.
///
/// The table is a class shared by snapshot copies; it is changed in place only while one
/// snapshot holds it (``ItemIndex`` decides). Every method takes the key's hash, computed once
/// by the caller with ``itemTableHash(_:)``.
@usableFromInline
final class ItemTable<Key: Hashable & Sendable>: @unchecked Sendable {
    // Never changed while shared (see ItemIndex), so sharing it across threads is safe.
    @usableFromInline let buckets: UnsafeMutableRawPointer
    @usableFromInline let bucketCount: Int
    /// The bytes `buckets` spans (recycled memory may hold more buckets than were asked for).
    @usableFromInline let byteCount: Int
    /// Whether the table is filled up to 80% (an index of plain-data keys) rather than 60%.
    @usableFromInline let isDense: Bool
    @exclusivity(unchecked) @usableFromInline var count: Int

    /// Whether keys are stored packed, at 4-byte alignment whatever their own: keys of plain
    /// data, which are read and written as bytes.
    @inlinable static var isPacked: Bool { _isPOD(Key.self) }
    @inlinable static var alignment: Int {
        isPacked ? MemoryLayout<UInt32>.alignment : max(MemoryLayout<Key>.alignment, MemoryLayout<UInt32>.alignment)
    }
    @inlinable static var slotOffset: Int { roundedUp(MemoryLayout<Key>.size, to: MemoryLayout<UInt32>.alignment) }
    @inlinable static var stride: Int { roundedUp(slotOffset + MemoryLayout<UInt32>.size, to: alignment) }

    /// The bucket count that keeps `capacity` entries at most 60% full (80% when `dense` and the
    /// keys are plain data).
    @inlinable
    static func bucketCount(forCapacity capacity: Int, dense: Bool = false) -> Int {
        dense && isPacked ? max(8, capacity + capacity / 4 + 1) : max(8, capacity + capacity * 2 / 3 + 1)
    }

    /// How many entries fit before the table is more than 60% full (80% when dense).
    @inlinable
    var capacity: Int { isDense ? bucketCount * 4 / 5 : bucketCount * 3 / 5 }

    /// A table of at least `bucketCount` empty buckets, filled up to 80% when `dense` (an index)
    /// and the keys are plain data, and up to 60% otherwise.
    ///
    /// With `markingEmpty: false` the buckets are left as they are, and the caller marks them
    /// empty (``markEmpty(buckets:)``) before it reads or writes any.
    @inlinable
    init(bucketCount: Int, dense: Bool = false, markingEmpty: Bool = true) {
        count = 0
        isDense = dense && Self.isPacked
        let block = allocateRecycledMemory(byteCount: bucketCount * Self.stride, alignment: Self.alignment)
        buckets = block.memory
        byteCount = block.byteCount
        self.bucketCount = block.byteCount / Self.stride
        // All ones marks every bucket empty (``ItemSlot/none``); the key bytes are never read
        // while a bucket is empty.
        if markingEmpty { DiffableSnapshots.markEmpty(buckets, byteCount: byteCount) }
    }

    @inlinable
    deinit {
        if !_isPOD(Key.self) {
            for bucket in 0..<bucketCount where isOccupied(bucket) {
                keyPointer(bucket).deinitialize(count: 1)
            }
        }
        deallocateRecycledMemory(buckets, byteCount: byteCount, alignment: Self.alignment)
    }

    /// Marks the buckets in `range` empty.
    @inlinable
    func markEmpty(buckets range: Range<Int>) {
        DiffableSnapshots.markEmpty(buckets + range.lowerBound &* Self.stride, byteCount: range.count &* Self.stride)
    }

    /// The key of `bucket` in place; only for keys that are not packed (see ``isPacked``),
    /// which are aligned.
    @inlinable
    func keyPointer(_ bucket: Int) -> UnsafeMutablePointer<Key> {
        assert(!Self.isPacked, "a packed key is read and written as bytes")
        return (buckets + bucket * Self.stride).assumingMemoryBound(to: Key.self)
    }

    /// Stores `key` in the empty `bucket`.
    @inlinable
    @inline(__always)
    func initializeKey(_ key: consuming Key, at bucket: Int) {
        if Self.isPacked {
            (buckets + bucket &* Self.stride).storeBytes(of: key, as: Key.self)
        } else {
            keyPointer(bucket).initialize(to: key)
        }
    }

    /// Whether `bucket`, which is occupied, holds `key`.
    @inlinable
    @inline(__always)
    func holds(_ key: Key, at bucket: Int) -> Bool {
        self.key(at: bucket) == key
    }

    /// Moves the key of the occupied bucket `source` into the empty bucket `target`.
    @inlinable
    @inline(__always)
    func moveKey(from source: Int, to target: Int) {
        if Self.isPacked {
            (buckets + target &* Self.stride).copyMemory(from: buckets + source &* Self.stride, byteCount: MemoryLayout<Key>.size)
        } else {
            keyPointer(target).moveInitialize(from: keyPointer(source), count: 1)
        }
    }

    /// Takes the key out of the occupied `bucket`, leaving its memory uninitialized.
    @inlinable
    @inline(__always)
    func takeKey(at bucket: Int) -> Key {
        Self.isPacked ? key(at: bucket) : keyPointer(bucket).move()
    }

    @inlinable
    func slot(at bucket: Int) -> ItemSlot {
        ItemSlot(rawValue: (buckets + bucket * Self.stride + Self.slotOffset).load(as: UInt32.self))
    }

    @inlinable
    func setSlot(_ slot: ItemSlot, at bucket: Int) {
        (buckets + bucket * Self.stride + Self.slotOffset).storeBytes(of: slot.rawValue, as: UInt32.self)
    }

    @inlinable
    func isOccupied(_ bucket: Int) -> Bool {
        slot(at: bucket) != .none
    }

    @inlinable
    @inline(__always)
    func key(at bucket: Int) -> Key {
        Self.isPacked ? UnsafeRawPointer(buckets + bucket &* Self.stride).loadUnaligned(as: Key.self) : keyPointer(bucket).pointee
    }

    /// The bucket a hash starts probing from.
    @inlinable
    func idealBucket(_ hash: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)).multipliedFullWidth(by: UInt64(bucketCount)).high)
    }

    @inlinable
    func next(_ bucket: Int) -> Int {
        bucket &+ 1 == bucketCount ? 0 : bucket &+ 1
    }

    /// The bucket holding `key`, or -1.
    @inlinable
    func find(_ key: Key, hash: Int) -> Int {
        var bucket = idealBucket(hash)
        while isOccupied(bucket) {
            if holds(key, at: bucket) { return bucket }
            bucket = next(bucket)
        }
        return -1
    }

    /// Adds `key` unless present; returns whether it was added. The caller guarantees room.
    @inlinable
    func insertNew(_ key: Key, hash: Int, slot: ItemSlot) -> Bool {
        var bucket = idealBucket(hash)
        while isOccupied(bucket) {
            if holds(key, at: bucket) { return false }
            bucket = next(bucket)
        }
        initializeKey(key, at: bucket)
        setSlot(slot, at: bucket)
        count &+= 1
        return true
    }

    /// How many keys the batch operations hash ahead: their first buckets are read before any of
    /// them is probed, so the cache misses of a batch overlap instead of following each other.
    @inlinable
    static var batch: Int { 32 }

    /// Reads the first bucket of each of `hashes` (into `firsts`), which brings their cache lines
    /// in together; ``insertNew(count:key:slot:)`` and ``find(_:bucket:first:)`` then start from
    /// what was read.
    @inlinable
    func touch(_ hashes: UnsafeMutableBufferPointer<Int>, _ ideals: UnsafeMutableBufferPointer<Int>, _ firsts: UnsafeMutableBufferPointer<Int>, count: Int) {
        for index in 0..<count {
            let bucket = idealBucket(hashes[index])
            ideals[index] = bucket
            firsts[index] = Int(slot(at: bucket).rawValue)
        }
    }

    /// The bucket holding `key`, or -1, given its first bucket `bucket` and what that bucket
    /// held when ``touch(_:_:_:count:)`` read it (the table has not changed since).
    @inlinable
    func find(_ key: Key, bucket first: Int, first slot: Int) -> Int {
        guard slot != Int(ItemSlot.none.rawValue) else { return -1 }
        var bucket = first
        repeat {
            if holds(key, at: bucket) { return bucket }
            bucket = next(bucket)
        } while isOccupied(bucket)
        return -1
    }

    /// Adds `keys`, the items of leaf `leaf` in order, each in its slot: its offset, or
    /// `slotOfRank[offset]` when that table is not empty. Returns the offset of the first key that
    /// is present already (the keys after it are not added), or nil. The caller guarantees room.
    @inlinable
    func insertNew(_ keys: UnsafeBufferPointer<Key>, leaf: UInt32, slotOfRank: UnsafeBufferPointer<UInt8>) -> Int? {
        let slotsAreRanks = slotOfRank.isEmpty
        return insertNew(count: keys.count, key: { keys[$0] }) {
            ItemSlot(leaf: leaf, slot: slotsAreRanks ? $0 : Int(slotOfRank[$0]))
        }
    }

    /// Adds `count` keys, `key(i)` in slot `slot(i)`; returns the `i` of the first key that is
    /// present already (the keys after it are not added), or nil. The caller guarantees room.
    ///
    /// Keys are hashed a ``batch`` at a time and their first buckets read before any of them is
    /// probed, so the cache misses of a batch overlap instead of following each other.
    @inlinable
    @inline(__always)
    func insertNew(count total: Int, key: (Int) -> Key, slot: (Int) -> ItemSlot) -> Int? {
        let seed = itemTableSeed
        return insertNew(count: total, hash: { itemTableHash(key($0), seed: seed) }, key: key, slot: slot)
    }

    /// ``insertNew(count:key:slot:)`` with the keys' hashes known: `hash(i)` is the hash of
    /// `key(i)`. With `distinct`, the caller knows the keys to be absent and distinct, and none
    /// is compared.
    @inlinable
    @inline(__always)
    func insertNew(count total: Int, hash: (Int) -> Int, key: (Int) -> Key, slot: (Int) -> ItemSlot, distinct: Bool = false) -> Int? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * Self.batch) { scratch in
            let hashes = UnsafeMutableBufferPointer(rebasing: scratch[0..<Self.batch])
            let ideals = UnsafeMutableBufferPointer(rebasing: scratch[Self.batch..<(2 * Self.batch)])
            let firsts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * Self.batch)...])
            var start = 0
            while start < total {
                let count = min(Self.batch, total &- start)
                for index in 0..<count { hashes[index] = hash(start &+ index) }
                touch(hashes, ideals, firsts, count: count)
                for index in 0..<count {
                    let position = start &+ index
                    let key = key(position)
                    var bucket = ideals[index]
                    // An occupied first bucket stays occupied; an empty one may have been filled
                    // by an earlier key of the batch.
                    var occupied = firsts[index] != Int(ItemSlot.none.rawValue) || isOccupied(bucket)
                    while occupied {
                        if !distinct, holds(key, at: bucket) {
                            self.count &+= index
                            return position
                        }
                        bucket = next(bucket)
                        occupied = isOccupied(bucket)
                    }
                    initializeKey(key, at: bucket)
                    setSlot(slot(position), at: bucket)
                }
                self.count &+= count
                start &+= count
            }
            return nil
        }
    }

    /// Adds a key known to be absent. The caller guarantees room.
    @inlinable
    func place(_ key: consuming Key, hash: Int, slot: ItemSlot) {
        var bucket = idealBucket(hash)
        while isOccupied(bucket) { bucket = next(bucket) }
        initializeKey(key, at: bucket)
        setSlot(slot, at: bucket)
        count &+= 1
    }

    /// Removes `key`, returning its slot if it was present.
    @inlinable
    func remove(_ key: Key, hash: Int) -> ItemSlot? {
        let found = find(key, hash: hash)
        guard found >= 0 else { return nil }
        let removed = slot(at: found)
        _ = takeKey(at: found)
        count &-= 1
        // Backward-shift deletion: pull back every later entry of the run that may sit in the hole.
        var hole = found
        var bucket = next(hole)
        while isOccupied(bucket) {
            let ideal = idealBucket(itemTableHash(self.key(at: bucket)))
            // The entry may move into the hole unless its ideal bucket lies cyclically in (hole, bucket].
            if cyclicDistance(ideal, bucket) >= cyclicDistance(hole, bucket) {
                moveKey(from: bucket, to: hole)
                setSlot(slot(at: bucket), at: hole)
                hole = bucket
            }
            bucket = next(bucket)
        }
        setSlot(.none, at: hole)
        return removed
    }

    /// How many steps forward from `from` reach `to`, wrapping around.
    @inlinable
    func cyclicDistance(_ from: Int, _ to: Int) -> Int {
        to >= from ? to &- from : to &+ bucketCount &- from
    }

    /// A larger table, as dense as this one, holding this table's entries, which are moved out:
    /// this table is left empty. Only for a table no one else holds.
    @inlinable
    func moved(toBucketCount newCount: Int) -> ItemTable {
        let larger = ItemTable(bucketCount: newCount, dense: isDense)
        let seed = itemTableSeed
        for bucket in 0..<bucketCount where isOccupied(bucket) {
            let key = takeKey(at: bucket)
            larger.place(key, hash: itemTableHash(key, seed: seed), slot: slot(at: bucket))
            setSlot(.none, at: bucket)
        }
        count = 0
        return larger
    }

    /// Calls `body` with every key and slot, in no particular order.
    @inlinable
    func forEach(_ body: (Key, ItemSlot) -> Void) {
        for bucket in 0..<bucketCount where isOccupied(bucket) {
            body(key(at: bucket), slot(at: bucket))
        }
    }
}

/// The process-wide hash seed of item indexes.
@usableFromInline
let itemTableSeed: Int = Int.random(in: .min ... .max)

/// Hashes a key for the item index: a seeded integer mixer for fixed-width integers (the common
/// identifier types) and for the halves of a ``BitwiseIdentifier`` of 16 bytes (a UUID), the
/// key's own `Hashable` implementation otherwise (a type can make that
/// cheap by implementing `_rawHashValue(seed:)`, as the standard library's integers do).
@inlinable
@inline(__always)
func itemTableHash<Key: Hashable>(_ key: Key) -> Int {
    itemTableHash(key, seed: itemTableSeed)
}

/// ``itemTableHash(_:)`` with the seed read by the caller: reading the global costs a call on
/// some platforms, which a loop over many keys makes once.
@inlinable
@inline(__always)
func itemTableHash<Key: Hashable>(_ key: Key, seed: Int) -> Int {
    if let word = integerWord(key) { return mixBits(word, seed) }
    if let (first, second) = bitwiseHalves(key) {
        return mixBits(second ^ UInt64(bitPattern: Int64(mixBits(first, seed))), seed)
    }
    return key._rawHashValue(seed: seed)
}

/// The value of `key` as a 64-bit word when `Key` is one of the standard library's fixed-width
/// integer types of up to 64 bits, nil otherwise. The type tests fold away where `Key` is known.
@inlinable
@inline(__always)
func integerWord<Key>(_ key: Key) -> UInt64? {
    if Key.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(key, to: Int.self))) }
    if Key.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(key, to: Int64.self)) }
    if Key.self == UInt64.self { return unsafeBitCast(key, to: UInt64.self) }
    if Key.self == UInt.self { return UInt64(unsafeBitCast(key, to: UInt.self)) }
    if Key.self == Int32.self { return UInt64(UInt32(bitPattern: unsafeBitCast(key, to: Int32.self))) }
    if Key.self == UInt32.self { return UInt64(unsafeBitCast(key, to: UInt32.self)) }
    return nil
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
