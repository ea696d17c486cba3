import GRDB

/// Evaluates a compiled predicate on one object in memory, with SQL's semantics: three-valued
/// logic (nil is unknown), NaN read as NULL (SQLite stores NaN as NULL), BINARY order, and the same
/// folding, matching and collation functions the store's SQL runs.
struct PredicateEvaluator {
    private let rootValues: ContiguousArray<DatabaseValue>
    private let rootObject: ManagedObject?
    /// The members of the enclosing quantifiers (scope 1, 2, …).
    private var members: [ManagedObject] = []

    init(_ values: ManagedObjectValues) {
        rootValues = values.values
        rootObject = values.object
    }

    /// True, false, or nil for unknown.
    mutating func evaluate(_ node: BoundNode) -> Bool? {
        switch node {
        case .constant(let value):
            return value
        case .not(let operand):
            return evaluate(operand).map(!)
        case .and(let left, let right):
            let first = evaluate(left)
            if first == false { return false }
            let second = evaluate(right)
            if second == false { return false }
            return first == true && second == true ? true : nil
        case .or(let left, let right):
            let first = evaluate(left)
            if first == true { return true }
            let second = evaluate(right)
            if second == true { return true }
            return first == false && second == false ? false : nil
        case .compare(let left, let comparison, let right, let collation):
            let lhs = value(left), rhs = value(right)
            if lhs.isNull || rhs.isNull { return nil }
            return comparison.holds(collation.compare(lhs, rhs))
        case .isNull(let operand, let negated):
            return value(operand).isNull != negated
        case .inList(let operand, let elements, let collation):
            return membership(value(operand), elements, collation)
        case .text(let textOperator, let left, let right, let options, let matcher):
            guard case .string(let subject) = value(left).storage, case .string(let pattern) = value(right).storage else { return nil }
            return (matcher ?? TextMatcher(textOperator, pattern: pattern, options: options)).matches(subject)
        case .quantified(let quantifier, let owner, let ownerScope, let relationship, let inner):
            return quantify(quantifier, owner: owner, ownerScope: ownerScope, relationship: relationship, inner: inner)
        }
    }

    /// SQL's `IN`: true on a match; else unknown when the value or an element is NULL; false for
    /// an empty list.
    private func membership(_ needle: DatabaseValue, _ elements: [BoundOperand], _ collation: SortCollation) -> Bool? {
        guard !elements.isEmpty else { return false }
        if needle.isNull { return nil }
        var sawNull = false
        for element in elements {
            let candidate = value(element)
            if candidate.isNull {
                sawNull = true
            } else if collation.compare(needle, candidate) == 0 {
                return true
            }
        }
        return sawNull ? nil : false
    }

    private mutating func quantify(_ quantifier: PredicateQuantifier, owner: [RelationshipDescription], ownerScope: Int, relationship: RelationshipDescription, inner: BoundNode) -> Bool {
        var list: [ManagedObject] = []
        if let object = target(scope: ownerScope, hops: owner)?.object, let context = object.context {
            list = context.members(of: object, relationship: relationship)
        }
        var satisfied = false
        var failed = false
        for member in list {
            members.append(member)
            let result = evaluate(inner)
            members.removeLast()
            if result == true { satisfied = true } else { failed = true }
            if quantifier == .all ? failed : satisfied { break }
        }
        switch quantifier {
        case .any: return satisfied
        case .all: return !failed
        case .none: return !satisfied
        }
    }

    // MARK: Values

    /// The value of an operand as SQL would read it.
    private func value(_ operand: BoundOperand) -> DatabaseValue {
        switch operand.source {
        case .constant(let value):
            return value
        case .column(let hops, let column, _):
            let (values, object) = scopeObject(operand.scope)
            let value = ObjectPathReader.value(column: column, hops: hops, from: values, of: object)
            if !operand.folding.isEmpty, case .string(let text) = value.storage {
                return TextFolding.fold(text, operand.folding).databaseValue
            }
            return value
        case .objectKey(let hops):
            guard let object = target(scope: operand.scope, hops: hops)?.object else { return .null }
            return object.objectID.key.databaseValue
        case .count(let hops, let relationship):
            guard let object = target(scope: operand.scope, hops: hops)?.object, let context = object.context else { return 0.databaseValue }
            return context.members(of: object, relationship: relationship).count.databaseValue
        }
    }

    /// The values and object of a scope: the evaluated object, or a quantifier's member.
    private func scopeObject(_ scope: Int) -> (ContiguousArray<DatabaseValue>, ManagedObject?) {
        guard scope > 0 else { return (rootValues, rootObject) }
        let member = members[scope - 1]
        if member.state.contains(.fault) { member.context?.fulfillFault(member) }
        return (member.values, member)
    }

    /// The object reached from a scope's object through to-one hops, or nil.
    private func target(scope: Int, hops: [RelationshipDescription]) -> (values: ContiguousArray<DatabaseValue>, object: ManagedObject?)? {
        let (values, object) = scopeObject(scope)
        return ObjectPathReader.follow(hops, from: values, of: object)
    }
}
