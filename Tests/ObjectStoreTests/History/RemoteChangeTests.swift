import DiffableSupport
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Commits of another container on the same file: the stand-in for another process, with the
/// same path through the history (each container reads the other's commits from the file).
@Suite struct RemoteChangeTests {
    /// A background context of `container` that merges other containers' commits, and the events
    /// of its change stream.
    private static func follower(of container: PersistentContainer) -> (ManagedObjectContext, EventRecorder) {
        let context = container.newBackgroundContext(name: "follower")
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true
        let recorder = EventRecorder()
        recorder.token = context.addChangeObserver { recorder.append($0) }
        return (context, recorder)
    }

    @Test func eachCommitOfAnotherContainerIsMergedOnceInCommitOrder() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let (follower, recorder) = Self.follower(of: first)
        let writer = second.newBackgroundContext(name: "writer")
        writer.transactionAuthor = "importer"
        for index in 0..<5 {
            try await writer.perform { _ = try writer.savedNote(code: "n\(index)") }
        }
        let written = try await writer.perform { try writer.fetchHistory(after: nil) }
        await eventually { recorder.remoteMerges.count >= 5 }
        try await Task.sleep(for: .milliseconds(50))
        let merges = recorder.remoteMerges
        #expect(merges.count == 5)
        #expect(merges.map { $0.changeSet?.historyToken } == written.map(\.token))
        #expect(merges.allSatisfy { $0.kind == .merge && $0.changeSet?.originator.name == "writer" })
        #expect(merges.map { $0.insertedObjectIDs.map(\.key) } == written.map { $0.changes.map(\.changedObjectID.key) })
        #expect(merges.allSatisfy { $0.insertedObjectIDs.allSatisfy { $0.entity.name == "HistoryNote" } })
        _ = follower
    }

    @Test func anUpdateOfAnotherContainerReachesLoadedObjectsWithItsKeys() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let (follower, recorder) = Self.follower(of: first)
        let writer = second.newBackgroundContext()
        let id = try await writer.perform { try writer.savedNote(code: "a", title: "before") }
        let local = try first.managedObjectID(forURIRepresentation: URL(string: id.uriRepresentation().absoluteString.replacingOccurrences(
            of: second.storeIdentifier.uuidString, with: first.storeIdentifier.uuidString))!)
        // Both containers open the same store: its identifier is the same.
        #expect(first.storeIdentifier == second.storeIdentifier)
        let loaded = try await follower.perform { () throws -> String in
            let note = try follower.existingObject(with: local) as! HistoryModel.Note
            return note.title
        }
        #expect(loaded == "before")
        try await writer.perform {
            let note = try writer.existingObject(with: id) as! HistoryModel.Note
            note.title = "after"
            try writer.save()
        }
        await eventually { recorder.remoteMerges.contains { $0.changedKeys[local] == ["title"] } }
        let shown = try await follower.perform { () throws -> (String, Bool) in
            let note = try follower.existingObject(with: local) as! HistoryModel.Note
            return (note.title, note.hasChanges)
        }
        #expect(shown == ("after", false))
        let update = try #require(recorder.remoteMerges.first { $0.changedKeys[local] != nil })
        #expect(update.refreshedObjectIDs == [local])

        try await writer.perform {
            writer.delete(try writer.existingObject(with: id))
            try writer.save()
        }
        await eventually { recorder.remoteMerges.contains { $0.deletedObjectIDs.contains(local) } }
        let gone = await follower.perform { follower.registeredObject(with: local) == nil }
        #expect(gone)
    }

    @Test func remoteChangesYieldsAfterAnotherContainersCommitWithItsToken() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let received = Locked<[RemoteChange]>([])
        let signals = first.remoteChanges()
        let loop = Task {
            for await signal in signals { received.withLock { $0.append(signal) } }
        }
        let writer = second.newBackgroundContext()
        let token = try await writer.perform { () throws -> HistoryToken in
            _ = try writer.savedNote(code: "x")
            return try writer.lastHistoryToken()
        }
        await eventually { !received.withLock(\.isEmpty) }
        loop.cancel()
        let signal = try #require(received.withLock(\.first))
        #expect(signal.historyToken == token)
        #expect(signal.storeIdentifier == first.storeIdentifier)
    }

    @Test func changeSetObserversOfTheContainerReceiveRemoteCommits() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let received = Locked<[ChangeSet]>([])
        let token = first.addChangeSetObserver { changeSet in received.withLock { $0.append(changeSet) } }
        let writer = second.newBackgroundContext()
        try await writer.perform { _ = try writer.savedNote(code: "x") }
        let local = first.newBackgroundContext()
        try await local.perform { _ = try local.savedNote(code: "y") }
        await eventually { received.withLock { $0.count } >= 2 }
        let changeSets = received.withLock { $0 }
        #expect(changeSets.map(\.isRemote) == [true, false])
        #expect(changeSets.map(\.transactionNumber) == changeSets.map(\.transactionNumber).sorted())
        #expect(changeSets.allSatisfy { $0.historyToken != nil && !$0.isResync })
        token.cancel()
    }

    @Test func aFetchThatSeesARemoteCommitHasMergedItFirst() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let (follower, recorder) = Self.follower(of: first)
        let writer = second.newBackgroundContext()
        for round in 0..<20 {
            try await writer.perform { _ = try writer.savedNote(code: "n\(round)") }
            let (count, readAhead) = try await follower.perform { () throws -> (Int, Bool) in
                let count = try follower.fetch(FetchRequest<HistoryModel.Note>()).count
                return (count, follower.hasReadAheadOfItsStream)
            }
            #expect(count == round + 1)
            #expect(!readAhead)
            // What the fetch returned was merged before it returned; the event reaches observers
            // at the end of the context's turn.
            await eventually { recorder.remoteMerges.reduce(0) { $0 + $1.insertedObjectIDs.count } == round + 1 }
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.remoteMerges.count == 20)
    }

    @Test func aContextThatDoesNotMergeRemoteChangesGetsNone() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let (follower, recorder) = Self.follower(of: first)
        let quiet = first.newBackgroundContext()
        quiet.automaticallyMergesChangesFromParent = true
        let quietEvents = EventRecorder()
        quietEvents.token = quiet.addChangeObserver { quietEvents.append($0) }
        #expect(!quiet.automaticallyMergesRemoteChanges)
        let writer = second.newBackgroundContext()
        try await writer.perform { _ = try writer.savedNote(code: "x") }
        await eventually { recorder.remoteMerges.count == 1 }
        await quiet.perform {}
        #expect(quietEvents.events.isEmpty)
        _ = follower
    }

    @Test func commitsMissingFromTheHistoryAreMergedAsOneResync() async throws {
        let (first, url) = try HistoryModel.container()
        let (untracked, _) = try HistoryModel.container(at: url, tracking: false)
        let (follower, recorder) = Self.follower(of: first)
        let local = try await follower.perform { try follower.savedNote(code: "mine", title: "before") }
        let key = local.key
        let writer = untracked.newBackgroundContext()
        try await writer.perform {
            let notes = try writer.fetch(FetchRequest<HistoryModel.Note>())
            let note = try #require(notes.first { $0.objectID.key == key })
            note.title = "changed elsewhere"
            try writer.save()
        }
        await eventually { recorder.events.contains { $0.kind == .resync } }
        let resync = try #require(recorder.events.first { $0.kind == .resync })
        #expect(resync.changeSet?.isResync == true && resync.changeSet?.isRemote == true)
        #expect(resync.refreshedObjectIDs == [local])
        let title = try await follower.perform { (try follower.existingObject(with: local) as! HistoryModel.Note).title }
        #expect(title == "changed elsewhere")
    }

    @Test func eachCommitWritesTheSignalFileBesideTheStoreThatOtherContainersWatch() async throws {
        let (container, url) = try HistoryModel.container()
        let signal = url.path + "-signal"
        func modified() throws -> Date {
            try #require(FileManager.default.attributesOfItem(atPath: signal)[.modificationDate] as? Date)
        }
        let opened = try modified()
        let writer = container.newBackgroundContext()
        for round in 0..<3 {
            // File times advance in steps of a few milliseconds.
            try await Task.sleep(for: .milliseconds(30))
            let before = try modified()
            try await writer.perform { _ = try writer.savedNote(code: "n\(round)") }
            #expect(try modified() > before, "commit \(round) did not write \(signal)")
        }
        #expect(try modified() > opened)
    }

    @Test func aStoreThatNoOneElseWritesWakesNobody() async throws {
        let (container, _) = try HistoryModel.container()
        let (follower, recorder) = Self.follower(of: container)
        let writer = container.newBackgroundContext()
        for round in 0..<5 {
            try await writer.perform { _ = try writer.savedNote(code: "n\(round)") }
        }
        await eventually { recorder.events.count == 5 }
        try await Task.sleep(for: .milliseconds(100))
        // The container's own saves are merged once, as its own, never again from the history.
        #expect(recorder.events.count == 5)
        #expect(recorder.events.allSatisfy { $0.changeSet?.isRemote == false })
        _ = follower
    }
}

/// Collects a context's change events from any thread.
final class EventRecorder: Sendable {
    private let collected = Locked<[ChangeEvent]>([])
    nonisolated(unsafe) var token: ObservationToken?

    func append(_ event: ChangeEvent) {
        collected.withLock { $0.append(event) }
    }

    var events: [ChangeEvent] { collected.withLock { $0 } }

    /// The merge events of other containers' commits.
    var remoteMerges: [ChangeEvent] {
        events.filter { $0.kind == .merge && $0.changeSet?.isRemote == true }
    }
}
