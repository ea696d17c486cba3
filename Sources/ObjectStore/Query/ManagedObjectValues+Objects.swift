import GRDB

extension ManagedObjectValues {
    /// The current (possibly unsaved) values of `object`, faulted in first, reading related
    /// objects through its context as the context shows them.
    package init(current object: ManagedObject) {
        let context = object.context
        if object.state.contains(.fault) { context?.loadFaultNotingFailure(object) }
        self.init(entity: object.entityDescription, values: object.values, key: object.objectID.key, reader: context)
    }

    /// The committed values of `object` (as last saved to or merged from its context's parent or
    /// store), reading related objects the same way; nil for an object inserted and not saved
    /// yet, which has none.
    package init?(committed object: ManagedObject) {
        let context = object.context
        if object.state.contains(.fault) { context?.loadFaultNotingFailure(object) }
        guard object.state.isDisjoint(with: [.inserted, .goneFromParent]) else { return nil }
        self.init(entity: object.entityDescription, values: object.committedValues, key: object.objectID.key, reader: context.map(CommittedObjectReader.init))
    }

    /// The values of `object` that `source` selects (nil when it has none).
    package init?(_ object: ManagedObject, _ source: ObjectValueSource) {
        switch source {
        case .current: self.init(current: object)
        case .committed: self.init(committed: object)
        }
    }
}
