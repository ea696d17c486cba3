/// A fetch request compiled once for its entity: the predicate, order and section key evaluated
/// in memory on one object at a time, with the store's SQL semantics.
///
/// A fetched results controller fetches once, then follows its context's change stream (see
/// <doc:ChangeStream>): for each event it skips what cannot touch its results
/// (``canChangeResults(_:)``), tests the changed objects (``includes(_:from:)``) and places them
/// with ``compare(_:_:)-(FetchSortKey,FetchSortKey)``, which orders exactly as the store's
/// `ORDER BY` does, ties broken by object ID.
///
/// ```swift
/// var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
/// request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
/// let query = try CompiledFetchRequest(request, model: container.model, sectionNameKeyPath: "sport.name")
/// query.keyPaths                         // ["isLive", "sport.name", "start"]
/// try query.includes(event)              // true for a live event
/// query.sectionValue(of: event)          // "Football"
/// ```
///
/// The value is `Sendable`: compile anywhere, then call it on the queue of the objects' context.
/// Values are read as the request reads them: current ones (unsaved changes included) when
/// ``FetchRequest/includesPendingChanges`` is true, committed ones otherwise (see
/// ``ObjectValueSource``).
public struct CompiledFetchRequest<Entity: ManagedObject>: Sendable {
    /// The request this value was compiled from.
    public let request: FetchRequest<Entity>
    /// The key path whose value names an object's section, if any.
    public let sectionNameKeyPath: String?
    /// The entity the request fetches.
    public let entity: EntityDescription
    /// Every key path the request reads, from its predicate, filters, sort descriptors and
    /// section key path, as dotted names from ``entity``: `"title"`, `"sport.name"` (through a
    /// to-one relationship), `"tags"` and `"tags.label"` (a quantified to-many relationship and
    /// its members' key), `"tags.@count"`.
    public let keyPaths: Set<String>
    let query: StoreQuery
    let section: StoreQuery.Projection?
    let sectionEnd: ResolvedKey.End?
    /// Per entity index: the keys read on objects of that entity.
    let readKeys: [Int: Set<String>]
    /// The keys of ``entity`` that the predicate and filters read (the first key of each path).
    let filterKeys: Set<String>

    /// Compiles `request` for its entity in `model`.
    ///
    /// - Parameters:
    ///   - request: The request; its limit and offset are kept in ``request`` but do not apply to
    ///     one object.
    ///   - model: The model of the contexts whose objects will be evaluated.
    ///   - sectionNameKeyPath: An attribute or to-one relationship, possibly through to-one
    ///     relationships (`"sport.name"`), whose value groups objects into sections.
    /// - Throws: ``ObjectStoreError/invalidFetchRequest(_:)`` when a key or type of the request
    ///   or the section key path does not fit the entity.
    public init(_ request: FetchRequest<Entity>, model: ManagedObjectModel, sectionNameKeyPath: String? = nil) throws(ObjectStoreError) {
        let entity = model.entity(for: Entity.self)
        self.request = request
        self.entity = entity
        self.sectionNameKeyPath = sectionNameKeyPath
        do throws(FetchPredicateError) {
            query = try request.storeQuery(entity: entity)
            if let sectionNameKeyPath {
                let names = sectionNameKeyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let resolved = try ResolvedKey(names, from: entity, key: sectionNameKeyPath, root: entity)
                switch resolved.end {
                case .attribute, .toOne: break
                case .toMany, .count:
                    throw FetchPredicateError.typeMismatch(entity: entity.name, key: sectionNameKeyPath, reason: "a section key path names an attribute or a to-one relationship")
                }
                section = StoreQuery.Projection(hops: resolved.hops, column: resolved.column.index)
                sectionEnd = resolved.end
            } else {
                section = nil
                sectionEnd = nil
            }
        } catch {
            throw .invalidFetchRequest(error)
        }
        var paths = Set(query.filters.flatMap(\.keyPaths))
        filterKeys = Set(paths.map { String($0.prefix { $0 != "." }) })
        for order in query.orders { paths.insert(order.projection.keyPath(from: entity)) }
        if let sectionNameKeyPath { paths.insert(sectionNameKeyPath) }
        keyPaths = paths
        readKeys = Self.keysByEntity(paths, from: entity)
    }

    /// Where ``includes(_:from:)`` and the other members read values unless told otherwise: the
    /// current values when the request includes pending changes, else the committed ones.
    public var valueSource: ObjectValueSource {
        request.includesPendingChanges ? .current : .committed
    }

    /// Whether a change of `keys` on an object of `entity` can change whether or where an object
    /// appears in the results: whether the request reads one of those keys on that entity.
    ///
    /// - Complexity: O(`keys.count`).
    public func reads(_ keys: Set<String>, of entity: EntityDescription) -> Bool {
        guard let read = readKeys[entity.index] else { return false }
        return !read.isDisjoint(with: keys)
    }

    /// Whether objects of `entity` can be read by the request (it is ``entity``, or a key path
    /// reaches it).
    public func reads(_ entity: EntityDescription) -> Bool {
        entity === self.entity || readKeys[entity.index] != nil
    }

    /// The keys read on each entity a key path crosses: `"sport.name"` reads `sport` on the
    /// fetched entity and `name` on the sport's.
    private static func keysByEntity(_ paths: Set<String>, from root: EntityDescription) -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        for path in paths {
            var entity = root
            for name in path.split(separator: ".").map(String.init) where name != "@count" {
                result[entity.index, default: []].insert(name)
                guard let relationship = entity.relationship(named: name) else { break }
                entity = relationship.destination
            }
        }
        return result
    }
}
