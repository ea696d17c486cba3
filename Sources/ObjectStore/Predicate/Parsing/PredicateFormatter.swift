/// Writes a predicate tree back in the format syntax, with the parentheses its structure needs,
/// so that parsing the text gives the same tree (for constants that have a literal form).
enum PredicateFormatter {
    static func format(_ node: PredicateNode) -> String {
        write(node, context: 0)
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

    /// Writes `node` where an operator of strength `context` holds it.
    private static func write(_ node: PredicateNode, context: Int) -> String {
        let text: String
        switch node {
        case .constant(let value):
            text = value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let operand):
            text = "NOT " + write(operand, context: 3)
        case .and(let children):
            // An empty AND is true; nested ANDs are grouped, so the tree reads back as it is.
            guard !children.isEmpty else { text = "TRUEPREDICATE"; break }
            text = children.map { write($0, context: 3) }.joined(separator: " AND ")
        case .or(let children):
            guard !children.isEmpty else { text = "FALSEPREDICATE"; break }
            text = children.map { write($0, context: 2) }.joined(separator: " OR ")
        case .comparison(let comparison):
            text = write(comparison)
        }
        return precedence(node) < context ? "(" + text + ")" : text
    }

    private static func write(_ comparison: PredicateComparison) -> String {
        let quantifier = comparison.quantifier.map { $0.formatToken + " " } ?? ""
        return quantifier + write(comparison.lhs) + " " + comparison.op.formatToken + comparison.options.formatModifier + " " + write(comparison.rhs)
    }

    static func write(_ expression: PredicateTerm) -> String {
        switch expression {
        case .key(.name(let name)):
            return name.split(separator: ".", omittingEmptySubsequences: false).map { component in
                PredicateToken.keywords.contains(component.uppercased()) ? "#" + component : String(component)
            }.joined(separator: ".")
        case .key(let reference):
            return reference.description
        case .value(let value):
            return value.description
        case .variable(let name):
            return "$" + name
        case .list(let elements):
            return "{" + elements.map(write).joined(separator: ", ") + "}"
        case .evaluatedObject:
            return "SELF"
        }
    }
}
