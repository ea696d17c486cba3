import ObjectStore
import StoreBackends
import Testing

/// Undo and redo of a context's changes: each kind of change, grouping, the manager's settings,
/// and what saves, rollbacks, resets and merges do to the stacks.
@Suite struct UndoTests {
    @Test func aContextHasNoUndoManagerAndUndoDoesNothing() throws {
        let container = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            #expect(context.undoManager == nil)
            let note = try context.insert(UndoNote.self)
            note.title = "Kept"
            context.undo()
            #expect(try context.noteTitles() == ["Kept"])
        }
    }

    @Test(arguments: StoreBackend.all)
    func undoOfAnInsertRemovesTheObjectAndRedoBringsItBack(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let id = try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            note.title = "Draft"
            return note.objectID
        }
        try context.performAndWait {
            #expect(context.undoManager?.canUndo == true)
            context.undo()
            #expect(try context.noteTitles() == [])
            #expect(context.insertedObjects.isEmpty && !context.hasChanges)
            #expect(context.undoManager?.canRedo == true && context.undoManager?.canUndo == false)
            context.redo()
            let note = try context.existingObject(with: id, as: UndoNote.self)
            #expect(note.title == "Draft" && note.isInserted)
            try context.save()
        }
        #expect(try storedTitles(container) == ["Draft"])
    }

    @Test(arguments: StoreBackend.all)
    func undoOfAnAttributeChangeRestoresTheOldValue(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let note = try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            note.title = "First"
            try context.save()
            context.undoManager?.removeAllActions()
            return note
        }
        context.performAndWait {
            note.title = "Second"
            note.rank = 3
        }
        try context.performAndWait {
            context.undo()
            #expect(note.title == "First" && note.rank == 0)
            #expect(!note.isUpdated && !context.hasChanges)
            context.redo()
            #expect(note.title == "Second" && note.rank == 3)
            try context.save()
        }
        #expect(try storedTitles(container) == ["Second"])
    }

    @Test(arguments: StoreBackend.all)
    func undoOfASavedDeleteInsertsTheObjectAgainWithItsIDValuesAndRelationships(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let (noteID, folderID, tagID) = try context.performAndWait {
            let folder = try context.insert(UndoFolder.self)
            let note = try context.insert(UndoNote.self), tag = try context.insert(UndoTag.self)
            note.title = "Minutes"
            note.folder = folder
            note.tags = [tag]
            try context.save()
            context.undoManager?.removeAllActions()
            return (note.objectID, folder.objectID, tag.objectID)
        }
        try context.performAndWait {
            context.delete(try context.existingObject(with: noteID))
            try context.save()
        }
        try context.performAndWait {
            context.undo()
            let note = try context.existingObject(with: noteID, as: UndoNote.self)
            #expect(note.title == "Minutes" && note.isInserted)
            #expect(note.folder?.objectID == folderID && note.tags.map(\.objectID) == [tagID])
            try context.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let note = try reader.existingObject(with: noteID, as: UndoNote.self)
            #expect(note.title == "Minutes")
            #expect(note.folder?.objectID == folderID)
            #expect(note.tags.map(\.objectID) == [tagID])
            #expect(try reader.existingObject(with: folderID, as: UndoFolder.self).notes.map(\.objectID) == [noteID])
        }
    }

    @Test(arguments: StoreBackend.all)
    func undoOfAToOneChangeRestoresBothSides(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let (note, home, other) = try context.performAndWait {
            let home = try context.insert(UndoFolder.self), other = try context.insert(UndoFolder.self)
            let note = try context.insert(UndoNote.self)
            note.folder = home
            try context.save()
            context.undoManager?.removeAllActions()
            return (note, home, other)
        }
        context.performAndWait { other.notes = [note] }
        try context.performAndWait {
            #expect(note.folder == other && home.notes.isEmpty)
            context.undo()
            #expect(note.folder == home && home.notes == [note] && other.notes.isEmpty)
            #expect(!context.hasChanges)
            context.redo()
            try context.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let folder = try reader.existingObject(with: note.objectID, as: UndoNote.self).folder
            #expect(folder?.objectID == other.objectID)
        }
    }

    @Test(arguments: StoreBackend.all)
    func undoOfAManyToManyLinkRestoresBothSides(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let (note, red, blue) = try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            let red = try context.insert(UndoTag.self), blue = try context.insert(UndoTag.self)
            note.tags = [red]
            try context.save()
            context.undoManager?.removeAllActions()
            return (note, red, blue)
        }
        context.performAndWait { note.tags = [blue] }
        try context.performAndWait {
            context.undo()
            #expect(note.tags == [red] && red.notes == [note] && blue.notes.isEmpty)
            #expect(!context.hasChanges)
            try context.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let tags = try reader.existingObject(with: note.objectID, as: UndoNote.self).tags
            #expect(tags.map(\.objectID) == [red.objectID])
        }
    }

    @Test(arguments: StoreBackend.all)
    func undoOfACascadeDeleteRestoresEveryObjectAsOneGroup(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let folder = try context.performAndWait {
            let folder = try context.insert(UndoFolder.self)
            for title in ["a", "b"] {
                let note = try context.insert(UndoNote.self)
                note.title = title
                note.folder = folder
            }
            try context.save()
            context.undoManager?.removeAllActions()
            return folder
        }
        try context.performAndWait {
            context.delete(folder)
            try context.save()
            #expect(try context.noteTitles() == [])
        }
        try context.performAndWait {
            context.undo()
            #expect(context.undoManager?.canUndo == false)
            #expect(try context.noteTitles() == ["a", "b"])
            #expect(folder.notes.map(\.title).sorted() == ["a", "b"])
            try context.save()
        }
        #expect(try storedTitles(container) == ["a", "b"])
    }

    @Test(arguments: StoreBackend.all)
    func aNewChangeAfterAnUndoEmptiesTheRedoStack(_ backend: StoreBackend) async throws {
        let (_, context) = try await UndoModel.undoableContext(on: backend)
        let note = try context.performAndWait { try context.insert(UndoNote.self) }
        context.performAndWait { note.title = "One" }
        context.performAndWait {
            context.undo()
            #expect(context.undoManager?.canRedo == true)
            note.rank = 1
            #expect(context.undoManager?.canRedo == false)
            context.redo()
            #expect(note.title == "" && note.rank == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func eachTurnOfTheContextsQueueIsOneGroup(_ backend: StoreBackend) async throws {
        let (_, context) = try await UndoModel.undoableContext(on: backend)
        let id = try await context.perform {
            let note = try context.insert(UndoNote.self)
            note.title = "Inserted"
            return note.objectID
        }
        @Sendable func note() -> UndoNote { context.object(with: id) as! UndoNote }
        await context.perform { note().title = "Renamed"; note().rank = 2 }
        await context.perform { note().rank = 5 }
        try await context.perform {
            context.undo()
            #expect(note().title == "Renamed" && note().rank == 2)
            context.undo()
            #expect(note().title == "Inserted" && note().rank == 0)
            context.undo()
            let titles = try context.noteTitles()
            #expect(titles == [])
            #expect(context.undoManager?.canUndo == false)
        }
    }

    @Test func undoInTheSameTurnReversesThatTurnsChanges() throws {
        let container = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory)
        let context = ManagedObjectContext.undoable(in: container)
        try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            note.title = "Same turn"
            context.undo()
            #expect(try context.noteTitles() == [])
            context.redo()
            #expect(try context.noteTitles() == ["Same turn"])
        }
    }

    @Test func groupsTheAppBeginsAreOneActionEachAndCarryTheirNames() throws {
        let container = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory)
        let context = ManagedObjectContext.undoable(in: container)
        try context.performAndWait {
            let undo = try #require(context.undoManager)
            undo.groupsByEvent = false
            undo.beginUndoGrouping()
            let note = try context.insert(UndoNote.self)
            note.title = "Agenda"
            undo.setActionName("Add Note")
            undo.endUndoGrouping()
            undo.beginUndoGrouping()
            note.rank = 1
            undo.beginUndoGrouping()
            note.title = "Agenda v2"
            undo.endUndoGrouping()
            #expect(undo.groupingLevel == 1)
            undo.endUndoGrouping()
            undo.setActionName("Edit Note")
            #expect(undo.undoActionName == "Edit Note")
            undo.undo()
            #expect(note.title == "Agenda" && note.rank == 0)
            #expect(undo.undoActionName == "Add Note" && undo.redoActionName == "Edit Note")
            undo.undo()
            #expect(try context.noteTitles() == [])
            #expect(!undo.canUndo && undo.redoActionName == "Add Note")
        }
    }

    @Test func anAppGroupSpansTurns() async throws {
        let container = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory)
        let context = ManagedObjectContext.undoable(in: container)
        let id = try await context.perform {
            context.undoManager?.beginUndoGrouping()
            return try context.insert(UndoNote.self).objectID
        }
        await context.perform { (context.object(with: id) as! UndoNote).title = "Later turn" }
        try await context.perform {
            context.undoManager?.endUndoGrouping()
            context.undo()
            let titles = try context.noteTitles()
            #expect(titles == [])
        }
    }

    @Test(arguments: StoreBackend.all)
    func levelsOfUndoKeepsTheLatestGroups(_ backend: StoreBackend) async throws {
        let (_, context) = try await UndoModel.undoableContext(on: backend)
        let note = try context.performAndWait {
            context.undoManager?.levelsOfUndo = 2
            return try context.insert(UndoNote.self)
        }
        for rank in 1...3 {
            context.performAndWait { note.rank = rank }
        }
        context.performAndWait {
            context.undo()
            context.undo()
            #expect(note.rank == 1)
            #expect(context.undoManager?.canUndo == false)
            #expect(note.isInserted)
        }
    }

    @Test(arguments: StoreBackend.all)
    func disabledRegistrationRecordsNothing(_ backend: StoreBackend) async throws {
        let (_, context) = try await UndoModel.undoableContext(on: backend)
        try context.performAndWait {
            let undo = try #require(context.undoManager)
            undo.disableUndoRegistration()
            let note = try context.insert(UndoNote.self)
            note.title = "Imported"
            #expect(!undo.isUndoRegistrationEnabled)
            undo.enableUndoRegistration()
            #expect(!undo.canUndo)
            context.undo()
            #expect(try context.noteTitles() == ["Imported"])
        }
    }

    @Test(arguments: StoreBackend.all)
    func rollbackAndResetEmptyTheStacks(_ backend: StoreBackend) async throws {
        let (_, context) = try await UndoModel.undoableContext(on: backend)
        try context.performAndWait {
            _ = try context.insert(UndoNote.self)
            context.rollback()
            #expect(context.undoManager?.canUndo == false)
            _ = try context.insert(UndoNote.self)
            context.processPendingChanges()
            context.undo()
            #expect(context.undoManager?.canRedo == true)
            context.reset()
            #expect(context.undoManager?.canUndo == false && context.undoManager?.canRedo == false)
        }
    }

    @Test(arguments: StoreBackend.all)
    func aSaveKeepsTheStackAndUndoingASavedInsertDeletesIt(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let note = try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            note.title = "Saved"
            try context.save()
            return note
        }
        try context.performAndWait {
            #expect(context.undoManager?.canUndo == true)
            context.undo()
            #expect(context.deletedObjects == [note])
            try context.save()
        }
        #expect(try storedTitles(container) == [])
        try context.performAndWait {
            context.redo()
            #expect(note.isInserted && note.title == "Saved")
            try context.save()
        }
        #expect(try storedTitles(container) == ["Saved"])
    }

    @Test(arguments: StoreBackend.all)
    func aMergeThatTouchesARecordedObjectEmptiesTheStacksAndOthersKeepThem(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        context.automaticallyMergesChangesFromParent = true
        let (edited, untouched) = try context.performAndWait {
            let edited = try context.insert(UndoNote.self), untouched = try context.insert(UndoNote.self)
            try context.save()
            context.undoManager?.removeAllActions()
            return (edited.objectID, untouched.objectID)
        }
        try context.performAndWait {
            try context.existingObject(with: edited, as: UndoNote.self).title = "Mine"
            try context.save()
        }
        let other = container.newBackgroundContext()
        try other.performAndWait {
            try other.existingObject(with: untouched, as: UndoNote.self).rank = 7
            try other.save()
        }
        await context.perform {
            #expect(context.undoManager?.canUndo == true)
        }
        try other.performAndWait {
            try other.existingObject(with: edited, as: UndoNote.self).title = "Theirs"
            try other.save()
        }
        try await context.perform {
            #expect(context.undoManager?.canUndo == false)
            context.undo()
            let title = try context.existingObject(with: edited, as: UndoNote.self).title
            #expect(title == "Theirs")
        }
    }

    @Test(arguments: StoreBackend.all)
    func aChildThatUndoesADeleteItSavedIntoItsParentGivesTheParentTheObjectBack(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Undo", model: UndoModel.model)
        let parent = container.newBackgroundContext()
        let id = try parent.performAndWait {
            let note = try parent.insert(UndoNote.self)
            note.title = "Kept"
            try parent.save()
            return note.objectID
        }
        let child = parent.newChildContext()
        child.performAndWait { child.undoManager = ObjectUndoManager() }
        try child.performAndWait {
            child.delete(try child.existingObject(with: id))
            try child.save()
        }
        try child.performAndWait {
            child.undo()
            #expect(try child.noteTitles() == ["Kept"])
            try child.save()
        }
        try parent.performAndWait {
            #expect(try parent.noteTitles() == ["Kept"])
            #expect(!parent.hasChanges)
            try parent.save()
        }
        #expect(try storedTitles(container) == ["Kept"])
    }

    @Test(arguments: StoreBackend.all)
    func changesMadeInWillSaveJoinTheGroupOfTheTurnThatSaves(_ backend: StoreBackend) async throws {
        let (container, context) = try await UndoModel.undoableContext(on: backend)
        let note = try context.performAndWait {
            let note = try context.insert(UndoNote.self)
            note.rank = 4
            try context.save()
            context.undoManager?.removeAllActions()
            return note
        }
        try context.performAndWait {
            note.rank = -1
            try context.save()
            #expect(note.rank == 0)
        }
        try context.performAndWait {
            context.undo()
            #expect(note.rank == 4)
            try context.save()
        }
        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.fetch(FetchRequest<UndoNote>()).map(\.rank) }
        #expect(stored == [4])
        context.performAndWait {
            context.redo()
            #expect(note.rank == 0)
        }
    }

    /// The titles of the notes the store holds, read by a new context.
    private func storedTitles(_ container: PersistentContainer) throws -> [String] {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait { try reader.noteTitles() }
    }
}
