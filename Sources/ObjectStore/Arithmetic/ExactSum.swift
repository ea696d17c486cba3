/// The exact sum of doubles that values join and leave in any order: a fixed-point integer in
/// units of the least subnormal (2⁻¹⁰⁷⁴), wide enough for any finite double and 2⁶³ additions.
/// ``value`` is the exact total rounded once (to nearest, ties to even), so it depends on the
/// values held only: not on their order, nor on values added and taken back out since.
///
/// Infinities and NaN are counted apart: the value is NaN with a NaN or with both infinities,
/// otherwise the infinity held.
///
/// - Complexity: ``add(_:)`` and ``remove(_:)`` touch two words plus a carry (O(1) amortized);
///   ``value`` scans 34 words.
package struct ExactSum: Sendable {
    /// Two's complement, least significant word first; empty until a finite non-zero value
    /// arrives.
    private var words: [UInt64] = []
    private var positiveInfinities = 0
    private var negativeInfinities = 0
    private var nans = 0

    /// 2,176 bits: 2,098 for the largest double, 64 for carries, and the sign.
    private static let wordCount = 34

    package init() {}

    /// Adds `value`.
    package mutating func add(_ value: Double) {
        apply(value, sign: 1)
    }

    /// Takes out `value`, added before.
    package mutating func remove(_ value: Double) {
        apply(value, sign: -1)
    }

    private mutating func apply(_ value: Double, sign: Int) {
        if value.isNaN {
            nans += sign
        } else if value.isInfinite {
            if value > 0 { positiveInfinities += sign } else { negativeInfinities += sign }
        } else if value != 0 {
            if words.isEmpty { words = Array(repeating: 0, count: Self.wordCount) }
            let biased = Int(value.exponentBitPattern)
            let significand = biased == 0 ? value.significandBitPattern : value.significandBitPattern | (1 << 52)
            addMagnitude(significand, shift: max(biased - 1, 0), subtract: (value < 0) != (sign < 0))
        }
    }

    /// Adds (or subtracts) `significand` × 2^`shift` units.
    private mutating func addMagnitude(_ significand: UInt64, shift: Int, subtract: Bool) {
        let offset = UInt64(shift % 64)
        var index = shift / 64
        var carry = Self.step(&words[index], significand << offset, carry: false, subtract: subtract)
        carry = Self.step(&words[index + 1], offset == 0 ? 0 : significand >> (64 - offset), carry: carry, subtract: subtract)
        index += 2
        while carry && index < Self.wordCount {
            carry = Self.step(&words[index], 0, carry: true, subtract: subtract)
            index += 1
        }
    }

    /// `word ± operand ± carry`; returns the carry (or borrow) out.
    private static func step(_ word: inout UInt64, _ operand: UInt64, carry: Bool, subtract: Bool) -> Bool {
        if subtract {
            let (first, borrowed) = word.subtractingReportingOverflow(operand)
            let (second, borrowedAgain) = first.subtractingReportingOverflow(carry ? 1 : 0)
            word = second
            return borrowed || borrowedAgain
        }
        let (first, carried) = word.addingReportingOverflow(operand)
        let (second, carriedAgain) = first.addingReportingOverflow(carry ? 1 : 0)
        word = second
        return carried || carriedAgain
    }

    /// The exact total rounded to the nearest double (ties to even), ±infinity beyond the
    /// largest double, NaN as the infinities and NaNs held say.
    package var value: Double {
        if nans > 0 || (positiveInfinities > 0 && negativeInfinities > 0) { return .nan }
        if positiveInfinities > 0 { return .infinity }
        if negativeInfinities > 0 { return -.infinity }
        guard let top = words.last else { return 0 }
        guard top >> 63 == 1 else { return Self.rounded(words) }
        var magnitude = words
        for index in magnitude.indices { magnitude[index] = ~magnitude[index] }
        var carry = true
        for index in magnitude.indices where carry {
            (magnitude[index], carry) = magnitude[index].addingReportingOverflow(1)
        }
        return -Self.rounded(magnitude)
    }

    /// A non-negative fixed-point `magnitude` rounded to the nearest double.
    private static func rounded(_ magnitude: [UInt64]) -> Double {
        guard let top = magnitude.lastIndex(where: { $0 != 0 }) else { return 0 }
        let highest = top * 64 + 63 - magnitude[top].leadingZeroBitCount
        // Below 2^53 units the value is exact, and its bit pattern is its number of units.
        if highest < 53 { return Double(bitPattern: magnitude[0]) }
        var low = highest - 52
        var significand = bits(magnitude, from: low)
        if bit(magnitude, low - 1) && (anyBit(magnitude, below: low - 1) || significand & 1 == 1) {
            significand += 1
            if significand == 1 << 53 {
                significand >>= 1
                low += 1
            }
        }
        let biased = UInt64(low + 1)
        guard biased < 2047 else { return .infinity }
        return Double(bitPattern: biased << 52 | (significand & ((1 << 52) - 1)))
    }

    /// The 53 bits of `magnitude` from bit `low` up.
    private static func bits(_ magnitude: [UInt64], from low: Int) -> UInt64 {
        let index = low / 64
        let offset = UInt64(low % 64)
        var result = magnitude[index] >> offset
        if offset > 0 && index + 1 < magnitude.count { result |= magnitude[index + 1] << (64 - offset) }
        return result & ((1 << 53) - 1)
    }

    private static func bit(_ magnitude: [UInt64], _ position: Int) -> Bool {
        position >= 0 && (magnitude[position / 64] >> UInt64(position % 64)) & 1 == 1
    }

    /// Whether any bit below `position` is set.
    private static func anyBit(_ magnitude: [UInt64], below position: Int) -> Bool {
        guard position > 0 else { return false }
        let index = position / 64
        if magnitude[..<index].contains(where: { $0 != 0 }) { return true }
        let offset = UInt64(position % 64)
        return offset > 0 && magnitude[index] & ((1 << offset) - 1) != 0
    }
}
