import GRDB

/// Evaluates a compiled predicate on one object in memory, with SQL's semantics: three-valued
/// logic (nil is unknown), NaN read as NULL (SQLite stores NaN as NULL), BINARY order, and the same
/// folding, matching and collation functions the store's SQL runs.
///
/// Related objects are read through the evaluated values' ``ObjectReader``. Quantifiers and
/// counts read the members of to-many relationships without registering them: when the reader
/// sees the store's rows for the member side, one store query answers (the evaluated object's
/// values bound as constants); otherwise the members' rows are read as the reader sees them and
/// evaluated here. Read errors are thrown.
struct PredicateEvaluator {
    /// The values and key of an object the predicate reads.
    private struct Row {
        var values: ContiguousArray<DatabaseValue>
        /// Nil only for values read without their object.
        var key: Int64?
    }

    private let root: Row
    private let reader: (any ObjectReader)?
    /// The member of the quantifier being evaluated.
    private var member: Row?
    /// The objects reached so far from the evaluated object through to-one paths (nil for a
    /// path that ends at nil), so that each path is followed once per evaluation.
    private var reached: [(hops: ArraySlice<RelationshipDescription>, row: Row?)] = []
    /// The last pattern read from a key and compiled, reused while it stays the same (a pattern
    /// from the evaluated object, tried on each member of a quantifier).
    private var lastMatcher: (pattern: String, matcher: TextMatcher)?

    init(_ object: ManagedObjectValues) {
        root = Row(values: object.values, key: object.key)
        reader = object.reader
    }

    /// An evaluator of a subquery's predicate on one member.
    private init(member row: StoreRow, reader: any ObjectReader) {
        root = Row(values: row.values, key: row.key)
        self.reader = reader
    }

    /// True, false, or nil for unknown.
    mutating func evaluate(_ node: BoundNode) throws(ObjectStoreError) -> Bool? {
        switch node {
        case .constant(let value):
            return value
        case .not(let operand):
            return try evaluate(operand).map(!)
        case .and(let children):
            return try chain(children, decidedBy: false)
        case .or(let children):
            return try chain(children, decidedBy: true)
        case .compare(let left, let comparison, let right, let collation):
            let lhs = try value(left), rhs = try value(right)
            if lhs.isNull || rhs.isNull { return nil }
            return comparison.holds(collation.compare(lhs, rhs))
        case .isNull(let operand, let negated):
            return try value(operand).isNull != negated
        case .inList(let operand, let list):
            return try membership(value(operand), list)
        case .text(let textOperator, let left, let right, let options, let matcher):
            guard case .string(let subject) = try value(left).storage, case .string(let pattern) = try value(right).storage else { return nil }
            return (matcher ?? keyPatternMatcher(textOperator, pattern, options)).matches(subject)
        case .quantified(let quantifier):
            return try quantify(quantifier)
        }
    }

    /// An `AND` (decided by a false child) or an `OR` (decided by a true one): `decisive` as
    /// soon as a child is; else unknown if a child was unknown. The children are iterated, so a
    /// chain of any length recurses one level.
    private mutating func chain(_ children: [BoundNode], decidedBy decisive: Bool) throws(ObjectStoreError) -> Bool? {
        var unknown = false
        for child in children {
            switch try evaluate(child) {
            case decisive?: return decisive
            case nil: unknown = true
            default: break
            }
        }
        return unknown ? nil : !decisive
    }

    /// SQL's `IN`: true on a match; else unknown when the value or an element is NULL; false for
    /// an empty list.
    ///
    /// The constants are looked up in the list's index; the elements it does not index are read
    /// and compared in list order, those after the first equal constant not at all, so that the
    /// same elements are read as by comparing every element in order.
    private mutating func membership(_ needle: DatabaseValue, _ list: MembershipList) throws(ObjectStoreError) -> Bool? {
        guard !list.elements.isEmpty else { return false }
        if needle.isNull { return nil }
        let match = list.constantPosition(equalTo: needle)
        var sawNull = list.hasNullConstant
        for position in list.scannedPositions {
            if let match, position > match { return true }
            OperationCounts.record(\.membershipComparisons)
            let candidate = try value(list.elements[position])
            if candidate.isNull {
                sawNull = true
            } else if list.collation.compare(needle, candidate) == 0 {
                return true
            }
        }
        if match != nil { return true }
        return sawNull ? nil : false
    }

    private mutating func quantify(_ quantifier: BoundQuantifier) throws(ObjectStoreError) -> Bool {
        guard let reader, let owner = target(readsMember: false, hops: quantifier.owner)?.key else {
            // No owner, no members.
            return quantifier.quantifier != .any
        }
        if reader.storeIsCurrent(for: quantifier.memberEntities, links: quantifier.readsLinks) {
            let inner = try quantifier.inner.mapOperands { (operand) throws(ObjectStoreError) -> BoundOperand in
                operand.readsMember ? operand : BoundOperand(source: .constant(try value(operand)))
            }
            let (text, arguments) = PredicateSQLWriter.query(quantifier.replacingInner(inner), ownerKey: owner)
            return try reader.storeAnswer(text, arguments: arguments) != 0
        }
        var satisfied = false
        var failed = false
        for row in try reader.memberRows(ofKey: owner, relationship: quantifier.relationship) {
            member = Row(values: row.values, key: row.key)
            let result = try evaluate(quantifier.inner)
            if result == true { satisfied = true } else { failed = true }
            if quantifier.quantifier == .all ? failed : satisfied { break }
        }
        member = nil
        switch quantifier.quantifier {
        case .any: return satisfied
        case .all: return !failed
        case .none: return !satisfied
        }
    }

    /// The compiled form of a pattern read from a key (the same bytes give the same matcher;
    /// `==` on strings would also take canonically equivalent patterns, which match differently).
    private mutating func keyPatternMatcher(_ textOperator: TextOperator, _ pattern: String, _ options: ComparisonOptions) -> TextMatcher {
        if let last = lastMatcher, last.matcher.textOperator == textOperator, last.matcher.options == options,
           last.pattern.utf8.elementsEqual(pattern.utf8) {
            return last.matcher
        }
        let matcher = TextMatcher(textOperator, pattern: pattern, options: options)
        lastMatcher = (pattern, matcher)
        return matcher
    }

    // MARK: Values

    /// The value of an operand as SQL would read it.
    private mutating func value(_ operand: BoundOperand) throws(ObjectStoreError) -> DatabaseValue {
        switch operand.source {
        case .constant(let value):
            return value
        case .column(let hops, let column, _):
            guard let row = target(readsMember: operand.readsMember, hops: hops) else { return .null }
            return Self.folded(ObjectPathReader.stored(column, of: row.values), operand.folding)
        case .objectKey(let hops):
            return target(readsMember: operand.readsMember, hops: hops)?.key?.databaseValue ?? .null
        case .count(let hops, let relationship):
            guard let reader, let owner = target(readsMember: operand.readsMember, hops: hops)?.key else { return 0.databaseValue }
            return try reader.memberCount(ofKey: owner, relationship: relationship).databaseValue
        case .aggregate(let hops, let aggregate):
            var rows = try memberRows(of: aggregate.relationship, ownerHops: hops, readsMember: operand.readsMember)
            if let filter = aggregate.filter { rows = try Self.members(rows, satisfying: filter, reader: reader) }
            return Self.folded(Self.aggregateValue(aggregate, rows, reader: reader), operand.folding)
        case .subqueryCount(let hops, let relationship, let inner):
            let rows = try memberRows(of: relationship, ownerHops: hops, readsMember: operand.readsMember)
            return Int64(try Self.members(rows, satisfying: inner, reader: reader).count).databaseValue
        case .arithmetic(let op, let left, let right):
            guard let lhs = try value(left).arithmeticNumber, let rhs = try value(right).arithmeticNumber else { return .null }
            return op.apply(lhs, rhs)?.databaseValue ?? .null
        case .function(let function, let arguments):
            var values: [DatabaseValue] = []
            for argument in arguments { values.append(try value(argument)) }
            return Self.folded(function.apply(values), operand.folding)
        }
    }

    /// `value` folded with `[c]`/`[d]` `options` when it is text, as `ds_fold` folds it.
    private static func folded(_ value: DatabaseValue, _ options: ComparisonOptions) -> DatabaseValue {
        guard !options.isEmpty, case .string(let text) = value.storage else { return value }
        return TextFolding.fold(text, options).databaseValue
    }

    /// The members of `relationship` of the object reached through `ownerHops` (none when there
    /// is no such object).
    private mutating func memberRows(of relationship: RelationshipDescription, ownerHops: [RelationshipDescription], readsMember: Bool) throws(ObjectStoreError) -> [StoreRow] {
        guard let reader, let owner = target(readsMember: readsMember, hops: ownerHops)?.key else { return [] }
        return try reader.memberRows(ofKey: owner, relationship: relationship)
    }

    /// The members among `rows` that satisfy `predicate` (a subquery's, compiled for them).
    private static func members(_ rows: [StoreRow], satisfying predicate: BoundNode, reader: (any ObjectReader)?) throws(ObjectStoreError) -> [StoreRow] {
        guard let reader else { return [] }
        var result: [StoreRow] = []
        for row in rows {
            var evaluator = PredicateEvaluator(member: row, reader: reader)
            if try evaluator.evaluate(predicate) == true { result.append(row) }
        }
        return result
    }

    /// A collection operator over the members' values, nil values left out, as the store's SQL
    /// computes it.
    private static func aggregateValue(_ aggregate: BoundAggregate, _ rows: [StoreRow], reader: (any ObjectReader)?) -> DatabaseValue {
        var values: [DatabaseValue] = []
        for row in rows {
            let value = ObjectPathReader.value(column: aggregate.column, hops: aggregate.memberHops, from: row.values, reader: reader)
            if !value.isNull { values.append(value) }
        }
        switch aggregate.collectionOperator {
        case .sum, .average:
            return CollectionTotal.total(aggregate.collectionOperator, values.compactMap(\.arithmeticNumber))?.databaseValue ?? .null
        case .minimum:
            return values.min { aggregate.collation.compare($0, $1) < 0 } ?? .null
        case .maximum:
            return values.max { aggregate.collation.compare($0, $1) < 0 } ?? .null
        }
    }

    /// The object reached through to-one `hops` from the evaluated object or the member, or nil.
    /// Paths from the evaluated object are followed once, from their longest prefix followed
    /// before.
    private mutating func target(readsMember: Bool, hops: [RelationshipDescription]) -> Row? {
        guard let start = readsMember ? member : root else { return nil }
        if hops.isEmpty { return start }
        if readsMember { return follow(hops[...], from: start) }
        if let known = reachedRow(hops[...]) { return known }
        var from = start
        var followed = 0
        for length in stride(from: hops.count - 1, to: 0, by: -1) {
            guard let known = reachedRow(hops[..<length]) else { continue }
            guard let row = known else {
                reached.append((hops[...], nil))
                return nil
            }
            from = row
            followed = length
            break
        }
        let row = follow(hops[followed...], from: from)
        reached.append((hops[...], row))
        return row
    }

    /// The object at the end of a path followed before in this evaluation: `.some(nil)` when the
    /// path ends at nil, nil when the path was not followed.
    private func reachedRow(_ hops: ArraySlice<RelationshipDescription>) -> Row?? {
        for entry in reached where entry.hops.count == hops.count && entry.hops.elementsEqual(hops, by: { $0.column == $1.column }) {
            return .some(entry.row)
        }
        return nil
    }

    private func follow(_ hops: ArraySlice<RelationshipDescription>, from start: Row) -> Row? {
        ObjectPathReader.follow(hops, from: start.values, reader: reader).map { Row(values: $0.values, key: $0.key) }
    }
}
