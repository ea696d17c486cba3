/// The string operators of the predicate syntax, numbered for the SQL function `ds_match`.
package enum TextOperator: Int, Sendable, Hashable, CaseIterable {
    /// `BEGINSWITH`: the left string starts with the right one.
    case beginsWith = 1
    /// `ENDSWITH`: the left string ends with the right one.
    case endsWith = 2
    /// `CONTAINS`: the right string occurs in the left one.
    case contains = 3
    /// `LIKE`: the left string matches a pattern where `*` is any run and `?` one character.
    case like = 4
    /// `MATCHES`: the whole left string matches a regular expression.
    case matches = 5
}
