import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// The state of one seeded run.
@MainActor struct ModelRun {
    let seed: UInt64
    var random: SplitMix64
    let container: PersistentContainer
    let context: ManagedObjectContext
    let writer: ManagedObjectContext
    /// Reads the store (reset before each read, so it holds nothing older).
    let reader: ManagedObjectContext
    var sports: [Sport] = []
    var mine: [Match] = []
    var theirs: [ObjectID] = []
    var controllers: [any CheckedController] = []
    var step = 0
    var lastOperation = "setup"
    var nextServerID = 1

    static let groups = ["A", "B", "C", "D", ""]
    static let sportNames = ["Football", "Rugby", "Squash", "Tennis", "Sailing", "Boxing"]
    static let predicates: [String?] = [nil, "score > 3", "isLive == YES", "sport.name BEGINSWITH 'S'", "group != 'C' AND score < 8", "note == nil OR score BETWEEN {2, 6}", "sport == nil OR sport.name < 'R'"]

    /// The predicates controllers take at random (nil for none).
    let predicates: [String?]

    /// A run from `seed` on `container`, a new, empty store, with controllers taking their
    /// predicates from `predicates`.
    init(seed: UInt64, container: PersistentContainer, predicates: [String?] = ModelRun.predicates) throws {
        self.seed = seed
        self.predicates = predicates
        random = SplitMix64(seed: seed)
        self.container = container
        context = container.viewContext
        writer = container.newBackgroundContext()
        reader = container.newBackgroundContext()
        for name in Self.sportNames { sports.append(try context.insertSport(name)) }
        for _ in 0..<20 { try insertMine() }
        try context.save()
        storeValues = readStoreValues()
        currentValues = try readCurrentValues()
        for index in 0..<4 { controllers.append(try makeController(index)) }
        controllers.append(try CheckedAggregate(index: 4, context: context, includesPendingChanges: true))
        controllers.append(try CheckedAggregate(index: 5, context: context, includesPendingChanges: false))
    }

    /// The committed values of every match as of the current step.
    var storeValues: [ObjectID: MatchValues] = [:]
    /// Whether the current step saved to the store (or merged a save).
    var storeChanged = true
    /// The values of every match the view context shows, as of the current step.
    var currentValues: [ObjectID: MatchValues] = [:]

    /// The values of every match the view context shows, its unsaved changes included.
    func readCurrentValues() throws -> [ObjectID: MatchValues] {
        var result: [ObjectID: MatchValues] = [:]
        for match in try context.fetch(Match.self) { result[match.objectID] = MatchValues(match) }
        return result
    }

    /// The committed values of every match, read in a fresh context (the store).
    func readStoreValues() -> [ObjectID: MatchValues] {
        let reader = self.reader
        return reader.performAndWait {
            reader.reset()
            var result: [ObjectID: MatchValues] = [:]
            var request = FetchRequest<Match>()
            request.relationshipKeyPathsForPrefetching = ["sport"]
            let matches = (try? reader.fetch(request)).map(Array.init) ?? []
            for match in matches { result[match.objectID] = MatchValues(match) }
            return result
        }
    }

    mutating func randomPredicate() throws -> FetchPredicate<Match>? {
        try predicates[Int.random(in: 0..<predicates.count, using: &random)].map { try FetchPredicate(format: $0) }
    }

    mutating func makeController(_ index: Int) throws -> any CheckedController {
        var request = FetchRequest<Match>()
        request.predicate = try randomPredicate()
        let shape = Int.random(in: 0..<4, using: &random)
        var section: String?
        switch shape {
        case 0:
            request.sortDescriptors = [FetchSortDescriptor(\.score, ascending: random.next() % 2 == 0), FetchSortDescriptor(\.title)]
        case 1:
            request.sortDescriptors = [FetchSortDescriptor(\.group, ascending: random.next() % 2 == 0), FetchSortDescriptor(\.score)]
            section = "group"
        case 2:
            request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.title, comparator: .caseInsensitive)]
            section = "sport.name"
        default:
            request.sortDescriptors = [FetchSortDescriptor(\.isLive), FetchSortDescriptor(\.score, ascending: false)]
        }
        if random.next() % 4 == 0 {
            request.fetchLimit = Int.random(in: 1...12, using: &random)
            request.fetchOffset = Int.random(in: 0...3, using: &random)
        }
        request.includesPendingChanges = random.next() % 3 != 0
        let label = "controller \(index) [\(request.predicate.map { "\($0)" } ?? "all") by \(request.sortDescriptors) section \(section ?? "-") limit \(request.fetchLimit) offset \(request.fetchOffset) pending \(request.includesPendingChanges)]"
        if random.next() % 2 == 0 {
            let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: section)
            return try Checked(label: label + " by ObjectID", controller: controller) { $0.objectID }
        }
        let controller = IdentifiedFetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: section, itemIdentifier: \Match.serverID)
        return try Checked(label: label + " by serverID", controller: controller) { $0.serverID }
    }

    mutating func randomValues(_ match: Match) {
        match.title = ["alpha", "Beta", "gamma", "Delta", "beta"][Int.random(in: 0..<5, using: &random)]
        match.group = Self.groups[Int.random(in: 0..<Self.groups.count, using: &random)]
        match.score = Int.random(in: 0..<10, using: &random)
        match.isLive = random.next() % 2 == 0
    }

    mutating func insertMine() throws {
        let match = try context.insertMatch("", serverID: nextServerID)
        nextServerID += 1
        randomValues(match)
        match.sport = random.next() % 5 == 0 ? nil : sports[Int.random(in: 0..<sports.count, using: &random)]
        mine.append(match)
    }

    mutating func run(steps: Int) async throws {
        for _ in 0..<steps {
            step += 1
            try await perform()
            storeChanged = lastOperation == "save" || lastOperation.hasPrefix("background")
            if storeChanged { storeValues = readStoreValues() }
            currentValues = try readCurrentValues()
            for controller in controllers { try controller.check(self) }
            if step % 250 == 0 {
                let index = Int.random(in: 0..<controllers.count, using: &random)
                let predicate = try randomPredicate()
                lastOperation = "refetch \(index) with \(predicate.map { "\($0)" } ?? "all")"
                storeValues = readStoreValues()
                try controllers[index].refetch(predicate: predicate, self)
            }
        }
    }

    /// One random change, reported to the view context's stream.
    mutating func perform() async throws {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<12 where mine.count < 25:
            lastOperation = "insert"
            try insertMine()
        case 0..<20 where !mine.isEmpty:
            let index = Int.random(in: 0..<mine.count, using: &random)
            lastOperation = "delete \(mine[index].objectID)"
            context.delete(mine.remove(at: index))
        case 20..<55 where !mine.isEmpty:
            let match = mine[Int.random(in: 0..<mine.count, using: &random)]
            lastOperation = "update \(match.objectID)"
            switch Int.random(in: 0..<6, using: &random) {
            case 0: match.score = Int.random(in: 0..<10, using: &random)
            case 1: match.group = Self.groups[Int.random(in: 0..<Self.groups.count, using: &random)]
            case 2: match.isLive.toggle()
            case 3: match.note = match.note == nil ? "note" : nil
            case 4: match.sport = random.next() % 4 == 0 ? nil : sports[Int.random(in: 0..<sports.count, using: &random)]
            default: randomValues(match)
            }
        case 55..<62:
            let sport = sports[Int.random(in: 0..<sports.count, using: &random)]
            lastOperation = "rename \(sport.name)"
            // A name no sport ever had: unique whatever is saved or not.
            sport.name = Self.sportNames[Int.random(in: 0..<Self.sportNames.count, using: &random)] + "\(step)"
        case 62..<80:
            lastOperation = "save"
            try context.save()
        default:
            lastOperation = "background"
            try await changeInBackground()
        }
        context.processPendingChanges()
    }

    /// Inserts, updates or deletes the background context's own matches, saves, and waits for
    /// the view context to merge.
    mutating func changeInBackground() async throws {
        let roll = theirs.count < 10 ? Int.random(in: 0..<3, using: &random) : Int.random(in: 1..<3, using: &random)
        let pick = theirs.isEmpty ? nil : Int.random(in: 0..<theirs.count, using: &random)
        let serverID = nextServerID
        nextServerID += 1
        let sportIDs = sports.map(\.objectID)
        let values = (Int.random(in: 0..<10, using: &random), Self.groups[Int.random(in: 0..<Self.groups.count, using: &random)], sportIDs[Int.random(in: 0..<sportIDs.count, using: &random)])
        let target = pick.map { theirs[$0] }
        let writer = self.writer
        let inserted: ObjectID? = try writer.performAndWait {
            switch (roll, target) {
            case (1, let id?):
                let match = try writer.existingObject(with: id, as: Match.self)
                match.score = values.0
                match.group = values.1
                try writer.save()
                return nil
            case (2, let id?):
                writer.delete(try writer.existingObject(with: id))
                try writer.save()
                return nil
            default:
                let match = try writer.insertMatch("theirs", group: values.1, score: values.0, serverID: serverID)
                match.sport = try writer.existingObject(with: values.2, as: Sport.self)
                try writer.save()
                return match.objectID
            }
        }
        if let inserted { theirs.append(inserted) } else if roll == 2, let pick { theirs.remove(at: pick) }
        lastOperation = "background \(["insert", "update", "delete"][roll])"
        await context.flush()
    }
}

extension ManagedObjectContext {
    /// Waits until every block queued on the context so far (merges included) has run.
    func flush() async {
        await perform {}
    }
}
