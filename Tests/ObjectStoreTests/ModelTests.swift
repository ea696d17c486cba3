import Foundation
public import ObjectStore
import Testing

@Suite struct ModelTests {
    @Test func entitiesListAttributesRelationshipsAndIndexes() throws {
        let event = TestModel.model.entity(for: Event.self)
        #expect(event.name == "Event")
        #expect(event.attributes.map(\.name).prefix(3) == ["title", "start", "isLive"])
        #expect(event.attribute(named: "note")?.isOptional == true)
        #expect(event.attribute(named: "code")?.hasDefault == false)
        #expect(event.attribute(named: "start")?.isIndexed == true)
        #expect(event.attribute(named: "score")?.type == .json)
        #expect(event.relationship(named: "sport")?.inverseName == "events")
        #expect(event.indexes.contains { $0.columns == ["isLive", "start"] })
        let sport = TestModel.model.entity(for: Sport.self)
        #expect(sport.relationship(named: "events")?.isToMany == true)
        #expect(sport.relationship(named: "events")?.deleteRule == .cascade)
        #expect(sport.attribute(named: "name")?.isUnique == true)
        // The inverse declared on one side only is filled in on the other.
        #expect(TestModel.model.entity(for: Badge.self).relationship(named: "team")?.inverseName == "badge")
    }

    @Test func keyPathsMapToNamesAcrossToOneRelationships() {
        let event = TestModel.model.entity(for: Event.self)
        #expect(event.name(of: \Event.title) == "title")
        #expect(event.name(of: \Event.sport?.name) == "sport.name")
        #expect(event.name(of: \Event.sport) == "sport")
        let resolved = event.resolve(keyPath: "sport.name")
        #expect(resolved?.hops.map(\.name) == ["sport"])
        #expect(resolved?.entity.name == "Sport")
        #expect(resolved?.name == "name")
        #expect(event.resolve(keyPath: "sport.missing") == nil)
    }

    @MainActor @Test func valuesRoundTripForEveryAttributeType() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let event = try context.insert(Event.self)
        let uuid = UUID()
        event.title = "Final"
        event.start = Date(timeIntervalSinceReferenceDate: 1234.5)
        event.isLive = true
        event.attendance = 42
        event.note = "note"
        event.code = "F1"
        event.small = -3
        event.medium = 70000
        event.large = Int64.max
        event.ratio = 0.25
        event.weight = 1.5
        event.blob = Data([1, 2, 3])
        event.uuid = uuid
        event.link = URL(string: "https://example.com/a?b=c")
        event.price = Decimal(string: "12.345")!
        event.score = Score(home: 2, away: 1)
        try context.save()
        context.reset()
        let fetched = try #require(try context.fetch(Event.self).first)
        #expect(fetched.title == "Final")
        #expect(fetched.start == Date(timeIntervalSinceReferenceDate: 1234.5))
        #expect(fetched.isLive)
        #expect(fetched.attendance == 42)
        #expect(fetched.note == "note")
        #expect(fetched.small == -3 && fetched.medium == 70000 && fetched.large == Int64.max)
        #expect(fetched.ratio == 0.25 && fetched.weight == 1.5)
        #expect(fetched.blob == Data([1, 2, 3]))
        #expect(fetched.uuid == uuid)
        #expect(fetched.link == URL(string: "https://example.com/a?b=c"))
        #expect(fetched.price == Decimal(string: "12.345")!)
        #expect(fetched.score == Score(home: 2, away: 1))
        #expect(fetched.value(forKeyPath: "title") as? String == "Final")
        #expect(fetched.value(forKeyPath: "note") as? String == "note")
    }

    @MainActor @Test func defaultsFillNewObjects() throws {
        let container = try TestModel.inMemory()
        let event = try container.viewContext.insert(Event.self)
        #expect(event.title == "")
        #expect(event.note == nil)
        #expect(event.score == Score())
        #expect(event.sport == nil)
    }

    @MainActor @Test func valueForKeyPathFollowsToOneRelationships() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let sport = try context.insert(Sport.self)
        sport.name = "Football"
        let event = try context.insert(Event.self)
        #expect(event.value(forKeyPath: "sport.name") == nil)
        event.sport = sport
        #expect(event.value(forKeyPath: "sport.name") as? String == "Football")
        #expect(event.value(forKeyPath: "sport") as? ObjectID == sport.objectID)
    }

    @Test func relationshipsKnowTheirInverseWithoutLookingItUp() throws {
        let model = TestModel.model
        let event = model.entity(for: Event.self)
        let toOne = try #require(event.relationship(named: "sport"))
        #expect(toOne.inverse?.name == "events" && toOne.inverseIsToMany && toOne.inverseColumn == nil)
        let toMany = try #require(model.entity(for: Sport.self).relationship(named: "events"))
        #expect(toMany.inverse?.name == "sport" && !toMany.inverseIsToMany)
        #expect(toMany.inverseColumn == event.column(named: "sport"))
        let oneToOne = try #require(model.entity(for: Badge.self).relationship(named: "team"))
        #expect(oneToOne.inverseColumn == model.entity(for: Team.self).column(named: "badge"))
        let manyToMany = try #require(event.relationship(named: "tags"))
        #expect(manyToMany.inverse?.name == "events" && manyToMany.inverse?.inverse?.name == "tags")
        #expect(try #require(event.relationship(named: "venue")).inverse?.name == "events")
    }

    @Test func unsignedIntegersBeyondInt64AreStoredWithoutTrapping() {
        let large = UInt64(Int64.max) + 1
        #expect(UInt64(storedValue: large.storedValue) == large)
        #expect(UInt64(storedValue: UInt64.max.storedValue) == UInt64.max)
        #expect(UInt64(storedValue: UInt64(42).storedValue) == 42)
    }
}

/// Apps may store their own integer types; the package conforms the signed ones.
extension UInt64: IntegerAttributeValue {}
