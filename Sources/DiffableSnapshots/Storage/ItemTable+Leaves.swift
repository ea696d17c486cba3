extension ItemTable {
    /// Adds the items of `leaves`, each at its slot; returns an item that was present already
    /// (the items after it may be left out), or `nil`. The caller guarantees room.
    ///
    /// A table of more than 8 MB is filled by partition: the items are first copied, with their
    /// hashes and slots, into one scratch run per stretch of at most 128 KB of buckets (in
    /// order, two sequential passes), then entered run by run, so that the probes of a run stay
    /// within a stretch of the table that a core's cache holds while they last. Entered in their
    /// own order, the items would miss the cache on almost every probe of a table that large.
    /// Smaller tables, and items that are not plain data, are filled leaf by leaf, a batch of
    /// keys at a time.
    @inlinable
    func insertNew(leaves: [ItemLeaf<Key>]) -> Key? {
        var total = 0
        for leaf in leaves { total &+= leaf.count }
        let partitionBits = Self.partitionBits(bucketCount: bucketCount)
        guard _isPOD(Key.self), partitionBits > 0, total >= 1 << (partitionBits &+ 6) else {
            for leaf in leaves {
                let id = leaf.id
                let duplicate = leaf.items.withUnsafeBufferPointer { buffer in
                    insertNew(buffer) { ItemSlot(leaf: id, slot: leaf.slot(ofRank: $0)) }
                }
                if let duplicate { return leaf.item(atRank: duplicate) }
            }
            return nil
        }
        return insertNew(partitioning: leaves, count: total, bits: partitionBits)
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
    @inlinable
    func insertNew(partitioning leaves: [ItemLeaf<Key>], count total: Int, bits: Int) -> Key? {
        let partitions = 1 << bits
        let shift = UInt64(64 &- bits)
        let scratch = UnsafeMutablePointer<IndexEntry<Key>>.allocate(capacity: total)
        defer { scratch.deallocate() }  // plain data: nothing to deinitialize
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: partitions) { starts in
            starts.initialize(repeating: 0)
            for leaf in leaves {
                leaf.items.withUnsafeBufferPointer { items in
                    for item in items {
                        starts[Int(truncatingIfNeeded: UInt64(UInt(bitPattern: itemTableHash(item))) >> shift)] &+= 1
                    }
                }
            }
            var start = 0
            for partition in 0..<partitions {
                let size = starts[partition]
                starts[partition] = start
                start &+= size
            }
            for leaf in leaves {
                let id = leaf.id
                leaf.items.withUnsafeBufferPointer { items in
                    for rank in 0..<items.count {
                        let hash = itemTableHash(items[rank])
                        let partition = Int(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)) >> shift)
                        (scratch + starts[partition]).initialize(
                            to: IndexEntry(hash: hash, key: items[rank], slot: ItemSlot(leaf: id, slot: leaf.slot(ofRank: rank))))
                        starts[partition] &+= 1
                    }
                }
            }
            for position in 0..<total {
                let entry = scratch[position]
                guard insertNew(entry.key, hash: entry.hash, slot: entry.slot) else { return entry.key }
            }
            return nil
        }
    }
}
