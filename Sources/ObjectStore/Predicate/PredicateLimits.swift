/// The nesting limits of predicates. They keep every walk over a predicate (parsing, compiling,
/// evaluating, writing SQL) shallow, and keep the SQL within what SQLite's parser accepts.
enum PredicateLimits {
    /// Parentheses, `NOT`, lists, `CAST`, `SUBQUERY` and arithmetic operators in a format string.
    static let formatNesting = 32
    /// `NOT`, `AND`, `OR`, arithmetic and subqueries in a tree. A format string within
    /// ``formatNesting`` nests at most two tree levels per group (`( … OR … AND ( …`) and one per
    /// `NOT`, subquery or arithmetic operator, plus two outside every group, so every parsed
    /// predicate fits.
    static let treeNesting = 2 * formatNesting + 2
}
