import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Rules declared with attributes: every save checks them, lists every broken one in one error,
/// and leaves the store and the context as they were.
@Suite struct AttributeRuleTests {
    @Test(arguments: StoreBackend.all)
    func aSaveThatBreaksRulesListsEveryFailureAndChangesNothing(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Rules", model: RuleModel.model)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let member = try context.insert(Member.self)
            member.name = "Far too long a name 42"
            member.number = 120
            member.rating = -1
            member.joined = Date(timeIntervalSinceReferenceDate: -5)
            member.email = nil
            member.nickname = "x"
            let id = member.objectID
            let failures = try #require(context.saveValidationFailures(), "the save did not fail validation")
            #expect(Set(failures) == [
                .ruleBroken(id, key: "name", rule: .length(1...12)),
                .ruleBroken(id, key: "name", rule: .pattern("[A-Za-z ]+")),
                .ruleBroken(id, key: "number", rule: .range(0...99)),
                .ruleBroken(id, key: "rating", rule: .range(0.0...5.0)),
                .ruleBroken(id, key: "joined", rule: .minimum(Date(timeIntervalSinceReferenceDate: 0))),
                .missingValue(id, key: "email"),
                .ruleBroken(id, key: "nickname", rule: .minimumLength(2)),
            ])
            #expect(failures.count == 7)
            // The context keeps the unsaved object as it was; the store holds nothing.
            #expect(context.insertedObjects == [member])
            #expect(member.number == 120 && member.email == nil)
            let reader = container.newBackgroundContext()
            #expect(try reader.performAndWait { try reader.count(for: FetchRequest<Member>()) } == 0)
            member.name = "Ana Lima"
            member.number = 99
            member.rating = 5
            member.joined = Date(timeIntervalSinceReferenceDate: 0)
            member.email = "ana@example.org"
            member.nickname = nil
            try context.save()
            #expect(try reader.performAndWait { try reader.count(for: FetchRequest<Member>()) } == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func updatesAreCheckedAndAFailedUpdateKeepsItsChanges(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Rules", model: RuleModel.model)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let member = try context.insert(Member.self)
            try context.save()
            member.points = 1000.5
            member.number = 3
            let failures = try #require(context.saveValidationFailures(), "the update did not fail validation")
            #expect(failures == [.ruleBroken(member.objectID, key: "points", rule: .maximum(1000))])
            #expect(member.isUpdated && member.points == 1000.5 && member.number == 3)
            let reader = container.newBackgroundContext()
            let stored = try reader.performAndWait { try reader.fetch(FetchRequest<Member>()).map { ($0.points, $0.number) } }
            #expect(stored.count == 1 && stored[0] == (0, 7))
            member.points = 1000
            try context.save()
            #expect(!context.hasChanges)
        }
    }

    @MainActor @Test func nilKeepsEveryRuleButRequiredAndBoundsAreInclusive() throws {
        let context = try RuleModel.model.inMemoryContainer().viewContext
        let member = try context.insert(Member.self)
        member.nickname = nil
        member.name = "Abcdefghijkl"
        member.number = 0
        member.rating = 5.0
        try context.save()
        member.email = nil
        #expect(context.saveError().map { "\($0)" }?.contains("'email'") == true)
    }

    @Test func aChildContextsSaveIsCheckedBeforeItReachesTheParent() throws {
        let parent = try RuleModel.model.inMemoryContainer().newBackgroundContext()
        let child = parent.newChildContext()
        try child.performAndWait {
            let member = try child.insert(Member.self)
            member.number = -1
            let failures = try #require(child.saveValidationFailures(), "the child's save did not fail validation")
            #expect(failures == [.ruleBroken(member.objectID, key: "number", rule: .range(0...99))])
            #expect(child.hasChanges)
        }
        #expect(!parent.performAndWait { parent.hasChanges })
    }

    @MainActor @Test func validateValueChecksOneValueWithoutSettingIt() throws {
        let context = try RuleModel.model.inMemoryContainer().viewContext
        let member = try context.insert(Member.self)
        try member.validateValue(42, forKey: "number")
        try member.validateValue("Bo", forKey: "nickname")
        try member.validateValue(String?.none, forKey: "nickname")
        #expect {
            try member.validateValue(String?.none, forKey: "email")
        } throws: { error in
            guard case ObjectStoreError.validation(let failures) = error else { return false }
            return failures == [.missingValue(member.objectID, key: "email")]
        }
        #expect {
            try member.validateValue("no digits 1", forKey: "name")
        } throws: { error in
            guard case ObjectStoreError.validation(let failures) = error else { return false }
            return failures == [.ruleBroken(member.objectID, key: "name", rule: .pattern("[A-Za-z ]+"))]
        }
        #expect(member.number == 7 && member.name == "Ana")
    }

    @MainActor @Test func validatePendingChangesFindsWhatASaveWouldFindWithoutSaving() throws {
        let context = try RuleModel.model.inMemoryContainer().viewContext
        let member = try context.insert(Member.self)
        try context.validatePendingChanges()
        member.rating = 9
        #expect(throws: ObjectStoreError.self) { try context.validatePendingChanges() }
        #expect(context.insertedObjects == [member])
        member.rating = 1
        try context.validatePendingChanges()
        try context.save()
    }

    @Test func theModelDescribesItsRules() throws {
        let entity = try #require(RuleModel.model.entities.first { $0.name == "Member" })
        #expect(entity.attribute(named: "number")?.validationRules == [.range(0...99)])
        #expect(entity.attribute(named: "email")?.validationRules == [.required, .maximumLength(20)])
        #expect(entity.attribute(named: "points")?.validationRules == [.maximum(1000)])
    }

    @Test func failuresSayWhichObjectWhichKeyAndWhichRule() throws {
        let context = try RuleModel.model.inMemoryContainer().newBackgroundContext()
        let message = try context.performAndWait {
            let member = try context.insert(Member.self)
            member.number = 100
            return (context.saveError().map { "\($0)" } ?? "", member.objectID)
        }
        #expect(message.0.contains("'number'") && message.0.contains("between 0 and 99") && message.0.contains("\(message.1)"))
        #expect(ValidationRule.pattern("[a-z]+").description.contains("[a-z]+"))
        #expect(ValidationRule.length(2...5).description == "2 to 5 characters long")
    }

    @Test func aRuleThatCannotApplyToItsAttributeIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Misdeclared: ManagedObject {
                @Attribute(validation: [.length(1...3)]) var count = 0
            }
            _ = ManagedObjectModel([Misdeclared.self])
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("Misdeclared.count"))
    }

    @Test func aPatternThatDoesNotCompileIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Unmatched: ManagedObject {
                @Attribute(validation: [.pattern("[a-z")]) var code = "a"
            }
            _ = ManagedObjectModel([Unmatched.self])
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("not a valid regular expression"))
    }
}
