/// Small helpers for the SQL text the store writes.
enum SQL {
    /// A double-quoted identifier.
    static func quote(_ identifier: String) -> String {
        enclose(identifier, in: "\"")
    }

    /// A single-quoted string literal.
    static func literal(_ text: String) -> String {
        enclose(text, in: "'")
    }

    /// `text` between two `mark`s, each `mark` inside it doubled.
    private static func enclose(_ text: String, in mark: Character) -> String {
        var result = String(mark)
        for character in text {
            result.append(character)
            if character == mark { result.append(character) }
        }
        result.append(mark)
        return result
    }

    /// The quoted table of an entity.
    static func table(_ entity: EntityDescription) -> String {
        quote(entity.name)
    }

    /// `Z_PK, Z_OPT, "col1", "col2", …` for reading whole rows.
    static func rowColumns(_ entity: EntityDescription, alias: String? = nil) -> String {
        let prefix = alias.map { "\($0)." } ?? ""
        return (["Z_PK", "Z_OPT"] + entity.columnNames.map(quote)).map { prefix + $0 }.joined(separator: ", ")
    }
}
