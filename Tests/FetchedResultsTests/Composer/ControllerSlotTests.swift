import DiffableSnapshots
@testable import FetchedResults
import Foundation
import ObjectStore
import Testing

/// Controller slots: added before or after the fetch, following deliveries in place, mapping
/// sections and items.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ControllerSlotTests {
    typealias Composer = SnapshotComposer<TestSection, TestItem>

    /// A controller of every match sectioned by group, fetched.
    func fetchedGroups(_ container: PersistentContainer) throws -> FetchedResultsController<Match> {
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        try controller.performFetch()
        return controller
    }

    /// Saved matches, and a composer of a banner then the matches by group, fetched first.
    func bannersAndGroups() throws -> (PersistentContainer, [Match], Composer) {
        let (container, matches) = try savedMatches()
        let controller = try fetchedGroups(container)
        let composer = Composer()
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        addGroups(composer, controller)
        return (container, matches, composer)
    }

    @discardableResult
    func addGroups(_ composer: Composer, _ controller: FetchedResultsController<Match>, placeholder: TestSection? = nil) -> ComposerSlot {
        composer.addSlot("groups", controller: controller, placeholder: placeholder, section: { .group($0) }, item: { .match($0) })
    }

    @Test func aControllerFetchedBeforeTheSlotIsShownAtOnce() async throws {
        let (container, matches) = try savedMatches()
        let controller = try fetchedGroups(container)
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
        var shown = reader.snapshot
        while sections != [.featured, .group("A"), .group("B"), .group("C"), .banners] {
            shown = try await reader.next().snapshot
            sections = shown.sectionIdentifiers
        }
        // The groups moved a match into a new section; the slots before and after kept theirs.
        #expect(shown.itemIdentifiers(inSection: .featured) == [.sport(matches[2].objectID)])
        #expect(shown.itemIdentifiers(inSection: .banners) == [.banner(1)])
        matches[2].isLive = false
        try context.save()
        while sections != [.group("A"), .group("B"), .group("C"), .banners] {
            shown = try await reader.next().snapshot
            sections = shown.sectionIdentifiers
        }
        #expect(shown.itemIdentifiers(inSection: .group("C")) == [.match(matches[2].objectID)])
        #expect(shown.itemIdentifiers(inSection: .banners) == [.banner(1)])
    }

    @Test func markedObjectsAreReconfiguredInTheComposedList() async throws {
        let (container, matches, composer) = try bannersAndGroups()
        var reader = CompositionReader(composer)
        matches[1].title = "renamed"
        try container.viewContext.save()
        let composition = try await reader.next()
        #expect(composition.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 1, item: 1)]))
        #expect(composition.snapshot.reconfiguredItemIdentifiers == [.match(matches[1].objectID)])
    }

    @Test func aSlotAddedOffTheMainActorFollowsAViewContextController() async throws {
        let (container, matches) = try savedMatches()
        let controller = try fetchedGroups(container)
        let composer = Composer()
        var reader = CompositionReader(composer)
        let slot = await Task.detached {
            composer.addSlot("groups", controller: controller, section: { .group($0) }, item: { .match($0) })
        }.value
        let added = try await reader.next()
        #expect(added.changedSlots == [slot])
        #expect(added.snapshot.numberOfItems == matches.count)
        try container.viewContext.insertMatch("a3", group: "A", score: 3)
        try container.viewContext.save()
        let inserted = try await reader.next()
        #expect(inserted.batchUpdate == BatchUpdate(itemInserts: [ItemPath(section: 0, item: 2)]))
    }

    @Test func deliveriesAreTranslatedNotDiffed() async throws {
        let (container, matches, composer) = try bannersAndGroups()
        var reader = CompositionReader(composer)
        let before = composer.compositionCounts
        matches[0].group = "C"
        matches[3].score = 0
        try container.viewContext.save()
        try container.viewContext.insertMatch("d1", group: "D")
        try container.viewContext.save()
        container.viewContext.delete(matches[2])
        try container.viewContext.save()
        for _ in 0..<3 { _ = try await reader.next() }
        let after = composer.compositionCounts
        #expect(after.translated == before.translated + 3)
        #expect(after.diffed == before.diffed)
        #expect(reader.snapshot.sectionIdentifiers == [.banners, .group("A"), .group("B"), .group("C"), .group("D")])
    }

    @Test func aMappingThatFoldsTwoItemsIsHeldBackUntilTheResultsNoLongerCollide() async throws {
        let (container, matches) = try savedMatches()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest("group == %@", "A"), managedObjectContext: container.viewContext)
        try controller.performFetch()
        let composer = Composer()
        var errors = composer.errors().makeAsyncIterator()
        let slot = composer.addSlot("folded", controller: controller, placeholder: .empty("folded"), section: { _ in .featured }, item: { _ in .banner(0) })
        #expect(await errors.next() == .duplicateItem(identifier: String(reflecting: TestItem.banner(0)), firstSlot: slot, secondSlot: slot))
        #expect(composer.snapshot.sectionIdentifiers == [.empty("folded")], "the slot keeps its last good content: its placeholder")
        var reader = CompositionReader(composer)
        container.viewContext.delete(matches[1])
        try container.viewContext.save()
        let recovered = try await reader.next()
        #expect(recovered.snapshot.sectionsAndItems == [SectionAndItems(section: .featured, items: [.banner(0)])])
        #expect(composer.conflicts.isEmpty && composer.lastError == nil)
    }

    @Test func aControllerHeldBackByAStaticSlotCatchesUpWhenTheStaticSlotLetsGo() async throws {
        let (container, matches) = try savedMatches()
        let controller = try fetchedGroups(container)
        let composer = Composer()
        var claimed = DiffableDataSourceSnapshot<TestSection, TestItem>()
        claimed.appendSections([.banners])
        claimed.appendItems([.match(matches[0].objectID)])
        let banners = composer.addStaticSlot("banners", snapshot: claimed)
        let groups = addGroups(composer, controller)
        #expect(composer.conflicts == [.duplicateItem(identifier: String(reflecting: TestItem.match(matches[0].objectID)), firstSlot: banners, secondSlot: groups)])
        var reader = CompositionReader(composer)
        matches[3].score = 0
        try container.viewContext.save()
        try await Task.sleep(for: .milliseconds(20))
        #expect(composer.generation == reader.generation, "a held-back slot's next delivery is held back too while the conflict lasts")
        composer.replace(banners, with: bannerSnapshot([1]))
        _ = try await reader.next()
        let caughtUp = try await reader.next()
        #expect(caughtUp.changedSlots == [groups])
        #expect(caughtUp.snapshot.itemIdentifiers(inSection: .group("B")) == [.match(matches[3].objectID), .match(matches[2].objectID)])
    }
}
