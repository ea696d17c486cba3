/// A Swift value that can stand for `%@` in a format string, replace a `$VARIABLE`, or appear on
/// the right of a typed comparison.
///
/// The package conforms strings, numbers, `Bool`, `Date`, `UUID`, `Data`, `Decimal`, `URL`,
/// ``ObjectID``, managed objects (compared by ID), optionals (nil), and arrays and sets of
/// arguments (for `IN` and `BETWEEN`).
///
/// ```swift
/// let predicate = try FetchPredicate<Event>(format: "sport == %@ AND attendance IN %@", football, [10, 20])
/// ```
public protocol PredicateArgument {
    /// The value as a predicate constant.
    var predicateValue: PredicateValue { get }
}

/// An attribute value that typed predicates can compare for equality (`==`, `!=`, `IN`).
public protocol EquatableAttributeValue: AttributeValue, PredicateArgument {}

/// An attribute value that typed predicates can order (`<`, `<=`, `>`, `>=`, `BETWEEN`).
public protocol OrderedAttributeValue: EquatableAttributeValue {}

/// A string attribute value: typed predicates can apply string operators and `[c]`/`[d]`
/// options to it, and sort descriptors any ``FetchSortComparator``.
public protocol TextAttributeValue: OrderedAttributeValue {}

/// A number attribute value: typed predicates can compute with it (`+`, `-`, `*`, `/`) and
/// total it over a to-many relationship (`@sum`, `@avg`).
public protocol NumericAttributeValue: OrderedAttributeValue {}

/// A date attribute value: typed predicates can add and subtract seconds (`start - 3600`),
/// subtract another date (giving seconds), and compare with ``KeyExpression/now()``.
public protocol DateAttributeValue: OrderedAttributeValue {}
