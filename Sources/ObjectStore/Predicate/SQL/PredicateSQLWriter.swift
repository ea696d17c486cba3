import GRDB

/// Writes a compiled predicate as an SQL condition with bound parameters (never interpolated
/// values): the evaluated object is `t`, objects reached through to-one relationships are
/// LEFT JOINed under aliases named by their path (`"t.sport"`), and the members of a quantifier
/// are a correlated subquery (`"m1"`). A `SUBQUERY`'s predicate is written for its members
/// (`"s1"`, their quantifiers' members `"m2"`, and so on one level deeper per nested subquery).
///
/// A quantifier or a count for one owner can also be written alone (``query(_:ownerKey:)``,
/// ``countQuery(_:ownerKey:)``), which in-memory evaluation runs when the store is up to date.
struct PredicateSQLWriter {
    private(set) var arguments: [DatabaseValue]
    /// How many `SUBQUERY`s enclose what is written (0 for the evaluated object).
    private let depth: Int

    init(arguments: [DatabaseValue]) {
        self.init(arguments: arguments, depth: 0)
    }

    private init(arguments: [DatabaseValue], depth: Int) {
        self.arguments = arguments
        self.depth = depth
    }

    /// The alias of the object the tree being written evaluates: `t`, or a subquery's member.
    private var rootAlias: String {
        depth == 0 ? "t" : "s\(depth)"
    }

    /// The alias of the members of a quantifier at this depth.
    private var memberAlias: String {
        "m\(depth + 1)"
    }

    mutating func write(_ node: BoundNode) -> String {
        switch node {
        case .constant(let value):
            return value ? "1" : "0"
        case .not(let operand):
            return "(NOT \(write(operand)))"
        case .and(let children):
            return writeChain(children[...], separator: " AND ", empty: "1")
        case .or(let children):
            return writeChain(children[...], separator: " OR ", empty: "0")
        case .compare(let left, let comparison, let right, let collation):
            if let column = Self.textEquality(left, comparison, right, collation) {
                // Byte equality implies equality under DS_STRING, so the second term changes no
                // answer; it lets SQLite search an index collated DS_STRING (string indexes are).
                let text = write(column), value = Self.constantValue(left, right)
                arguments += [value, value]
                return "(\(text) = ? AND \(text) = ?\(SortCollation.string.sqlSuffix))"
            }
            return "(\(write(left)) \(comparison.sqlOperator) \(write(right))\(collation.sqlSuffix))"
        case .isNull(let operand, let negated):
            return "(\(write(operand)) IS \(negated ? "NOT " : "")NULL)"
        case .inList(let operand, let list):
            // SQLite's `x IN ()` is false even for NULL x, as in memory.
            guard !list.elements.isEmpty else { return "0" }
            let needle = write(operand)
            return "(\(needle)\(list.collation.sqlSuffix) IN (\(list.elements.map { write($0) }.joined(separator: ", "))))"
        case .text(let textOperator, let left, let right, let options, _):
            return "ds_match(\(textOperator.rawValue | options.rawValue << 4), \(write(left)), \(write(right)))"
        case .quantified(let quantifier):
            return writeQuantified(quantifier, ownerKey: "\(alias(readsMember: false, hops: quantifier.owner)).Z_PK")
        }
    }

    /// The most children one parenthesised chain holds: SQLite nests `a OR b OR c …` one level
    /// per operator, up to 1000 levels, so longer chains are written as chains of chains.
    static let chainWidth = 64

    /// `children` joined by `separator` (`AND` or `OR`, both associative) in parentheses; more
    /// than ``chainWidth`` children are grouped, groups of groups as needed, so a chain of n
    /// terms nests log₆₄(n) levels in SQL instead of n.
    ///
    /// The most deeply nested child is written first: SQLite's parser holds one level of its
    /// stack (about 90 deep) per open parenthesis before the first operand, but three per
    /// parenthesis after an operand and an operator, so nesting on the left costs a third.
    private mutating func writeChain(_ children: ArraySlice<BoundNode>, separator: String, empty: String) -> String {
        var children = children
        if let deepest = children.indices.max(by: { children[$0].nesting < children[$1].nesting }), deepest != children.startIndex {
            let node = children.remove(at: deepest)
            children.insert(node, at: children.startIndex)
        }
        switch children.count {
        case 0: return empty
        case 1: return write(children[children.startIndex])
        case ...Self.chainWidth: return "(" + children.map { write($0) }.joined(separator: separator) + ")"
        default: break
        }
        var groupSize = Self.chainWidth
        while groupSize * Self.chainWidth < children.count { groupSize *= Self.chainWidth }
        var parts: [String] = []
        var start = children.startIndex
        while start < children.endIndex {
            let end = min(start + groupSize, children.endIndex)
            parts.append(writeChain(children[start..<end], separator: separator, empty: empty))
            start = end
        }
        return "(" + parts.joined(separator: separator) + ")"
    }

    /// The SQL that reads a key operand (path, column, folding), or nil for a constant and for
    /// operands that hold constants (arithmetic, subqueries): equal texts read the same value.
    static func operandText(_ operand: BoundOperand) -> String? {
        switch operand.source {
        case .constant, .arithmetic, .function, .subqueryCount: return nil
        case .column, .objectKey, .count, .aggregate: break
        }
        var writer = PredicateSQLWriter(arguments: [])
        return writer.write(operand)
    }

    /// `EXISTS` (or `NOT EXISTS`) over the members of `quantifier.relationship` of the row whose
    /// key is the SQL expression `ownerKey`.
    private mutating func writeQuantified(_ quantifier: BoundQuantifier, ownerKey: String) -> String {
        let base = memberAlias
        var paths: [[RelationshipDescription]] = []
        quantifier.inner.forEachPath { readsMember, hops in if readsMember { paths.append(hops) } }
        let joins = SQL.leftJoins(paths, base: base)
        let link = Self.membership(SQL.quote(base), of: quantifier.relationship, ownerKey: ownerKey)
        let from = "SELECT 1 FROM \(SQL.table(quantifier.relationship.destination)) AS \(SQL.quote(base))\(joins) WHERE \(link) AND "
        let condition = write(quantifier.inner)
        switch quantifier.quantifier {
        case .any: return "EXISTS (\(from)\(condition))"
        case .all: return "NOT EXISTS (\(from)NOT COALESCE(\(condition), 0))"
        case .none: return "NOT EXISTS (\(from)\(condition))"
        }
    }

    private mutating func write(_ operand: BoundOperand) -> String {
        let text: String
        switch operand.source {
        case .constant(let value):
            arguments.append(value)
            return "?"
        case .column(let hops, _, let name):
            text = "\(alias(readsMember: operand.readsMember, hops: hops)).\(SQL.quote(name))"
        case .objectKey(let hops):
            text = "\(alias(readsMember: operand.readsMember, hops: hops)).Z_PK"
        case .count(let hops, let relationship):
            text = "(\(Self.countSelect(relationship, ownerKey: "\(alias(readsMember: operand.readsMember, hops: hops)).Z_PK")))"
        case .aggregate(let hops, let aggregate):
            text = "(\(writeAggregate(aggregate, ownerKey: "\(alias(readsMember: operand.readsMember, hops: hops)).Z_PK")))"
        case .subqueryCount(let hops, let relationship, let inner):
            text = "(\(writeSubqueryCount(relationship, inner, ownerKey: "\(alias(readsMember: operand.readsMember, hops: hops)).Z_PK")))"
        case .arithmetic(let op, let left, let right):
            // REAL arithmetic, as in memory: integers never overflow, and SQLite gives NULL for a
            // division by zero and for a result that is not a number. Arithmetic on the left is
            // REAL already, so a chain opens one parenthesis per operator.
            let lhs = if case .arithmetic = left.source { write(left) } else { "CAST(\(write(left)) AS REAL)" }
            text = "(\(lhs) \(op.rawValue) \(write(right)))"
        case .function(let function, let arguments):
            // The same Swift function as in memory (`ds_function`).
            text = "ds_function(\(([String(function.code)] + arguments.map { write($0) }).joined(separator: ", ")))"
        }
        return operand.folding.isEmpty ? text : "ds_fold(\(text), \(operand.folding.rawValue))"
    }

    /// Counts the members of `relationship` of the row whose key is the SQL expression
    /// `ownerKey` that satisfy `inner` (written one level deeper, for the members).
    private mutating func writeSubqueryCount(_ relationship: RelationshipDescription, _ inner: BoundNode, ownerKey: String) -> String {
        writeMemberSelect({ _ in "COUNT(*)" }, relationship, filter: inner, extraPaths: [], ownerKey: ownerKey)
    }

    /// `SELECT value FROM` the members of `relationship` of the row whose key is the SQL
    /// expression `ownerKey` (`value` written with `nested` aliases, joined along `extraPaths`),
    /// those that satisfy `filter` when there is one (written one level deeper, for the members).
    private mutating func writeMemberSelect(_ value: (PredicateSQLWriter) -> String, _ relationship: RelationshipDescription, filter: BoundNode?, extraPaths: [[RelationshipDescription]], ownerKey: String) -> String {
        var nested = PredicateSQLWriter(arguments: arguments, depth: depth + 1)
        let base = nested.rootAlias
        var paths = extraPaths.filter { !$0.isEmpty }
        filter?.forEachPath { readsMember, hops in if !readsMember && !hops.isEmpty { paths.append(hops) } }
        let joins = SQL.leftJoins(paths, base: base)
        let link = Self.membership(SQL.quote(base), of: relationship, ownerKey: ownerKey)
        let condition = filter.map { " AND " + nested.write($0) } ?? ""
        arguments = nested.arguments
        return "SELECT \(value(nested)) FROM \(SQL.table(relationship.destination)) AS \(SQL.quote(base))\(joins) WHERE \(link)\(condition)"
    }

    /// Computes a collection operator over the members of the row whose key is the SQL
    /// expression `ownerKey` (those that satisfy the aggregate's filter, if any): `ds_sum` and
    /// `ds_avg` (``CollectionTotal``, as in memory), `MIN`, `MAX` (by the attribute's collation:
    /// `DS_DECIMAL` for decimals); members' nil values are left out.
    private mutating func writeAggregate(_ aggregate: BoundAggregate, ownerKey: String) -> String {
        let function = switch aggregate.collectionOperator {
        case .sum: "ds_sum"
        case .average: "ds_avg"
        case .minimum: "MIN"
        case .maximum: "MAX"
        }
        // MIN and MAX pick by the collation of their argument.
        let collation = aggregate.collectionOperator == .minimum || aggregate.collectionOperator == .maximum ? aggregate.collation.sqlSuffix : ""
        return writeMemberSelect({ nested in
            "\(function)(\(SQL.alias(base: nested.rootAlias, hops: aggregate.memberHops)).\(SQL.quote(aggregate.name))\(collation))"
        }, aggregate.relationship, filter: aggregate.filter, extraPaths: [aggregate.memberHops], ownerKey: ownerKey)
    }

    // MARK: One owner

    /// A query that answers a quantifier for the owner whose key is bound first: one row, 1 or
    /// 0. `quantifier.inner` must read only the member and constants (the evaluated object's
    /// values substituted).
    static func query(_ quantifier: BoundQuantifier, ownerKey: Int64) -> (text: String, arguments: [DatabaseValue]) {
        var writer = PredicateSQLWriter(arguments: [ownerKey.databaseValue])
        let condition = writer.writeQuantified(quantifier, ownerKey: "?")
        return ("SELECT \(condition)", writer.arguments)
    }

    /// A query that counts the members of `relationship` of the owner whose key is bound.
    static func countQuery(_ relationship: RelationshipDescription, ownerKey: Int64) -> (text: String, arguments: [DatabaseValue]) {
        (countSelect(relationship, ownerKey: "?"), [ownerKey.databaseValue])
    }

    private static func countSelect(_ relationship: RelationshipDescription, ownerKey: String) -> String {
        "SELECT COUNT(*) FROM \(SQL.table(relationship.destination)) AS c WHERE \(membership("c", of: relationship, ownerKey: ownerKey))"
    }

    /// The column of a byte-equality test of a text column with a string constant, or nil.
    private static func textEquality(_ left: BoundOperand, _ comparison: BoundComparison, _ right: BoundOperand, _ collation: SortCollation) -> BoundOperand? {
        guard comparison == .equal, collation == .binary else { return nil }
        for (column, constant) in [(left, right), (right, left)] {
            if case .column = column.source, column.folding.isEmpty, case .constant(let value) = constant.source, case .string = value.storage {
                return column
            }
        }
        return nil
    }

    /// The constant side of a comparison whose other side is a column.
    private static func constantValue(_ left: BoundOperand, _ right: BoundOperand) -> DatabaseValue {
        if case .constant(let value) = right.source { return value }
        if case .constant(let value) = left.source { return value }
        return .null
    }

    /// The condition that the row aliased `member` is a member of `relationship` of the row
    /// whose key is the SQL expression `ownerKey`: its inverse key points at the owner, or
    /// (many-to-many) a link joins them.
    static func membership(_ member: String, of relationship: RelationshipDescription, ownerKey: String) -> String {
        if let join = relationship.join {
            return "\(member).Z_PK IN (SELECT \(join.otherColumn) FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) = \(ownerKey))"
        }
        guard let inverse = relationship.inverseName else { preconditionFailure("The to-many relationship \(relationship.name) has no inverse.") }
        return "\(member).\(SQL.quote(inverse)) = \(ownerKey)"
    }

    /// The alias of the object reached through `hops` from the evaluated object (`t`, or a
    /// subquery's member) or from a quantifier's member.
    private func alias(readsMember: Bool, hops: [RelationshipDescription]) -> String {
        SQL.alias(base: readsMember ? memberAlias : rootAlias, hops: hops)
    }
}
