import ObjectStore

extension ManagedObjectContext {
    /// The object of type `Entity` titled `title` (the examples' titles are unique).
    func titled<Entity: ManagedObject>(_ title: String, _ type: Entity.Type) throws -> Entity {
        let request = FetchRequest<Entity>(predicate: try FetchPredicate(format: "title == %@", title))
        guard let object = try fetch(request).first else { throw ObjectStoreError.invalidURI(title, reason: "no \(Entity.self) has this title") }
        return object
    }

    /// The title of the object `id` names, or `?` when it is gone.
    func title(of id: ObjectID) -> String {
        performAndWait {
            switch try? existingObject(with: id) {
            case let memory as Memory: memory.title
            case let plan as Plan: plan.title
            case let chore as Chore: chore.title
            default: "?"
            }
        }
    }

    /// Inserts a memory (not saved).
    func insertMemory(_ title: String, day: Int) throws {
        let memory = try insert(Memory.self)
        memory.title = title
        memory.day = day
    }
}
