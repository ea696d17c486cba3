import Foundation

/// What a page shows, rebuilt from the wire messages by the same rules as the page's script: a
/// reference model of the script, so that the protocol is tested without a browser.
struct PageModel: Equatable {
    struct Row: Equatable {
        var key: Int
        var cell: [String: AnyHashable]
    }

    struct Section: Equatable {
        var key: Int
        var header: [String: AnyHashable]
        var rows: [Row]
    }

    var sections: [Section] = []
    var epoch: String?
    var generation: UInt64?

    /// Why a message could not be applied.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies one message (a full list, an update, or an array of updates applied in order), as
    /// the page does; returns the kind of each full list or update it held (`full` or `u`).
    @discardableResult
    mutating func apply(_ text: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try ((json as? [Any]) ?? [json]).map { part in
            guard let message = part as? [String: Any] else { throw Failure(description: "not a JSON object: \(text.prefix(80))") }
            try apply(message: message, text: text)
            return message["t"] as? String ?? ""
        }
    }

    private mutating func apply(message: [String: Any], text: String) throws {
        switch message["t"] as? String {
        case "full":
            sections = try (message["sections"] as? [Any] ?? []).map(Self.section)
            epoch = message["epoch"] as? String
            generation = (message["g"] as? NSNumber)?.uint64Value
        case "u":
            let next = (message["g"] as? NSNumber)?.uint64Value
            guard let generation, next == generation + 1 else {
                throw Failure(description: "generation \(String(describing: next)) does not follow \(String(describing: generation))")
            }
            try applyUpdate(message)
            self.generation = next
        default:
            throw Failure(description: "unknown message: \(text.prefix(80))")
        }
    }

    static func section(_ value: Any) throws -> Section {
        guard let parts = value as? [Any], parts.count == 3, let key = (parts[0] as? NSNumber)?.intValue,
            let header = parts[1] as? [String: Any], let rows = parts[2] as? [Any]
        else { throw Failure(description: "not a section: \(value)") }
        return Section(key: key, header: cell(header), rows: try rows.map(row))
    }

    static func row(_ value: Any) throws -> Row {
        guard let parts = value as? [Any], parts.count == 2, let key = (parts[0] as? NSNumber)?.intValue,
            let cell = parts[1] as? [String: Any]
        else { throw Failure(description: "not a row: \(value)") }
        return Row(key: key, cell: Self.cell(cell))
    }

    static func cell(_ value: Any) -> [String: AnyHashable] {
        guard let object = value as? [String: Any] else { return [:] }
        var cell: [String: AnyHashable] = [:]
        for (name, part) in object {
            if let strings = part as? [String] {
                cell[name] = strings
            } else if let string = part as? String {
                cell[name] = string
            }
        }
        return cell
    }

    /// The text fields of every row, section by section: what a person sees.
    var fields: [[[String]]] {
        sections.map { section in section.rows.map { $0.cell["f"] as? [String] ?? [] } }
    }
}
