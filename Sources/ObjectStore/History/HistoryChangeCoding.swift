import Foundation

/// The binary form of a transaction's changes, kept in `Z_HISTORY_TRANSACTION.Z_CHANGES`: one
/// value per commit, so that recording the history costs one row per commit, not one per object.
///
/// Layout, integers as unsigned LEB128 varints: the count of names, then each name (its UTF-8
/// length and bytes; entity and property names, each once); the count of changes, then each
/// change: its entity's name index, its key (the bits of the `Int64`), its type
/// (``HistoryChangeType`` raw value), its count of updated properties and their name indexes,
/// and the length of its tombstone (0 for none) and the tombstone (``HistoryTombstone``).
package enum HistoryChangeCoding {
    /// The encoding of no changes (no names, no changes), as an SQL blob literal.
    static let emptySQL = "x'0000'"
    /// The encoding of no changes.
    package static let empty: [UInt8] = [0, 0]

    /// The encoded changes of a commit: what `batch` wrote, as `outcome` says it wrote it.
    package static func encode(_ batch: CommitBatch, outcome: CommitOutcome, entityBindings: [EntityBinding]) throws -> [UInt8] {
        var recorder = HistoryRecorder(entityBindings: entityBindings)
        try recorder.record(batch, outcome: outcome)
        return encode(recorder.rows)
    }

    static func encode(_ rows: [HistoryRecorder.Row]) -> [UInt8] {
        var names = NameTable()
        var body: [UInt8] = []
        body.reserveCapacity(rows.count * 8)
        appendVarint(UInt64(rows.count), to: &body)
        // Rows of one commit mostly share an entity: its name is looked up once per run of them.
        var lastBinding: UInt32?
        var lastEntityIndex = 0
        for row in rows {
            if row.id.binding != lastBinding {
                lastBinding = row.id.binding
                lastEntityIndex = names.index(of: row.id.entity.name)
            }
            appendVarint(UInt64(lastEntityIndex), to: &body)
            appendVarint(UInt64(bitPattern: row.id.key), to: &body)
            appendVarint(UInt64(row.type.rawValue), to: &body)
            appendVarint(UInt64(row.properties.count), to: &body)
            for property in row.properties { appendVarint(UInt64(names.index(of: property)), to: &body) }
            guard let tombstone = row.tombstone else {
                body.append(0)
                continue
            }
            appendVarint(UInt64(tombstone.count), to: &body)
            tombstone.withUnsafeBytes { body.append(contentsOf: $0) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + names.names.count * 12)
        appendVarint(UInt64(names.names.count), to: &bytes)
        for name in names.names {
            let utf8 = Array(name.utf8)
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
        bytes.append(contentsOf: body)
        return bytes
    }

    /// The names an encoding lists, each once, in the order first used.
    private struct NameTable {
        private(set) var names: [String] = []
        /// By name, once there are too many names to compare one by one.
        private var indexes: [String: Int] = [:]

        /// The index of `name`, added when new. A few names (a commit's usual entity and
        /// properties) are compared in turn, without hashing.
        mutating func index(of name: String) -> Int {
            if indexes.isEmpty {
                if let index = names.firstIndex(of: name) { return index }
            } else if let index = indexes[name] {
                return index
            }
            names.append(name)
            if names.count > 16 {
                if indexes.isEmpty { for (index, known) in names.enumerated() { indexes[known] = index } }
                indexes[name] = names.count - 1
            }
            return names.count - 1
        }
    }

    /// The changes in `bytes`, with `objectID` naming each (nil leaves the change out: an entity
    /// the model no longer has); nil when the bytes cannot be read.
    package static func decode(_ bytes: [UInt8], objectID: (String, Int64) -> ObjectID?) -> [HistoryChange]? {
        var reader = Reader(bytes: bytes)
        guard let nameCount = reader.varint() else { return nil }
        var names: [String] = []
        for _ in 0..<nameCount {
            guard let name = reader.string() else { return nil }
            names.append(name)
        }
        guard let changeCount = reader.varint() else { return nil }
        var changes: [HistoryChange] = []
        changes.reserveCapacity(Int(min(changeCount, 1 << 20)))
        for _ in 0..<changeCount {
            guard let entity = reader.name(in: names), let key = reader.varint(),
                  let type = reader.varint().flatMap({ HistoryChangeType(rawValue: Int($0)) }),
                  let propertyCount = reader.varint() else { return nil }
            var properties: Set<String> = []
            for _ in 0..<propertyCount {
                guard let name = reader.name(in: names) else { return nil }
                properties.insert(name)
            }
            guard let tombstone = reader.chunk() else { return nil }
            guard let id = objectID(entity, Int64(bitPattern: key)) else { continue }
            changes.append(HistoryChange(
                changedObjectID: id, changeType: type, updatedProperties: properties,
                tombstone: type == .delete ? (tombstone.isEmpty ? [:] : HistoryTombstone.decode(Data(tombstone)) ?? [:]) : nil))
        }
        return changes
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Reads the encoding front to back; every read returns nil past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        mutating func chunk() -> ArraySlice<UInt8>? {
            guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
            defer { offset += Int(count) }
            return bytes[offset..<offset + Int(count)]
        }

        mutating func string() -> String? {
            chunk().map { String(decoding: $0, as: UTF8.self) }
        }

        mutating func name(in names: [String]) -> String? {
            guard let index = varint(), index < UInt64(names.count) else { return nil }
            return names[Int(index)]
        }
    }
}
