import Foundation

/// A floating-point constant compared with a Decimal key, as `Decimal` sees it.
///
/// The constant means the number its shortest text spells (`0.1` is one tenth), which `Decimal`
/// holds exactly when that text fits its 38 digits and exponents from -128 to 127. Infinities and
/// numbers too large for `Decimal` lie beyond every decimal value, so comparisons with them have a
/// fixed answer for every non-nil key. Tiny numbers `Decimal` cannot hold have no exact answer.
enum DecimalConstant {
    /// The decimal the number spells.
    case exact(Decimal)
    /// Larger than every decimal (`above`), or smaller than every decimal.
    case beyond(above: Bool)
    /// A non-zero number `Decimal` cannot hold exactly (smaller in magnitude than its range).
    case inexact

    private static let locale = Locale(identifier: "en_US_POSIX")

    /// Classifies a number that is not NaN.
    init(_ number: Double) {
        if number.isInfinite {
            self = .beyond(above: number > 0)
            return
        }
        if let decimal = Decimal(string: "\(number)", locale: Self.locale), !decimal.isNaN,
           Double("\(decimal)") == number {
            self = .exact(decimal)
            return
        }
        self = number.magnitude >= 1 ? .beyond(above: number > 0) : .inexact
    }

    /// Whether `value` is a floating-point constant beyond every decimal: whether it is above
    /// them, or nil for any other value.
    static func beyond(_ value: PredicateValue) -> Bool? {
        guard case .double(let number) = value, !number.isNaN, case .beyond(let above) = DecimalConstant(number) else { return nil }
        return above
    }
}
