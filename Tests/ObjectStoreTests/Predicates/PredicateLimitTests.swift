import Foundation
@testable import ObjectStore
import Testing

/// Hostile and huge predicates: limits are typed errors naming the limit and the offset, and
/// long chains run flat in SQL and in memory.
@MainActor @Suite struct PredicateLimitTests {
    private func nestingError(_ format: String) -> (limit: Int, offset: Int)? {
        do {
            _ = try FetchPredicate<Player>(format: format)
            return nil
        } catch .nestingTooDeep(let limit, let offset, _) {
            return (limit, offset)
        } catch {
            Issue.record("expected nestingTooDeep, got \(error)")
            return nil
        }
    }

    @Test func twentyThousandNestedParenthesesFailAtTheLimitNamingTheOffset() {
        let depth = 20_000
        let format = String(repeating: "(", count: depth) + "level == 1" + String(repeating: ")", count: depth)
        let error = nestingError(format)
        #expect(error?.limit == FetchPredicate<Player>.formatNestingLimit)
        // The first parenthesis too deep is the one after `limit` others.
        #expect(error?.offset == FetchPredicate<Player>.formatNestingLimit)
        let message = FetchPredicateError.nestingTooDeep(limit: 32, offset: 32, format: format).description
        #expect(message.contains("32 levels at offset 32"))
        #expect(message.count < 400, "the message quotes an excerpt, not the whole format")
    }

    @Test func deepNotListsAndCastsFailAtTheLimit() {
        let limit = FetchPredicate<Player>.formatNestingLimit
        #expect(nestingError(String(repeating: "NOT ", count: 20_000) + "level == 1")?.offset == 4 * limit)
        #expect(nestingError(String(repeating: "! ", count: 20_000) + "level == 1")?.offset == 2 * limit)
        #expect(nestingError("level IN " + String(repeating: "{", count: 20_000))?.offset == 9 + limit)
        #expect(nestingError("born > " + String(repeating: "CAST(", count: 20_000) + "1")?.offset == 7 + 5 * limit)
    }

    @Test func nestingUpToTheLimitParses() throws {
        let limit = FetchPredicate<Player>.formatNestingLimit
        let format = String(repeating: "(", count: limit) + "level == 1" + String(repeating: ")", count: limit)
        #expect(try FetchPredicate<Player>(format: format).predicateFormat == "level == 1")
        #expect(nestingError("(" + format + ")")?.offset == 0 + limit)
    }

    @Test func megabyteInputsParseOrFailWithATypedError() throws {
        let megabyte = 1 << 20
        let chain = String(repeating: "level == 1 OR ", count: megabyte / 14) + "level == 2"
        let predicate = try FetchPredicate<Player>(format: chain)
        guard case .or(let children) = predicate.node else { Issue.record("expected one flat OR"); return }
        #expect(children.count == megabyte / 14 + 1)
        // A megabyte of parentheses; the other shapes at a quarter of that keep the debug suite fast.
        let quarter = megabyte / 4
        let hostile = [
            String(repeating: "(", count: megabyte),
            String(repeating: "NOT ", count: quarter / 4),
            "level IN " + String(repeating: "{", count: quarter),
            String(repeating: "\"", count: quarter - 1),
            "level IN {" + String(repeating: "1, ", count: quarter / 3) + "}",
        ]
        for format in hostile {
            #expect(throws: FetchPredicateError.self) { try FetchPredicate<Player>(format: format) }
        }
        // A key path of 65,536 components parses; compiling it names the unknown key.
        let longKey = try FetchPredicate<Player>(format: String(repeating: "a.", count: quarter / 4) + "b == 1")
        #expect(throws: FetchPredicateError.self) { try BoundPredicate(longKey.node, entity: PredicateModel.model.entity(for: Player.self)) }
    }

    @Test func tenThousandEqualitiesOnOneKeyFetchAsOneInInSQLAndMemory() throws {
        let (container, players, _) = try clubsAndPlayers(60)
        let context = container.viewContext
        let levels = (0..<10_000).map { $0 * 3 }
        let format = levels.map { "level == \($0)" }.joined(separator: " OR ")
        let predicate = try FetchPredicate<Player>(format: format)
        try expectSelects(predicate, in: context, players.filter { $0.level % 3 == 0 })
        let compiled = try BoundPredicate(predicate.node, entity: context.model.entity(for: Player.self))
        guard case .inList(_, let list) = compiled.node else { Issue.record("expected one IN, got \(compiled.node)"); return }
        #expect(list.elements.count == levels.count)
    }

    @Test func longChainsOfTermsThatCannotMergeFetchInSQLAndMemory() throws {
        let (container, players, _) = try clubsAndPlayers(60)
        let context = container.viewContext
        // Terms that cannot merge into an IN: the SQL is a chain of chains (more than 64 terms).
        let format = (0..<1_000).map { "(level == \($0) AND name ENDSWITH \"\($0 % 2 == 0 ? "\($0)" : "x")\")" }.joined(separator: " OR ")
        try expectSelects(try FetchPredicate<Player>(format: format), in: context, players.filter { $0.level % 2 == 0 })
        let unmergeable = (0..<1_000).map { "name BEGINSWITH \"p\($0)x\"" }.joined(separator: " OR ") + " OR level < 5"
        try expectSelects(try FetchPredicate<Player>(format: unmergeable), in: context, players.filter { $0.level < 5 })
    }

    @Test func tenThousandTermOrWithUnsavedChangesFetchesInMemory() throws {
        let (container, players, _) = try clubsAndPlayers(30)
        let context = container.viewContext
        players[1].level = 9_001
        let added = try context.insert(Player.self)
        added.level = 9_999
        let predicate = FetchPredicate<Player>(orPredicateWithSubpredicates: (5_000..<15_000).map { \Player.level == $0 })
        let fetched = try context.fetch(FetchRequest(predicate: predicate))
        #expect(Set(fetched.map(\.objectID)) == [players[1].objectID, added.objectID])
    }

    @Test func orEqualitiesOnOneKeyMergeOnlyWithTheirOwnKey() throws {
        let (container, players, _) = try clubsAndPlayers(12)
        let context = container.viewContext
        let predicate = try FetchPredicate<Player>(format: "level == 1 OR age == 5 OR level IN {2, 3} OR level == nil OR name ==[c] 'P4' OR level == 7")
        try expectSelects(predicate, in: context, players.filter { [1, 2, 3, 5, 7, 4].contains($0.level) })
    }

    @Test func treesBuiltInCodeDeeperThanTheLimitFailWhenCompiled() throws {
        let (container, _, _) = try clubsAndPlayers(3)
        var predicate: FetchPredicate<Player> = \Player.level == 0
        for level in 0..<1_000 {
            predicate = !(predicate && \Player.level != level)
        }
        #expect {
            _ = try container.viewContext.fetch(FetchRequest(predicate: predicate))
        } throws: { error in
            guard case ObjectStoreError.invalidFetchRequest(.treeTooDeep(let limit, let depth)) = error else { return false }
            return limit == FetchPredicate<Player>.treeNestingLimit && depth == 2_000
        }
    }

    /// Leaves that write long SQL: quantifiers through a to-one hop, counts, folding, patterns
    /// (no lists: a list is a nesting level of its own).
    nonisolated private static let heavyLeaves = [
        "ANY club.players.name CONTAINS[cd] 'p1'", "club.players.@count >= 2", "name LIKE[cd] 'p*'",
        "NONE club.players.age > 50", "club.name ==[c] 'lions'", "age != 4", "ALL club.players.level >= 0",
    ]

    /// Formats nested exactly to the limit, in the shapes that cost SQLite's parser most.
    nonisolated private static func formatsAtTheLimit() -> [String] {
        let limit = FetchPredicate<Player>.formatNestingLimit
        var leafIndex = 0
        func leaf() -> String {
            defer { leafIndex += 1 }
            return heavyLeaves[leafIndex % heavyLeaves.count]
        }
        var groups = leaf()
        for level in 0..<limit {
            groups = level % 2 == 0 ? "(\(leaf()) OR \(leaf()) AND \(groups))" : "(\(leaf()) AND \(leaf()) OR \(groups))"
        }
        var negated = leaf()
        for level in 0..<(limit / 2) {
            negated = "NOT (\(leaf()) \(level % 2 == 0 ? "OR" : "AND") \(leaf()) AND \(negated))"
        }
        /// A complete binary tree of groups, both sides deep at every level.
        func balanced(_ depth: Int) -> String {
            depth == 0 ? leaf() : "(\(balanced(depth - 1)) \(depth % 2 == 0 ? "OR" : "AND") NOT \(balanced(depth - 1)))"
        }
        return [groups, negated, balanced(limit / 3), "NOT " + balanced(10)]
    }

    @Test(arguments: formatsAtTheLimit().indices)
    func predicatesNestedToTheLimitRunInSQLAndMemory(shape: Int) throws {
        let format = Self.formatsAtTheLimit()[shape]
        let (container, _, _) = try clubsAndPlayers(24)
        let (sql, memory) = try bothAnswers(try FetchPredicate<Player>(format: format), in: container.viewContext)
        #expect(sql == memory)
    }
}
