import DiffableSupport

extension ModelBuilder {
    /// Resolves the derived attributes of every entity, once relationships are resolved, and
    /// gives each entity a derived attribute reads the triggers that compute it again.
    static func resolveDerivations(_ entities: [EntityDescription]) {
        for entity in entities {
            for attribute in entity.attributes {
                guard let expression = attribute.derivation else { continue }
                let derivation = DerivationResolver(entity: entity, attribute: attribute, expression: expression).resolve()
                entity.derivations.append(derivation)
                entity.derivedNames.insert(derivation.name)
                switch derivation.source {
                case let .toOne(relationship, column):
                    guard let ownerColumn = relationship.column else { continue }
                    relationship.destination.derivationTriggers.append(
                        DerivationTrigger(owner: entity, attribute: attribute.name, kind: .destination(column: column, ownerColumn: ownerColumn)))
                case .count(let relationship):
                    guard let keyColumn = relationship.inverseColumn else { continue }
                    relationship.destination.derivationTriggers.append(
                        DerivationTrigger(owner: entity, attribute: attribute.name, kind: .member(keyColumn: keyColumn, valueColumn: nil)))
                case let .sum(relationship, column, _):
                    guard let keyColumn = relationship.inverseColumn else { continue }
                    relationship.destination.derivationTriggers.append(
                        DerivationTrigger(owner: entity, attribute: attribute.name, kind: .member(keyColumn: keyColumn, valueColumn: column)))
                case .own, .now:
                    break
                }
            }
        }
    }
}

/// Resolves one derivation expression against its entity, stopping with a message that names
/// the entity, the attribute and what to write instead when it does not fit.
private struct DerivationResolver {
    let entity: EntityDescription
    let attribute: AttributeDescription
    let expression: DerivationExpression

    private var place: String { "The derived attribute \(entity.name).\(attribute.name) (\(expression))" }

    func resolve() -> Derivation {
        switch expression.function {
        case .now:
            require(attribute.type == .date, "is a time; declare it as a Date")
            return derivation(column: attribute.column, source: .now, transform: .none)
        case .count:
            let relationship = countedRelationship(names(of: 0))
            require(attribute.type == .integer, "is a count; declare it as an integer")
            return derivation(column: attribute.column, source: .count(relationship), transform: .none)
        case .sum:
            let path = names(of: 0)
            let relationship = countedRelationship(Array(path.prefix(1)))
            let memberName = path.count == 2 ? path[1] : names(of: 1, on: relationship.destination).joined(separator: ".")
            guard let member = storedAttribute(memberName, on: relationship.destination),
                  member.type == .integer || member.type == .double else {
                fail("sums \(memberName), which is not a number attribute of \(relationship.destinationName)")
            }
            require(attribute.type == member.type, "sums \(member.type) values; declare it with the same type")
            return derivation(column: attribute.column,
                              source: .sum(relationship, column: member.column, type: member.type), transform: .none)
        case .value, .lowercase, .uppercase, .canonical:
            let (source, type) = copiedSource(names(of: 0))
            let transform: Derivation.Transform = switch expression.function {
            case .lowercase: .lowercase
            case .uppercase: .uppercase
            case .canonical: .canonical
            default: .none
            }
            if transform != .none { require(type == .string, "changes text; name a string attribute") }
            require(attribute.type == type, "copies a \(type) value; declare it with the same type")
            return derivation(column: attribute.column, source: source, transform: transform)
        }
    }

    private func derivation(column: Int, source: Derivation.Source, transform: Derivation.Transform) -> Derivation {
        Derivation(name: attribute.name, formula: formula(source), column: column, source: source, transform: transform)
    }

    /// The string form of a resolved expression, with names whichever form it was written in.
    private func formula(_ source: Derivation.Source) -> String {
        let path: String
        switch source {
        case .own(let column): path = entity.columnNames[column]
        case let .toOne(relationship, column): path = "\(relationship.name).\(relationship.destination.columnNames[column])"
        case .count(let relationship): return "\(relationship.name).@count"
        case let .sum(relationship, column, _): return "\(relationship.name).@sum.\(relationship.destination.columnNames[column])"
        case .now: return "now()"
        }
        return expression.function == .value ? path : "\(expression.function.rawValue):(\(path))"
    }

    /// The names of the path's key path `index` (on `root`, the entity by default), or its names.
    private func names(of index: Int, on root: EntityDescription? = nil) -> [String] {
        switch expression.path {
        case .names(let names):
            return names
        case .keyPaths(let keyPaths):
            guard index < keyPaths.count, let names = KeyPathRecorder.propertyNames(of: keyPaths[index].keyPath, on: root ?? entity) else {
                fail("names a key path that is not a property path of \((root ?? entity).name)")
            }
            return names
        case .invalid:
            fail("is not a derivation expression; write one of title, sport.name, lowercase:(title), uppercase:(title), canonical:(title), bets.@count, bets.@sum.stake or now()")
        }
    }

    /// The column an own or to-one copy reads, and its type.
    private func copiedSource(_ names: [String]) -> (Derivation.Source, AttributeType) {
        if names.count == 1, let source = storedAttribute(names[0], on: entity) {
            return (.own(column: source.column), source.type)
        }
        if names.count == 2, let relationship = entity.relationship(named: names[0]), !relationship.isToMany,
           let source = storedAttribute(names[1], on: relationship.destination) {
            return (.toOne(relationship, column: source.column), source.type)
        }
        fail("reads \(names.joined(separator: ".")), which is not a stored attribute of \(entity.name) or of one of its to-one relationships")
    }

    /// The to-many relationship a count or sum reads.
    private func countedRelationship(_ names: [String]) -> RelationshipDescription {
        guard names.count == 1, let relationship = entity.relationship(named: names[0]), relationship.isToMany else {
            fail("counts \(names.joined(separator: ".")), which is not a to-many relationship of \(entity.name)")
        }
        guard relationship.inverseColumn != nil else {
            fail("counts the many-to-many relationship \(relationship.name); count a to-many relationship whose inverse is to-one")
        }
        return relationship
    }

    /// A stored attribute that is not itself derived.
    private func storedAttribute(_ name: String, on entity: EntityDescription) -> AttributeDescription? {
        guard let attribute = entity.attribute(named: name), !attribute.isDerived else { return nil }
        return attribute
    }

    private func require(_ condition: Bool, _ reason: @autoclosure () -> String) {
        if !condition { fail(reason()) }
    }

    private func fail(_ reason: String) -> Never {
        programmerError("\(place) \(reason).")
    }
}
