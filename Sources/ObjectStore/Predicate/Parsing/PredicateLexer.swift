/// Splits a predicate format string into tokens, recording each token's character offset.
struct PredicateLexer {
    private let format: String
    private let characters: [Character]
    private var position = 0

    init(_ format: String) {
        self.format = format
        self.characters = Array(format)
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

    private var current: Character? {
        position < characters.count ? characters[position] : nil
    }

    private func peek(_ distance: Int = 1) -> Character? {
        position + distance < characters.count ? characters[position + distance] : nil
    }

    private mutating func next() throws(FetchPredicateError) -> PredicateToken {
        while let character = current, character.isWhitespace { position += 1 }
        let start = position
        guard let character = current else { return PredicateToken(kind: .end, offset: start, text: "") }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, offset: start, text: String(characters[start..<position]))
        }
        if Self.startsWord(character) {
            return token(.word(readWord()))
        }
        if character.isASCII, character.isNumber {
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
        if "=<>!(){},.[]-".contains(character) {
            position += 1
            return token(.symbol(String(character)))
        }
        throw .unexpectedToken(String(character), offset: start, format: format, expected: "a key, a value, an operator or a parenthesis")
    }

    private static func startsWord(_ character: Character) -> Bool {
        character == "_" || character.isLetter
    }

    private mutating func readWord() -> String {
        let start = position
        while let character = current, character == "_" || character.isLetter || character.isNumber { position += 1 }
        return String(characters[start..<position])
    }

    private mutating func readNumber(start: Int) throws(FetchPredicateError) -> PredicateToken {
        func isDigit(_ character: Character?) -> Bool { character.map { $0.isASCII && $0.isNumber } ?? false }
        if current == "0", let x = peek(), x == "x" || x == "X" {
            position += 2
            while let character = current, character.isHexDigit { position += 1 }
            let text = String(characters[start..<position])
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
            while let character = current, character == "_" || character.isLetter || character.isNumber { position += 1 }
            throw .invalidNumber(String(characters[start..<position]), offset: start, format: format)
        }
        let text = String(characters[start..<position])
        return PredicateToken(kind: isReal ? .real(text) : .integer(text), offset: start, text: text)
    }

    private mutating func readString(quote: Character, start: Int) throws(FetchPredicateError) -> PredicateToken {
        position += 1
        var value = ""
        while let character = current {
            position += 1
            if character == quote {
                return PredicateToken(kind: .string(value), offset: start, text: String(characters[start..<position]))
            }
            guard character == "\\", let escaped = current else {
                value.append(character)
                continue
            }
            position += 1
            switch escaped {
            case "\\", "\"", "'": value.append(escaped)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\u{0}")
            case "u":
                let digits = characters[position..<min(position + 4, characters.count)]
                if digits.count == 4, let code = UInt32(String(digits), radix: 16), let scalar = Unicode.Scalar(code) {
                    value.unicodeScalars.append(scalar)
                    position += 4
                } else {
                    value.append("\\u")
                }
            default:
                // Unknown escapes stay as written, so LIKE patterns such as 'a\*' keep their backslash.
                value.append("\\")
                value.append(escaped)
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
        guard let conversion = current, "@Kdiufge".contains(conversion), length.isEmpty || "diufge".contains(conversion) else {
            let text = String(characters[start..<min(position + 1, characters.count)])
            throw .unexpectedToken(text, offset: start, format: format, expected: "a format specifier: %@, %K, %d, %i, %ld, %u, %f")
        }
        position += 1
        let text = String(characters[start..<position])
        return PredicateToken(kind: .specifier(text), offset: start, text: text)
    }
}
