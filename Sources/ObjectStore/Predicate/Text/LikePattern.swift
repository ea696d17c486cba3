/// A compiled `LIKE` pattern: `*` matches any run of characters (possibly empty), `?` exactly one
/// Unicode scalar, and a backslash makes the next character literal (`\*`, `\?`, `\\`).
///
/// Matching works on UTF-8 bytes of the (folded) subject, so it allocates nothing.
///
/// - Complexity: O(n·m) in the worst case for a subject of n bytes and a pattern of m elements,
///   O(n + m) without backtracking.
struct LikePattern: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case byte(UInt8)
        case oneScalar
        case anyRun
    }

    let elements: [Element]

    /// Compiles `pattern`, folding its literal parts with `options` (the subject is folded alike).
    init(_ pattern: String, options: ComparisonOptions) {
        var elements: [Element] = []
        var literal = ""
        func flushLiteral() {
            guard !literal.isEmpty else { return }
            elements.append(contentsOf: TextFolding.fold(literal, options).utf8.map(Element.byte))
            literal = ""
        }
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                literal.unicodeScalars.append(scalar)
                escaped = false
                continue
            }
            switch scalar {
            case "\\":
                escaped = true
            case "*":
                flushLiteral()
                if elements.last != .anyRun { elements.append(.anyRun) }
            case "?":
                flushLiteral()
                elements.append(.oneScalar)
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        if escaped { literal.append("\\") }
        flushLiteral()
        self.elements = elements
    }

    /// Whether the whole of `subject` (UTF-8 bytes, already folded) matches.
    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = subject.count
        var position = 0
        var element = 0
        var lastRun = -1
        var runResume = 0
        while position < count {
            if element < elements.count {
                switch elements[element] {
                case .oneScalar:
                    position += Self.scalarLength(subject[position])
                    element += 1
                    continue
                case .byte(let byte) where byte == subject[position]:
                    position += 1
                    element += 1
                    continue
                case .anyRun:
                    lastRun = element
                    runResume = position
                    element += 1
                    continue
                case .byte:
                    break
                }
            }
            guard lastRun >= 0 else { return false }
            runResume += Self.scalarLength(subject[runResume])
            position = runResume
            element = lastRun + 1
        }
        while element < elements.count, elements[element] == .anyRun { element += 1 }
        return element == elements.count && position == count
    }

    /// The byte length of the UTF-8 sequence that starts with `lead`.
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
