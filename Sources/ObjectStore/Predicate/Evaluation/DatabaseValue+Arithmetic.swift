import GRDB

extension DatabaseValue {
    /// The stored number as a floating-point number, as SQL's `CAST(… AS REAL)` reads it; nil
    /// for NULL (and NaN) and for values that are not numbers.
    var arithmeticNumber: Double? {
        switch storage {
        case .int64(let integer): Double(integer)
        case .double(let number): number.isNaN ? nil : number
        default: nil
        }
    }
}
