/// Splits a predicate format string into tokens, recording each token's offset.
///
/// The lexer reads Unicode scalars, not characters: a quote, backslash or digit followed by a
/// combining mark is one character but still a quote, backslash or digit, so `"a"` followed by a
/// combining accent closes the string as it looks, and every string the formatter writes reads
/// back the same. Offsets count Unicode scalars.
struct PredicateLexer {
    private let format: String
    private let characters: [Unicode.Scalar]
    private var position = 0

    init(_ format: String) {
        self.format = format
        self.characters = Array(format.unicodeScalars)
    }

    /// Every token, ending with `.end`.
    static func tokens(of format: String) throws(FetchPredicateError) -> [PredicateToken] {
        var lexer = PredicateLexer(format)
        var tokens: [PredicateToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var current: Unicode.Scalar? {
        position < characters.count ? characters[position] : nil
    }

    private func peek(_ distance: Int = 1) -> Unicode.Scalar? {
        position + distance < characters.count ? characters[position + distance] : nil
    }

    private mutating func next() throws(FetchPredicateError) -> PredicateToken {
        while let character = current, character.properties.isWhitespace { position += 1 }
        let start = position
        guard let character = current else { return PredicateToken(kind: .end, offset: start, text: "") }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, offset: start, text: text(start..<position))
        }
        if Self.startsWord(character) {
            var word = readWord()
            // The selector of an `NSExpression` function: `abs:`, `modulus:by:`.
            while current == ":" {
                position += 1
                word += ":" + readWord()
            }
            return token(.word(word))
        }
        if Self.isDigit(character) {
            return try readNumber(start: start)
        }
        switch character {
        case "#", "$", "@":
            position += 1
            guard let next = current, Self.startsWord(next) else {
                throw .unexpectedToken(String(character), offset: start, format: format, expected: "a name after \(character)")
            }
            let word = readWord()
            return token(character == "#" ? .escapedWord(word) : character == "$" ? .variable(word) : .atWord(word))
        case "\"", "'":
            return try readString(quote: character, start: start)
        case "%":
            return try readSpecifier(start: start)
        default:
            break
        }
        let pair = String(character) + (peek().map(String.init) ?? "")
        if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(pair) {
            position += 2
            return token(.symbol(pair))
        }
        if "=<>!(){},.[]-+*/".unicodeScalars.contains(character) {
            position += 1
            return token(.symbol(String(character)))
        }
        throw .unexpectedToken(String(character), offset: start, format: format, expected: "a key, a value, an operator or a parenthesis")
    }

    private static func startsWord(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character.properties.isAlphabetic
    }

    /// Letters, digits, `_`, and the marks that combine with them (a decomposed `ë`).
    private static func continuesWord(_ character: Unicode.Scalar) -> Bool {
        if character == "_" || character.properties.isAlphabetic || character.properties.numericType != nil { return true }
        switch character.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isDigit(_ character: Unicode.Scalar?) -> Bool {
        character.map { ("0"..."9").contains($0) } ?? false
    }

    private static func isHexDigit(_ character: Unicode.Scalar?) -> Bool {
        character.map { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) } ?? false
    }

    private func text(_ range: Range<Int>) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: characters[range])
        return result
    }

    private mutating func readWord() -> String {
        let start = position
        while let character = current, Self.continuesWord(character) { position += 1 }
        return text(start..<position)
    }

    private mutating func readNumber(start: Int) throws(FetchPredicateError) -> PredicateToken {
        func isDigit(_ character: Unicode.Scalar?) -> Bool { Self.isDigit(character) }
        if current == "0", let x = peek(), x == "x" || x == "X" {
            position += 2
            while Self.isHexDigit(current) { position += 1 }
            let text = text(start..<position)
            guard text.count > 2 else { throw .invalidNumber(text, offset: start, format: format) }
            return PredicateToken(kind: .integer(text), offset: start, text: text)
        }
        var isReal = false
        while isDigit(current) { position += 1 }
        if current == ".", isDigit(peek()) {
            isReal = true
            position += 1
            while isDigit(current) { position += 1 }
        }
        if let e = current, e == "e" || e == "E" {
            let sign = peek()
            let digitsAt = sign == "+" || sign == "-" ? 2 : 1
            if isDigit(peek(digitsAt)) {
                isReal = true
                position += digitsAt
                while isDigit(current) { position += 1 }
            }
        }
        if let character = current, Self.startsWord(character) {
            while let character = current, Self.continuesWord(character) { position += 1 }
            throw .invalidNumber(text(start..<position), offset: start, format: format)
        }
        let text = text(start..<position)
        return PredicateToken(kind: isReal ? .real(text) : .integer(text), offset: start, text: text)
    }

    private mutating func readString(quote: Unicode.Scalar, start: Int) throws(FetchPredicateError) -> PredicateToken {
        position += 1
        var value = ""
        while let character = current {
            position += 1
            if character == quote {
                return PredicateToken(kind: .string(value), offset: start, text: text(start..<position))
            }
            guard character == "\\", let escaped = current else {
                value.unicodeScalars.append(character)
                continue
            }
            position += 1
            switch escaped {
            case "\\", "\"", "'": value.unicodeScalars.append(escaped)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\u{0}")
            case "u":
                let digits = characters[position..<min(position + 4, characters.count)]
                if digits.count == 4, digits.allSatisfy({ Self.isHexDigit($0) }), let code = UInt32(text(position..<(position + 4)), radix: 16),
                   let scalar = Unicode.Scalar(code) {
                    value.unicodeScalars.append(scalar)
                    position += 4
                } else {
                    value.append("\\u")
                }
            default:
                // Unknown escapes stay as written, so LIKE patterns such as 'a\*' keep their backslash.
                value.append("\\")
                value.unicodeScalars.append(escaped)
            }
        }
        throw .unterminatedString(offset: start, format: format)
    }

    private mutating func readSpecifier(start: Int) throws(FetchPredicateError) -> PredicateToken {
        position += 1
        var length = ""
        while current == "l" && length.count < 2 {
            length.append("l")
            position += 1
        }
        guard let conversion = current, "@Kdiufge".unicodeScalars.contains(conversion), length.isEmpty || "diufge".unicodeScalars.contains(conversion) else {
            let text = text(start..<min(position + 1, characters.count))
            throw .unexpectedToken(text, offset: start, format: format, expected: "a format specifier: %@, %K, %d, %i, %ld, %u, %f")
        }
        position += 1
        let text = text(start..<position)
        return PredicateToken(kind: .specifier(text), offset: start, text: text)
    }
}
