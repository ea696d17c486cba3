/// SQL identifiers (schema and table names) as the store writes them into statements: names
/// cannot be bind parameters, so they are checked to be plain and then quoted.
package enum PostgreSQLIdentifier {
    /// Whether `name` is 1 to 63 ASCII lowercase letters, digits and underscores, not starting
    /// with a digit: a name PostgreSQL keeps as it is, quoted or not.
    package static func isPlain(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), let first = bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `name` in double quotes, with any double quote in it doubled.
    package static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
