import DiffableSnapshots
import Testing

/// Programmer errors trap, and the message names the identifier.
@Suite("SectionSnapshot: programmer errors")
struct SectionSnapshotTrapTests {
    static func standardError(of result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func appendingAnItemAlreadyInTheSnapshotTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "B"])
            outline.append(["B"], to: "A")
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "B", passed to append(_:to:), is already in the section snapshot; item identifiers must be unique at every level."#
            )
        )
    }

    @Test func appendingTheSameItemTwiceInOneCallTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A", "B", "A"])
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "A" appears more than once in the items passed to append(_:to:)"#
            )
        )
    }

    @Test func appendingToAnUnknownParentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>()
            outline.append(["A"])
            outline.append([], to: "missing")
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "missing", passed to append(_:to:), is not in the section snapshot; check it with contains(_:) first."#
            )
        )
    }

    @Test func insertingBeforeOrAfterAnUnknownAnchorTraps() async {
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>()
            outline.insert([1], before: 2)
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>([1])
            outline.insert([3], after: 2)
        }
    }

    @Test func insertingAnItemNextToItsOwnDescendantTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>(["A"])
            outline.append(["A1"], to: "A")
            outline.insert(["A"], before: "A1")
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "A", passed to insert(_:before:), is already in the section snapshot"#
            )
        )
    }

    @Test func addingASnapshotThatSharesAnItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>(["A", "B"])
            outline.replace(childrenOf: "A", using: DiffableDataSourceSectionSnapshot(["x", "B"]))
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "B", passed to replace(childrenOf:using:), is already in the section snapshot"#
            )
        )
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>([1])
            outline.insert(DiffableDataSourceSectionSnapshot([1]), after: 1)
        }
    }

    @Test func namingAnUnknownItemWhereOneIsRequiredTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var outline = DiffableDataSourceSectionSnapshot<String>(["A"])
            outline.expand(["A", "ghost"])
        }
        #expect(
            Self.standardError(of: result).contains(
                #"Item identifier "ghost", passed to expand(_:), is not in the section snapshot"#
            )
        )
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>([1])
            outline.collapse([2])
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>([1]).level(of: 2)
        }
        await #expect(processExitsWith: .failure) {
            _ = DiffableDataSourceSectionSnapshot<Int>([1]).snapshot(of: 2)
        }
        await #expect(processExitsWith: .failure) {
            var outline = DiffableDataSourceSectionSnapshot<Int>([1])
            outline.replace(childrenOf: 2, using: DiffableDataSourceSectionSnapshot())
        }
    }

    @Test func bridgingAVisibleItemThatIsInAnotherSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["other"])
            snapshot.appendItems(["B"])
            snapshot.replaceItems(inSection: "outline", with: DiffableDataSourceSectionSnapshot(["A", "B"]))
        }
        #expect(Self.standardError(of: result).contains(#"Item identifier "B", passed to appendItems(_:toSection:), is already in the snapshot"#))
    }
}
