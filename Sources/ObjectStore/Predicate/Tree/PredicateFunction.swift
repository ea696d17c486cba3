import GRDB

/// A built-in function of `NSExpression` that a predicate can call, in a format string as
/// `abs(score)`, `modulus:by:(level, 3)`, `now()`, or as
/// `FUNCTION(score, 'abs:')` (the receiver is the first argument).
///
/// Numbers are read as floating-point numbers (as arithmetic reads them); a nil argument, and a
/// result that is not a number (`sqrt(-1)`, a modulus by 0), give nil. The same Swift code runs
/// in memory and, as `ds_function`, in SQL.
package enum PredicateFunction: String, Sendable, Hashable, CaseIterable {
    /// `now()`: the instant the predicate is compiled, bound as a constant.
    case now
    /// `abs(x)`: the magnitude of a number.
    case abs
    /// `floor(x)`: the largest integral number not above `x`.
    case floor
    /// `ceiling(x)`: the smallest integral number not below `x`.
    case ceiling
    /// `trunc(x)`: `x` rounded toward zero.
    case trunc
    /// `sqrt(x)`: the square root (nil for a negative number).
    case sqrt
    /// `modulus:by:(x, y)`: the remainder of `x / y` truncated toward zero, with the sign of
    /// `x` (nil for `y == 0`).
    case modulus = "modulus:by:"
    /// `lowercase(s)`: the string in lowercase (Unicode's full mapping, no locale).
    case lowercase
    /// `uppercase(s)`: the string in uppercase (Unicode's full mapping, no locale).
    case uppercase

    /// The function a format string names: its name (`abs`) or its `NSExpression` selector
    /// (`abs:`, `modulus:by:`).
    init?(formatName: String) {
        guard let function = Self.allCases.first(where: { $0.rawValue == formatName || $0.selector == formatName }) else { return nil }
        self = function
    }

    /// Its `NSExpression` selector: `now`, `abs:`, `modulus:by:`.
    var selector: String {
        switch self {
        case .now, .modulus: rawValue
        default: rawValue + ":"
        }
    }

    /// How many arguments it takes.
    var arity: Int {
        switch self {
        case .now: 0
        case .modulus: 2
        case .abs, .floor, .ceiling, .trunc, .sqrt, .lowercase, .uppercase: 1
        }
    }

    /// Whether it reads and gives strings rather than numbers.
    var isTextual: Bool {
        self == .lowercase || self == .uppercase
    }

    /// The code `ds_function` receives first.
    var code: Int {
        Self.allCases.firstIndex(of: self)!
    }

    init?(code: Int) {
        guard Self.allCases.indices.contains(code) else { return nil }
        self = Self.allCases[code]
    }

    // MARK: Evaluation

    /// The result for stored `arguments` (``now`` is bound to a constant before it runs).
    func apply(_ arguments: [DatabaseValue]) -> DatabaseValue {
        guard arguments.count == arity, !arguments.contains(where: \.isNull) else { return .null }
        if isTextual {
            guard case .string(let text) = arguments[0].storage else { return .null }
            return (self == .lowercase ? text.lowercased() : text.uppercased()).databaseValue
        }
        var numbers: [Double] = []
        for argument in arguments {
            guard let number = argument.arithmeticNumber else { return .null }
            numbers.append(number)
        }
        let result: Double
        switch self {
        case .abs: result = numbers[0].magnitude
        case .floor: result = numbers[0].rounded(.down)
        case .ceiling: result = numbers[0].rounded(.up)
        case .trunc: result = numbers[0].rounded(.towardZero)
        case .sqrt: result = numbers[0].squareRoot()
        case .modulus: result = numbers[0].truncatingRemainder(dividingBy: numbers[1])
        case .now, .lowercase, .uppercase: return .null
        }
        return result.isNaN ? .null : result.databaseValue
    }
}
