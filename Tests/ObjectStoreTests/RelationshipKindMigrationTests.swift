import Foundation
import ObjectStore
import Testing

/// Relationships changed between to-one and to-many keep their links where the data allows.
@Suite struct RelationshipKindMigrationTests {
    private static let plan = MigrationPlan(
        versions: [ModelVersion("1", model: KindV1.model), ModelVersion("2", model: KindV2.model), ModelVersion("3", model: KindV3.model)],
        stages: [.lightweight(from: "1", to: "2"), .lightweight(from: "2", to: "3")])

    private static func plan(through version: Int) -> MigrationPlan {
        MigrationPlan(versions: Array(plan.versions.prefix(version)), stages: Array(plan.stages.prefix(version - 1)))
    }

    private func open(_ url: URL, through version: Int) throws -> PersistentContainer {
        try PersistentContainer(name: "K", migrationPlan: Self.plan(through: version), store: StoreDescription(location: .file(url)))
    }

    /// A version-1 store: Ann owns Rex and Tom, Bo owns Kit, Zed has no owner.
    private func versionOneStore() async throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "Kinds")
        let context = try open(url, through: 1).newBackgroundContext()
        try await context.perform {
            let ann = try context.insert(KindV1.Owner.self)
            ann.name = "Ann"
            let bo = try context.insert(KindV1.Owner.self)
            bo.name = "Bo"
            for (name, owner) in [("Rex", ann), ("Tom", ann), ("Kit", bo), ("Zed", nil)] as [(String, KindV1.Owner?)] {
                let pet = try context.insert(KindV1.Pet.self)
                pet.name = name
                pet.owner = owner
            }
            try context.save()
        }
        return url
    }

    @Test func toOneBecomesToManyKeepingEachLink() async throws {
        let url = try await versionOneStore()
        let context = try open(url, through: 2).newBackgroundContext()
        let owners = try await context.perform {
            try context.fetch(KindV2.Pet.self).map { ($0.name, $0.owners.map(\.name).sorted()) }.sorted { $0.0 < $1.0 }
        }
        #expect(owners.map(\.0) == ["Kit", "Rex", "Tom", "Zed"])
        #expect(owners.map(\.1) == [["Bo"], ["Ann"], ["Ann"], []])
    }

    @Test func toManyBecomesToOneWhenEachObjectHoldsAtMostOne() async throws {
        let url = try await versionOneStore()
        _ = try open(url, through: 2)
        let context = try open(url, through: 3).newBackgroundContext()
        let owners = try await context.perform {
            try context.fetch(KindV3.Pet.self).map { ($0.name, $0.owner?.name) }.sorted { $0.0 < $1.0 }
        }
        #expect(owners.map(\.1) == ["Bo", "Ann", "Ann", nil])
    }

    @Test func toManyHoldingSeveralObjectsCannotBecomeToOne() async throws {
        let url = try await versionOneStore()
        let context = try open(url, through: 2).newBackgroundContext()
        try await context.perform {
            let bo = try context.fetch(KindV2.Owner.self).first { $0.name == "Bo" }
            let rex = try context.fetch(KindV2.Pet.self).first { $0.name == "Rex" }
            if let bo, let rex { rex.owners.insert(bo) }
            try context.save()
        }
        let before = try StoreFileSnapshot.checkpointed(url)
        #expect {
            _ = try open(url, through: 3)
        } throws: { error in
            guard case ObjectStoreError.migrationFailed(let failure) = error else { return false }
            return failure.entity == "Pet" && failure.property == "owner" && failure.objectKey != nil && failure.value == "2 objects"
        }
        #expect(try StoreFileSnapshot.unlogged(url) == before)
    }
}
