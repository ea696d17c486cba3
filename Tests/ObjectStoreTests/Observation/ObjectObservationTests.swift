import ObjectStore
import Testing
import TestSupport

/// Objects take part in observation tracking: a scope that read some properties of an object is
/// told once per delivered change of one of them, and never for the others.
@MainActor @Suite struct ObjectObservationTests {
    /// The view context of a new store with a football event and the sport of tennis, saved.
    func savedFootballEventAndTennis() throws -> (ManagedObjectContext, Event, Sport, Sport) {
        let context = try TestModel.inMemory().viewContext
        let football = try context.insertSport(named: "Football")
        let tennis = try context.insertSport(named: "Tennis")
        let event = try context.insertEvent(code: "a", sport: football)
        try context.save()
        return (context, event, football, tennis)
    }

    @Test func anEditNotifiesTheKeyReadOnceWhenItsEventIsDelivered() throws {
        let context = try TestModel.inMemory().viewContext
        let event = try context.savedEvent(code: "a")
        let title = TrackingCounter()
        title.track { _ = event.title }

        event.attendance = 3
        context.processPendingChanges()
        #expect(title.count == 0)

        event.title = "Final"
        #expect(title.count == 0)
        context.processPendingChanges()
        #expect(title.count == 1)

        title.track { _ = event.title }
        try context.save()
        #expect(title.count == 1)
    }

    @Test func aMergedSaveNotifiesOnlyTheObjectsAndKeysItChanged() async throws {
        let container = try TestModel.inMemory()
        let view = container.viewContext
        let first = try view.savedEvent(code: "a")
        let second = try view.savedEvent(code: "b")
        let titleOfFirst = TrackingCounter()
        let attendanceOfFirst = TrackingCounter()
        let titleOfSecond = TrackingCounter()
        titleOfFirst.track { _ = first.title }
        attendanceOfFirst.track { _ = first.attendance }
        titleOfSecond.track { _ = second.title }

        let background = container.newBackgroundContext()
        let id = first.objectID
        try await background.perform {
            let event = try #require(try background.existingObject(with: id) as? Event)
            event.title = "Renamed"
            try background.save()
        }
        await eventually(within: mainActorPatience / .seconds(1)) { titleOfFirst.count == 1 }
        await view.flush()

        #expect(first.title == "Renamed")
        #expect(titleOfFirst.count == 1)
        #expect(attendanceOfFirst.count == 0)
        #expect(titleOfSecond.count == 0)
    }

    @Test func aDeletionNotifiesEveryKeyRead() throws {
        let context = try TestModel.inMemory().viewContext
        let event = try context.savedEvent(code: "a")
        let note = TrackingCounter()
        note.track { _ = event.note }

        context.delete(event)
        context.processPendingChanges()
        #expect(note.count == 1)
    }

    @Test func aDeletionMergedFromAnotherContextNotifiesTheObjectItRemoves() async throws {
        let container = try TestModel.inMemory()
        let view = container.viewContext
        let event = try view.savedEvent(code: "a")
        let title = TrackingCounter()
        title.track { _ = event.title }

        let background = container.newBackgroundContext()
        let id = event.objectID
        try await background.perform {
            background.delete(try background.existingObject(with: id))
            try background.save()
        }
        await eventually(within: mainActorPatience / .seconds(1)) { title.count == 1 }
        #expect(event.isDeleted)
    }

    @Test func relationshipsAreTrackedAtBothEnds() throws {
        let (context, event, _, tennis) = try savedFootballEventAndTennis()
        let sportOfEvent = TrackingCounter()
        let eventsOfTennis = TrackingCounter()
        let nameOfTennis = TrackingCounter()
        sportOfEvent.track { _ = event.sport }
        eventsOfTennis.track { _ = tennis.events }
        nameOfTennis.track { _ = tennis.name }

        event.sport = tennis
        context.processPendingChanges()
        #expect(sportOfEvent.count == 1)
        #expect(eventsOfTennis.count == 1)
        #expect(nameOfTennis.count == 0)
    }

    @Test func aRollbackNotifiesTheKeysItRestores() throws {
        let context = try TestModel.inMemory().viewContext
        let event = try context.savedEvent(code: "a")
        event.title = "Draft"
        context.processPendingChanges()
        let title = TrackingCounter()
        let attendance = TrackingCounter()
        title.track { _ = event.title }
        attendance.track { _ = event.attendance }

        context.rollback()
        #expect(title.count == 1)
        #expect(attendance.count == 0)
        #expect(event.title == "")
    }

    @Test func aResetNotifiesEveryKeyReadOfTheObjectsItForgets() throws {
        let context = try TestModel.inMemory().viewContext
        let event = try context.savedEvent(code: "a")
        let title = TrackingCounter()
        title.track { _ = event.title }

        context.reset()
        #expect(title.count == 1)
    }

    @Test func aKeyPathReadTracksEveryKeyOnTheWay() throws {
        let (context, event, football, tennis) = try savedFootballEventAndTennis()
        let sportName = TrackingCounter()
        let code = TrackingCounter()
        sportName.track { _ = event.value(forKeyPath: "sport.name") }
        code.track { _ = event.value(forKeyPath: "code") }

        football.name = "Soccer"
        context.processPendingChanges()
        #expect(sportName.count == 1)
        #expect(code.count == 0)

        sportName.track { _ = event.value(forKeyPath: "sport.name") }
        event.sport = tennis
        context.processPendingChanges()
        #expect(sportName.count == 2)
        #expect(code.count == 0)
    }
}
