import GRDB

/// The members of one-to-many relationships that a root context's prefetch read, by owner, so
/// that reading the relationship of a prefetched object runs no query.
///
/// They are kept for one point of the store and of the context's merges: a commit the container
/// hands on afterwards, or a change set the context merges, drops them all at the next use.
struct PrefetchedMembers {
    private struct Owner: Hashable {
        let id: ObjectID
        let relationship: String
    }

    private var members: [Owner: [ObjectID]] = [:]
    /// The container's ``ContainerCore/handedOnThrough`` and the context's merged mark when the
    /// members were read.
    private var stamp: (handedOnThrough: Int64, mergedMark: Int64) = (-1, -1)

    /// Records the members of `relationship` of each owner of `byOwner` (owners without members
    /// listed with none), read when the container had handed on commits through
    /// `handedOnThrough` and the context had merged through `mergedMark`.
    mutating func record(_ byOwner: [ObjectID: [ObjectID]], relationship: String, handedOnThrough: Int64, mergedMark: Int64) {
        if stamp != (handedOnThrough, mergedMark) {
            members.removeAll()
            stamp = (handedOnThrough, mergedMark)
        }
        for (owner, ids) in byOwner { members[Owner(id: owner, relationship: relationship)] = ids }
    }

    /// The members recorded for `relationship` of `owner`, while the store and the context's
    /// merges are where they were when read; nil otherwise.
    mutating func members(of owner: ObjectID, relationship: String, handedOnThrough: Int64, mergedMark: Int64) -> [ObjectID]? {
        guard stamp == (handedOnThrough, mergedMark) else {
            if !members.isEmpty { members.removeAll() }
            return nil
        }
        return members[Owner(id: owner, relationship: relationship)]
    }
}

extension ManagedObjectContext {
    /// The members of the one-to-many `relationship` of `object` that a prefetch recorded, when
    /// they are still what a query would find: a root context, no commit handed on and nothing
    /// merged since, no unsaved change to an object of the destination entity, and every member
    /// still registered, loaded, live and pointing at `object`. Nil when the store must be read.
    func prefetchedMembers(of object: ManagedObject, relationship: RelationshipDescription) -> [ManagedObject]? {
        guard parent == nil, let inverseColumn = relationship.inverseColumn,
              let ids = prefetched.members(of: object.objectID, relationship: relationship.name, handedOnThrough: core.handedOnThrough, mergedMark: mergedMark),
              !unsaved.objects.containsObjects(ofEntity: relationship.destinationIndex) else { return nil }
        let owner = object.objectID.key.databaseValue
        var members: [ManagedObject] = []
        members.reserveCapacity(ids.count)
        for id in ids {
            guard let member = registered[id], member.state.isDisjoint(with: [.fault, .deleted, .invalid, .missing]),
                  StoredValueOrder.isSame(member.values[inverseColumn], owner) else { return nil }
            members.append(member)
        }
        return members
    }

    /// Records `members`, read by a prefetch of the one-to-many `relationship` of `owners` when
    /// the container had handed on commits through `handedOnThrough`, for
    /// ``prefetchedMembers(of:relationship:)``. Only a root context without unsaved changes to
    /// the destination entity records them.
    func recordPrefetchedMembers(_ members: [ManagedObject], of owners: [ManagedObject], relationship: RelationshipDescription, handedOnThrough: Int64) {
        guard parent == nil, let inverseColumn = relationship.inverseColumn,
              !unsaved.objects.containsObjects(ofEntity: relationship.destinationIndex) else { return }
        var byKey: [Int64: [ObjectID]] = [:]
        for member in members {
            guard case .int64(let key) = member.values[inverseColumn].storage else { continue }
            byKey[key, default: []].append(member.objectID)
        }
        var byOwner: [ObjectID: [ObjectID]] = [:]
        byOwner.reserveCapacity(owners.count)
        for owner in owners { byOwner[owner.objectID] = byKey[owner.objectID.key] ?? [] }
        prefetched.record(byOwner, relationship: relationship.name, handedOnThrough: handedOnThrough, mergedMark: mergedMark)
    }
}
