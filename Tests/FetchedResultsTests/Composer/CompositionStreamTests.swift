import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing

/// Where a sequence of compositions starts, whenever it is made: with the composer's last
/// composition when there is one, then every later composition.
@MainActor @Suite(.timeLimit(.minutes(10))) struct CompositionStreamTests {
    @Test func aSequenceMadeAfterTheSlotsStartsWithTheLastCompositionThenTheNextChange() async throws {
        let (container, matches) = try savedMatches()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        try controller.performFetch()
        let composer = SnapshotComposer<TestSection, TestItem>()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        composer.addSlot("groups", controller: controller, section: { .group($0) }, item: { .match($0) })
        var compositions = composer.compositions().makeAsyncIterator()
        let last = try #require(await compositions.next())
        #expect(last.generation == composer.generation)
        #expect(last.snapshot == composer.snapshot)
        matches[0].score = 5
        try container.viewContext.save()
        let change = try #require(await compositions.next())
        #expect(change.generation == last.generation + 1)
        #expect(change.previousSnapshot == last.snapshot)
        #expect(change.batchUpdate.itemMoves.count == 1)
    }

    @Test func aSequenceMadeBeforeAnySlotStartsWithTheFirstComposition() async throws {
        let composer = SnapshotComposer<TestSection, TestItem>()
        var compositions = composer.compositions().makeAsyncIterator()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1, 2]))
        let first = try #require(await compositions.next())
        #expect(first.generation == 1)
        #expect(first.previousSnapshot == DiffableDataSourceSnapshot())
        #expect(first.snapshot == bannerSnapshot([1, 2]))
    }
}
