/// The objects of a context with unsaved changes (flagged `.pending`), per entity, in the order
/// they first changed since the last save.
///
/// An object is listed once, when it is flagged. Forgetting an object clears its flag without
/// unlisting it (that would cost a scan); the readers skip it. Kept per entity so that a fetch or
/// a relationship read looks only at the changes of the entities it reads: deleting n objects
/// with delete rules stays linear.
struct PendingObjects {
    private var lists: [[ManagedObject]]

    init(entityCount: Int) {
        lists = Array(repeating: [], count: entityCount)
    }

    /// Lists an object that has just been flagged `.pending`.
    mutating func append(_ object: ManagedObject) {
        lists[object.entityDescription.index].append(object)
    }

    /// Every listed object, flagged or not, entity by entity.
    var listed: FlattenSequence<[[ManagedObject]]> {
        lists.joined()
    }

    /// The flagged objects, entity by entity.
    var all: [ManagedObject] {
        lists.joined().filter { $0.state.contains(.pending) }
    }

    /// The flagged objects of one entity.
    func objects(ofEntity index: Int) -> [ManagedObject] {
        lists[index].filter { $0.state.contains(.pending) }
    }

    /// Whether an object of the entity is flagged.
    func containsObjects(ofEntity index: Int) -> Bool {
        lists[index].contains { $0.state.contains(.pending) }
    }

    mutating func removeAll() {
        for index in lists.indices where !lists[index].isEmpty {
            lists[index] = []
        }
    }
}
