import Foundation
import GRDB

/// Compiles a predicate tree for an entity: resolves and type-checks keys, converts constants to
/// stored form, desugars `BETWEEN` and `IN` over to-many keys, and compiles string patterns.
struct PredicateBinder {
    let root: EntityDescription
    /// The instant `now()` stands for, in stored form: one per compilation, so that the SQL of a
    /// fetch and the in-memory evaluation of later changes with the same compiled predicate
    /// agree.
    let now: DatabaseValue

    init(root: EntityDescription, now: Date) {
        self.init(root: root, now: now.storedValue.databaseValue)
    }

    private init(root: EntityDescription, now: DatabaseValue) {
        self.root = root
        self.now = now
    }

    /// One side of a comparison, resolved.
    private enum Side {
        /// A key, `SELF` or `@count`, with its domain and its name for messages.
        case operand(BoundOperand, ValueDomain, key: String)
        /// A constant (converted once the other side's domain is known).
        case constant(PredicateValue)
        /// `{…}`.
        case list([PredicateTerm])
        /// A to-many key path, to be quantified.
        case toMany(hops: [RelationshipDescription], relationship: RelationshipDescription, member: [String], key: String)
    }

    /// Compiles `node`, after checking (without recursion) that it nests no deeper than
    /// ``PredicateLimits/treeNesting``; every later walk over the tree recurses only that deep.
    func bind(_ node: PredicateNode) throws(FetchPredicateError) -> BoundNode {
        let depth = node.nestingDepth
        guard depth <= PredicateLimits.treeNesting else {
            throw .treeTooDeep(limit: PredicateLimits.treeNesting, depth: depth)
        }
        return try bindNode(node)
    }

    private func bindNode(_ node: PredicateNode) throws(FetchPredicateError) -> BoundNode {
        switch node {
        case .constant(let value):
            return .constant(value)
        case .not(let operand):
            return .not(try bindNode(operand))
        case .and(let children):
            var bound: [BoundNode] = []
            bound.reserveCapacity(children.count)
            for child in children { bound.append(try bindNode(child)) }
            return .and(bound)
        case .or(let children):
            var bound: [BoundNode] = []
            bound.reserveCapacity(children.count)
            for child in children { bound.append(try bindNode(child)) }
            return BoundNode.mergingEqualities(bound)
        case .comparison(let comparison):
            return try bind(comparison)
        }
    }

    // MARK: Comparisons

    private func bind(_ comparison: PredicateComparison) throws(FetchPredicateError) -> BoundNode {
        let lhs = try side(comparison.lhs)
        let rhs = try side(comparison.rhs)
        if case let .toMany(hops, relationship, member, key) = lhs {
            guard let quantifier = comparison.quantifier else {
                throw .typeMismatch(entity: root.name, key: key, reason: "a to-many key path needs ANY, ALL, NONE or @count")
            }
            let memberSide = try self.memberSide(relationship, member, key: key)
            let inner = try bindSimple(memberSide, comparison.op, rhs, options: comparison.options)
            return .quantified(BoundQuantifier(quantifier, owner: hops, relationship: relationship, inner: inner))
        }
        if case let .toMany(hops, relationship, member, key) = rhs {
            // `value IN toMany.key` is `ANY toMany.key == value`; a quantifier may also stand
            // before a value compared with a to-many key on the right (`ANY 3 < players.age`).
            let op: PredicateOperator
            if comparison.op == .in && comparison.quantifier == nil {
                op = .equal
            } else if comparison.quantifier != nil && comparison.op != .in {
                op = comparison.op
            } else {
                throw .typeMismatch(entity: root.name, key: key, reason: "a to-many key path on the right needs IN, or ANY, ALL or NONE with a comparison")
            }
            let memberSide = try self.memberSide(relationship, member, key: key)
            let inner = try bindSimple(lhs, op, memberSide, options: comparison.options)
            return .quantified(BoundQuantifier(comparison.quantifier ?? .any, owner: hops, relationship: relationship, inner: inner))
        }
        if comparison.quantifier != nil {
            throw .typeMismatch(entity: root.name, key: keyName(lhs) ?? keyName(rhs) ?? "?", reason: "ANY, ALL and NONE need a to-many key path")
        }
        return try bindSimple(lhs, comparison.op, rhs, options: comparison.options)
    }

    private func side(_ expression: PredicateTerm) throws(FetchPredicateError) -> Side {
        switch expression {
        case .value(let value):
            return .constant(value)
        case .variable(let name):
            throw .unresolvedVariable(name)
        case .list(let elements):
            return .list(elements)
        case .evaluatedObject:
            return .operand(BoundOperand(source: .objectKey(hops: [])), .object(root.name), key: "SELF")
        case .arithmetic(let op, let lhs, let rhs):
            return try arithmeticSide(op, lhs, rhs, key: PredicateFormatter.format(expression))
        case .function(let function, let arguments):
            return try functionSide(function, arguments, key: PredicateFormatter.format(expression))
        case .subquery(let collection, _, let predicate, let result):
            return try subquerySide(collection, predicate, result, key: PredicateFormatter.format(expression))
        case .key(let reference):
            guard let names = reference.names(on: root) else {
                throw .unknownKey(entity: root.name, key: reference.description)
            }
            let key = names.joined(separator: ".")
            let resolved = try resolveCollectionKey(names, key: key)
            if case .toMany(let relationship, let member) = resolved.end {
                if let collectionOperator = member.first.flatMap(CollectionOperator.init(keyComponent:)) {
                    return try aggregateSide(collectionOperator, hops: resolved.hops, relationship: relationship, member: Array(member.dropFirst()), key: key)
                }
                return .toMany(hops: resolved.hops, relationship: relationship, member: member, key: key)
            }
            let (operand, domain) = Self.operand(resolved, readsMember: false)
            return .operand(operand, domain, key: key)
        }
    }

    /// `names` resolved from the root; a collection operator must follow a to-many
    /// relationship.
    private func resolveCollectionKey(_ names: [String], key: String) throws(FetchPredicateError) -> ResolvedKey {
        if let index = names.firstIndex(where: { CollectionOperator(keyComponent: $0) != nil }), index > 0 {
            let before = try ResolvedKey(Array(names[..<index]), from: root, key: key, root: root)
            guard case .toMany(_, let member) = before.end, member.isEmpty else {
                throw .typeMismatch(entity: root.name, key: key, reason: "\(names[index]) applies to a to-many relationship, and \(names[index - 1]) is not one; compare the value directly")
            }
        }
        return try ResolvedKey(names, from: root, key: key, root: root)
    }

    /// The member of a to-many relationship, or a key that continues from it.
    private func memberSide(_ relationship: RelationshipDescription, _ member: [String], key: String) throws(FetchPredicateError) -> Side {
        let destination = relationship.destination
        guard !member.isEmpty else {
            return .operand(BoundOperand(source: .objectKey(hops: []), readsMember: true), .object(destination.name), key: key)
        }
        let resolved = try ResolvedKey(member, from: destination, key: key, root: root)
        switch resolved.end {
        case .toMany:
            throw .typeMismatch(entity: root.name, key: key, reason: "only one to-many relationship may appear in a key path (besides a member's @count)")
        case .attribute, .toOne, .count:
            let (operand, domain) = Self.operand(resolved, readsMember: true)
            return .operand(operand, domain, key: key)
        }
    }

    private static func operand(_ key: ResolvedKey, readsMember: Bool) -> (BoundOperand, ValueDomain) {
        switch key.end {
        case .attribute, .toOne:
            let column = key.column
            return (BoundOperand(source: .column(hops: key.hops, column: column.index, name: column.name), readsMember: readsMember), column.domain)
        case .count(let relationship):
            return (BoundOperand(source: .count(hops: key.hops, relationship: relationship), readsMember: readsMember), .number)
        case .toMany:
            preconditionFailure("To-many keys are quantified before they become operands.")
        }
    }

    // MARK: Collection operators, subqueries, arithmetic

    /// `relationship.@op.member`: the member key must end at a number attribute (or, for `@min`
    /// and `@max`, any attribute whose values have an order); with `filter`, over the members
    /// that satisfy it only (`SUBQUERY(…).@op.member`).
    private func aggregateSide(_ collectionOperator: CollectionOperator, hops: [RelationshipDescription], relationship: RelationshipDescription, member: [String], filter: BoundNode? = nil, key: String) throws(FetchPredicateError) -> Side {
        func mismatch(_ reason: String) -> FetchPredicateError {
            .typeMismatch(entity: root.name, key: key, reason: reason)
        }
        guard !member.isEmpty else { throw mismatch("\(collectionOperator.keyComponent) needs a member's key after it, as in \(relationship.name).\(collectionOperator.keyComponent).value") }
        let resolved = try ResolvedKey(member, from: relationship.destination, key: key, root: root)
        guard case .attribute(let attribute) = resolved.end else {
            throw mismatch("\(collectionOperator.keyComponent) applies to an attribute of the members; \(member.joined(separator: ".")) is not one")
        }
        let domain = ValueDomain(attribute.type)
        let resultDomain: ValueDomain
        switch collectionOperator {
        case .sum, .average:
            guard domain == .number else { throw mismatch("\(collectionOperator.keyComponent) applies to numbers, not to \(domain)") }
            resultDomain = .number
        case .minimum, .maximum:
            guard domain.isOrdered, domain != .json else {
                throw mismatch("\(collectionOperator.keyComponent) applies to values that have an order (numbers, dates, strings, decimals, UUIDs, data), not to \(domain)")
            }
            resultDomain = domain
        }
        let aggregate = BoundAggregate(
            collectionOperator: collectionOperator, relationship: relationship, memberHops: resolved.hops,
            column: attribute.column, name: attribute.name, collation: domain.collation, filter: filter)
        return .operand(BoundOperand(source: .aggregate(hops: hops, aggregate)), resultDomain, key: key)
    }

    /// `SUBQUERY(collection, $x, predicate).@count` (or a collection operator over a key of the
    /// members that satisfy it): `predicate` is compiled for the members.
    private func subquerySide(_ collection: KeyReference, _ predicate: PredicateNode, _ result: SubqueryResult, key: String) throws(FetchPredicateError) -> Side {
        guard let names = collection.names(on: root) else {
            throw .unknownKey(entity: root.name, key: collection.description)
        }
        let collectionKey = names.joined(separator: ".")
        let resolved = try ResolvedKey(names, from: root, key: collectionKey, root: root)
        guard case .toMany(let relationship, let member) = resolved.end, member.isEmpty else {
            throw .typeMismatch(entity: root.name, key: collectionKey, reason: "SUBQUERY's collection must be a to-many relationship, as in SUBQUERY(items, $x, $x.value > 1)")
        }
        let inner = try PredicateBinder(root: relationship.destination, now: now).bind(predicate)
        switch result {
        case .count:
            return .operand(BoundOperand(source: .subqueryCount(hops: resolved.hops, relationship: relationship, inner: inner)), .number, key: key)
        case .aggregate(let collectionOperator, let member):
            guard let memberNames = member.names(on: relationship.destination) else {
                throw .unknownKey(entity: relationship.destination.name, key: member.description)
            }
            return try aggregateSide(collectionOperator, hops: resolved.hops, relationship: relationship, member: memberNames, filter: inner, key: key)
        }
    }

    /// `lhs op rhs` on numbers (keys, counts, collection operators, functions and constants of
    /// numbers), or on a date and seconds: a date plus or minus seconds is a date, a date minus
    /// a date is seconds.
    private func arithmeticSide(_ op: ArithmeticOperator, _ lhs: PredicateTerm, _ rhs: PredicateTerm, key: String) throws(FetchPredicateError) -> Side {
        let rule = "arithmetic applies to numbers"
        let left = try computedOperand(lhs, allowed: [.number, .date], rule: rule, key: key)
        let right = try computedOperand(rhs, allowed: [.number, .date], rule: rule, key: key)
        let domain: ValueDomain
        switch (left.domain, op, right.domain) {
        case (.number, _, .number): domain = .number
        case (.date, .add, .number), (.date, .subtract, .number), (.number, .add, .date): domain = .date
        case (.date, .subtract, .date): domain = .number
        default:
            let date = left.domain == .date ? left.name : right.name
            throw .typeMismatch(entity: root.name, key: key, reason: "\(rule), and \(date) is a date; a date takes + or - a number of seconds, or - another date")
        }
        return .operand(BoundOperand(source: .arithmetic(op, left.operand, right.operand)), domain, key: key)
    }

    /// A built-in function: `now()` is the compilation's instant; the others read numbers
    /// (`lowercase` and `uppercase`: strings) and give one.
    private func functionSide(_ function: PredicateFunction, _ arguments: [PredicateTerm], key: String) throws(FetchPredicateError) -> Side {
        if function == .now { return .operand(BoundOperand(source: .constant(now)), .date, key: key) }
        let domain: ValueDomain = function.isTextual ? .text : .number
        let rule = "\(function.selector) applies to \(function.isTextual ? "strings" : "numbers")"
        var operands: [BoundOperand] = []
        for argument in arguments {
            operands.append(try computedOperand(argument, allowed: [domain], rule: rule, key: key).operand)
        }
        return .operand(BoundOperand(source: .function(function, operands)), domain, key: key)
    }

    /// An operand of arithmetic or of a function, whose domain must be one of `allowed`, with
    /// its domain and its name for messages (nil is allowed, in the first domain).
    private func computedOperand(_ term: PredicateTerm, allowed: [ValueDomain], rule: String, key: String) throws(FetchPredicateError) -> (operand: BoundOperand, domain: ValueDomain, name: String) {
        func mismatch(_ reason: String) -> FetchPredicateError {
            .typeMismatch(entity: root.name, key: key, reason: reason)
        }
        switch try side(term) {
        case .operand(let operand, let domain, let operandKey):
            guard allowed.contains(domain) else { throw mismatch("\(rule), and \(operandKey) is \(domain)") }
            return (operand, domain, operandKey)
        case .constant(.null):
            return (BoundOperand(source: .constant(.null)), allowed[0], "nil")
        case .constant(let value):
            guard let domain = ValueDomain(of: value), allowed.contains(domain) else { throw mismatch("\(rule), not to \(value)") }
            return (BoundOperand(source: .constant(try convert(value, to: domain, mismatch: mismatch))), domain, value.description)
        case .list:
            throw mismatch("\(rule), not to a list")
        case .toMany(_, _, _, let manyKey):
            throw mismatch("\(rule) one value at a time, and \(manyKey) has one per member; use @sum, @avg, @min, @max, @count or SUBQUERY")
        }
    }

    private func keyName(_ side: Side) -> String? {
        switch side {
        case .operand(_, _, let key), .toMany(_, _, _, let key): key
        case .constant, .list: nil
        }
    }

    // MARK: Simple comparisons

    private func bindSimple(_ lhs: Side, _ op: PredicateOperator, _ rhs: Side, options: ComparisonOptions) throws(FetchPredicateError) -> BoundNode {
        let key = keyName(lhs) ?? keyName(rhs) ?? "constant"
        func mismatch(_ reason: String) -> FetchPredicateError {
            .typeMismatch(entity: root.name, key: key, reason: reason)
        }
        if case .toMany = lhs { throw mismatch("a to-many key path needs ANY, ALL, NONE or @count") }
        if case .toMany = rhs { throw mismatch("a to-many key path on the right works only with IN") }
        switch op {
        case .in:
            return try bindMembership(lhs, rhs, options: options, mismatch: mismatch)
        case .between:
            guard case .operand(let operand, let domain, _) = lhs else { throw mismatch("BETWEEN needs a key on the left") }
            let bounds = try listElements(rhs, mismatch: mismatch)
            guard bounds.count == 2 else { throw mismatch("BETWEEN needs exactly two bounds, {low, high}") }
            let low = try bindSimple(.operand(operand, domain, key: key), .greaterOrEqual, try side(bounds[0]), options: options)
            let high = try bindSimple(.operand(operand, domain, key: key), .lessOrEqual, try side(bounds[1]), options: options)
            return .and([low, high])
        case .beginsWith, .endsWith, .contains, .like, .matches:
            return try bindText(op.textOperator!, lhs, rhs, options: options, mismatch: mismatch)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return try bindComparison(lhs, op, rhs, options: options, mismatch: mismatch)
        }
    }

    private func bindComparison(_ lhs: Side, _ op: PredicateOperator, _ rhs: Side, options: ComparisonOptions, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundNode {
        let comparison: BoundComparison = switch op {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        default: .greaterOrEqual
        }
        if op == .equal || op == .notEqual {
            // `== nil` and `!= nil` are IS NULL and IS NOT NULL: never unknown.
            if case .constant(.null) = rhs, let operand = try nullTestOperand(lhs, mismatch: mismatch) {
                return .isNull(operand, negated: op == .notEqual)
            }
            if case .constant(.null) = lhs, let operand = try nullTestOperand(rhs, mismatch: mismatch) {
                return .isNull(operand, negated: op == .notEqual)
            }
        }
        let domain = try commonDomain(lhs, rhs, mismatch: mismatch)
        if op.isOrdering && !domain.isOrdered { throw mismatch("\(domain) cannot be ordered; use == or !=") }
        if domain == .json { throw mismatch("JSON (Codable) attributes compare only with nil") }
        if !options.isEmpty && domain != .text { throw mismatch("[c] and [d] apply to strings, not to \(domain)") }
        if domain == .decimal, let fixed = try comparisonBeyondDecimals(lhs, comparison, rhs, mismatch: mismatch) { return fixed }
        return .compare(try operand(lhs, domain, options, mismatch: mismatch), comparison, try operand(rhs, domain, options, mismatch: mismatch), domain.collation)
    }

    /// A decimal compared with a number beyond every decimal (an infinity, or too large for
    /// `Decimal`): the same answer for every decimal, unknown for nil. Written as the decimal
    /// compared with itself (`=` for true, `<>` for false), which SQL and memory both read so.
    private func comparisonBeyondDecimals(_ lhs: Side, _ comparison: BoundComparison, _ rhs: Side, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundNode? {
        let other: Side
        let order: Int
        if case .constant(let value) = rhs, let above = DecimalConstant.beyond(value) {
            other = lhs
            order = above ? -1 : 1
        } else if case .constant(let value) = lhs, let above = DecimalConstant.beyond(value) {
            other = rhs
            order = above ? 1 : -1
        } else {
            return nil
        }
        let operand = try operand(other, .decimal, [], mismatch: mismatch)
        return Self.sameForEveryValue(operand, comparison.holds(order))
    }

    /// `answer` for every non-nil value of `operand`, unknown for nil.
    private static func sameForEveryValue(_ operand: BoundOperand, _ answer: Bool) -> BoundNode {
        .compare(operand, answer ? .equal : .notEqual, operand, ValueDomain.decimal.collation)
    }

    private func nullTestOperand(_ side: Side, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundOperand? {
        switch side {
        case .operand(let operand, _, _): return operand
        case .constant(.null): return BoundOperand(source: .constant(.null))
        case .constant(let value): return BoundOperand(source: .constant(try convert(value, to: ValueDomain(of: value) ?? .number, mismatch: mismatch)))
        case .list, .toMany: throw mismatch("a list cannot be compared with nil; compare a key or a value with nil")
        }
    }

    private func bindMembership(_ lhs: Side, _ rhs: Side, options: ComparisonOptions, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundNode {
        let elements = try listElements(rhs, mismatch: mismatch).map { (element) throws(FetchPredicateError) -> Side in try side(element) }
        var domain: ValueDomain?
        for side in [lhs] + elements {
            if case .operand(_, let sideDomain, _) = side {
                guard domain == nil || domain == sideDomain else { throw mismatch("IN compares \(domain!) with \(sideDomain); make the keys it compares one type") }
                domain = sideDomain
            }
        }
        if domain == nil, case .constant(let value) = lhs { domain = ValueDomain(of: value) }
        guard let domain else { throw mismatch("IN needs a key or a value on the left") }
        if domain == .json { throw mismatch("JSON (Codable) attributes compare only with nil") }
        if !options.isEmpty && domain != .text { throw mismatch("[c] and [d] apply to strings, not to \(domain)") }
        var bound: [BoundOperand] = []
        var droppedBeyondDecimals = false
        for element in elements {
            if case .list = element { throw mismatch("IN lists cannot be nested; flatten the list") }
            // A number beyond every decimal equals none.
            if domain == .decimal, case .constant(let value) = element, DecimalConstant.beyond(value) != nil {
                droppedBeyondDecimals = true
                continue
            }
            bound.append(try operand(element, domain, options, mismatch: mismatch))
        }
        if domain == .decimal, case .constant(let value) = lhs, DecimalConstant.beyond(value) != nil {
            // No element equals it: false, or unknown when an element is nil.
            return .or(bound.map { Self.sameForEveryValue($0, false) })
        }
        let left = try operand(lhs, domain, options, mismatch: mismatch)
        if bound.isEmpty && droppedBeyondDecimals { return Self.sameForEveryValue(left, false) }
        return .inList(left, MembershipList(bound, collation: domain.collation))
    }

    private func bindText(_ textOperator: TextOperator, _ lhs: Side, _ rhs: Side, options: ComparisonOptions, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundNode {
        for side in [lhs, rhs] {
            switch side {
            case .operand(_, let domain, _) where domain != .text:
                throw mismatch("\(String(describing: textOperator).uppercased()) applies to strings, not to \(domain)")
            case .constant(let value) where value != .null && ValueDomain(of: value) != .text:
                throw mismatch("\(String(describing: textOperator).uppercased()) needs a string, got \(value)")
            case .list, .toMany:
                throw mismatch("\(String(describing: textOperator).uppercased()) needs a string, not a list")
            default:
                break
            }
        }
        let left = try operand(lhs, .text, [], mismatch: mismatch)
        let right = try operand(rhs, .text, [], mismatch: mismatch)
        var matcher: TextMatcher?
        if case .constant(.string(let pattern)) = rhs {
            let compiled = TextMatcher(textOperator, pattern: pattern, options: options)
            if let reason = compiled.regexError { throw .invalidRegularExpression(pattern: pattern, reason: reason) }
            matcher = compiled
        }
        return .text(textOperator, left, right, options, matcher)
    }

    /// The elements of `{…}` or of an array/set constant.
    private func listElements(_ side: Side, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> [PredicateTerm] {
        switch side {
        case .list(let elements): return elements
        case .constant(.collection(let values)): return values.map(PredicateTerm.value)
        default: throw mismatch("expected a list {…} or an array argument on the right")
        }
    }

    /// The domain both sides share (a key's, or a constant's natural domain).
    private func commonDomain(_ lhs: Side, _ rhs: Side, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> ValueDomain {
        switch (lhs, rhs) {
        case let (.operand(_, left, _), .operand(_, right, _)):
            guard left == right else { throw mismatch("compares \(left) with \(right); compare keys of one type") }
            return left
        case let (.operand(_, domain, _), .constant), let (.constant, .operand(_, domain, _)):
            return domain
        case let (.constant(left), .constant(right)):
            guard let domain = ValueDomain(of: left) ?? ValueDomain(of: right) else { return .number }
            return domain
        default:
            throw mismatch("a list {…} works only with IN and BETWEEN")
        }
    }

    /// `side` as an operand of `domain`, folded with `options`.
    private func operand(_ side: Side, _ domain: ValueDomain, _ options: ComparisonOptions, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> BoundOperand {
        switch side {
        case .operand(var operand, let sideDomain, _):
            guard sideDomain == domain else { throw mismatch("compares \(sideDomain) with \(domain); compare keys of one type") }
            operand.folding = options
            return operand
        case .constant(let value):
            var stored = try convert(value, to: domain, mismatch: mismatch)
            if !options.isEmpty, case .string(let text) = stored.storage {
                stored = TextFolding.fold(text, options).databaseValue
            }
            return BoundOperand(source: .constant(stored))
        case .list, .toMany:
            throw mismatch("a list {…} works only with IN and BETWEEN")
        }
    }

    /// A constant in the stored form of `domain`.
    private func convert(_ value: PredicateValue, to domain: ValueDomain, mismatch: (String) -> FetchPredicateError) throws(FetchPredicateError) -> DatabaseValue {
        switch (domain, value) {
        case (_, .null):
            return .null
        case (.number, .bool(let flag)):
            return (flag ? 1 : 0).databaseValue
        case (.number, .integer(let number)):
            return number.databaseValue
        case (.number, .double(let number)):
            return number.isNaN ? .null : number.databaseValue
        case (.date, .date(let date)):
            return date.timeIntervalSinceReferenceDate.isNaN ? .null : date.storedValue.databaseValue
        case (.text, .string(let text)):
            return text.databaseValue
        case (.decimal, .decimal(let decimal)):
            return decimal.storedValue.databaseValue
        case (.decimal, .integer(let number)):
            return Decimal(number).storedValue.databaseValue
        case (.decimal, .double(let number)):
            if number.isNaN { return .null }
            switch DecimalConstant(number) {
            case .exact(let decimal):
                return decimal.storedValue.databaseValue
            case .beyond:
                throw mismatch("\(number) lies beyond every decimal; compare with <, <=, >, >=, == or !=")
            case .inexact:
                throw mismatch("Decimal cannot hold \(number) exactly (it keeps 38 digits, exponents from -128 to 127); pass a Decimal")
            }
        case (.uuid, .uuid(let uuid)):
            return uuid.storedValue.databaseValue
        case (.bytes, .data(let data)):
            return data.databaseValue
        case (.object(let entity), .objectID(let id)):
            guard id.entity.name == entity else { throw mismatch("expects a \(entity) object, got an object of \(id.entity.name); pass a \(entity) object") }
            return id.key.databaseValue
        default:
            throw mismatch("compares \(domain) with the value \(value); pass a value of that type")
        }
    }
}
