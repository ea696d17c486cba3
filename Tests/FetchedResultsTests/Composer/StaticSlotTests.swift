import DiffableSnapshots
import FetchedResults
import Testing

/// Static slots: order, in-place replacement, placeholders, and what a replacement composes.
@Suite struct StaticSlotTests {
    typealias Composer = SnapshotComposer<TestSection, TestItem>

    @Test func slotsKeepTheOrderTheyWereAddedIn() async throws {
        let composer = Composer()
        var reader = CompositionReader(composer)
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1, 2]))
        let second = composer.addStaticSlot("more", snapshot: bannerSnapshot([3], section: .featured))
        _ = try await reader.next()
        _ = try await reader.next()
        #expect(composer.snapshot.sectionIdentifiers == [.banners, .featured])
        composer.replace(second, with: bannerSnapshot([4, 5], section: .featured))
        let composition = try await reader.next()
        #expect(composition.changedSlots == [second])
        #expect(composition.snapshot.sectionsAndItems == [
            SectionAndItems(section: .banners, items: [.banner(1), .banner(2)]),
            SectionAndItems(section: .featured, items: [.banner(4), .banner(5)]),
        ])
        #expect(second.name == "more" && second.index == 1)
    }

    @Test func aReplacementChangesOnlyItsSlotsSectionsInPlace() async throws {
        let composer = Composer()
        let first = composer.addStaticSlot("first", snapshot: bannerSnapshot([1], section: .group("a")))
        let middle = composer.addStaticSlot("middle", snapshot: bannerSnapshot([2], section: .group("b")))
        composer.addStaticSlot("last", snapshot: bannerSnapshot([3], section: .group("c")))
        var reader = CompositionReader(composer)
        var replacement = bannerSnapshot([20, 2], section: .group("b"))
        replacement.appendSections([.group("b2")])
        replacement.appendItems([.banner(21)])
        composer.replace(middle, with: replacement)
        let composition = try await reader.next()
        #expect(composition.snapshot.sectionIdentifiers == [.group("a"), .group("b"), .group("b2"), .group("c")])
        #expect(composition.batchUpdate.sectionInserts == [2])
        #expect(composition.batchUpdate.itemInserts == [ItemPath(section: 1, item: 0)])
        composer.replace(middle, with: .init())
        let emptied = try await reader.next()
        #expect(emptied.snapshot.sectionIdentifiers == [.group("a"), .group("c")])
        composer.replace(first, with: bannerSnapshot([1], section: .group("a")))
        #expect(composer.generation == reader.generation, "a replacement that changes nothing composes nothing")
    }

    @Test func anEmptySlotShowsItsPlaceholderSection() async throws {
        let composer = Composer()
        var reader = CompositionReader(composer)
        let featured = composer.addStaticSlot("featured", placeholder: .empty("featured"))
        composer.addStaticSlot("banners", snapshot: bannerSnapshot([1]))
        _ = try await reader.next()
        _ = try await reader.next()
        #expect(composer.snapshot.sectionsAndItems == [
            SectionAndItems(section: .empty("featured"), items: []),
            SectionAndItems(section: .banners, items: [.banner(1)]),
        ])
        composer.replace(featured, with: bannerSnapshot([7], section: .featured))
        let filled = try await reader.next()
        #expect(filled.snapshot.sectionIdentifiers == [.featured, .banners])
        #expect(filled.batchUpdate.sectionDeletes == [0] && filled.batchUpdate.sectionInserts == [0])
        var emptySections = DiffableDataSourceSnapshot<TestSection, TestItem>()
        emptySections.appendSections([.featured])
        composer.replace(featured, with: emptySections)
        let emptied = try await reader.next()
        #expect(emptied.snapshot.sectionIdentifiers == [.empty("featured"), .banners], "a slot with no item is empty, whatever its sections")
    }

    @Test func aPlaceholderThatIsAlsoTheContentsSectionKeepsTheSection() async throws {
        let composer = Composer()
        var reader = CompositionReader(composer)
        let featured = composer.addStaticSlot("featured", placeholder: .featured)
        _ = try await reader.next()
        composer.replace(featured, with: bannerSnapshot([1, 2], section: .featured))
        let composition = try await reader.next()
        #expect(composition.batchUpdate.sectionInserts.isEmpty && composition.batchUpdate.sectionDeletes.isEmpty)
        #expect(composition.batchUpdate.itemInserts == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
    }

    @Test func marksOfAReplacementReconfigureItsItems() async throws {
        let composer = Composer()
        let banners = composer.addStaticSlot("banners", snapshot: bannerSnapshot([1, 2]))
        var reader = CompositionReader(composer)
        var marked = bannerSnapshot([1, 2])
        marked.reconfigureItems([.banner(2)])
        composer.replace(banners, with: marked)
        let composition = try await reader.next()
        #expect(composition.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 0, item: 1)]))
        #expect(composition.snapshot.reconfiguredItemIdentifiers == [.banner(2)])
    }
}
