import Foundation

/// The string orders behind ``SortCollation``, over UTF-8 bytes.
enum TextCollation {
    /// Byte order (SQLite BINARY; for valid UTF-8 also Unicode scalar order).
    static func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let count = min(lhs.count, rhs.count)
        if count > 0 {
            let result = memcmp(lhs.baseAddress!, rhs.baseAddress!, count)
            if result != 0 { return result < 0 ? -1 : 1 }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// Swift's `<` and `==` on the strings.
    ///
    /// Text whose bytes are all below 0xCC holds only scalars below U+0300, which are in NFC and
    /// combine with nothing; for such text Swift's order (lexicographic over NFC scalars) is byte
    /// order, so the strings are only built when a later scalar occurs.
    static func compareSwift(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        if isBelowCombiningMarks(lhs) && isBelowCombiningMarks(rhs) { return compareBytes(lhs, rhs) }
        let left = String(decoding: lhs, as: UTF8.self)
        let right = String(decoding: rhs, as: UTF8.self)
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    /// Swift's order of the case-folded strings.
    static func compareCaseInsensitive(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        var left = TextFolding.fold(String(decoding: lhs, as: UTF8.self), .caseInsensitive)
        var right = TextFolding.fold(String(decoding: rhs, as: UTF8.self), .caseInsensitive)
        return left.withUTF8 { a in right.withUTF8 { b in compareSwift(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
    }

    /// Case-folded, with runs of ASCII digits compared by numeric value.
    static func compareLocalizedStandard(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        var left = TextFolding.fold(String(decoding: lhs, as: UTF8.self), .caseInsensitive)
        var right = TextFolding.fold(String(decoding: rhs, as: UTF8.self), .caseInsensitive)
        return left.withUTF8 { a in right.withUTF8 { b in compareFoldedNumericAware(a, b) } }
    }

    /// Decimal text by numeric value; text that is not a decimal number sorts after numbers, by
    /// bytes.
    static func compareDecimal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let left = decimalValue(String(decoding: lhs, as: UTF8.self))
        let right = decimalValue(String(decoding: rhs, as: UTF8.self))
        switch (left, right) {
        case let (a?, b?): return a == b ? 0 : (a < b ? -1 : 1)
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil): return compareBytes(lhs, rhs)
        }
    }

    /// The number `text` spells as ``compareDecimal(_:_:)`` reads it, or nil for text that is
    /// not a decimal number.
    static func decimalValue(_ text: String) -> Decimal? {
        Decimal(string: text, locale: locale).flatMap { $0.isNaN ? nil : $0 }
    }

    private static let locale = Locale(identifier: "en_US_POSIX")

    private static func isBelowCombiningMarks(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte >= 0xCC { return false }
        return true
    }

    /// ``compareLocalizedStandard(_:_:)`` of two strings already case-folded.
    static func compareFoldedNumericAware(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        var left = 0, right = 0
        while left < lhs.count && right < rhs.count {
            let a = lhs[left], b = rhs[right]
            guard isDigit(a) && isDigit(b) else {
                if a != b { return a < b ? -1 : 1 }
                left += 1
                right += 1
                continue
            }
            let leftEnd = digitRunEnd(lhs, from: left), rightEnd = digitRunEnd(rhs, from: right)
            let leftStart = significantStart(lhs, from: left, to: leftEnd)
            let rightStart = significantStart(rhs, from: right, to: rightEnd)
            let leftLength = leftEnd - leftStart, rightLength = rightEnd - rightStart
            if leftLength != rightLength { return leftLength < rightLength ? -1 : 1 }
            for offset in 0..<leftLength where lhs[leftStart + offset] != rhs[rightStart + offset] {
                return lhs[leftStart + offset] < rhs[rightStart + offset] ? -1 : 1
            }
            left = leftEnd
            right = rightEnd
        }
        if left < lhs.count { return 1 }
        return right < rhs.count ? -1 : 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    private static func digitRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        return end
    }

    private static func significantStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end && bytes[index] == 0x30 { index += 1 }
        return index
    }
}
