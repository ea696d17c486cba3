import ObjectStore

/// What a grouped query reads, for choosing how a change reaches its groups: keys of the
/// grouped entity, keys of entities reached through one to-one relationship (a change there
/// moves the objects that reach the changed object), and entities reached in other ways (a
/// change there reads the groups again).
struct AggregateReads {
    /// The grouped entity.
    let entity: EntityDescription
    /// The grouped entity's keys read (attributes and relationships).
    private(set) var ownKeys: Set<String> = []
    /// Per entity index reached through one to-one relationship: the relationship's column in
    /// the grouped entity, and the keys read there.
    private(set) var direct: [Int: (column: Int, keys: Set<String>)] = [:]
    /// Indexes of the entities reached in other ways.
    private(set) var indirect: Set<Int> = []

    init(_ query: StoreQuery) {
        entity = query.entity
        for projection in query.projections {
            let owner = projection.hops.last?.destination ?? entity
            note(projection.hops.map(\.name) + [owner.columnNames[projection.column]])
        }
        for filter in query.filters {
            filter.keyPaths.forEach { note($0.split(separator: ".").map(String.init)) }
            let reached = filter.relatedEntities.subtracting(direct.keys)
            indirect.formUnion(reached)
        }
        for index in indirect { direct[index] = nil }
        if indirect.contains(entity.index) || direct[entity.index] != nil {
            direct[entity.index] = nil
            indirect.insert(entity.index)
        }
    }

    /// Notes one dotted key path from the grouped entity.
    private mutating func note(_ names: [String]) {
        guard let first = names.first else { return }
        ownKeys.insert(first)
        guard names.count > 1 else { return }
        guard let relationship = entity.relationship(named: first), !relationship.isToMany, let column = relationship.column else {
            if let relationship = entity.relationship(named: first) { indirect.insert(relationship.destinationIndex) }
            return
        }
        let destination = relationship.destinationIndex
        if names.count == 2, direct[destination].map({ $0.column == column }) ?? true {
            direct[destination, default: (column, [])].keys.insert(names[1])
        } else {
            var current: EntityDescription? = entity
            for name in names.dropLast() {
                guard let hop = current?.relationship(named: name) else { break }
                indirect.insert(hop.destinationIndex)
                current = hop.destination
            }
        }
    }
}
