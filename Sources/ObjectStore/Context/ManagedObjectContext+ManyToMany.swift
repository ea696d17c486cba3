import GRDB

/// A link of a many-to-many relationship, named from its owner side (see ``JoinTable``).
struct LinkKey: Hashable {
    /// The owner side: its entity index and relationship index.
    var entity: Int
    var relationship: Int
    /// The owner-side object's key and the other side's key.
    var source: Int64
    var target: Int64
}

extension ManagedObjectContext {
    /// The owner-side relationship of a many-to-many relationship (itself or its inverse).
    func ownerSide(of relationship: RelationshipDescription, in entity: EntityDescription) -> (entity: EntityDescription, index: Int)? {
        guard let join = relationship.join, let inverse = relationship.inverse else { return nil }
        // The inverse of the inverse is the relationship itself.
        return join.isOwner
            ? inverse.inverseIndex.map { (entity, $0) }
            : relationship.inverseIndex.map { (relationship.destination, $0) }
    }

    /// The keys linked to each of `ownKeys` (objects of `entity`) through a many-to-many
    /// relationship, in key order, as this context sees them; keys without links are left out.
    func linkedKeys(ownKeys: [Int64], entity: EntityDescription, relationship: RelationshipDescription) throws(ObjectStoreError) -> [Int64: [Int64]] {
        guard let join = relationship.join, let owner = ownerSide(of: relationship, in: entity) else { return [:] }
        var keys: [Int64: [Int64]]
        if let parent {
            keys = try readingParent(parent) { () throws(ObjectStoreError) -> [Int64: [Int64]] in
                try parent.linkedKeys(ownKeys: ownKeys, entity: entity, relationship: relationship)
            }
        } else {
            keys = try core.store.linkedKeys(join: join, ownKeys: ownKeys, mark: storeMark)
        }
        guard !unsaved.links.isEmpty else { return keys }
        let wanted = Set(ownKeys)
        var changed: [Int64: Set<Int64>] = [:]
        for (link, added) in unsaved.links where link.entity == owner.entity.index && link.relationship == owner.index {
            let (own, other) = join.isOwner ? (link.source, link.target) : (link.target, link.source)
            guard wanted.contains(own) else { continue }
            if changed[own] == nil { changed[own] = Set(keys[own] ?? []) }
            if added { changed[own]?.insert(other) } else { changed[own]?.remove(other) }
        }
        for (own, set) in changed {
            keys[own] = set.isEmpty ? nil : set.sorted()
        }
        return keys
    }

    /// The objects a many-to-many relationship holds for each owner, loaded as one batch.
    func linkedObjects(of owners: [ManagedObject], relationship: RelationshipDescription) throws(ObjectStoreError) -> [[ManagedObject]] {
        guard let entity = owners.first?.entityDescription else { return [] }
        let linked = try linkedKeys(ownKeys: owners.map(\.objectID.key), entity: entity, relationship: relationship)
        var seen: Set<Int64> = []
        var keys: [Int64] = []
        for owner in owners {
            for key in linked[owner.objectID.key] ?? [] where seen.insert(key).inserted { keys.append(key) }
        }
        let loaded = try loadObjects(entity: relationship.destination, keys: keys)
        let usable = Dictionary(uniqueKeysWithValues: zip(keys, loaded).filter { $0.1.state.isDisjoint(with: [.deleted, .invalid, .missing]) })
        return owners.map { owner in (linked[owner.objectID.key] ?? []).compactMap { usable[$0] } }
    }

    /// The objects a many-to-many relationship holds, loaded as one batch.
    func linkedObjects(of object: ManagedObject, relationship: RelationshipDescription) throws(ObjectStoreError) -> [ManagedObject] {
        try linkedObjects(of: [object], relationship: relationship).first ?? []
    }

    /// Links or unlinks two objects through a many-to-many relationship (both sides see it).
    func setLink(_ object: ManagedObject, relationship: RelationshipDescription, to other: ManagedObject, linked: Bool) {
        guard let join = relationship.join, let owner = ownerSide(of: relationship, in: object.entityDescription) else { return }
        let (source, target) = join.pair(own: object.objectID.key, other: other.objectID.key)
        let link = LinkKey(entity: owner.entity.index, relationship: owner.index, source: source, target: target)
        for endpoint in [object, other] where !endpoint.state.contains(.reported) {
            noteChange(endpoint)
        }
        if let recorded = unsaved.links[link], recorded != linked {
            unsaved.links[link] = nil
        } else {
            unsaved.links[link] = linked
        }
        // Toggled twice since the last event, the link is back as it was shown.
        if unreportedLinks.remove(link) == nil { unreportedLinks.insert(link) }
        registerUndo(.link(link, linked: !linked))
    }

    /// The pending links as (owner relationship, source, target, linked) for saving.
    func pendingLinkChanges() -> [CommitBatch.Link] {
        unsaved.links.map { link, added in
            let owner = core.model.entities[link.entity]
            return CommitBatch.Link(owner: owner, relationship: owner.relationships[link.relationship], source: link.source, target: link.target, linked: added)
        }
    }
}
