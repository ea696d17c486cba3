import Foundation
import ObjectStore
import Testing

/// Number constants compared with Decimal keys, in SQL and in memory, against a plain Swift
/// reference: infinities and values too large for `Decimal` order beyond every decimal, and nil
/// stays unknown.
@MainActor @Suite struct DecimalComparisonTests {
    private let salaries: [Decimal?] = [nil, Decimal(string: "-3"), 0, Decimal(string: "1.5"), Decimal(string: "9.99"), 10, Decimal(string: "123456789.123456789")]

    private func store() throws -> (PersistentContainer, [Player]) {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var players: [Player] = []
        for salary in salaries {
            let player = try context.insert(Player.self)
            player.salary = salary
            players.append(player)
        }
        try context.save()
        return (container, players)
    }

    /// What `salary op number` is in Swift: nil for unknown.
    private func reference(_ salary: Decimal?, _ op: String, _ number: Double) -> Bool? {
        guard let salary, !number.isNaN else { return nil }
        let order: Int
        if let exact = Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX")), number.isFinite {
            order = salary == exact ? 0 : (salary < exact ? -1 : 1)
        } else {
            order = number > 0 ? -1 : 1
        }
        switch op {
        case "==": return order == 0
        case "!=": return order != 0
        case "<": return order < 0
        case "<=": return order <= 0
        case ">": return order > 0
        default: return order >= 0
        }
    }

    @Test func doubleConstantsCompareWithDecimalKeysByValue() throws {
        let (container, players) = try store()
        let context = container.viewContext
        let numbers: [Double] = [-.infinity, -1e300, -3, 0, 1.5, 9.99, 10, 1e9, 1e300, .infinity, .nan]
        for number in numbers {
            for op in ["==", "!=", "<", "<=", ">", ">="] {
                let expected = players.indices.filter { reference(salaries[$0], op, number) == true }.map { players[$0] }
                let negated = players.indices.filter { reference(salaries[$0], op, number) == false }.map { players[$0] }
                try expectSelects(FetchPredicate<Player>(format: "salary \(op) %@", number), in: context, expected)
                try expectSelects(FetchPredicate<Player>(format: "NOT (salary \(op) %@)", number), in: context, negated)
            }
        }
    }

    @Test func outOfRangeNumbersInListsAndBetweenBounds() throws {
        let (container, players) = try store()
        let context = container.viewContext
        let known = Array(players.dropFirst())
        try expectSelects(FetchPredicate<Player>(format: "salary IN %@", [1e300, 1.5]), in: context, [players[3]])
        try expectSelects(FetchPredicate<Player>(format: "salary IN %@", [Double.infinity]), in: context, [])
        try expectSelects(FetchPredicate<Player>(format: "NOT (salary IN %@)", [1e300]), in: context, known)
        try expectSelects(FetchPredicate<Player>(format: "salary BETWEEN %@", [-Double.infinity, Double.infinity]), in: context, known)
        try expectSelects(FetchPredicate<Player>(format: "salary BETWEEN %@", [0.0, 1e300]), in: context, [players[2], players[3], players[4], players[5], players[6]])
        try expectSelects(FetchPredicate<Player>(format: "%@ > salary", 1e300), in: context, known)
        try expectSelects(FetchPredicate<Player>(format: "%@ < salary", -Double.infinity), in: context, known)
    }

    @Test func numbersDecimalCannotHoldExactlyAreRejected() throws {
        let (container, _) = try store()
        let context = container.viewContext
        #expect(throws: ObjectStoreError.self) {
            try context.fetch(FetchRequest<Player>(predicate: try FetchPredicate(format: "salary < %@", 1e-300)))
        }
    }
}
