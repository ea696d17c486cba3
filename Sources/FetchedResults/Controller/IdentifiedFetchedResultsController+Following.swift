import DiffableSupport
import DiffableSnapshots
import ObjectStore

extension IdentifiedFetchedResultsController {
    /// Applies one event of the context's change stream (on the context's queue).
    ///
    /// An event that cannot be applied (a read of the store failed: the server is down, a
    /// connection was lost) leaves the results behind the context. The controller reports the
    /// error, then reads its results again at the next event, or after ``recoveryDelay`` when
    /// none comes, until a read succeeds: the results catch up without the app calling
    /// ``performFetch()``.
    func follow(_ event: ChangeEvent) {
        guard let compiled, event.sequenceNumber > position else { return }
        position = event.sequenceNumber
        if isBehind {
            catchUp(compiled)
            return
        }
        do {
            try apply(event, compiled)
        } catch {
            fell(behindWith: error)
        }
    }

    /// How long a controller whose results fell behind waits for an event before it reads them
    /// again by itself.
    static var recoveryDelay: Duration { .milliseconds(250) }

    /// Notes that the results missed a change, reports `error`, and schedules a read.
    private func fell(behindWith error: FetchedResultsError) {
        isBehind = true
        lastError = error
        delegate?.controller(self, didFailWith: error)
        guard !isRecoveryScheduled else { return }
        isRecoveryScheduled = true
        let context = managedObjectContext
        Task { [weak self] in
            try? await Task.sleep(for: Self.recoveryDelay)
            guard let controller = self else { return }
            await context.perform {
                controller.isRecoveryScheduled = false
                guard controller.isBehind, let compiled = controller.compiled else { return }
                controller.catchUp(compiled)
            }
        }
    }

    /// Reads the results again after a missed change and delivers the difference; on failure,
    /// stays behind and tries again later.
    private func catchUp(_ compiled: CompiledFetchRequest<ResultType>) {
        do {
            let fetched = try fetchResults(compiled)
            position = max(position, fetched.sequenceNumber)
            isBehind = false
            lastError = nil
            replaceResults(with: fetched, marking: [], alwaysDeliver: false, classic: true)
        } catch {
            fell(behindWith: error)
        }
    }

    /// What one event changes for the results, object by object: what ``apply(_:_:)`` reads to
    /// choose between applying the change incrementally and re-reading the results' keys.
    private struct ChangeScope {
        /// Objects of the fetched entity to evaluate again.
        var listed: Set<ObjectID> = []
        /// Updated objects of the fetched entity whose changed keys the request does not read
        /// (not in its predicate, sort or section key, nor the item identifier): they keep their
        /// place, in the results or out of them, and are only marked.
        var unmoved: Set<ObjectID> = []
        /// Of those, the objects whose change is marked in the delivered snapshot.
        var marking: Set<ObjectID> = []
        /// Whether the change reaches the results through relationships only a re-read follows.
        var reachesRelated = false
        /// Related objects that changed in place, by the relationship that reaches them directly.
        var relatedChanges: [String: Set<ObjectID>] = [:]

        var isEmpty: Bool { listed.isEmpty && unmoved.isEmpty && !reachesRelated && relatedChanges.isEmpty }
    }

    /// Finds what `event` changes in the results, and applies it incrementally, or by re-reading
    /// the results' keys when the change reaches them through relationships, a limit or offset,
    /// or a reset.
    private func apply(_ event: ChangeEvent, _ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) {
        if event.kind == .reset || event.kind == .resync {
            try refetch(compiled, marking: [], isResync: event.kind == .resync)
            return
        }
        let source = compiled.valueSource
        if source == .committed && !event.isSaved { return }
        let selfRelated = relatedEntities.contains(compiled.entity.index)
        var scope = ChangeScope()
        noteRefreshedObjects(of: event, compiled, selfRelated: selfRelated, in: &scope)
        // A context's own save changes nothing it showed already, when it shows pending changes.
        if !(source == .current && event.kind == .save) {
            noteChangedObjects(of: event, compiled, selfRelated: selfRelated, in: &scope)
        }
        guard !scope.isEmpty else { return }
        // An object also listed for another reason (inserted, refreshed) is evaluated again.
        scope.unmoved.subtract(scope.listed)
        if scope.reachesRelated || compiled.isWindowed {
            scope.listed.formUnion(scope.unmoved)
            if !scope.reachesRelated && !compiled.canChangeResults(event) && !scope.listed.contains(where: { currentItem(of: $0) != nil }) {
                try applyIncremental(Array(scope.listed), marking: scope.marking, compiled, onlyMarks: true)
                return
            }
            try refetch(compiled, marking: scope.marking)
            return
        }
        // Objects that read a changed related object are evaluated again like changed ones (not
        // marked: they did not change).
        for (relationship, related) in scope.relatedChanges {
            scope.listed.formUnion(try objects(reaching: related, through: relationship, compiled))
        }
        let gone = event.deletedObjectIDs.union(event.invalidatedObjectIDs).subtracting(event.insertedObjectIDs)
            .filter { managedObjectContext.registeredObject(with: $0) == nil }
        try applyIncremental(Array(scope.listed), marking: scope.marking, gone: gone, compiled, onlyMarks: false, unmoved: scope.unmoved.subtracting(scope.listed), event: event)
    }

    /// Notes the objects the event refreshed or invalidated: those of the fetched entity are
    /// evaluated again (refreshed ones marked); a refreshed related object that one relationship
    /// reaches directly is followed through it, any other related object calls for a re-read.
    private func noteRefreshedObjects(of event: ChangeEvent, _ compiled: CompiledFetchRequest<ResultType>, selfRelated: Bool, in scope: inout ChangeScope) {
        let entity = compiled.entity
        for id in event.refreshedObjectIDs.union(event.invalidatedObjectIDs) {
            if id.entity === entity {
                scope.listed.insert(id)
                if event.refreshedObjectIDs.contains(id) { scope.marking.insert(id) }
                if selfRelated { scope.reachesRelated = true }
            } else if relatedEntities.contains(id.entity.index) {
                if let relationship = directRelationships[id.entity.index], event.refreshedObjectIDs.contains(id) {
                    scope.relatedChanges[relationship, default: []].insert(id)
                } else {
                    scope.reachesRelated = true
                }
            }
        }
    }

    /// Notes the objects the event inserted, deleted or updated: those of the fetched entity are
    /// evaluated again (updated ones marked when a marked key changed); a deleted related object
    /// calls for a re-read, and an updated one whose changed keys the request reads is followed
    /// through the relationship that reaches it directly, or else calls for a re-read.
    private func noteChangedObjects(of event: ChangeEvent, _ compiled: CompiledFetchRequest<ResultType>, selfRelated: Bool, in scope: inout ChangeScope) {
        let entity = compiled.entity
        for id in event.insertedObjectIDs where id.entity === entity { scope.listed.insert(id) }
        for id in event.deletedObjectIDs {
            if id.entity === entity { scope.listed.insert(id) }
            if id.entity !== entity || selfRelated, relatedEntities.contains(id.entity.index) { scope.reachesRelated = true }
        }
        event.forEachUpdatedObject { id, keys in
            if id.entity === entity {
                if keepsPlace(changing: keys, compiled) { scope.unmoved.insert(id) } else { scope.listed.insert(id) }
                if markedKeys.map({ !$0.isDisjoint(with: keys) }) ?? true { scope.marking.insert(id) }
            }
            if relatedEntities.contains(id.entity.index) && compiled.reads(keys, of: id.entity) {
                if id.entity !== entity, let relationship = directRelationships[id.entity.index] {
                    scope.relatedChanges[relationship, default: []].insert(id)
                } else {
                    scope.reachesRelated = true
                }
            }
        }
    }

    /// Whether an object of the fetched entity whose `keys` changed keeps its place: the request
    /// reads none of them, and none is the item identifier's attribute.
    private func keepsPlace(changing keys: Set<String>?, _ compiled: CompiledFetchRequest<ResultType>) -> Bool {
        guard let keys, !keys.isEmpty, !compiled.reads(keys, of: compiled.entity) else { return false }
        return keepsIdentifier(changing: keys, compiled)
    }

    /// Whether an object of the fetched entity whose `keys` changed keeps its item identifier:
    /// none of them is the item identifier's attribute.
    func keepsIdentifier(changing keys: Set<String>, _ compiled: CompiledFetchRequest<ResultType>) -> Bool {
        switch identity {
        case .objectID:
            return true
        case .attribute(let keyPath):
            guard let column = compiled.attributeColumn(of: keyPath) else { return false }
            return !keys.contains(compiled.entity.columnNames[column])
        }
    }

    /// The objects of the fetched entity whose to-one `relationship` is one of `related`, as the
    /// request reads them (unsaved changes included or not): one query on the relationship's
    /// indexed column, O(*m* log *n*) for *m* objects.
    private func objects(reaching related: Set<ObjectID>, through relationship: String, _ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) -> [ObjectID] {
        var request = FetchRequest<ResultType>()
        request.includesPendingChanges = compiled.request.includesPendingChanges
        do {
            request.predicate = try FetchPredicate(format: "%K IN %@", argumentArray: [relationship, Array(related)])
            return try managedObjectContext.fetchObjectIDs(request)
        } catch let error as ObjectStoreError {
            throw .wrapping(error)
        } catch {
            preconditionFailure("The query of the objects reaching \(relationship) is malformed: \(clause("\(error)")).")
        }
    }

    /// Re-reads the results' keys and delivers the difference.
    /// Reads the results again and delivers the difference. After a resync, whatever changed is
    /// unknown: every object that stays is marked, and the delivery says it is a resync.
    private func refetch(_ compiled: CompiledFetchRequest<ResultType>, marking: Set<ObjectID>, isResync: Bool = false) throws(FetchedResultsError) {
        let fetched = try fetchResults(compiled)
        var marking = marking
        if isResync {
            for section in fetched.results.sections { marking.formUnion(section.entries.lazy.map(\.objectID)) }
        }
        replaceResults(with: fetched, marking: marking, alwaysDeliver: isResync, classic: true, isResync: isResync)
    }

    /// The item identifier of an object in the results, or nil when it is not there.
    func currentItem(of objectID: ObjectID) -> ItemIdentifierType? {
        switch identity {
        case .objectID:
            let item = objectID as! ItemIdentifierType
            return base.sectionIdentifier(containingItem: item) == nil ? nil : item
        case .attribute:
            return itemByObject[objectID]
        }
    }

    /// The item and path of an object in the results, from one snapshot lookup, or nil when it
    /// is not there.
    func itemAndPath(of objectID: ObjectID) -> (item: ItemIdentifierType, path: ItemPath)? {
        guard let item = candidateItem(of: objectID) else { return nil }
        return path(ofItem: item).map { (item, $0) }
    }

    /// ``candidateItem(of:)`` of each object; the IDs themselves, without a dynamic cast each,
    /// when they are the item identifiers.
    func candidateItems(of objectIDs: [ObjectID]) -> [ItemIdentifierType?] {
        if case .objectID = identity, ItemIdentifierType.self == ObjectID.self {
            return objectIDs.map { unsafeBitCast($0, to: ItemIdentifierType.self) }
        }
        return objectIDs.map(candidateItem(of:))
    }

    /// The item identifier the object has if it is in the results: its ID, or the attribute
    /// value it was listed under (nil when it is not listed).
    func candidateItem(of objectID: ObjectID) -> ItemIdentifierType? {
        switch identity {
        case .objectID: objectID as? ItemIdentifierType
        case .attribute: itemByObject[objectID]
        }
    }

    /// The path of an item in the results: the results' sections are the base snapshot's, in
    /// the same order.
    ///
    /// - Complexity: one snapshot lookup.
    func path(ofItem item: ItemIdentifierType) -> ItemPath? {
        guard let (section, index) = base.indexPath(ofItem: item) else { return nil }
        return ItemPath(section: section, item: index)
    }
}
