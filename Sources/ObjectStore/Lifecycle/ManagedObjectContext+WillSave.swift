import GRDB

extension ManagedObjectContext {
    /// How many rounds of ``ManagedObject/willSave()`` calls a save makes before it gives up
    /// with ``ObjectStoreError/saveHooksDidNotSettle(rounds:objects:)``.
    static let willSaveRoundLimit = 100

    /// Calls ``ManagedObject/willSave()`` on every object the save writes, then again on those
    /// that changed since their call (or that the calls inserted or deleted), until a round
    /// changes nothing.
    ///
    /// An object counts as changed when its values are no longer the array its call saw: the
    /// copy kept here shares that array's storage, so a write after the call makes new storage,
    /// and telling the two apart costs one comparison of addresses.
    func runWillSave() throws(ObjectStoreError) {
        var called: [ObjectIdentifier: CalledWillSave] = [:]
        for round in 1...Self.willSaveRoundLimit + 1 {
            let due = livePending.filter { object in
                guard object.hasChangesToSave else { return false }
                guard let call = called[ObjectIdentifier(object)] else { return true }
                return !call.saw(object)
            }
            if due.isEmpty { return }
            if round > Self.willSaveRoundLimit {
                throw .saveHooksDidNotSettle(rounds: Self.willSaveRoundLimit, objects: due.map(\.objectID))
            }
            for object in due {
                called[ObjectIdentifier(object)] = CalledWillSave(object)
                object.willSave()
            }
        }
    }
}

/// What an object was when its ``ManagedObject/willSave()`` was called.
private struct CalledWillSave {
    let values: ContiguousArray<DatabaseValue>
    let state: ObjectState

    init(_ object: ManagedObject) {
        values = object.values
        state = object.state.intersection([.inserted, .deleted])
    }

    /// Whether `object` is as it was at the call.
    func saw(_ object: ManagedObject) -> Bool {
        state == object.state.intersection([.inserted, .deleted]) && values.withUnsafeBufferPointer { seen in
            object.values.withUnsafeBufferPointer { $0.baseAddress == seen.baseAddress }
        }
    }
}
