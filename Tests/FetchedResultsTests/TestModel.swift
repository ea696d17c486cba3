import Foundation
import ObjectStore

final class Sport: ManagedObject {
    @Attribute(.unique) var name = ""
    @Attribute var rank = 0
    @Relationship(deleteRule: .cascade, inverse: \Match.sport) var matches: Set<Match>
}

final class Match: ManagedObject {
    @Attribute var title = ""
    @Attribute(.indexed) var group = ""
    @Attribute var score = 0
    @Attribute var isLive = false
    @Attribute var note: String?
    @Attribute var serverID = 0
    @Attribute var uuid = UUID()
    @Relationship(deleteRule: .nullify) var sport: Sport?

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Match.group, \Match.score)]
    }
}

enum TestModel {
    static let model = ManagedObjectModel([Sport.self, Match.self])

    static func inMemory() throws -> PersistentContainer {
        try PersistentContainer(name: "FetchedResultsTests", model: model, store: .inMemory)
    }
}

/// A small deterministic generator for seeded random tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Reads a count from the environment so longer runs can raise it.
func caseCount(_ variable: String, default value: Int) -> Int {
    ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? value
}
