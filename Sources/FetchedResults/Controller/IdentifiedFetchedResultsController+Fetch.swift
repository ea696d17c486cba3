import DiffableSnapshots
import Foundation
import ObjectStore

extension IdentifiedFetchedResultsController {
    /// Fetches the results (IDs and sort keys, no objects) and delivers them: the first time as
    /// the first delivery (its batch update inserts everything), later, after a change of
    /// ``fetchRequest``, as the batch update from the old results to the new ones
    /// (search as you type). Then follows the context's change stream from the point the fetch
    /// reflects.
    ///
    /// Call it on the context's queue.
    ///
    /// - Throws: ``FetchedResultsError/missingSortDescriptors(entity:)``,
    ///   ``FetchedResultsError/sectionKeyNotFirstSort(entity:sectionKey:firstSortKey:)``,
    ///   ``FetchedResultsError/invalidKey(entity:key:reason:)`` for a request that cannot be
    ///   used; ``FetchedResultsError/duplicateItemIdentifier(entity:key:value:first:second:)``
    ///   when two results share an identifier; ``FetchedResultsError/store(_:)``. The previous
    ///   results stay when it throws.
    /// - Complexity: one query, O(*n*) to build the results and snapshot, and the diff from the
    ///   previous results on a second fetch.
    public func performFetch() throws(FetchedResultsError) {
        assertOnContextQueue()
        let compiled = try compile()
        let fetched = try fetchResults(compiled)
        let isFirst = self.compiled == nil
        self.compiled = compiled
        relatedEntities = compiled.relatedEntityIndexes
        directRelationships = Self.directRelationships(of: compiled)
        lastError = nil
        isBehind = false
        if observation == nil {
            observation = managedObjectContext.addChangeObserver { [weak self] event in
                self?.follow(event)
            }
        }
        position = fetched.sequenceNumber
        replaceResults(with: fetched, marking: [], alwaysDeliver: true, classic: !isFirst)
    }

    /// The related entities the request reaches only as `relationship.key` through a to-one
    /// relationship of the fetched entity, with the relationship's name. An entity also reached
    /// deeper (`sport.league.name`), through a to-many relationship or through two relationships,
    /// or the fetched entity itself, is left out: a change to it re-reads the results' keys.
    static func directRelationships(of compiled: CompiledFetchRequest<ResultType>) -> [Int: String] {
        var result: [Int: String] = [:]
        var excluded: Set<Int> = []
        for path in compiled.keyPaths {
            let names = path.split(separator: ".").map(String.init)
            var entity = compiled.entity
            // Each hop into a destination that the path reads a key of.
            for (depth, name) in names.dropLast().enumerated() {
                guard let relationship = entity.relationship(named: name) else { break }
                let destination = relationship.destination
                let direct = depth == 0 && names.count == 2 && !relationship.isToMany && destination !== compiled.entity
                if direct && (result[destination.index] ?? name) == name {
                    result[destination.index] = name
                } else {
                    excluded.insert(destination.index)
                }
                entity = destination
            }
        }
        for index in excluded { result[index] = nil }
        return result
    }

    /// The request compiled and checked for a controller.
    func compile() throws(FetchedResultsError) -> CompiledFetchRequest<ResultType> {
        let model = managedObjectContext.model
        let entity = model.entity(for: ResultType.self)
        if let sectionKey, sectionKey.name(on: entity) == nil {
            throw .invalidKey(entity: entity.name, key: sectionKey.description, reason: "is not a key path of the entity; use an attribute or a to-one key path")
        }
        guard !fetchRequest.sortDescriptors.isEmpty else { throw .missingSortDescriptors(entity: entity.name) }
        let compiled: CompiledFetchRequest<ResultType>
        do {
            compiled = try CompiledFetchRequest(fetchRequest, model: model, sectionNameKeyPath: sectionNameKeyPath)
        } catch {
            throw .wrapping(error)
        }
        if let sectionNameKeyPath, !compiled.firstSortGroupsBySection {
            throw .sectionKeyNotFirstSort(entity: entity.name, sectionKey: sectionNameKeyPath, firstSortKey: compiled.firstSortKeyPath)
        }
        if case .attribute(let keyPath) = identity, compiled.attributeColumn(of: keyPath) == nil {
            throw .invalidKey(entity: entity.name, key: "\(keyPath)", reason: "is not a stored attribute of the entity; identify items by an attribute or by ObjectID")
        }
        return compiled
    }

    /// The results of `compiled` as the context shows them, with the stream point they reflect.
    func fetchResults(_ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) -> FetchedState<ItemIdentifierType> {
        let context = managedObjectContext
        var column: Int?
        if case .attribute(let keyPath) = identity { column = compiled.attributeColumn(of: keyPath) }
        let keys: OrderedKeys
        do {
            keys = try context.orderedKeys(compiled, column: column)
        } catch {
            throw .wrapping(error)
        }
        var entries: [ResultEntry<ItemIdentifierType>] = []
        var seen: [ItemIdentifierType: ObjectID] = [:]
        var identifiers: [ObjectID: ItemIdentifierType] = [:]
        entries.reserveCapacity(keys.sortKeys.count)
        if let column {
            seen.reserveCapacity(keys.sortKeys.count)
            identifiers.reserveCapacity(keys.sortKeys.count)
            for (sortKey, stored) in zip(keys.sortKeys, keys.columnValues) {
                guard let identifier = stored as? ItemIdentifierType else {
                    throw .invalidKey(entity: compiled.entity.name, key: compiled.entity.columnNames[column], reason: "of \(sortKey.objectID) holds no \(ItemIdentifierType.self) value; give every object a value, or identify items by ObjectID")
                }
                if let other = seen.updateValue(sortKey.objectID, forKey: identifier) {
                    throw .duplicateItemIdentifier(entity: compiled.entity.name, key: itemKeyName(compiled), value: "\(identifier)", first: other, second: sortKey.objectID)
                }
                identifiers[sortKey.objectID] = identifier
                entries.append(ResultEntry(sortKey: sortKey, itemIdentifier: identifier))
            }
        } else {
            for sortKey in keys.sortKeys {
                entries.append(ResultEntry(sortKey: sortKey, itemIdentifier: sortKey.objectID as! ItemIdentifierType))
            }
        }
        var lastName = ""
        var lastKey: FetchSortKey?
        let results = OrderedResults(ordered: entries, order: compiled.sortOrder) { offset in
            let key = entries[offset].sortKey
            if let previous = lastKey, compiled.sameFirstSortValue(previous, key) { return lastName }
            lastKey = key
            lastName = compiled.sectionNameKeyPath == nil ? "" : Self.sectionName(compiled.sectionValue(ofSortKey: key, in: context))
            return lastName
        }
        return FetchedState(results: results, objectByItem: seen, itemByObject: identifiers, sequenceNumber: keys.sequenceNumber)
    }

    /// The name of the item identifier attribute, for messages.
    func itemKeyName(_ compiled: CompiledFetchRequest<ResultType>) -> String {
        guard case .attribute(let keyPath) = identity, let column = compiled.attributeColumn(of: keyPath) else { return "objectID" }
        return compiled.entity.columnNames[column]
    }

    /// A section value as a section name: nil is `""`.
    static func sectionName(_ value: (any Sendable)?) -> String {
        guard let value else { return "" }
        if let text = value as? String { return text }
        return String(describing: value)
    }
}
