/// A condition on objects of an entity, in Core Data's predicate language: built from a format
/// string, from Swift key paths, or both combined.
///
/// ```swift
/// // Format string, with arguments:
/// let live = try FetchPredicate<Event>(format: "isLive == YES AND sport.name ==[c] %@", "football")
/// // Typed, checked by the compiler:
/// let typed: FetchPredicate<Event> = \Event.isLive == true && \Event.sport?.name == "Football"
/// // Combined:
/// var request = FetchRequest<Event>()
/// request.predicate = live || .key(\.title).beginsWith("Final")
/// ```
///
/// Every form builds the same predicate tree. When a request runs, the tree is compiled against
/// the entity: keys are resolved and type-checked (``FetchPredicateError/unknownKey(entity:key:)``,
/// ``FetchPredicateError/typeMismatch(entity:key:reason:)``), then evaluated in SQL by the store and in
/// Swift for unsaved objects, with exactly the same result. See <doc:PredicateSyntax> for the
/// language and its semantics (three-valued logic with nil, folding, `LIKE`, quantifiers).
///
/// A predicate is a `Sendable` value: managed object arguments are kept as their ``ObjectID``.
public struct FetchPredicate<Root: ManagedObject>: Sendable, Hashable, CustomStringConvertible {
    /// The tree.
    package var node: PredicateNode {
        didSet { compilation = CompiledPredicateCache() }
    }

    /// The tree compiled for the entity ``evaluate(with:)`` last met.
    private var compilation = CompiledPredicateCache()

    package init(node: PredicateNode) {
        self.node = node
    }

    /// `TRUEPREDICATE` (every object) or `FALSEPREDICATE` (none).
    public init(value: Bool) {
        node = .constant(value)
    }

    /// Whether both predicates have the same tree.
    public static func == (lhs: FetchPredicate, rhs: FetchPredicate) -> Bool {
        lhs.node == rhs.node
    }

    /// Hashes the tree.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
    }

    /// The predicate in the format syntax (Swift key paths are shown as key path literals until
    /// the predicate is compiled for an entity).
    public var predicateFormat: String {
        PredicateFormatter.format(node)
    }

    /// The same as ``predicateFormat``.
    public var description: String {
        predicateFormat
    }

    /// Whether `object` satisfies the predicate, evaluated in memory with its current (possibly
    /// unsaved) values; for saved values the store's SQL gives the same answer.
    ///
    /// Call it on the object's context queue. The predicate is compiled at the first call for an
    /// entity and the compilation kept with the predicate (its copies share it), so evaluating
    /// one predicate on many objects compiles it once, as a fetched results controller does.
    /// `ANY`/`ALL`/`NONE` and `@count` read members with a query (one when the context has no
    /// unsaved changes they depend on) and do not register them in the context.
    ///
    /// - Throws: ``ObjectStoreError/invalidFetchRequest(_:)`` with the ``FetchPredicateError``
    ///   when a key or type does not fit the object's entity; the store's error when reading
    ///   members of a to-many relationship fails.
    public func evaluate(with object: Root) throws(ObjectStoreError) -> Bool {
        let compiled: BoundPredicate
        do {
            compiled = try compilation.compiled(node, for: object.entity)
        } catch {
            throw .invalidFetchRequest(error)
        }
        return try compiled.evaluate(object)
    }

    /// Both predicates (`AND`). Chains stay flat: `a && b && c` is one `AND` of three.
    public static func && (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        FetchPredicate(node: .conjunction([lhs.node, rhs.node]))
    }

    /// Either predicate (`OR`). Chains stay flat: `a || b || c` is one `OR` of three.
    public static func || (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        FetchPredicate(node: .disjunction([lhs.node, rhs.node]))
    }

    /// The negation (`NOT`). With nil values the negation of an unknown comparison is still
    /// unknown: `NOT (note == "x")` does not match objects whose `note` is nil.
    public static prefix func ! (operand: FetchPredicate) -> FetchPredicate {
        FetchPredicate(node: .not(operand.node))
    }
}

extension FetchPredicate {
    /// The tree with Swift key paths replaced by the names they stand for on `entity` (key paths
    /// that name no persistent property are left as they are).
    package func resolvingKeyPaths(on entity: EntityDescription) -> PredicateNode {
        node.resolvingKeyPaths(on: entity)
    }
}

extension PredicateNode {
    /// The tree with Swift key paths replaced by the names they stand for on `entity`; the keys
    /// of a subquery's predicate are resolved on the members' entity.
    func resolvingKeyPaths(on entity: EntityDescription) -> PredicateNode {
        mappingTerms { term in
            switch term {
            case .key(let reference):
                guard let names = reference.names(on: entity) else { return term }
                return .key(.name(names.joined(separator: ".")))
            case .subquery(let collection, let variable, let predicate, var result):
                guard let names = collection.names(on: entity),
                      let relationship = ResolvedKey.toManyRelationship(names, from: entity) else { return term }
                let resolved = predicate.resolvingKeyPaths(on: relationship.destination)
                if case .aggregate(let collectionOperator, let member) = result, let memberNames = member.names(on: relationship.destination) {
                    result = .aggregate(collectionOperator, member: .name(memberNames.joined(separator: ".")))
                }
                return .subquery(collection: .name(names.joined(separator: ".")), variable: variable, predicate: resolved, result: result)
            default:
                return term
            }
        }
    }
}
