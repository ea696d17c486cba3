import Foundation
import ObjectStore
import StoreBackends
import Testing

@MainActor @Suite struct DeleteRuleTests {
    @Test(arguments: StoreBackend.all) func cascadeDeletesMembersAndNullifyDetachesFromOwner(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let sport = try context.insert(Sport.self)
        sport.name = "S"
        let events = try (0..<3).map { index -> Event in
            let event = try context.insert(Event.self)
            event.code = "\(index)"
            event.sport = sport
            return event
        }
        try context.save()
        // Nullify (Event.sport): deleting an event removes it from the sport's set.
        context.delete(events[0])
        #expect(sport.events == Set(events[1...]))
        try context.save()
        // Cascade (Sport.events): deleting the sport deletes the remaining events.
        context.delete(sport)
        #expect(events[1].isDeleted && events[2].isDeleted)
        try context.save()
        #expect(try context.count(for: FetchRequest<Event>()) == 0)
    }

    @Test(arguments: StoreBackend.all) func denyBlocksSavingUntilMembersAreGone(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let league = try context.insert(League.self)
        let team = try context.insert(Team.self)
        team.league = league
        try context.save()
        context.delete(league)
        #expect {
            try context.save()
        } throws: { error in
            guard case ObjectStoreError.validation(let failures) = error else { return false }
            return failures == [.deleteDenied(league.objectID, relationship: "teams", related: [team.objectID])]
        }
        // Nullify from the other side (Team.league) releases the league.
        context.rollback()
        context.delete(team)
        try context.save()
        #expect(league.teams.isEmpty)
        context.delete(league)
        try context.save()
        #expect(try context.count(for: FetchRequest<League>()) == 0)
    }

    @Test(arguments: StoreBackend.all) func oneToOneCascadeAndDeny(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let team = try context.insert(Team.self)
        let badge = try context.insert(Badge.self)
        team.badge = badge
        try context.save()
        // Badge.team is deny: the badge cannot go while its team exists.
        context.delete(badge)
        #expect(throws: ObjectStoreError.self) { try context.save() }
        context.rollback()
        // Team.badge is cascade: deleting the team deletes the badge.
        context.delete(team)
        #expect(badge.isDeleted)
        try context.save()
        #expect(try context.count(for: FetchRequest<Badge>()) == 0)
    }

    @Test(arguments: StoreBackend.all) func noActionLeavesMembersPointingAtTheDeletedObject(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let venue = try context.insert(Venue.self)
        let event = try context.insert(Event.self)
        event.code = "n"
        event.venue = venue
        try context.save()
        // Event.venue is nullify: the venue's set loses the event.
        let second = try context.insert(Event.self)
        second.code = "m"
        second.venue = venue
        try context.save()
        context.delete(second)
        #expect(venue.events == [event])
        try context.save()
        // Venue.events is noAction: the event keeps its key to the deleted venue.
        let venueID = venue.objectID
        context.delete(venue)
        try context.save()
        #expect(event.value(forKeyPath: "venue") as? ObjectID == venueID)
        #expect(throws: ObjectStoreError.self) { try context.existingObject(with: venueID) }
    }
}
