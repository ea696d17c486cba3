import Foundation

extension PageModel {
    /// Applies a batch update the way UIKit reads it, as the page's script does.
    mutating func applyUpdate(_ message: [String: Any]) throws {
        let ints = { (name: String) -> [[Int]] in
            (message[name] as? [Any] ?? []).map { ($0 as? [Any] ?? [$0]).compactMap { ($0 as? NSNumber)?.intValue } }
        }
        let entries = { (name: String) -> [[Any]] in (message[name] as? [Any] ?? []).compactMap { $0 as? [Any] } }
        let old = sections
        let deletedSections = Set(ints("sd").map { $0[0] })
        let reloaded = Dictionary(uniqueKeysWithValues: try entries("sr").map { (($0[0] as! NSNumber).intValue, try Self.section($0[2])) })
        let movedSections = Dictionary(uniqueKeysWithValues: ints("sm").map { ($0[0], $0[1]) })
        let deleted = Set(ints("d").map { [$0[0], $0[1]] })
        let movedOut = Set(ints("m").map { [$0[0], $0[1]] })
        var working = old
        for entry in entries("r") {
            let (s, i) = ((entry[0] as! NSNumber).intValue, (entry[1] as! NSNumber).intValue)
            working[s].rows[i].cell = Self.cell(entry[2])
        }

        var placed: [(Int, Section, origin: Int?)] = try entries("si").map { ((($0[0] as! NSNumber).intValue), try Self.section($0[1]), nil) }
        placed += movedSections.map { ($0.value, working[$0.key], $0.key) }
        var kept: [(Section, origin: Int?)] = []
        for index in old.indices where !deletedSections.contains(index) && movedSections[index] == nil {
            kept.append(reloaded[index].map { ($0, nil) } ?? (working[index], index))
        }
        let count = old.count - deletedSections.count + entries("si").count
        let next = try Self.place(count, placed.map { ($0.0, ($0.1, $0.origin)) }, kept)

        let inserts = Dictionary(grouping: entries("i"), by: { ($0[0] as! NSNumber).intValue })
        let movesIn = Dictionary(grouping: ints("m"), by: { $0[2] })
        sections = try next.enumerated().map { index, entry in
            var (section, origin) = entry
            guard let from = origin else { return section }
            let remaining = section.rows.indices.filter { !deleted.contains([from, $0]) && !movedOut.contains([from, $0]) }.map { section.rows[$0] }
            var rows: [(Int, Row)] = (inserts[index] ?? []).map {
                (($0[1] as! NSNumber).intValue, Row(key: ($0[2] as! NSNumber).intValue, cell: Self.cell($0[3])))
            }
            rows += (movesIn[index] ?? []).map { ($0[3], working[$0[0]].rows[$0[1]]) }
            section.rows = try Self.place(remaining.count + rows.count, rows, remaining)
            return section
        }
        for entry in entries("c") {
            let (s, i) = ((entry[0] as! NSNumber).intValue, (entry[1] as! NSNumber).intValue)
            sections[s].rows[i].cell = Self.cell(entry[2])
        }
    }

    /// Puts each of `placed` at its index and fills the other slots, in order, with `kept`.
    static func place<Element>(_ count: Int, _ placed: [(Int, Element)], _ kept: [Element]) throws -> [Element] {
        var result = [Element?](repeating: nil, count: count)
        for (index, element) in placed {
            guard result.indices.contains(index), result[index] == nil else { throw Failure(description: "index \(index) placed twice or out of 0..<\(count)") }
            result[index] = element
        }
        var remaining = kept[...]
        for index in result.indices where result[index] == nil {
            guard let element = remaining.popFirst() else { throw Failure(description: "too few elements to fill \(count) slots") }
            result[index] = element
        }
        guard remaining.isEmpty else { throw Failure(description: "\(remaining.count) elements left over after filling \(count) slots") }
        return result.map { $0! }
    }
}
