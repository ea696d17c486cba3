/// A JSON text written piece by piece: the wire messages are built with it once per apply and
/// sent as they are to every page.
///
/// Strings are escaped for JSON, and `<`, `>` and `&` too, so that no message ever holds
/// markup, wherever a page may put it.
struct JSONText {
    private(set) var text = ""

    init(reservingCapacity capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    mutating func raw(_ piece: String) {
        text += piece
    }

    mutating func number(_ value: some BinaryInteger) {
        text += String(value)
    }

    mutating func string(_ value: String) {
        guard value.utf8.contains(where: Self.mayNeedEscaping) else {
            text += "\""
            text += value
            text += "\""
            return
        }
        text.unicodeScalars.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text.unicodeScalars.append("\"")
    }

    /// Whether a UTF-8 byte may start something ``string(_:)`` escapes: a control character, a
    /// quote, a backslash, `<`, `>`, `&`, or the first byte of U+2028 and U+2029. Text with none
    /// (most cells) is copied whole.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
    }

    /// Writes `elements` as a JSON array, each by `element`.
    mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONText, Elements.Element) -> Void) {
        text += "["
        var first = true
        for value in elements {
            if !first { text += "," }
            first = false
            element(&self, value)
        }
        text += "]"
    }

    /// Writes `"name":` followed by the array of `elements`, with a leading comma, when there is
    /// at least one element: empty operations are left out of a message.
    mutating func field<Elements: Collection>(_ name: String, _ elements: Elements, _ element: (inout JSONText, Elements.Element) -> Void) {
        guard !elements.isEmpty else { return }
        text += ",\"" + name + "\":"
        array(elements, element)
    }
}
