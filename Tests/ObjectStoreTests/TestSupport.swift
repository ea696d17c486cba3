import Foundation
import ObjectStore
import TestSupport

extension Recorder where Value == ChangeEvent {
    /// The change sets of the recorded events of the given kinds, in order.
    func changeSets(_ kinds: ChangeEvent.Kind...) -> [ChangeSet] {
        values.filter { kinds.contains($0.kind) }.compactMap(\.changeSet)
    }

    /// The recorded events of the given kinds, in order.
    func events(_ kinds: ChangeEvent.Kind...) -> [ChangeEvent] {
        values.filter { kinds.contains($0.kind) }
    }
}

extension ManagedObjectContext {
    /// Records every event of the context's change stream while the token lives.
    func recordChanges() -> (Recorder<ChangeEvent>, ObservationToken) {
        let recorder = Recorder<ChangeEvent>()
        return (recorder, addChangeObserver { recorder.append($0) })
    }
}

extension ManagedObjectContext {
    /// Waits until every block queued on the context so far (merges included) has run.
    func flush() async {
        await perform {}
    }
}

extension ManagedObjectContext {
    /// Inserts an event with the given code (its only required value) and saves it.
    func savedEvent(code: String) throws -> Event {
        let event = try insert(Event.self)
        event.code = code
        try save()
        return event
    }
}

extension ManagedObjectContext {
    /// Inserts a sport with the given name (not saved).
    func insertSport(named name: String) throws -> Sport {
        let sport = try insert(Sport.self)
        sport.name = name
        return sport
    }

    /// Inserts an event with the given code and sport (not saved).
    func insertEvent(code: String, sport: Sport? = nil) throws -> Event {
        let event = try insert(Event.self)
        event.code = code
        event.sport = sport
        return event
    }
}

extension ManagedObjectContext {
    /// Saves; returns the error the save threw, or nil when it succeeded.
    func saveError() -> ObjectStoreError? {
        do throws(ObjectStoreError) {
            try save()
            return nil
        } catch {
            return error
        }
    }
}

extension ManagedObjectContext {
    /// Saves; returns the failures of the validation error the save threw, or nil when it
    /// succeeded or failed otherwise.
    func saveValidationFailures() -> [ValidationFailure]? {
        guard case .validation(let failures) = saveError() else { return nil }
        return failures
    }
}

extension ManagedObjectModel {
    /// A container named after the model's first entity, on a new in-memory store.
    func inMemoryContainer() throws -> PersistentContainer {
        try PersistentContainer(name: entities.first?.name ?? "Test", model: self, store: .inMemory)
    }
}
