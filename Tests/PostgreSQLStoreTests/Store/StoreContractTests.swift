import FetchedResults
import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import TestSupport
import Testing

/// The stores a contract test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgreSQL

    var testDescription: String { rawValue }
}

extension PostgreSQLServerTests {
    /// What every store promises, checked on the SQLite store and the PostgreSQL store alike.
    @Suite("Every store keeps the same promises")
    struct StoreContractTests {
        /// A new, empty store of `kind` for `model`: a temporary SQLite file, or a schema of
        /// its own on the shared PostgreSQL server.
        static func description(_ kind: StoreKind, schema: String = uniqueSchema()) async throws -> StoreDescription {
            switch kind {
            case .sqlite:
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                return StoreDescription(location: .file(directory.appendingPathComponent("League.sqlite")))
            case .postgreSQL:
                return .postgreSQL(try await settings(schema: schema))
            }
        }

        static func container(_ kind: StoreKind, model: ManagedObjectModel = LeagueModel.model) async throws -> PersistentContainer {
            try PersistentContainer(name: "League", model: model, store: try await description(kind))
        }

        @Test func theSameFetchesGiveTheSameObjectsInTheSameOrderOnEveryStore() async throws {
            let sqlite = try await Self.container(.sqlite).newBackgroundContext()
            let postgreSQL = try await Self.container(.postgreSQL).newBackgroundContext()
            try sqlite.performAndWait { try LeagueModel.fill(sqlite) }
            try postgreSQL.performAndWait { try LeagueModel.fill(postgreSQL) }
            typealias Player = LeagueModel.Player
            let formats = [
                "TRUEPREDICATE", "number > 10", "number BETWEEN {5, 20}", "rating >= 2.5 AND isCaptain == NO", "note == nil", "note != nil",
                "name == 'bob'", "name ==[c] 'bob'", "name ==[cd] 'emile'", "name BEGINSWITH[cd] 'o'", "name CONTAINS 'e'",
                "name CONTAINS[c] 'E'", "name ENDSWITH[d] 'e'", "name LIKE 'player ?'", "name LIKE[c] '*TESTER'", "name MATCHES '[a-z]+'",
                "name < 'b'", "name >[c] 'm'", "name IN {'Ana', 'bob', 'nobody'}", "club.name == 'Ajax'", "club == nil",
                "club.founded > 1891", "ANY tags.label == 'fast'", "tags.@count == 0", "ANY tags.label BEGINSWITH 't'", "ALL tags.label != 'young'",
                "NOT (club.city CONTAINS[c] 'LIS')",
            ]
            let sorts: [[FetchSortDescriptor<Player>]] = [
                [FetchSortDescriptor(\.name)],
                [FetchSortDescriptor(\.name, ascending: false, comparator: .caseInsensitive)],
                [FetchSortDescriptor(\.name, comparator: .localizedStandard)],
                [FetchSortDescriptor(\.rating, ascending: false), FetchSortDescriptor(\.number)],
                [FetchSortDescriptor(\.note), FetchSortDescriptor(\.name)],
                [FetchSortDescriptor("club.name"), FetchSortDescriptor(\.number, ascending: false)],
            ]
            var compared = 0
            for format in formats {
                for (index, sort) in sorts.enumerated() {
                    var request = FetchRequest<Player>(predicate: try FetchPredicate(format: format), sortDescriptors: sort)
                    if index == 3 {
                        request.fetchLimit = 5
                        request.fetchOffset = 2
                    }
                    let expected = try sqlite.performAndWait { try sqlite.fetch(request).map(\.name) }
                    let found = try postgreSQL.performAndWait { try postgreSQL.fetch(request).map(\.name) }
                    #expect(found == expected, "\(format), sort \(index)")
                    let count = try postgreSQL.performAndWait { try postgreSQL.count(for: request) }
                    #expect(count == expected.count, "count of \(format), sort \(index)")
                    compared += 1
                }
            }
            #expect(compared == formats.count * sorts.count)
        }

        @Test(arguments: StoreKind.allCases)
        func updatesAndDeletesAreReadBackAndAStaleContextsSaveConflicts(_ kind: StoreKind) async throws {
            let container = try await Self.container(kind)
            let first = container.newBackgroundContext()
            let second = container.newBackgroundContext()
            let id = try first.performAndWait {
                let club = try first.insert(LeagueModel.Club.self)
                club.name = "Ajax"
                try first.save()
                return club.objectID
            }
            try second.performAndWait { _ = try second.existingObject(with: id, as: LeagueModel.Club.self).name }
            try first.performAndWait {
                try first.existingObject(with: id, as: LeagueModel.Club.self).city = "Amsterdam"
                try first.save()
            }
            let conflict = try second.performAndWait { () throws -> Bool in
                try second.existingObject(with: id, as: LeagueModel.Club.self).city = "Rotterdam"
                do {
                    try second.save()
                    return false
                } catch ObjectStoreError.saveConflict(let conflicts) {
                    return conflicts.map(\.objectID) == [id]
                }
            }
            #expect(conflict)
            let reader = container.newBackgroundContext()
            let city = try reader.performAndWait { try reader.existingObject(with: id, as: LeagueModel.Club.self).city }
            #expect(city == "Amsterdam")
            try first.performAndWait {
                first.delete(try first.existingObject(with: id, as: LeagueModel.Club.self))
                try first.save()
            }
            let remaining = try reader.performAndWait { try reader.fetch(FetchRequest<LeagueModel.Club>()).count }
            #expect(remaining == 0)
        }

        @Test(arguments: StoreKind.allCases)
        func aUniqueValueSavedTwiceFailsValidationAndTheStoreKeepsWhatItHad(_ kind: StoreKind) async throws {
            let context = try await Self.container(kind).newBackgroundContext()
            let failure = try context.performAndWait { () throws -> ObjectStoreError? in
                try context.insert(LeagueModel.Club.self).name = "Ajax"
                try context.save()
                try context.insert(LeagueModel.Club.self).name = "Ajax"
                do {
                    try context.save()
                    return nil
                } catch let error as ObjectStoreError {
                    return error
                }
            }
            guard case .validation(let failures)? = failure else {
                Issue.record("the second save did not fail validation: \(String(describing: failure))")
                return
            }
            #expect(failures == [.uniquenessViolated(entity: "ContractClub", keys: ["name"])])
            let count = try context.performAndWait {
                context.rollback()
                return try context.fetch(FetchRequest<LeagueModel.Club>()).count
            }
            #expect(count == 1)
        }

        @Test(arguments: StoreKind.allCases)
        func linksAndRelatedObjectsAreSavedAndReadBack(_ kind: StoreKind) async throws {
            let container = try await Self.container(kind)
            let writer = container.newBackgroundContext()
            try writer.performAndWait { try LeagueModel.fill(writer) }
            let reader = container.newBackgroundContext()
            let (fast, ajax, captains) = try reader.performAndWait { () throws -> ([String], [String], Int) in
                let tag = try #require(try reader.fetch(FetchRequest<LeagueModel.Tag>(predicate: try FetchPredicate(format: "label == 'fast'"))).first)
                let club = try #require(try reader.fetch(FetchRequest<LeagueModel.Club>(predicate: try FetchPredicate(format: "name == 'Ajax'"))).first)
                let captains = try reader.count(for: FetchRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: "isCaptain == YES")))
                return (tag.players.map(\.name).sorted(), club.players.map(\.name).sorted(), captains)
            }
            let expectedFast = LeagueModel.names.enumerated().filter { $0.offset % 3 == 0 }.map(\.element).sorted()
            let expectedAjax = LeagueModel.names.enumerated().filter { $0.offset % 7 != 6 && $0.offset % 3 == 0 }.map(\.element).sorted()
            #expect(fast == expectedFast)
            #expect(ajax == expectedAjax)
            #expect(captains == LeagueModel.names.indices.filter { $0 % 5 == 0 }.count)
        }

        @Test(arguments: StoreKind.allCases)
        func eachSaveAppendsOneHistoryTransactionWithItsAuthorAndChanges(_ kind: StoreKind) async throws {
            let context = try await Self.container(kind).newBackgroundContext()
            let transactions = try context.performAndWait { () throws -> [HistoryTransaction] in
                context.transactionAuthor = "importer"
                let club = try context.insert(LeagueModel.Club.self)
                club.name = "Ajax"
                try context.save()
                context.transactionAuthor = "editor"
                club.city = "Amsterdam"
                try context.save()
                return try context.fetchHistory(after: nil)
            }
            #expect(transactions.map(\.author) == ["importer", "editor"])
            #expect(transactions.map { $0.changes.map(\.changeType) } == [[.insert], [.update]])
            #expect(transactions.last?.changes.first?.updatedProperties == ["city"])
            #expect(transactions.map(\.token.generation) == transactions.map(\.token.generation).sorted())
        }

        @Test(arguments: StoreKind.allCases)
        func reopeningKeepsTheObjectsAndTheIdentifierAndALaterModelAddsItsAttribute(_ kind: StoreKind) async throws {
            let description = try await Self.description(kind)
            let first = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let context = first.newBackgroundContext()
            try context.performAndWait {
                try context.insert(LeagueModel.Club.self).name = "Ajax"
                try context.save()
            }
            let later = try PersistentContainer(name: "League", model: LeagueModel.laterModel, store: description)
            #expect(later.storeIdentifier == first.storeIdentifier)
            let reader = later.newBackgroundContext()
            let stadiums = try reader.performAndWait { try reader.fetch(FetchRequest<LeagueModel.ClubWithStadium>()).map { "\($0.name) \($0.stadium)" } }
            #expect(stadiums == ["Ajax unknown"])
        }

        @Test(arguments: StoreKind.allCases)
        @MainActor func anotherContainersSavesAreMergedIntoThisContainersViewContext(_ kind: StoreKind) async throws {
            let description = try await Self.description(kind)
            let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let there = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let club = try here.viewContext.insert(LeagueModel.Club.self)
            club.name = "Ajax"
            try here.viewContext.save()
            let id = try there.managedObjectID(forURIRepresentation: club.objectID.uriRepresentation())
            var remote = here.remoteChanges().makeAsyncIterator()
            let writer = there.newBackgroundContext()
            try writer.performAndWait {
                try writer.existingObject(with: id, as: LeagueModel.Club.self).city = "Amsterdam"
                try writer.insert(LeagueModel.Club.self).name = "Benfica"
                try writer.save()
            }
            await eventually { club.city == "Amsterdam" }
            let names = try here.viewContext.fetch(FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])).map(\.name)
            #expect(names == ["Ajax", "Benfica"])
            let change = await remote.next()
            #expect(change?.historyToken.storeIdentifier == here.storeIdentifier)
            #expect((change?.historyToken.generation ?? 0) >= 2)
        }

        @Test(arguments: StoreKind.allCases)
        @MainActor func aBatchUpdateWritesOnlyTheRowsThatDifferAndIsMergedLikeASave(_ kind: StoreKind) async throws {
            let container = try await Self.container(kind)
            let writer = container.newBackgroundContext()
            try writer.performAndWait { try LeagueModel.fill(writer) }
            let viewed = try container.viewContext.fetch(FetchRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: "name == 'bob'"))).first
            let player = try #require(viewed)
            let format = "name CONTAINS[c] 'B' OR isCaptain == YES"
            let differing = try writer.performAndWait {
                Set(try writer.fetchObjectIDs(FetchRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: "(\(format)) AND number != 99"))))
            }
            let result = try writer.performAndWait { () throws -> BatchUpdateResult in
                var request = BatchUpdateRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: format))
                request.set(\.number, to: 99)
                return try writer.execute(request)
            }
            #expect(Set(result.objectIDs) == differing, "only the rows whose number differed are written")
            let expected = try writer.performAndWait {
                writer.reset()
                return try writer.fetch(FetchRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: format)))
            }
            #expect(!expected.isEmpty)
            #expect(expected.allSatisfy { $0.number == 99 })
            await eventually { player.number == 99 }
            let history = try writer.performAndWait { try writer.fetchHistory(after: nil) }
            #expect(history.last?.changes.count == result.count)
        }

        @Test(arguments: StoreKind.allCases)
        func aBatchInsertWithAConstraintInsertsNewRowsAndUpdatesTheRowsItMatches(_ kind: StoreKind) async throws {
            let context = try await Self.container(kind).newBackgroundContext()
            let (result, clubs) = try context.performAndWait { () throws -> (BatchInsertResult, [String]) in
                try context.insert(LeagueModel.Club.self).name = "Ajax"
                try context.save()
                var request = BatchInsertRequest<LeagueModel.Club>(objects: [
                    ["name": "Ajax", "city": "Amsterdam"], ["name": "Benfica", "city": "Lisboa"], ["name": "Celtic", "city": "Glasgow"],
                ])
                request.uniquenessConstraint = ["name"]
                let result = try context.execute(request)
                context.reset()
                let clubs = try context.fetch(FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]))
                return (result, clubs.map { "\($0.name) \($0.city)" })
            }
            #expect(result.insertedObjectIDs.count == 2)
            #expect(result.updatedObjectIDs.count == 1)
            #expect(clubs == ["Ajax Amsterdam", "Benfica Lisboa", "Celtic Glasgow"])
        }

        @Test(arguments: StoreKind.allCases)
        func aBatchDeleteCascadesAndNullifiesAsDeletingTheObjectsOneByOneWould(_ kind: StoreKind) async throws {
            let context = try await Self.container(kind).newBackgroundContext()
            let (result, players, links) = try context.performAndWait { () throws -> (BatchDeleteResult, [String], Int) in
                try LeagueModel.fill(context)
                let result = try context.execute(BatchDeleteRequest<LeagueModel.Club>(predicate: try FetchPredicate(format: "city BEGINSWITH[c] 'a'")))
                context.reset()
                let players = try context.fetch(FetchRequest<LeagueModel.Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]))
                let links = try context.fetch(FetchRequest<LeagueModel.Tag>()).reduce(0) { $0 + $1.players.count }
                return (result, players.map(\.name), links)
            }
            let kept = LeagueModel.names.enumerated().filter { $0.offset % 7 == 6 || $0.offset % 3 != 0 }
            #expect(result.objectIDs.count == 1)
            #expect(result.cascadedObjectIDs.count == LeagueModel.names.count - kept.count)
            #expect(players == kept.map(\.element).sorted())
            #expect(links == kept.reduce(0) { count, player in count + (0..<3).filter { (player.offset + $0) % 3 == 0 }.count })
        }

        @Test(arguments: StoreKind.allCases)
        @MainActor func predicatesOverRelatedObjectsEvaluateInMemoryAsTheStoreSelects(_ kind: StoreKind) async throws {
            let container = try await Self.container(kind)
            let context = container.viewContext
            try LeagueModel.fill(context)
            let players = try context.fetch(FetchRequest<LeagueModel.Player>())
            for format in ["ANY tags.label == 'fast'", "tags.@count == 0", "club.name == 'Ajax'", "ALL tags.label != 'young'", "club.players.@count > 6"] {
                let predicate = try FetchPredicate<LeagueModel.Player>(format: format)
                let selected = Set(try context.fetchObjectIDs(FetchRequest(predicate: predicate)))
                let evaluated = Set(try players.filter { player throws(ObjectStoreError) in try predicate.evaluate(with: player) }.map(\.objectID))
                #expect(evaluated == selected, "\(format)")
            }
        }

        @Test func thePostgreSQLPlanNamesTheFiltersTheServerRunsAndThoseEvaluatedInMemory() async throws {
            let context = try await Self.container(.postgreSQL).newBackgroundContext()
            let plan = try context.performAndWait {
                try context.queryPlan(for: FetchRequest<LeagueModel.Player>(predicate: try FetchPredicate(format: "name CONTAINS[c] 'e'")))
            }
            #expect(plan.contains { $0.contains("Scan") }, "\(plan)")
            #expect(plan.last == "filtered in memory: name")
        }

        @Test @MainActor func theArticlesExampleOpensAContainerWhoseControllerFollowsAnotherHost() async throws {
            let url = try await PostgreSQLTestServer.shared().url
            let model = LeagueModel.model
            let schema = uniqueSchema()
            // As in the article "Many hosts on PostgreSQL", with the test server's URL.
            let store = try StoreDescription.postgreSQL(url: url, schema: schema)
            let container = try PersistentContainer(name: "Scores", model: model, store: store)
            let request = FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])
            let controller = FetchedResultsController<LeagueModel.Club>(fetchRequest: request, managedObjectContext: container.viewContext)
            try controller.performFetch()

            let otherHost = try PersistentContainer(name: "Scores", model: model, store: try StoreDescription.postgreSQL(url: url, schema: schema))
            let writer = otherHost.newBackgroundContext()
            try writer.performAndWait {
                try writer.insert(LeagueModel.Club.self).name = "Ajax"
                try writer.save()
            }
            await eventually { controller.fetchedObjects?.map(\.name) == ["Ajax"] }
            let password = try #require(try PostgreSQLSettings(url: url).password)
            #expect(!"\(store.location)".contains(password), "the store's location shows the password")
            #expect("\(store.location)".contains("***"))
        }
    }
}
