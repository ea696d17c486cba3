/// Writes a predicate tree back in the format syntax, with the parentheses its structure needs,
/// so that parsing the text gives the same tree (for constants that have a literal form).
enum PredicateFormatter {
    static func format(_ node: PredicateNode) -> String {
        write(node, context: 0, member: nil)
    }

    /// One side of a comparison, as the format syntax writes it.
    static func format(_ term: PredicateTerm) -> String {
        write(term, member: nil)
    }

    /// Binding strength: OR 1, AND 2, NOT 3, comparisons 4.
    private static func precedence(_ node: PredicateNode) -> Int {
        switch node {
        case .or: 1
        case .and: 2
        case .not: 3
        case .constant, .comparison: 4
        }
    }

    /// Writes `node` where an operator of strength `context` holds it; `member` is the variable
    /// of the enclosing `SUBQUERY`, whose member the keys start at.
    private static func write(_ node: PredicateNode, context: Int, member: String?) -> String {
        let text: String
        switch node {
        case .constant(let value):
            text = value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let operand):
            text = "NOT " + write(operand, context: 3, member: member)
        case .and(let children):
            // An empty AND is true; nested ANDs are grouped, so the tree reads back as it is.
            guard !children.isEmpty else { text = "TRUEPREDICATE"; break }
            text = children.map { write($0, context: 3, member: member) }.joined(separator: " AND ")
        case .or(let children):
            guard !children.isEmpty else { text = "FALSEPREDICATE"; break }
            text = children.map { write($0, context: 2, member: member) }.joined(separator: " OR ")
        case .comparison(let comparison):
            text = write(comparison, member: member)
        }
        return precedence(node) < context ? "(" + text + ")" : text
    }

    private static func write(_ comparison: PredicateComparison, member: String?) -> String {
        let quantifier = comparison.quantifier.map { $0.formatToken + " " } ?? ""
        return quantifier + write(comparison.lhs, member: member) + " " + comparison.op.formatToken + comparison.options.formatModifier
            + " " + write(comparison.rhs, member: member)
    }

    private static func write(_ expression: PredicateTerm, member: String?) -> String {
        let memberPrefix = member.map { "$" + $0 + "." } ?? ""
        switch expression {
        case .key(.name(let name)):
            return memberPrefix + name.split(separator: ".", omittingEmptySubsequences: false).map { component in
                PredicateToken.keywords.contains(component.uppercased()) ? "#" + component : String(component)
            }.joined(separator: ".")
        case .key(let reference):
            return memberPrefix + reference.description
        case .value(let value):
            return value.description
        case .variable(let name):
            return "$" + name
        case .list(let elements):
            return "{" + elements.map { write($0, member: member) }.joined(separator: ", ") + "}"
        case .evaluatedObject:
            return member.map { "$" + $0 } ?? "SELF"
        case .arithmetic(.multiply, .value(.integer(-1)), let negated) where isNegation(expression):
            return "-" + operand(negated, within: ArithmeticOperator.multiply.precedence + 1, member: member)
        case .arithmetic(let op, let lhs, let rhs):
            // Left to right: a right operand of the same strength needs parentheses.
            return operand(lhs, within: op.precedence, member: member) + " " + op.rawValue + " " + operand(rhs, within: op.precedence + 1, member: member)
        case .function(let function, let arguments):
            let name = function == .modulus ? function.selector : function.rawValue
            return name + "(" + arguments.map { write($0, member: member) }.joined(separator: ", ") + ")"
        case .subquery(let collection, let variable, let predicate, let result):
            let tail = switch result {
            case .count: ".@count"
            case .aggregate(let collectionOperator, let key): "." + collectionOperator.keyComponent + "." + key.description
            }
            return "SUBQUERY(" + write(.key(collection), member: member) + ", $" + variable + ", "
                + write(predicate, context: 0, member: variable) + ")" + tail
        }
    }

    /// An arithmetic operand, in parentheses when it binds less tightly than `strength` (a
    /// negation binds tightest).
    private static func operand(_ term: PredicateTerm, within strength: Int, member: String?) -> String {
        let text = write(term, member: member)
        guard case .arithmetic(let op, _, _) = term, op.precedence < strength, !isNegation(term) else { return text }
        return "(" + text + ")"
    }

    /// Whether `term` is written `-x`: `-1 * x` for an `x` that is not a constant (a literal
    /// after `-` would read as a negative literal).
    private static func isNegation(_ term: PredicateTerm) -> Bool {
        guard case .arithmetic(.multiply, .value(.integer(-1)), let negated) = term else { return false }
        return !negated.isValue
    }
}
