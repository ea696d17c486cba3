import DiffableSnapshots
import FetchedResults
import Testing

/// Decorations reconfigure without changing identity; sequence slots show each snapshot.
@Suite(.timeLimit(.minutes(10))) struct DecorationAndSequenceTests {
    typealias Composer = SnapshotComposer<TestSection, TestItem>

    @Test func aChangedDecorationReconfiguresItsItemOnly() async throws {
        let composer = Composer()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1, 2, 3]))
        var reader = CompositionReader(composer)
        composer.setDecoration(true, for: .banner(2))
        let composition = try await reader.next()
        #expect(composition.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 1)]))
        #expect(composition.snapshot.reconfiguredItemIdentifiers == [.banner(2)])
        #expect(composition.changedSlots.isEmpty)
        #expect(composer.decoration(for: .banner(2), as: Bool.self) == true)
        #expect(composer.decoration(for: .banner(2), as: Int.self) == nil)
        composer.setDecoration(true, for: .banner(2))
        #expect(composer.generation == reader.generation, "the same value again composes nothing")
        composer.setDecoration(nil, for: .banner(2))
        let removed = try await reader.next()
        #expect(removed.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 1)]))
        #expect(composer.decoration(for: .banner(2), as: Bool.self) == nil)
        #expect(removed.snapshot.sectionsAndItems == composition.snapshot.sectionsAndItems)
    }

    @Test func aDecorationOfAnItemNotShownIsKeptForWhenItAppears() async throws {
        let composer = Composer()
        let banners = composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        var reader = CompositionReader(composer)
        composer.setDecoration("flag", for: .banner(9))
        #expect(composer.generation == reader.generation)
        composer.replace(banners, with: bannerSnapshot([1, 9]))
        let composition = try await reader.next()
        #expect(composition.batchUpdate == BatchUpdate(itemInserts: [ItemPath(section: 0, item: 1)]))
        #expect(composer.decoration(for: .banner(9), as: String.self) == "flag")
    }

    @Test func aSequenceSlotShowsEachSnapshotInItsPlace() async throws {
        let composer = Composer()
        var reader = CompositionReader(composer)
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        let (stream, continuation) = AsyncStream<DiffableDataSourceSnapshot<TestSection, TestItem>>.makeStream()
        let slot = composer.addSlot("feed", snapshots: stream, placeholder: .empty("feed"))
        composer.addStaticSlot("last", snapshot: bannerSnapshot([2], section: .group("last")))
        _ = try await reader.next()
        _ = try await reader.next()
        _ = try await reader.next()
        #expect(reader.snapshot.sectionIdentifiers == [.banners, .empty("feed"), .group("last")])
        continuation.yield(bannerSnapshot([5, 6], section: .featured))
        let first = try await reader.next()
        #expect(first.changedSlots == [slot])
        #expect(first.snapshot.sectionIdentifiers == [.banners, .featured, .group("last")])
        continuation.yield(bannerSnapshot([6], section: .featured))
        let second = try await reader.next()
        #expect(second.batchUpdate == BatchUpdate(itemDeletes: [ItemPath(section: 1, item: 0)]))
        continuation.finish()
    }

    @Test func aFailingSequenceIsReportedAndItsSlotKeepsItsContent() async throws {
        struct Broken: Error {}
        let composer = Composer()
        var errors = composer.errors().makeAsyncIterator()
        let (stream, continuation) = AsyncThrowingStream<DiffableDataSourceSnapshot<TestSection, TestItem>, any Error>.makeStream()
        let slot = composer.addSlot("feed", snapshots: stream)
        var reader = CompositionReader(composer)
        continuation.yield(bannerSnapshot([1]))
        _ = try await reader.next()
        continuation.finish(throwing: Broken())
        let error = await errors.next()
        guard case .sourceFailed(let failed, _) = error else {
            Issue.record("expected sourceFailed, got \(String(describing: error))")
            return
        }
        #expect(failed == slot)
        #expect(composer.snapshot.itemIdentifiers == [.banner(1)])
    }
}
