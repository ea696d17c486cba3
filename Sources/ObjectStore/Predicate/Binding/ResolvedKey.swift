/// A dotted key resolved against an entity: the to-one hops it crosses and what it ends at.
struct ResolvedKey {
    enum End {
        /// An attribute of the last entity.
        case attribute(AttributeDescription)
        /// A to-one relationship (compared by the destination's key).
        case toOne(RelationshipDescription)
        /// A to-many relationship, and the key that continues from its members (possibly empty).
        case toMany(RelationshipDescription, member: [String])
        /// `relationship.@count`.
        case count(RelationshipDescription)
    }

    /// The column an attribute or to-one end reads.
    struct Column {
        /// The position in the value array of the entity that owns it.
        let index: Int
        let name: String
        /// The attribute's type; nil for a to-one relationship (its key).
        let type: AttributeType?
        /// What its values are, for type checks.
        let domain: ValueDomain
    }

    /// The to-one relationships crossed before the end.
    let hops: [RelationshipDescription]
    let end: End

    /// The column of an attribute or to-one end (a programmer error for a to-many end).
    var column: Column {
        switch end {
        case .attribute(let attribute):
            return Column(index: attribute.column, name: attribute.name, type: attribute.type, domain: ValueDomain(attribute.type))
        case .toOne(let relationship):
            guard let index = relationship.column else { preconditionFailure("The to-one relationship \(relationship.name) has no key column.") }
            return Column(index: index, name: relationship.name, type: nil, domain: .object(relationship.destinationName))
        case .toMany(let relationship, _), .count(let relationship):
            preconditionFailure("The to-many relationship \(relationship.name) has no column; quantify it or count it.")
        }
    }

    /// The to-many relationship `names` end at from `entity`, or nil when they end elsewhere.
    static func toManyRelationship(_ names: [String], from entity: EntityDescription) -> RelationshipDescription? {
        guard let resolved = try? ResolvedKey(names, from: entity, key: "", root: entity),
              case .toMany(let relationship, let member) = resolved.end, member.isEmpty else { return nil }
        return relationship
    }

    /// Resolves `names` from `entity`; `key` and `root` name the key in errors.
    init(_ names: [String], from entity: EntityDescription, key: String, root: EntityDescription) throws(FetchPredicateError) {
        var hops: [RelationshipDescription] = []
        var current = entity
        var index = 0
        while index < names.count {
            let name = names[index]
            let isLast = index == names.count - 1
            if let attribute = current.attribute(named: name), isLast {
                self.hops = hops
                self.end = .attribute(attribute)
                return
            }
            guard let relationship = current.relationship(named: name) else {
                if current.transientAttribute(named: name) != nil { throw .transientKey(entity: current.name, key: key) }
                break
            }
            if relationship.isToMany {
                self.hops = hops
                let rest = Array(names[(index + 1)...])
                self.end = rest == ["@count"] ? .count(relationship) : .toMany(relationship, member: rest)
                return
            }
            if isLast {
                self.hops = hops
                self.end = .toOne(relationship)
                return
            }
            hops.append(relationship)
            current = relationship.destination
            index += 1
        }
        throw .unknownKey(entity: root.name, key: key)
    }
}
