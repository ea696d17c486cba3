import ObjectStore
import Testing

/// Misusing an undo manager stops the program with a message that names the mistake, as
/// Foundation's undo manager raises.
@Suite struct UndoMisuseTests {
    @Test func endingAGroupThatWasNotBegunIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory).newBackgroundContext()
            context.performAndWait {
                context.undoManager = ObjectUndoManager()
                context.undoManager?.endUndoGrouping()
            }
        }
        expect(result, toName: "with no group open that beginUndoGrouping() began")
    }

    @Test func aChangeWithNoGroupOpenWhileGroupingByTheAppIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory).newBackgroundContext()
            try context.performAndWait {
                context.undoManager = ObjectUndoManager()
                context.undoManager?.groupsByEvent = false
                _ = try context.insert(UndoNote.self)
            }
        }
        expect(result, toName: "no undo group open while its undo manager's groupsByEvent is false")
    }

    @Test func usingTheManagerOffItsContextsQueueIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory).newBackgroundContext()
            let manager = ObjectUndoManager()
            context.performAndWait { context.undoManager = manager }
            manager.undo()
        }
        expect(result, toName: "ObjectUndoManager.undo() was called off")
    }

    @Test func oneManagerForTwoContextsIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try PersistentContainer(name: "Undo", model: UndoModel.model, store: .inMemory)
            let manager = ObjectUndoManager()
            let first = container.newBackgroundContext(), second = container.newBackgroundContext()
            first.performAndWait { first.undoManager = manager }
            second.performAndWait { second.undoManager = manager }
        }
        expect(result, toName: "An ObjectUndoManager serves one context")
    }

    private func expect(_ result: ExitTest.Result, toName message: String) {
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(message), "\(output)")
    }
}
