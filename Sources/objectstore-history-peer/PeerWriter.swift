import DiffableSupport
import Foundation
import ObjectStore
import SeededRandom

/// Saves random changes: fixtures inserted, moved, rescored and deleted, teams inserted,
/// re-ranked and deleted (their fixtures with them); one commit in six is a batch operation
/// instead (``RandomBatch``). Prints `committed <token>` after each commit that changed anything.
struct PeerWriter {
    let path: String
    let seed: UInt64
    let saves: Int
    let pauseMilliseconds: Int
    /// The store's history retention in this process, when not the default.
    let historyRetention: Double?

    func run() throws {
        let container = try PeerModel.container(path: path, historyRetention: historyRetention)
        let context = container.newBackgroundContext(name: "writer \(ProcessInfo.processInfo.processIdentifier)")
        // Writers change the same teams and fixtures: the last save wins, key by key.
        context.mergePolicy = .mergeByPropertyObjectTrump
        let prefix = "p\(ProcessInfo.processInfo.processIdentifier)-\(seed)"
        var generator = SplitMix64(seed: seed)
        for save in 0..<saves {
            let token = try context.performAndWait { try Self.saveRandomChanges(in: context, prefix: "\(prefix)-\(save)", using: &generator) }
            PeerOutput.write("committed", token)
            if pauseMilliseconds > 0 { Thread.sleep(forTimeInterval: Double(pauseMilliseconds) / 1000) }
        }
    }
}

extension PeerWriter {
    /// Saves one commit of random changes in `context`, on its queue: one to four edits, or one
    /// time in six a batch operation. New objects are named `<prefix>-<number>`. Returns the
    /// token of the commit, nil when it changed nothing.
    static func saveRandomChanges(in context: ManagedObjectContext, prefix: String, using generator: inout SplitMix64) throws -> HistoryToken? {
        if Int.random(in: 0..<6, using: &generator) == 0 {
            return try RandomBatch(context: context, prefix: prefix).run(&generator)
        }
        var edits = RandomEdits(context: context, prefix: prefix)
        for _ in 0..<Int.random(in: 1...4, using: &generator) { try edits.apply(Int.random(in: 0..<100, using: &generator), &generator) }
        return try edits.save()
    }
}

/// One save's random edits.
private struct RandomEdits {
    let context: ManagedObjectContext
    let prefix: String
    var made = 0
    private var token: HistoryToken?

    init(context: ManagedObjectContext, prefix: String) {
        self.context = context
        self.prefix = prefix
    }

    mutating func apply(_ kind: Int, _ generator: inout SplitMix64) throws {
        made += 1
        let groups = ["A", "B", "C", "D", "E"]
        let value = Int.random(in: 0..<1000, using: &generator)
        var teams = FetchRequest<PeerTeam>()
        teams.sortDescriptors = [FetchSortDescriptor(\.name)]
        let knownTeams = try context.fetch(teams).filter { !$0.isDeleted }
        switch kind {
        case 0..<40:
            let fixture = try context.insert(PeerFixture.self)
            fixture.title = "\(prefix)-\(made)"
            fixture.group = groups[value % groups.count]
            fixture.score = value
            fixture.team = knownTeams.isEmpty || value % 4 == 0 ? nil : knownTeams[value % knownTeams.count]
        case 40..<55:
            let team = try context.insert(PeerTeam.self)
            team.name = "\(prefix)-\(made)"
            team.rank = value % 10
        case 55..<65 where !knownTeams.isEmpty:
            knownTeams[value % knownTeams.count].rank = value % 10
        case 65..<68 where !knownTeams.isEmpty:
            context.delete(knownTeams[value % knownTeams.count])
        default:
            var request = FetchRequest<PeerFixture>()
            request.sortDescriptors = [FetchSortDescriptor(\.title)]
            let fixtures = try context.fetch(request).filter { !$0.isDeleted }
            guard !fixtures.isEmpty else { return }
            let fixture = fixtures[value % fixtures.count]
            switch kind % 3 {
            case 0: context.delete(fixture)
            case 1: fixture.score = value
            default: fixture.group = groups[value % groups.count]
            }
        }
    }

    /// Saves; the token of the commit, read from the change set the save published, nil when
    /// the commit changed nothing (every edit met a row another writer had changed or deleted
    /// the same way): no context merges such a commit.
    mutating func save() throws -> HistoryToken? {
        guard context.hasChanges else { return nil }
        let saved = Locked<HistoryToken?>(nil)
        let observation = context.addChangeObserver { event in
            guard event.kind == .save, let changeSet = event.changeSet, !changeSet.isEmpty else { return }
            saved.withLock { $0 = changeSet.historyToken }
        }
        defer { observation.cancel() }
        try context.save()
        return saved.withLock { $0 }
    }
}
