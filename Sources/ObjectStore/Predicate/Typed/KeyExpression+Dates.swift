extension KeyExpression where Value: DateAttributeValue {
    /// `now()`: the instant the request is compiled (a controller's fetch and its later updates
    /// share one instant): `.key(\.start) > .now() - 3600`.
    public static func now() -> KeyExpression {
        KeyExpression(term: .function(.now, []))
    }

    /// `date + seconds`: the date `rhs` seconds later, nil when the date is nil.
    public static func + (lhs: KeyExpression, rhs: Double) -> KeyExpression {
        KeyExpression(term: .arithmetic(.add, lhs.term, .value(.double(rhs))))
    }

    /// `date - seconds`: the date `rhs` seconds earlier, nil when the date is nil.
    public static func - (lhs: KeyExpression, rhs: Double) -> KeyExpression {
        KeyExpression(term: .arithmetic(.subtract, lhs.term, .value(.double(rhs))))
    }

    /// `date - otherDate`: the seconds from `rhs` to `lhs`, nil when either is nil.
    public static func - <Other: DateAttributeValue>(lhs: KeyExpression, rhs: KeyExpression<Root, Other>) -> KeyExpression<Root, Double?> {
        KeyExpression<Root, Double?>(term: .arithmetic(.subtract, lhs.term, rhs.term))
    }
}
