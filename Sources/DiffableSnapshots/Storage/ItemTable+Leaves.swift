extension ItemTable {
    /// A fresh dense table (an index) for `capacity` keys holding the items of `leaves`, each at its slot, and an
    /// item that was there twice (the items after it may be left out), or `nil`.
    ///
    /// A table filled by partition is not marked empty up front: its buckets are marked stretch
    /// by stretch just ahead of the fill (see ``insertNew(partitioning:count:bits:markingEmpty:)``),
    /// so that no bucket is written twice from main memory.
    @inlinable
    static func make(capacity: Int, filledWith leaves: [ItemLeaf<Key>]) -> (table: ItemTable, duplicate: Key?) {
        var total = 0
        for leaf in leaves { total &+= leaf.count }
        let bucketCount = Self.bucketCount(forCapacity: max(capacity, total), dense: true)
        let bits = Self.partitionBits(adding: total, bucketCount: bucketCount)
        let table = ItemTable(bucketCount: bucketCount, dense: true, markingEmpty: bits == 0)
        return (table, table.insertNew(leaves: leaves, count: total, partitionBits: bits, markingEmpty: bits > 0))
    }

    /// Adds the items of `leaves`, each at its slot; returns an item that was present already
    /// (the items after it may be left out), or `nil`. The caller guarantees room.
    ///
    /// A table of more than 8 MB is filled by partition: the items are first copied with their
    /// slots into one scratch run per stretch of at most 128 KB of buckets, then entered run by
    /// run, so that the probes of a run stay within a stretch of the table that a core's cache
    /// holds while they last. Entered in their own order, the items would miss the cache on
    /// almost every probe of a table that large. Smaller tables, and items that are not plain
    /// data, are filled leaf by leaf, a batch of keys at a time.
    @inlinable
    func insertNew(leaves: [ItemLeaf<Key>]) -> Key? {
        var total = 0
        for leaf in leaves { total &+= leaf.count }
        let bits = Self.partitionBits(adding: total, bucketCount: bucketCount)
        return insertNew(leaves: leaves, count: total, partitionBits: bits, markingEmpty: false)
    }

    /// ``insertNew(leaves:)`` by partition when `bits` is not 0, leaf by leaf otherwise.
    @inlinable
    func insertNew(leaves: [ItemLeaf<Key>], count total: Int, partitionBits bits: Int, markingEmpty: Bool) -> Key? {
        guard bits == 0 else {
            return insertNew(partitioning: leaves, count: total, bits: bits, markingEmpty: markingEmpty)
        }
        for leaf in leaves {
            let duplicate = leaf.items.withUnsafeBufferPointer { buffer in
                leaf.slotOfRank.withUnsafeBufferPointer { slotOfRank in
                    insertNew(buffer, leaf: leaf.id, slotOfRank: slotOfRank)
                }
            }
            if let duplicate { return leaf.item(atRank: duplicate) }
        }
        return nil
    }

    /// How many bits of a hash pick the partition when `total` plain-data keys are added to a
    /// table of `bucketCount` buckets; 0 when they are added leaf by leaf instead (keys that are
    /// not plain data, tables of 8 MB or less, or too few keys for the runs to pay).
    @inlinable
    static func partitionBits(adding total: Int, bucketCount: Int) -> Int {
        let bits = partitionBits(bucketCount: bucketCount)
        return _isPOD(Key.self) && bits > 0 && total >= 1 << (bits &+ 6) ? bits : 0
    }

    /// How many bits of a hash pick its partition for a table of `bucketCount` buckets: enough
    /// for stretches of at most 128 KB (a fraction of a core's cache); 0 for a table of 8 MB or
    /// less, which the shared cache mostly holds and the batch fill serves as well.
    @inlinable
    static func partitionBits(bucketCount: Int) -> Int {
        let stretch = 128 << 10
        guard bucketCount &* stride > 8 << 20 else { return 0 }
        var bits = 0
        while bits < 12, (bucketCount &* stride) >> bits > stretch { bits &+= 1 }
        return bits
    }

    /// ``insertNew(leaves:)`` by partition: the top `bits` bits of a hash name its partition,
    /// and since a hash picks its bucket by a multiply-shift, the partitions in order cover the
    /// buckets in order.
    ///
    /// One pass copies each item with its slot into its partition's run of the scratch memory,
    /// each run sized for an even share of the items and some more; hashes are uniform, so a run
    /// overflows only by chance, and the rare item that finds its run full is entered last. A
    /// second pass enters the runs in order, a batch at a time, hashing each item again (cheaper
    /// than keeping its hash in the scratch memory).
    ///
    /// With `markingEmpty`, the table's buckets have not been marked empty yet: the first two
    /// stretches are marked before the fill, and stretch *p* + 2 once run *p* is in. A run holds
    /// fewer items than a stretch has buckets, so the probes of run *p* never reach past stretch
    /// *p* + 1: in linear probing, a cluster that covered all of stretch *p* + 1 would hold more
    /// items hashed to the stretches up to *p* than those stretches' runs hold.
    @inlinable
    func insertNew(partitioning leaves: [ItemLeaf<Key>], count total: Int, bits: Int, markingEmpty: Bool) -> Key? {
        let partitions = 1 << bits
        let runLength = Self.partitionRunLength(count: total, bits: bits)
        let block = allocateRecycledMemory(
            byteCount: partitions &* runLength &* MemoryLayout<PartitionEntry>.stride, alignment: MemoryLayout<PartitionEntry>.alignment)
        // Given back to the system, not kept for the next fill: it is as large as a third of the
        // table, and a process that built one large index seldom builds the next at once.
        defer { block.memory.deallocate() }
        let scratch = block.memory.bindMemory(to: PartitionEntry.self, capacity: partitions &* runLength)  // plain data
        var marking = markingEmpty ? StretchMarking(table: self, bits: bits) : nil
        // The argument above needs every run shorter than every stretch.
        marking?.mark(before: runLength < (bucketCount >> bits) &- 1 ? 2 : partitions)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: partitions) { ends in
            for partition in 0..<partitions { ends[partition] = partition &* runLength }
            var overflow: [PartitionEntry] = []
            copyIntoRuns(leaves, scratch, ends: ends, runLength: runLength, bits: bits, overflow: &overflow)
            return enterRuns(scratch, ends: ends, runLength: runLength, overflow: overflow, marking: &marking)
        }
    }

    /// An item with its slot, as a fill by partition keeps it in its scratch runs.
    @usableFromInline
    typealias PartitionEntry = (key: Key, slot: ItemSlot)

    /// The room of each run of a fill by partition for `total` items in `1 << bits` runs: an even
    /// share of the items and about 8 standard deviations more.
    @inlinable
    @inline(__always)
    static func partitionRunLength(count total: Int, bits: Int) -> Int {
        let share = total >> bits
        var spread = 16
        while spread &* spread < share &* 64 { spread &+= 16 }
        return share &+ spread &+ 64
    }

    /// The first pass of a fill by partition: copies each item of `leaves` with its slot to the
    /// end (`ends`) of its partition's run in `scratch`, or to `overflow` when that run is full.
    @inlinable
    @inline(__always)
    func copyIntoRuns(
        _ leaves: [ItemLeaf<Key>], _ scratch: UnsafeMutablePointer<PartitionEntry>, ends: UnsafeMutableBufferPointer<Int>,
        runLength: Int, bits: Int, overflow: inout [PartitionEntry]
    ) {
        let shift = UInt64(64 &- bits)
        let seed = itemTableSeed
        for leaf in leaves {
            let leafID = leaf.id
            leaf.items.withUnsafeBufferPointer { items in
            leaf.slotOfRank.withUnsafeBufferPointer { slotOfRank in
                let slotsAreRanks = slotOfRank.isEmpty
                for rank in 0..<items.count {
                    let key = items[rank]
                    let partition = Int(truncatingIfNeeded: UInt64(UInt(bitPattern: itemTableHash(key, seed: seed))) >> shift)
                    let slot = ItemSlot(leaf: leafID, slot: slotsAreRanks ? rank : Int(slotOfRank[rank]))
                    let end = ends[partition]
                    if end == (partition &+ 1) &* runLength {
                        overflow.append((key, slot))
                        continue
                    }
                    (scratch + end).initialize(to: (key, slot))
                    ends[partition] = end &+ 1
                }
            }}
        }
    }

    /// The second pass of a fill by partition: enters the runs of `scratch` in order, a batch at
    /// a time, then `overflow`, with `marking` keeping two stretches ahead; returns an item that
    /// was present already (the items after it may be left out), or `nil`.
    @inlinable
    @inline(__always)
    func enterRuns(
        _ scratch: UnsafeMutablePointer<PartitionEntry>, ends: UnsafeMutableBufferPointer<Int>, runLength: Int,
        overflow: [PartitionEntry], marking: inout StretchMarking?
    ) -> Key? {
        for partition in 0..<ends.count {
            let run = scratch + partition &* runLength
            let count = ends[partition] &- partition &* runLength
            if let duplicate = insertNew(count: count, key: { run[$0].key }, slot: { run[$0].slot }) {
                marking?.mark(before: ends.count)
                return run[duplicate].key
            }
            marking?.mark(before: partition &+ 3)
        }
        let seed = itemTableSeed
        for entry in overflow {
            guard insertNew(entry.key, hash: itemTableHash(entry.key, seed: seed), slot: entry.slot) else { return entry.key }
        }
        return nil
    }

    /// Marks the buckets of a table filled by partition empty, stretch by stretch, ahead of the
    /// fill: stretch *p* covers the buckets whose hashes start with *p*.
    @usableFromInline
    struct StretchMarking {
        @usableFromInline let table: ItemTable
        @usableFromInline let partitions: Int
        @usableFromInline let shift: UInt64
        /// The buckets before this one are marked.
        @usableFromInline var markedEnd = 0

        @inlinable
        init(table: ItemTable, bits: Int) {
            self.table = table
            partitions = 1 << bits
            shift = UInt64(64 &- bits)
        }

        /// Marks the buckets of the stretches before stretch `end` that are not marked yet.
        @inlinable
        mutating func mark(before end: Int) {
            let bucket = end >= partitions ? table.bucketCount : table.idealBucket(Int(bitPattern: UInt(end) << shift))
            if bucket > markedEnd {
                table.markEmpty(buckets: markedEnd..<bucket)
                markedEnd = bucket
            }
        }
    }
}
