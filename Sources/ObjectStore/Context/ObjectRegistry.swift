/// The objects a context holds, by ID: one open-addressing table of Int64 keys per entity.
///
/// Uniquing looks up every fetched row, so this is on the hot path of every fetch. Keys are
/// positive, so 0 marks an empty slot and -1 a removed one; the multiplicative hash spreads the
/// dense keys the store hands out. A table's size follows the number of objects it holds, not
/// how many came and went: inserts reuse removed slots, and a rebuild drops the removed markers.
struct ObjectRegistry {
    private var tables: [KeyTable]
    private(set) var count = 0

    init(entityCount: Int) {
        tables = Array(repeating: KeyTable(), count: entityCount)
    }

    var isEmpty: Bool { count == 0 }

    subscript(id: ObjectID) -> ManagedObject? {
        get { tables[id.entity.index].object(forKey: id.key) }
    }

    /// Registers an object whose ID is not registered yet.
    mutating func insert(_ object: ManagedObject) {
        if tables[object.objectID.entity.index].insert(object, forKey: object.objectID.key) { count += 1 }
    }

    /// Unregisters the object with `id`, if any.
    mutating func removeValue(forKey id: ObjectID) {
        if tables[id.entity.index].remove(key: id.key) { count -= 1 }
    }

    mutating func removeAll() {
        for index in tables.indices { tables[index] = KeyTable() }
        count = 0
    }

    /// Makes room for `additional` more objects of one entity without rehashing.
    mutating func reserveCapacity(_ additional: Int, entity: Int) {
        tables[entity].reserve(additional)
    }

    /// The number of slots of one entity's table.
    func capacity(entity: Int) -> Int {
        tables[entity].capacity
    }

    /// Every registered object.
    var values: [ManagedObject] {
        tables.flatMap { $0.objects.compactMap { $0 } }
    }
}

/// Linear-probing hash table from positive Int64 keys to objects.
private struct KeyTable {
    private(set) var keys: [Int64] = []
    private(set) var objects: [ManagedObject?] = []
    private var live = 0
    private var used = 0 // live keys plus removed markers

    private static let empty: Int64 = 0
    private static let removed: Int64 = -1
    private static let minimumCapacity = 16

    var capacity: Int { keys.count }

    private func slot(for key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 17) & (keys.count - 1)
    }

    func object(forKey key: Int64) -> ManagedObject? {
        guard !keys.isEmpty else { return nil }
        var index = slot(for: key)
        while true {
            let stored = keys[index]
            if stored == key { return objects[index] }
            if stored == Self.empty { return nil }
            index = (index + 1) & (keys.count - 1)
        }
    }

    /// Returns true when the key was new.
    mutating func insert(_ object: ManagedObject, forKey key: Int64) -> Bool {
        if (used + 1) * 4 > keys.count * 3 {
            // At most half full afterwards, so rebuilds stay rare whatever the churn.
            rebuild(capacity: Self.capacity(holding: live + 1, load: 2))
        }
        var index = slot(for: key)
        var reusable: Int?
        while true {
            let stored = keys[index]
            if stored == key {
                objects[index] = object
                return false
            }
            if stored == Self.empty {
                if let reusable {
                    index = reusable
                } else {
                    used += 1
                }
                keys[index] = key
                objects[index] = object
                live += 1
                return true
            }
            if stored == Self.removed && reusable == nil { reusable = index }
            index = (index + 1) & (keys.count - 1)
        }
    }

    /// Returns true when the key was present.
    mutating func remove(key: Int64) -> Bool {
        guard !keys.isEmpty else { return false }
        var index = slot(for: key)
        while true {
            let stored = keys[index]
            if stored == key {
                keys[index] = Self.removed
                objects[index] = nil
                live -= 1
                return true
            }
            if stored == Self.empty { return false }
            index = (index + 1) & (keys.count - 1)
        }
    }

    mutating func reserve(_ additional: Int) {
        if (used + additional) * 4 > keys.count * 3 {
            rebuild(capacity: Self.capacity(holding: live + additional, load: 3))
        }
    }

    /// The smallest power of two (at least 16) that holds `count` keys at most `load` quarters full.
    private static func capacity(holding count: Int, load: Int) -> Int {
        var capacity = minimumCapacity
        while count * 4 > capacity * load { capacity *= 2 }
        return capacity
    }

    /// Re-inserts the live keys into `capacity` slots, dropping the removed markers.
    private mutating func rebuild(capacity: Int) {
        let oldKeys = keys, oldObjects = objects
        keys = Array(repeating: Self.empty, count: capacity)
        objects = Array(repeating: nil, count: capacity)
        used = 0
        live = 0
        for (key, object) in zip(oldKeys, oldObjects) where key > 0 {
            if let object { _ = insert(object, forKey: key) }
        }
    }
}
