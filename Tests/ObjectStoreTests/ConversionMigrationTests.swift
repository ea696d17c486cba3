import Foundation
import ObjectStore
import Testing

/// Every built-in conversion keeps the values that it can hold exactly, there and back, and
/// refuses the first value it would change, naming it and leaving the store as it was.
@Suite struct ConversionMigrationTests {
    private static let plan = MigrationPlan(
        versions: [ConversionV1.version, ConversionV2.version, ConversionV3.version],
        stages: [.lightweight(from: "1", to: "2"), .lightweight(from: "2", to: "3")])

    /// A version-1 store with one sample, as `fill` sets it.
    private func store(_ fill: @escaping @Sendable (ConversionV1.Sample) -> Void) throws -> StoreDescription {
        let description = StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Conversion")))
        let container = try PersistentContainer(name: "Conversion", migrationPlan: MigrationPlan(versions: [ConversionV1.version], stages: []), store: description)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            fill(try context.insert(ConversionV1.Sample.self))
            try context.save()
        }
        return description
    }

    @Test func valuesGoThroughEveryBuiltInConversionAndBackUnchanged() throws {
        let start = Date(timeIntervalSince1970: 1_000.5)
        let description = try store { sample in
            (sample.i, sample.d, sample.s, sample.b, sample.t, sample.w, sample.k) = (-3, 2.5, "1.25", true, start, 4, 1)
        }
        let container = try PersistentContainer(name: "Conversion", migrationPlan: Self.plan, store: description)
        let context = container.newBackgroundContext()
        let values = try context.performAndWait { () throws in
            try context.fetch(ConversionV1.Sample.self).map { sample in
                "\(sample.i) \(sample.d) \(sample.s) \(sample.b) \(sample.t.timeIntervalSince1970) \(sample.w) \(sample.k)"
            }
        }
        #expect(values == ["-3 2.5 1.25 true 1000.5 4.0 1"])
    }

    @Test(arguments: [
        ("i", "1", "an integer past 2^53, which a double does not hold exactly"),
        ("d", "2", "an infinite double, whose text \"inf\" is no number to convert back"),
        ("w", "1", "a double with a fraction, which an integer does not hold"),
        ("k", "1", "an integer other than 0 or 1, which a boolean does not hold"),
    ])
    func aValueAConversionWouldChangeFailsTheMigrationNamingItAndLeavesTheStore(_ property: String, _ stage: String, _ what: String) throws {
        let description = try store { sample in
            sample.s = "1"
            switch property {
            case "i": sample.i = (1 << 60) + 1
            case "d": sample.d = .infinity
            case "w": sample.w = 2.5
            default: sample.k = 2
            }
        }
        #expect("\(what)") {
            _ = try PersistentContainer(name: "Conversion", migrationPlan: Self.plan, store: description)
        } throws: { error in
            guard case ObjectStoreError.migrationFailed(let failure) = error else { return false }
            return failure.entity == "Sample" && failure.property == property && failure.source == stage
        }
        let reopened = try PersistentContainer(name: "Conversion", migrationPlan: MigrationPlan(versions: [ConversionV1.version], stages: []), store: description)
        let context = reopened.newBackgroundContext()
        #expect(try context.performAndWait { () throws in try context.count(for: FetchRequest<ConversionV1.Sample>()) } == 1)
    }
}
