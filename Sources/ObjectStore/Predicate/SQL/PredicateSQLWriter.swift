import GRDB

/// Writes a compiled predicate as an SQL condition with bound parameters (never interpolated
/// values): the evaluated object is `t`, objects reached through to-one relationships are
/// LEFT JOINed under aliases named by their path (`"t.sport"`), and the members of a quantifier
/// are a correlated subquery (`"m1"`).
struct PredicateSQLWriter {
    private(set) var arguments: [DatabaseValue]

    init(arguments: [DatabaseValue]) {
        self.arguments = arguments
    }

    mutating func write(_ node: BoundNode) -> String {
        switch node {
        case .constant(let value):
            return value ? "1" : "0"
        case .not(let operand):
            return "(NOT \(write(operand)))"
        case .and(let left, let right):
            return "(\(write(left)) AND \(write(right)))"
        case .or(let left, let right):
            return "(\(write(left)) OR \(write(right)))"
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
        case .inList(let operand, let elements, let collation):
            // SQLite's `x IN ()` is false even for NULL x, as in memory.
            guard !elements.isEmpty else { return "0" }
            let needle = write(operand)
            return "(\(needle)\(collation.sqlSuffix) IN (\(elements.map { write($0) }.joined(separator: ", "))))"
        case .text(let textOperator, let left, let right, let options, _):
            return "ds_match(\(textOperator.rawValue | options.rawValue << 4), \(write(left)), \(write(right)))"
        case .quantified(let quantifier, let owner, let ownerScope, let relationship, let inner):
            return writeQuantified(quantifier, owner: owner, ownerScope: ownerScope, relationship: relationship, inner: inner)
        }
    }

    private mutating func writeQuantified(_ quantifier: PredicateQuantifier, owner: [RelationshipDescription], ownerScope: Int, relationship: RelationshipDescription, inner: BoundNode) -> String {
        let scope = ownerScope + 1
        let base = Self.scopeBase(scope)
        var paths: [[RelationshipDescription]] = []
        inner.forEachPath { pathScope, hops in if pathScope == scope { paths.append(hops) } }
        let joins = SQL.leftJoins(paths, base: base)
        let link = Self.membership(SQL.quote(base), of: relationship, owner: Self.alias(scope: ownerScope, hops: owner))
        let from = "SELECT 1 FROM \(SQL.table(relationship.destination)) AS \(SQL.quote(base))\(joins) WHERE \(link) AND "
        let condition = write(inner)
        switch quantifier {
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
            text = "\(Self.alias(scope: operand.scope, hops: hops)).\(SQL.quote(name))"
        case .objectKey(let hops):
            text = "\(Self.alias(scope: operand.scope, hops: hops)).Z_PK"
        case .count(let hops, let relationship):
            text = "(SELECT COUNT(*) FROM \(SQL.table(relationship.destination)) AS c WHERE \(Self.membership("c", of: relationship, owner: Self.alias(scope: operand.scope, hops: hops))))"
        }
        return operand.folding.isEmpty ? text : "ds_fold(\(text), \(operand.folding.rawValue))"
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
    /// aliased `owner`: its inverse key points at the owner, or (many-to-many) a link joins them.
    static func membership(_ member: String, of relationship: RelationshipDescription, owner: String) -> String {
        if let join = relationship.join {
            return "\(member).Z_PK IN (SELECT \(join.otherColumn) FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) = \(owner).Z_PK)"
        }
        return "\(member).\(SQL.quote(relationship.inverseName ?? "")) = \(owner).Z_PK"
    }

    /// `t` for the evaluated object, `m1`, `m2`, … for quantified members.
    static func scopeBase(_ scope: Int) -> String {
        scope == 0 ? "t" : "m\(scope)"
    }

    /// The alias of the object reached through `hops` from a scope's object.
    static func alias(scope: Int, hops: [RelationshipDescription]) -> String {
        SQL.alias(base: scopeBase(scope), hops: hops)
    }
}
