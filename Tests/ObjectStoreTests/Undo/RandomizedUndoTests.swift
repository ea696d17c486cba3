import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Seeded random turns of edits (inserts, updates, relinks, deletes with their delete rules),
/// undos, redos and saves, checked after every step against a plain model: the state after each
/// group of edits, on an undo stack and a redo stack of its own.
///
/// `UNDO_RANDOM_STEPS` (default 160 on SQLite, 40 on PostgreSQL) and `UNDO_RANDOM_SEED`
/// (default: two fixed seeds) set the run.
@Suite struct RandomizedUndoTests {
    /// What a note holds.
    struct NoteValues: Equatable {
        var title: String
        var rank: Int
        var folder: ObjectID?
        var tags: Set<ObjectID>
    }

    /// Every object and what it holds.
    struct World: Equatable {
        var notes: [ObjectID: NoteValues] = [:]
        var folders: [ObjectID: String] = [:]
        var tags: [ObjectID: String] = [:]
    }

    @Test(arguments: StoreBackend.all)
    func randomEditsUndosAndRedosMatchAModel(_ backend: StoreBackend) async throws {
        let steps = TestEnvironment.count("UNDO_RANDOM_STEPS", default: backend == .sqlite ? 160 : 40)
        for seed in TestEnvironment.seeds("UNDO_RANDOM_SEED", default: [0x5EED_0D0, 0x5EED_0D1]) {
            let container = try await backend.container(name: "UndoRandom", model: UndoModel.model)
            var run = Run(seed: seed, context: ManagedObjectContext.undoable(in: container), container: container)
            try run.run(steps: steps)
        }
    }

    struct Run {
        let seed: UInt64
        let context: ManagedObjectContext
        let container: PersistentContainer
        var generator: SplitMix64
        var world = World()
        var undoStack: [World] = []
        var redoStack: [World] = []
        var counter = 0

        init(seed: UInt64, context: ManagedObjectContext, container: PersistentContainer) {
            self.seed = seed
            self.context = context
            self.container = container
            generator = SplitMix64(seed: seed)
        }

        mutating func run(steps: Int) throws {
            for step in 0..<steps {
                let label = "seed \(TestEnvironment.describe(seed: seed)) step \(step)"
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let before = world
                    try context.performAndWait {
                        for _ in 0..<Int.random(in: 1...3, using: &generator) { try edit() }
                    }
                    undoStack.append(before)
                    redoStack.removeAll()
                case 5..<7:
                    context.performAndWait { context.undo() }
                    if let previous = undoStack.popLast() {
                        redoStack.append(world)
                        world = previous
                    }
                case 7..<9:
                    context.performAndWait { context.redo() }
                    if let next = redoStack.popLast() {
                        undoStack.append(world)
                        world = next
                    }
                default:
                    try context.performAndWait { try context.save() }
                    let reader = container.newBackgroundContext()
                    let stored = try reader.performAndWait { try Self.world(in: reader) }
                    #expect(stored == world, "\(label): the store differs from the model after a save")
                }
                let shown = try context.performAndWait { try Self.world(in: context) }
                #expect(shown == world, "\(label): the context differs from the model")
                context.performAndWait {
                    #expect(context.undoManager?.canUndo == !undoStack.isEmpty, "\(label): canUndo")
                    #expect(context.undoManager?.canRedo == !redoStack.isEmpty, "\(label): canRedo")
                }
                if shown != world { return }
            }
        }

        /// One random edit of the context, made in the model too; each changes something.
        private mutating func edit() throws {
            counter += 1
            let notes = try context.fetch(FetchRequest<UndoNote>()).sorted { $0.title < $1.title }
            let folders = try context.fetch(FetchRequest<UndoFolder>()).sorted { $0.name < $1.name }
            let tags = try context.fetch(FetchRequest<UndoTag>()).sorted { $0.label < $1.label }
            switch Int.random(in: 0..<11, using: &generator) {
            case 0, 1:
                let note = try context.insert(UndoNote.self)
                note.title = "n\(counter)"
                note.folder = folders.randomElement(using: &generator)
                world.notes[note.objectID] = NoteValues(title: note.title, rank: 0, folder: note.folder?.objectID, tags: [])
            case 2:
                let folder = try context.insert(UndoFolder.self)
                folder.name = "f\(counter)"
                world.folders[folder.objectID] = folder.name
            case 3:
                let tag = try context.insert(UndoTag.self)
                tag.label = "t\(counter)"
                world.tags[tag.objectID] = tag.label
            case 4 where !notes.isEmpty:
                let note = notes.randomElement(using: &generator)!
                if Bool.random(using: &generator) {
                    note.title = "n\(counter)"
                    world.notes[note.objectID]?.title = note.title
                } else {
                    note.rank = counter
                    world.notes[note.objectID]?.rank = counter
                }
            case 5 where !notes.isEmpty:
                let note = notes.randomElement(using: &generator)!
                let target = folders.filter { $0 != note.folder }.randomElement(using: &generator)
                guard target != nil || note.folder != nil else { return try insertFolder() }
                if let target, Bool.random(using: &generator) {
                    target.notes = target.notes.union([note])
                } else {
                    note.folder = target
                }
                world.notes[note.objectID]?.folder = target?.objectID
            case 6 where !notes.isEmpty && !tags.isEmpty:
                let note = notes.randomElement(using: &generator)!
                let missing = tags.filter { !note.tags.contains($0) }
                if let tag = missing.randomElement(using: &generator), Bool.random(using: &generator) {
                    tag.notes = tag.notes.union([note])
                    world.notes[note.objectID]?.tags.insert(tag.objectID)
                } else {
                    var chosen = Set(tags.filter { _ in Bool.random(using: &generator) })
                    if chosen == note.tags { chosen = chosen.isEmpty ? [tags[0]] : [] }
                    note.tags = chosen
                    world.notes[note.objectID]?.tags = Set(chosen.map(\.objectID))
                }
            case 7...8 where !notes.isEmpty:
                let note = notes.randomElement(using: &generator)!
                world.notes[note.objectID] = nil
                context.delete(note)
            case 9 where !folders.isEmpty:
                let folder = folders.randomElement(using: &generator)!
                world.folders[folder.objectID] = nil
                world.notes = world.notes.filter { $0.value.folder != folder.objectID }
                context.delete(folder)
            case 10 where !tags.isEmpty:
                let tag = tags.randomElement(using: &generator)!
                world.tags[tag.objectID] = nil
                for id in world.notes.keys { world.notes[id]?.tags.remove(tag.objectID) }
                context.delete(tag)
            default:
                try insertFolder()
            }
        }

        private mutating func insertFolder() throws {
            let folder = try context.insert(UndoFolder.self)
            folder.name = "f\(counter)"
            world.folders[folder.objectID] = folder.name
        }

        /// What `context` shows, read from both sides of every relationship (which must agree).
        static func world(in context: ManagedObjectContext) throws -> World {
            var world = World()
            for note in try context.fetch(FetchRequest<UndoNote>()) {
                world.notes[note.objectID] = NoteValues(title: note.title, rank: note.rank, folder: note.folder?.objectID, tags: Set(note.tags.map(\.objectID)))
            }
            for folder in try context.fetch(FetchRequest<UndoFolder>()) {
                world.folders[folder.objectID] = folder.name
                let members = Set(world.notes.filter { $0.value.folder == folder.objectID }.keys)
                #expect(Set(folder.notes.map(\.objectID)) == members, "\(folder.name) lists other notes than point at it")
            }
            for tag in try context.fetch(FetchRequest<UndoTag>()) {
                world.tags[tag.objectID] = tag.label
                let members = Set(world.notes.filter { $0.value.tags.contains(tag.objectID) }.keys)
                #expect(Set(tag.notes.map(\.objectID)) == members, "\(tag.label) lists other notes than link to it")
            }
            return world
        }
    }
}
