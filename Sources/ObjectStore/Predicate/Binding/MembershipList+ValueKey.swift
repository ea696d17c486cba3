import Foundation
import GRDB

extension MembershipList {
    /// What the values that compare equal under a collation share: two values that are not NULL
    /// compare equal under it exactly when their keys are equal.
    ///
    /// Under BINARY, SQLite compares integers and reals by value, text and blobs by bytes, and
    /// values of different storage classes never equal. Under DS_DECIMAL, text that reads as a
    /// number compares by that number and other text by bytes. Other collations compare text
    /// with Swift's string equality or after folding; such text has no key.
    enum ValueKey: Hashable {
        /// An integer, or a real of integral value that an `Int64` holds.
        case integer(Int64)
        /// Any other real (never NaN, which equals nothing).
        case real(Double)
        /// Text by its UTF-8 bytes.
        case text(Bytes)
        case blob(Data)
        /// Text that DS_DECIMAL reads as a number, by that number's spelling (``spelling(_:)``).
        case decimal(String)

        /// The key of `value` under `collation`, or nil for NULL, NaN and text the collation
        /// compares otherwise than by bytes or by decimal value.
        init?(_ value: DatabaseValue, collation: SortCollation) {
            switch value.storage {
            case .null:
                return nil
            case .int64(let integer):
                self = .integer(integer)
            case .double(let real):
                if real.isNaN { return nil }
                self = Int64(exactly: real).map(ValueKey.integer) ?? .real(real)
            case .string(let text):
                switch collation {
                case .binary: self = .text(Bytes(text))
                case .decimal: self = TextCollation.decimalValue(text).map { .decimal(Self.spelling($0)) } ?? .text(Bytes(text))
                case .string, .caseInsensitive, .localizedStandard: return nil
                }
            case .blob(let data):
                self = .blob(data)
            }
        }

        /// One spelling per decimal value: the significand's digits without trailing zeros and
        /// the exponent, so that `1.50` and `15e-1` (one number) share it; `"0"` for zero.
        static func spelling(_ number: Decimal) -> String {
            if number.isZero { return "0" }
            var digits = "\(number.significand.magnitude)"
            var exponent = number.exponent
            while digits.count > 1 && digits.last == "0" {
                digits.removeLast()
                exponent += 1
            }
            return (number.sign == .minus ? "-" : "") + digits + "e\(exponent)"
        }
    }

    /// Text equal only to the same UTF-8 bytes (BINARY), where `String`'s `==` would also take
    /// canonically equivalent text.
    struct Bytes: Hashable {
        let text: String

        init(_ text: String) {
            self.text = text
        }

        static func == (lhs: Bytes, rhs: Bytes) -> Bool {
            var left = lhs.text, right = rhs.text
            return left.withUTF8 { a in right.withUTF8 { b in TextCollation.compareBytes(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) == 0 } }
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
