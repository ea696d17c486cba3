import DiffableSnapshots
import FetchedResults
import Testing

/// Two slots mapping to one identifier: a typed error naming both, the change held back, and
/// recovery once the conflict clears.
@Suite(.timeLimit(.minutes(10))) struct ComposerErrorTests {
    typealias Composer = SnapshotComposer<TestSection, TestItem>

    @Test func aDuplicateItemHoldsTheLaterChangeBackAndNamesBothSlots() async throws {
        let composer = Composer()
        var errors = composer.errors().makeAsyncIterator()
        let first = composer.addStaticSlot("first", snapshot: bannerSnapshot([1, 2], section: .group("a")))
        let second = composer.addStaticSlot("second", snapshot: bannerSnapshot([3], section: .group("b")))
        var reader = CompositionReader(composer)
        composer.replace(second, with: bannerSnapshot([3, 2], section: .group("b")))
        let expected = SnapshotComposerError.duplicateItem(identifier: String(reflecting: TestItem.banner(2)), firstSlot: first, secondSlot: second)
        #expect(await errors.next() == expected)
        #expect(composer.lastError == expected)
        #expect(composer.conflicts == [expected])
        #expect(composer.generation == reader.generation, "the held-back change composes nothing")
        #expect(composer.snapshot.itemIdentifiers(inSection: .group("b")) == [.banner(3)], "the slot keeps its last good content")
        #expect(
            "\(expected)"
                == "Both the slot 'second' (#1) and the slot 'first' (#0) map an item to the identifier "
                + "\(String(reflecting: TestItem.banner(2))); the change of the slot 'second' (#1) is held back until the "
                + "slot 'first' (#0) no longer shows it. Make item identifiers distinct across slots (an enum case per slot, say)."
        )

        // The first slot drops the item: the held-back change goes through after it.
        composer.replace(first, with: bannerSnapshot([1], section: .group("a")))
        let dropped = try await reader.next()
        #expect(dropped.changedSlots == [first])
        let recovered = try await reader.next()
        #expect(recovered.changedSlots == [second])
        #expect(recovered.snapshot.itemIdentifiers(inSection: .group("b")) == [.banner(3), .banner(2)])
        #expect(composer.lastError == nil)
        #expect(composer.conflicts.isEmpty)
    }

    @Test func aDuplicateSectionIsReportedAndClearsWithTheSlotsNextChange() async throws {
        let composer = Composer()
        var errors = composer.errors().makeAsyncIterator()
        let first = composer.addStaticSlot("first", snapshot: bannerSnapshot([1], section: .featured))
        let second = composer.addStaticSlot("second", snapshot: bannerSnapshot([2], section: .featured))
        #expect(await errors.next() == .duplicateSection(identifier: String(reflecting: TestSection.featured), firstSlot: first, secondSlot: second))
        #expect(composer.snapshot.sectionIdentifiers == [.featured])
        var reader = CompositionReader(composer)
        composer.replace(second, with: bannerSnapshot([2], section: .group("second")))
        let composition = try await reader.next()
        #expect(composition.snapshot.sectionIdentifiers == [.featured, .group("second")])
        #expect(composer.lastError == nil)
    }
}
