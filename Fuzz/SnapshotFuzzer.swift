// libFuzzer target for the snapshot API: the input bytes are decoded into a sequence of snapshot
// operations (only valid ones are applied: misuse traps by design), each snapshot is checked
// against the model tests' reference model, and every pair of consecutive snapshots is diffed into a batch update
// that the validator must accept. Uses the public API only. Built and run by Fuzz/fuzz.sh.
import DiffableSnapshots

/// The model of Tests/DiffableSnapshotsTests/Support/ReferenceSnapshot.swift, compiled in.
private typealias Model = ReferenceSnapshot

/// Reads the input a byte at a time; zeros once it runs out.
private struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }
}

private typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

/// Item identifiers come from a small range, so items leave and come back between snapshots.
private let itemRange = 48
private let sectionRange = 10

private func fail(_ message: String, _ snapshot: Snapshot, _ log: [String]) -> Never {
    fatalError("\(message)\nafter: \(log.joined(separator: "; "))\nsnapshot: \(snapshot)")
}

private func check(_ snapshot: Snapshot, _ model: Model, _ log: [String]) {
    if let disagreement = model.disagreement(with: snapshot) { fail("snapshot and model disagree: \(disagreement)", snapshot, log) }
    // Identifiers that are absent are absent.
    for candidate in 0..<itemRange where model.location(of: candidate) == nil {
        guard snapshot.indexOfItem(candidate) == nil, snapshot.sectionIdentifier(containingItem: candidate) == nil else {
            fail("item \(candidate) should be absent", snapshot, log)
        }
    }
    for candidate in 0..<sectionRange where model.position(of: candidate) == nil {
        guard snapshot.indexOfSection(candidate) == nil else { fail("section \(candidate) should be absent", snapshot, log) }
    }
}

/// Diffs `old` into `new`, and both ways round; the validator must accept each update.
private func checkDiff(_ old: Snapshot, _ new: Snapshot, _ log: [String]) {
    for (from, to) in [(old, new), (new, old)] {
        let update = BatchUpdate(from: from, to: to)
        do {
            try update.validate(from: from, to: to)
        } catch {
            fail("the diff of\n\(from)\nto\n\(to)\nis invalid: \(error)\nupdate: \(update)", to, log)
        }
        if from == to, !update.isEmpty, to.reloadedItemIdentifiers.isEmpty, to.reconfiguredItemIdentifiers.isEmpty, to.reloadedSectionIdentifiers.isEmpty {
            fail("equal snapshots gave a non-empty update \(update)", to, log)
        }
    }
}

/// Applies the operation the next bytes describe, if it is valid; returns its description.
private func apply(_ reader: inout ByteReader, _ snapshot: inout Snapshot, _ model: inout Model) -> String? {
    let items = model.allItems
    let sectionIDs = model.sections.map(\.id)
    func freshItems() -> [Int] {
        var result: [Int] = []
        for _ in 0..<(reader.next() % 5) {
            let candidate = reader.next() % itemRange
            if model.location(of: candidate) == nil && !result.contains(candidate) { result.append(candidate) }
        }
        return result
    }
    func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[reader.next() % values.count] }

    switch reader.next() % 16 {
    case 0, 1:
        guard !sectionIDs.isEmpty else { return nil }
        let new = freshItems()
        let section = reader.next() % 2 == 0 ? pick(sectionIDs) : nil
        snapshot.appendItems(new, toSection: section)
        let position = section.flatMap(model.position(of:)) ?? model.sections.count - 1
        model.sections[position].items += new
        return "append \(new) to \(section.map(String.init) ?? "last")"
    case 2:
        guard let anchor = pick(items) else { return nil }
        let new = freshItems()
        let after = reader.next() % 2 == 0
        if after { snapshot.insertItems(new, afterItem: anchor) } else { snapshot.insertItems(new, beforeItem: anchor) }
        let (section, offset) = model.location(of: anchor)!
        model.sections[section].items.insert(contentsOf: new, at: offset + (after ? 1 : 0))
        return "insert \(new) \(after ? "after" : "before") \(anchor)"
    case 3, 4:
        guard !items.isEmpty else { return nil }
        let doomed = (0...(reader.next() % 4)).map { _ in reader.next() % (itemRange + 4) }
        snapshot.deleteItems(doomed)
        for index in model.sections.indices { model.sections[index].items.removeAll(where: doomed.contains) }
        model.forget(items: doomed)
        return "delete \(doomed)"
    case 5, 6:
        guard let item = pick(items), let anchor = pick(items) else { return nil }
        let after = reader.next() % 2 == 0
        if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
        model.moveItem(item, nextTo: anchor, after: after)
        return "move \(item) \(after ? "after" : "before") \(anchor)"
    case 7:
        var new: [Int] = []
        for _ in 0...(reader.next() % 3) {
            let candidate = reader.next() % sectionRange
            if model.position(of: candidate) == nil && !new.contains(candidate) { new.append(candidate) }
        }
        if sectionIDs.isEmpty || reader.next() % 2 == 0 {
            snapshot.appendSections(new)
            model.sections += new.map { ($0, []) }
            return "append sections \(new)"
        }
        let anchor = pick(sectionIDs)!
        let after = reader.next() % 2 == 0
        if after { snapshot.insertSections(new, afterSection: anchor) } else { snapshot.insertSections(new, beforeSection: anchor) }
        model.sections.insert(contentsOf: new.map { ($0, []) }, at: model.position(of: anchor)! + (after ? 1 : 0))
        return "insert sections \(new) \(after ? "after" : "before") \(anchor)"
    case 8:
        guard !sectionIDs.isEmpty else { return nil }
        let doomed = [reader.next() % (sectionRange + 2)]
        snapshot.deleteSections(doomed)
        for section in model.sections where doomed.contains(section.id) { model.forget(items: section.items) }
        model.sections.removeAll { doomed.contains($0.id) }
        model.reloadedSections.subtract(doomed)
        return "delete sections \(doomed)"
    case 9:
        guard let section = pick(sectionIDs), let anchor = pick(sectionIDs) else { return nil }
        let after = reader.next() % 2 == 0
        if after { snapshot.moveSection(section, afterSection: anchor) } else { snapshot.moveSection(section, beforeSection: anchor) }
        if section != anchor {
            let moved = model.sections.remove(at: model.position(of: section)!)
            model.sections.insert(moved, at: model.position(of: anchor)! + (after ? 1 : 0))
        }
        return "move section \(section) \(after ? "after" : "before") \(anchor)"
    case 10:
        guard let item = pick(items) else { return nil }
        snapshot.reloadItems([item])
        model.reloadedItems.insert(item)
        return "reload \(item)"
    case 11:
        guard let item = pick(items) else { return nil }
        snapshot.reconfigureItems([item])
        model.reconfiguredItems.insert(item)
        return "reconfigure \(item)"
    case 12:
        guard let section = pick(sectionIDs) else { return nil }
        snapshot.reloadSections([section])
        model.reloadedSections.insert(section)
        return "reload section \(section)"
    case 13:
        guard reader.next() % 4 == 0 else { return nil }
        snapshot.deleteAllItems()
        model = Model()
        return "delete all"
    default:
        // A fresh snapshot built from the model's identifiers (no marks): diffs against a
        // snapshot that shares no storage with the previous one.
        var rebuilt = Snapshot()
        rebuilt.appendSections(model.sections.map(\.id))
        for section in model.sections { rebuilt.appendItems(section.items, toSection: section.id) }
        snapshot = rebuilt
        model.reloadedItems = []
        model.reconfiguredItems = []
        model.reloadedSections = []
        return "rebuild"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    var snapshot = Snapshot()
    var model = Model()
    var log: [String] = []
    var checkpoint = snapshot
    while !reader.isAtEnd && log.count < 200 {
        let previous = snapshot
        guard let description = apply(&reader, &snapshot, &model) else { continue }
        log.append(description)
        check(snapshot, model, log)
        checkDiff(previous, snapshot, log)
        if reader.next() % 4 == 0 {
            checkDiff(checkpoint, snapshot, log)
            checkpoint = snapshot
        }
    }
    checkDiff(Snapshot(), snapshot, log)
    return 0
}
