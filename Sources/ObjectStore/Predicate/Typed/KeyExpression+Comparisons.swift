extension KeyExpression where Value: EquatableAttributeValue {
    /// `key == value` (nil matches nil).
    public static func == (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.equal, .value(rhs.predicateValue))
    }

    /// `key != value`.
    public static func != (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.notEqual, .value(rhs.predicateValue))
    }

    /// `key == otherKey`.
    public static func == (lhs: KeyExpression, rhs: KeyExpression) -> FetchPredicate<Root> {
        lhs.compare(.equal, rhs.term)
    }

    /// `key != otherKey`.
    public static func != (lhs: KeyExpression, rhs: KeyExpression) -> FetchPredicate<Root> {
        lhs.compare(.notEqual, rhs.term)
    }

    /// `key IN {values…}`.
    public func `in`(_ values: some Sequence<Value>) -> FetchPredicate<Root> {
        compare(.in, .value(.collection(values.map(\.predicateValue))))
    }
}

extension KeyExpression where Value: OrderedAttributeValue {
    /// `key < value`.
    public static func < (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.less, .value(rhs.predicateValue))
    }

    /// `key <= value`.
    public static func <= (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.lessOrEqual, .value(rhs.predicateValue))
    }

    /// `key > value`.
    public static func > (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.greater, .value(rhs.predicateValue))
    }

    /// `key >= value`.
    public static func >= (lhs: KeyExpression, rhs: Value) -> FetchPredicate<Root> {
        lhs.compare(.greaterOrEqual, .value(rhs.predicateValue))
    }

    /// `key < otherKey`.
    public static func < (lhs: KeyExpression, rhs: KeyExpression) -> FetchPredicate<Root> {
        lhs.compare(.less, rhs.term)
    }

    /// `key > otherKey`.
    public static func > (lhs: KeyExpression, rhs: KeyExpression) -> FetchPredicate<Root> {
        lhs.compare(.greater, rhs.term)
    }

    /// `key BETWEEN {low, high}` (both ends included).
    public func between(_ low: Value, _ high: Value) -> FetchPredicate<Root> {
        compare(.between, .value(.collection([low.predicateValue, high.predicateValue])))
    }
}

extension KeyExpression where Value: TextAttributeValue {
    /// `key ==[options] value`.
    public func equals(_ value: Value, options: ComparisonOptions) -> FetchPredicate<Root> {
        compare(.equal, .value(value.predicateValue), options: options)
    }

    /// `key IN[options] {values…}`.
    public func `in`(_ values: some Sequence<Value>, options: ComparisonOptions) -> FetchPredicate<Root> {
        compare(.in, .value(.collection(values.map(\.predicateValue))), options: options)
    }

    /// `key BEGINSWITH[options] prefix`.
    public func beginsWith(_ prefix: String, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        compare(.beginsWith, .value(.string(prefix)), options: options)
    }

    /// `key ENDSWITH[options] suffix`.
    public func endsWith(_ suffix: String, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        compare(.endsWith, .value(.string(suffix)), options: options)
    }

    /// `key CONTAINS[options] text`.
    public func contains(_ text: String, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        compare(.contains, .value(.string(text)), options: options)
    }

    /// `key LIKE[options] pattern`: `*` matches any run of characters, `?` one character, and
    /// a backslash makes the next character literal.
    public func like(_ pattern: String, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        compare(.like, .value(.string(pattern)), options: options)
    }

    /// `key MATCHES[options] regularExpression`: the whole value must match.
    public func matches(_ regularExpression: String, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        compare(.matches, .value(.string(regularExpression)), options: options)
    }
}
