// libFuzzer target for predicates: the input is a format string (up to the first NUL byte)
// followed by encoded arguments. It is parsed, then for each entity of a small model compiled
// and run two ways: in SQL by a fetch and in memory on every object, in a context without unsaved
// changes (quantifiers answered by the store) and in one with unsaved objects (quantifiers
// evaluated member by member). The answers must agree; a store failure (SQL that SQLite rejects)
// is a finding too. Uses the public API only. Built and run by Fuzz/fuzz.sh.
import Foundation
import ObjectStore

// The entities (Region, Club, Player, Medal) are those of the predicate tests:
// Tests/ObjectStoreTests/Predicates/PredicateEntities.swift is compiled in.

/// The store, filled once, and two contexts: one without changes, one with unsaved objects.
private struct Fixture {
    let container: PersistentContainer
    let clean: ManagedObjectContext
    let dirty: ManagedObjectContext
    let objectIDs: [ObjectID]

    init() {
        do {
            let model = ManagedObjectModel([Region.self, Club.self, Player.self, Medal.self])
            container = try PersistentContainer(name: "PredicateFuzz", model: model, store: .inMemory)
            let seed = container.newBackgroundContext()
            objectIDs = try seed.performAndWait { () throws(ObjectStoreError) -> [ObjectID] in try Self.fill(seed) }
            clean = container.newBackgroundContext()
            dirty = container.newBackgroundContext()
            let dirty = dirty
            try dirty.performAndWait { () throws(ObjectStoreError) in
                _ = try dirty.insert(Region.self)
                _ = try dirty.insert(Club.self)
                let player = try dirty.insert(Player.self)
                player.name = "unsaved"
                _ = try dirty.insert(Medal.self)
            }
        } catch {
            fatalError("cannot set up the fuzz store: \(error)")
        }
    }

    private static func fill(_ context: ManagedObjectContext) throws(ObjectStoreError) -> [ObjectID] {
        let north = try context.insert(Region.self)
        north.title = "North"
        north.code = 1
        let south = try context.insert(Region.self)
        south.title = "Süd"
        let lions = try context.insert(Club.self)
        lions.name = "Lions"
        lions.rank = 1
        lions.region = north
        let bears = try context.insert(Club.self)
        bears.name = "bears"
        bears.region = south
        let empty = try context.insert(Club.self)
        empty.rank = -3
        let gold = try context.insert(Medal.self)
        gold.label = "gold"
        let silver = try context.insert(Medal.self)
        silver.label = "SILVER"
        _ = try context.insert(Medal.self)
        let names: [String?] = ["Ann", "ann", "Ärger", "straße", "", nil, "a%b_c*", "😀 x", "Zoë", "O'Neil\\"]
        var players: [Player] = []
        for (index, name) in names.enumerated() {
            let player = try context.insert(Player.self)
            player.name = name
            player.nick = name?.uppercased() ?? "n\(index)"
            player.age = index % 3 == 0 ? nil : index * 7 - 20
            player.level = index
            player.score = index % 4 == 0 ? nil : Double(index) / 3 - 1
            player.active = index % 2 == 0
            player.born = index % 5 == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(index * 1000))
            player.tag = index % 2 == 0 ? UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)") : nil
            player.blob = index % 3 == 1 ? Data([UInt8(index), 0, 255]) : nil
            player.salary = index % 4 == 1 ? nil : Decimal(index) / 4
            player.club = [lions, bears, nil][index % 3]
            player.mentor = players.last
            if index % 2 == 0 { player.medals = [gold] }
            if index % 3 == 0 { player.medals.insert(silver) }
            players.append(player)
        }
        try context.save()
        return [north.objectID, lions.objectID, gold.objectID] + players.map(\.objectID)
    }
}

nonisolated(unsafe) private var fixture: Fixture?

/// Reads arguments from the bytes after the format string.
private struct ArgumentReader {
    var bytes: ArraySlice<UInt8>
    let objectIDs: [ObjectID]

    mutating func byte() -> UInt8? { bytes.popFirst() }

    mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte() ?? 0) }
        return value
    }

    mutating func text() -> String {
        let count = Int(byte() ?? 0) % 24
        var result: [UInt8] = []
        for _ in 0..<count { result.append(byte() ?? 0) }
        return String(decoding: result, as: UTF8.self)
    }

    mutating func value(nested: Bool = false) -> PredicateValue? {
        guard let tag = byte() else { return nil }
        switch tag % 11 {
        case 0: return .null
        case 1: return .bool(tag & 0x80 != 0)
        case 2: return .integer(Int64(Int8(bitPattern: byte() ?? 0)))
        case 3: return .integer(Int64(bitPattern: word()))
        case 4: return .double(Double(bitPattern: word()))
        case 5: return .string(text())
        case 6: return .date(Date(timeIntervalSinceReferenceDate: Double(Int16(bitPattern: UInt16(word() & 0xFFFF)))))
        case 7: return Decimal(string: text()).map(PredicateValue.decimal) ?? .decimal(Decimal(Int(Int8(bitPattern: byte() ?? 0))) / 8)
        case 8:
            guard !nested else { return .integer(1) }
            var elements: [PredicateValue] = []
            for _ in 0..<(Int(byte() ?? 0) % 6) { elements.append(value(nested: true) ?? .null) }
            return .collection(elements)
        case 9: return objectIDs.isEmpty ? .null : .objectID(objectIDs[Int(byte() ?? 0) % objectIDs.count])
        default: return (byte() ?? 0) % 2 == 0 ? .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))) : .data(Data(text().utf8))
        }
    }
}

private func describe(_ error: ObjectStoreError) -> String { "\(error)" }

/// Runs `predicate` in SQL and in memory in `context` and checks that they agree; returns whether
/// it compiled for the entity.
@discardableResult
private func compare<Entity: ManagedObject>(_ predicate: FetchPredicate<Entity>, in context: ManagedObjectContext, pending: Bool) -> Bool {
    context.performAndWait {
        var request = FetchRequest<Entity>(predicate: predicate)
        request.includesPendingChanges = pending
        let everything: [ManagedObject]
        do {
            var all = FetchRequest<Entity>()
            all.includesPendingChanges = pending
            everything = Array(try context.fetch(all))
        } catch {
            fatalError("fetching every \(Entity.self) failed: \(error)")
        }
        var memory: Set<ObjectID> = []
        var memoryError: ObjectStoreError?
        for object in everything {
            do throws(ObjectStoreError) {
                if try predicate.evaluate(with: object as! Entity) { memory.insert(object.objectID) }
            } catch {
                memoryError = error
                break
            }
        }
        do throws(ObjectStoreError) {
            let sql = Set(try context.fetchObjectIDs(request))
            if let memoryError { fatalError("\(predicate) on \(Entity.self): the fetch succeeded, evaluation failed: \(memoryError)") }
            if sql != memory {
                fatalError("\(predicate) on \(Entity.self) (pending changes: \(pending)): the fetch selected \(sql.count) objects, evaluation \(memory.count): only fetched \(sql.subtracting(memory)), only evaluated \(memory.subtracting(sql))")
            }
            return true
        } catch {
            switch error {
            case .invalidFetchRequest:
                if memoryError == nil && !everything.isEmpty { fatalError("\(predicate) on \(Entity.self): evaluation succeeded, the fetch failed: \(error)") }
                return false
            default:
                fatalError("\(predicate) on \(Entity.self): the store failed: \(error)")
            }
        }
    }
}

private func run<Entity: ManagedObject>(_ node: FetchPredicate<Region>, as type: Entity.Type, format: String, arguments: [(any PredicateArgument)?], fixture: Fixture) {
    guard let predicate = try? FetchPredicate<Entity>(format: format, argumentArray: arguments) else { return }
    guard compare(predicate, in: fixture.clean, pending: false) else { return }
    compare(predicate, in: fixture.dirty, pending: true)
    // A predicate that compiles (so its keys are real names) formats to text that parses back to
    // the same text.
    if let reparsed = try? FetchPredicate<Entity>(format: predicate.predicateFormat), reparsed.predicateFormat != predicate.predicateFormat {
        fatalError("\(predicate.predicateFormat) reads back as \(reparsed.predicateFormat)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func predicateFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if fixture == nil { fixture = Fixture() }
    guard let data, let fixture else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let format = String(decoding: bytes[..<split], as: UTF8.self)
    var reader = ArgumentReader(bytes: ArraySlice(bytes[min(split + 1, bytes.count)...]), objectIDs: fixture.objectIDs)
    var arguments: [(any PredicateArgument)?] = []
    while arguments.count < 16, let value = reader.value() { arguments.append(value) }
    let parsed: FetchPredicate<Region>
    do {
        parsed = try FetchPredicate<Region>(format: format, argumentArray: arguments)
    } catch {
        // Every failure is a typed error with a message; make sure the message can be built.
        _ = error.description
        return 0
    }
    run(parsed, as: Region.self, format: format, arguments: arguments, fixture: fixture)
    run(parsed, as: Club.self, format: format, arguments: arguments, fixture: fixture)
    run(parsed, as: Player.self, format: format, arguments: arguments, fixture: fixture)
    run(parsed, as: Medal.self, format: format, arguments: arguments, fixture: fixture)
    return 0
}
