import Foundation
import ObjectStore
import Testing

extension PostgreSQLServerTests {
    /// Text with the NUL character (U+0000), which PostgreSQL text cannot hold and SQLite can.
    @Suite("Text a store cannot hold")
    struct UnstorableTextTests {
        private typealias Club = LeagueModel.Club
        private typealias Player = LeagueModel.Player

        /// Whether `error` is the unstorable-value error for `attribute` of `object`.
        private static func isUnstorable(_ error: any Error, _ object: ManagedObject, entity: String, attribute: String) -> Bool {
            guard case let .unstorableValue(id, failedEntity, failedAttribute, _, reason) = error as? ObjectStoreError else { return false }
            return id == object.objectID && failedEntity == entity && failedAttribute == attribute && reason.contains("NUL")
        }

        /// `body` run on a new context of `container`, to see what the store holds.
        private static func read<T>(_ container: PersistentContainer, _ body: (ManagedObjectContext) throws -> T) throws -> T {
            let reader = container.newBackgroundContext()
            return try reader.performAndWait { try body(reader) }
        }

        @Test func aNewObjectsTextWithNULFailsItsSaveOnPostgreSQLNamingTheObjectAndWritingNothing() async throws {
            let container = try await StoreContractTests.container(.postgreSQL)
            let context = container.newBackgroundContext()
            let tokenBefore = try container.currentHistoryToken
            try context.performAndWait {
                let club = try context.insert(Club.self)
                club.name = "Ajax"
                let player = try context.insert(Player.self)
                player.name = "Jo\u{0}hn"
                player.club = club
                #expect { try context.save() } throws: { Self.isUnstorable($0, player, entity: "ContractPlayer", attribute: "name") }
                // The context keeps every change, and saves once the text is fixed.
                #expect(context.hasChanges && context.insertedObjects == [club, player])
                #expect(player.name == "Jo\u{0}hn" && player.club === club)
                #expect(try Self.read(container) { try $0.count(for: FetchRequest<Club>()) } == 0)
                #expect(try container.currentHistoryToken == tokenBefore)
                player.name = "John"
                try context.save()
            }
            let names = try Self.read(container) { reader in
                try reader.fetch(FetchRequest<Player>()).map { "\($0.club?.name ?? "-") \($0.name)" }
            }
            #expect(names == ["Ajax John"])
        }

        @Test func aSavedObjectsTextChangedToHoldNULFailsItsSaveOnPostgreSQLAndKeepsTheStoredText() async throws {
            let container = try await StoreContractTests.container(.postgreSQL)
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let player = try context.insert(Player.self)
                player.name = "Ana"
                try context.save()
                let tokenBefore = try container.currentHistoryToken
                player.note = "\u{0}"
                player.number = 9
                #expect { try context.save() } throws: { Self.isUnstorable($0, player, entity: "ContractPlayer", attribute: "note") }
                #expect(context.updatedObjects == [player] && player.note == "\u{0}" && player.number == 9)
                #expect(try container.currentHistoryToken == tokenBefore)
                let stored = try Self.read(container) { reader in
                    try reader.fetch(FetchRequest<Player>()).map { "\($0.name) \($0.note ?? "nil") \($0.number)" }
                }
                #expect(stored == ["Ana nil 0"])
            }
        }

        @Test func batchInsertsAndUpdatesOfTextWithNULFailOnPostgreSQLNamingTheAttributeAndWritingNothing() async throws {
            let container = try await StoreContractTests.container(.postgreSQL)
            let context = container.newBackgroundContext()
            let isInvalid = { (error: any Error, attribute: String) -> Bool in
                guard case let .invalidBatchRequest(entity, reason) = error as? ObjectStoreError else { return false }
                return entity == "ContractPlayer" && reason.contains("'\(attribute)'") && reason.contains("NUL")
            }
            try context.performAndWait {
                try context.insert(Player.self).name = "Ana"
                try context.save()
                let tokenBefore = try container.currentHistoryToken
                let insert = BatchInsertRequest<Player>(objects: [["name": "Bob"], ["name": "Jo\u{0}hn", "note": "fine"]])
                #expect { try context.execute(insert) } throws: { isInvalid($0, "name") }
                var update = BatchUpdateRequest<Player>()
                update.set(\.note, to: "\u{0}")
                #expect { try context.execute(update) } throws: { isInvalid($0, "note") }
                #expect(try container.currentHistoryToken == tokenBefore)
            }
            let stored = try Self.read(container) { reader in
                try reader.fetch(FetchRequest<Player>()).map { "\($0.name) \($0.note ?? "nil")" }
            }
            #expect(stored == ["Ana nil"])
        }

        @Test func sqliteStillSavesAndReadsBackTextWithNUL() async throws {
            let container = try await StoreContractTests.container(.sqlite)
            let context = container.newBackgroundContext()
            try context.performAndWait {
                try context.insert(Player.self).name = "Jo\u{0}hn"
                try context.save()
            }
            let names = try Self.read(container) { try $0.fetch(FetchRequest<Player>()).map(\.name) }
            #expect(names == ["Jo\u{0}hn"])
        }
    }
}
