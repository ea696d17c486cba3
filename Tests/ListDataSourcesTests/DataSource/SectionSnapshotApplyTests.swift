import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Applying section snapshots")
struct SectionSnapshotApplyTests {
    static func sports() -> DiffableDataSourceSectionSnapshot<Int> {
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        outline.append([100, 200])
        outline.append([101, 102], to: 100)
        outline.append([201], to: 200)
        outline.expand([100])
        return outline
    }

    @Test("a section snapshot makes its section show its visible items, in one batch update")
    func sectionSnapshotReplacesOneSection() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["Top": [1, 2], "Sports": [3], "End": [4]])
        try await dataSource.apply(first)
        #expect(try await dataSource.apply(Self.sports(), to: "Sports") == .diff)
        let expected = makeSnapshot(["Top": [1, 2], "Sports": [100, 101, 102, 200], "End": [4]])
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: expected))
        #expect(acceptedUpdates(of: view) == [BatchUpdate(from: first, to: expected)])
    }

    @Test("snapshot(for:) returns the section snapshot applied while its section is unchanged")
    func sectionSnapshotIsKept() async throws {
        let (_, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["Top": [1], "Sports": []]))
        try await dataSource.apply(Self.sports(), to: "Sports")
        let kept = dataSource.snapshot(for: "Sports")
        #expect(kept == Self.sports())
        #expect(kept.isExpanded(100))
        #expect(!kept.isVisible(201))

        // Another section changing keeps it.
        var other = dataSource.snapshot()
        other.appendItems([2], toSection: "Top")
        try await dataSource.apply(other)
        #expect(dataSource.snapshot(for: "Sports") == Self.sports())

        // Its own section changing drops it: the section reads back flat.
        var changed = dataSource.snapshot()
        changed.deleteItems([101])
        try await dataSource.apply(changed)
        #expect(dataSource.snapshot(for: "Sports") == DiffableDataSourceSectionSnapshot([100, 102, 200]))
    }

    @Test("snapshot(for:) reads a section never given a section snapshot as flat, a missing one as empty")
    func flatAndMissingSections() async throws {
        let (_, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1, 2]]))
        #expect(dataSource.snapshot(for: "A") == DiffableDataSourceSectionSnapshot([1, 2]))
        #expect(dataSource.snapshot(for: "Z") == DiffableDataSourceSectionSnapshot())
    }

    @Test("a section snapshot for a section not shown appends the section; to an empty view it reloads")
    func sectionSnapshotAppendsItsSection() async throws {
        let (view, dataSource) = makeHeadless()
        #expect(try await dataSource.apply(Self.sports(), to: "Sports") == .reloadData)
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: makeSnapshot(["Sports": [100, 101, 102, 200]])))
        try await dataSource.apply(DiffableDataSourceSectionSnapshot([7]), to: "More")
        #expect(view.snapshot.sectionIdentifiers == ["Sports", "More"])
    }

    @Test("a section snapshot apply starts from the snapshot shown without its marks")
    func sectionApplyDropsSpentMarks() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1, 2], "B": [3]]))
        try await dataSource.apply(makeSnapshot(["A": [1, 2], "B": [3]], reconfigured: [1]))
        try await dataSource.apply(DiffableDataSourceSectionSnapshot([3, 4]), to: "B")
        #expect(acceptedUpdates(of: view).last == BatchUpdate(itemInserts: [ItemPath(section: 1, item: 1)]))
    }
}
