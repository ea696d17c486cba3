import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing

/// Controller slots: added before or after the fetch, following deliveries in place, mapping
/// sections and items.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ControllerSlotTests {
    typealias Composer = SnapshotComposer<TestSection, TestItem>

    @discardableResult
    func addGroups(_ composer: Composer, _ controller: FetchedResultsController<Match>, placeholder: TestSection? = nil) -> ComposerSlot {
        composer.addSlot("groups", controller: controller, placeholder: placeholder, section: { .group($0) }, item: { .match($0) })
    }

    @Test func aControllerFetchedBeforeTheSlotIsShownAtOnce() async throws {
        let (container, matches) = try savedMatches()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        try controller.performFetch()
        let composer = Composer()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        let slot = addGroups(composer, controller)
        #expect(composer.snapshot.sectionsAndItems == [
            SectionAndItems(section: .banners, items: [.banner(1)]),
            SectionAndItems(section: .group("A"), items: [.match(matches[0].objectID), .match(matches[1].objectID)]),
            SectionAndItems(section: .group("B"), items: [.match(matches[2].objectID), .match(matches[3].objectID)]),
        ])
        var reader = CompositionReader(composer)
        matches[0].score = 5
        try container.viewContext.save()
        let moved = try await reader.next()
        #expect(moved.changedSlots == [slot])
        #expect(moved.snapshot.itemIdentifiers(inSection: .group("A")) == [.match(matches[1].objectID), .match(matches[0].objectID)])
        #expect(moved.batchUpdate.itemMoves.count == 1)
        #expect(moved.batchUpdate.itemInserts.isEmpty && moved.batchUpdate.itemDeletes.isEmpty)
    }

    @Test func aControllerFetchedAfterTheSlotIsAddedAppearsWithItsFetch() async throws {
        let (container, matches) = try savedMatches()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        let composer = Composer()
        var reader = CompositionReader(composer)
        let slot = addGroups(composer, controller, placeholder: .empty("groups"))
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        _ = try await reader.next()
        _ = try await reader.next()
        #expect(composer.snapshot.sectionIdentifiers == [.empty("groups"), .banners])
        try controller.performFetch()
        let fetched = try await reader.next()
        #expect(fetched.changedSlots == [slot])
        #expect(fetched.snapshot.sectionIdentifiers == [.group("A"), .group("B"), .banners])
        #expect(fetched.snapshot.numberOfItems == matches.count + 1)
    }

    @Test func changesInOneControllerLeaveTheOtherSlotsInPlace() async throws {
        let (container, matches) = try savedMatches()
        let context = container.viewContext
        let groups = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context, sectionNameKeyPath: "group")
        let live = FetchedResultsController<Match>(fetchRequest: try matchRequest("isLive == YES"), managedObjectContext: context)
        try groups.performFetch()
        try live.performFetch()
        let composer = Composer()
        composer.addSlot("live", controller: live, section: { _ in .featured }, item: { .sport($0) })
        addGroups(composer, groups)
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        var reader = CompositionReader(composer)
        matches[2].isLive = true
        try context.save()
        // Both controllers deliver: the live slot gains a section before the groups.
        var sections: [TestSection] = []
        while sections != [.featured, .group("A"), .group("B"), .banners] {
            sections = try await reader.next().snapshot.sectionIdentifiers
        }
        matches[2].group = "C"
        try context.save()
        while sections != [.featured, .group("A"), .group("B"), .group("C"), .banners] {
            sections = try await reader.next().snapshot.sectionIdentifiers
        }
        matches[2].isLive = false
        try context.save()
        while sections != [.group("A"), .group("B"), .group("C"), .banners] {
            sections = try await reader.next().snapshot.sectionIdentifiers
        }
    }

    @Test func markedObjectsAreReconfiguredInTheComposedList() async throws {
        let (container, matches) = try savedMatches()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        try controller.performFetch()
        let composer = Composer()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        addGroups(composer, controller)
        var reader = CompositionReader(composer)
        matches[1].title = "renamed"
        try container.viewContext.save()
        let composition = try await reader.next()
        #expect(composition.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 1, item: 1)]))
        #expect(composition.snapshot.reconfiguredItemIdentifiers == [.match(matches[1].objectID)])
    }
}
