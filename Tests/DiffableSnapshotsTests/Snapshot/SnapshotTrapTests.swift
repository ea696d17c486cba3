import DiffableSnapshots
import Testing

/// Programmer errors trap with a message naming the identifier. Each body runs in a child process.
@Suite("Snapshot programmer errors trap")
struct SnapshotTrapTests {
    private func stderr(_ result: ExitTest.Result) -> String {
        String(decoding: result.standardErrorContent, as: UTF8.self)
    }

    @Test func appendingAnItemThatIsAlreadyPresent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2])
            snapshot.appendItems([2])
        }
        #expect(stderr(result).contains("Item identifier 2, passed to appendItems(_:toSection:), is already in the snapshot; item identifiers must be unique."))
    }

    @Test func appendingTheSameItemTwiceInOneLargeCall() async throws {
        // A first large append checks for repeats without an index.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems(Array(0..<500_000) + [123_456])
        }
        #expect(stderr(result).contains("Item identifier 123456 appears more than once in the items passed to appendItems(_:toSection:)"))
    }

    @Test func appendingTheSameStringTwiceInOneLargeCall() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["A"])
            snapshot.appendItems((0..<5_000).map { "item \($0)" } + ["item 4321"])
        }
        #expect(stderr(result).contains(#"Item identifier "item 4321" appears more than once in the items passed to appendItems(_:toSection:)"#))
    }

    @Test func appendingALargeSectionThatRepeatsAnItemOfAnotherOne() async throws {
        // The second append enters its items into the index built for the first one, by
        // partition: the table is larger than 8 MB.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendItems(Array(0..<400_000), toSection: "A")
            snapshot.appendItems(Array(400_000..<800_000) + [5], toSection: "B")
        }
        #expect(stderr(result).contains("Item identifier 5, passed to appendItems(_:toSection:), is already in the snapshot"))
    }

    @Test func appendingASmallSectionThatRepeatsAnItemOfAnotherOne() async throws {
        // Both appends put their index off; the second finds 5 on a bit the first set.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendItems(Array(0..<10), toSection: "A")
            snapshot.appendItems([10, 5], toSection: "B")
        }
        #expect(stderr(result).contains("Item identifier 5, passed to appendItems(_:toSection:), is already in the snapshot"))
    }

    @Test func appendingASecondSectionThatRepeatsAnItemWithinItself() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendItems(Array(0..<10), toSection: "A")
            snapshot.appendItems([10, 11, 10], toSection: "B")
        }
        #expect(stderr(result).contains("Item identifier 10 appears more than once in the items passed to appendItems(_:toSection:)"))
    }

    @Test func reconfiguringAnUnknownItemOfAFreshSnapshot() async throws {
        // The put-off index's filter tells that 7 is not there.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2, 3, 4, 5, 6, 8, 9])
            snapshot.reconfigureItems([2, 7])
        }
        #expect(stderr(result).contains("Item identifier 7, passed to reconfigureItems(_:), is not in the snapshot"))
    }

    @Test func appendingTheSameItemTwiceInOneCall() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["A"])
            snapshot.appendItems(["x", "y", "x"])
        }
        #expect(stderr(result).contains(#"Item identifier "x" appears more than once in the items passed to appendItems(_:toSection:)"#))
    }

    @Test func appendingItemsToAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1], toSection: "B")
        }
        #expect(stderr(result).contains(#"Section identifier "B", passed to appendItems(_:toSection:), is not in the snapshot"#))
    }

    @Test func appendingItemsWithoutAnySection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendItems([1])
        }
        #expect(stderr(result).contains("The snapshot has no sections for appendItems(_:toSection:) to append to; append a section before appending items."))
    }

    @Test func insertingBeforeAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.insertItems([1], beforeItem: 7)
        }
        #expect(stderr(result).contains("Item identifier 7, passed to insertItems(_:beforeItem:), is not in the snapshot; check it with indexOfItem(_:) first."))
    }

    @Test func insertingAfterAnItemAnItemAlreadyPresent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2])
            snapshot.insertItems([2], afterItem: 1)
        }
        #expect(stderr(result).contains("Item identifier 2, passed to insertItems(_:afterItem:), is already in the snapshot"))
    }

    @Test func movingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(9, afterItem: 1)
        }
        #expect(stderr(result).contains("Item identifier 9, passed to moveItem(_:afterItem:), is not in the snapshot"))
    }

    @Test func movingBeforeAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(1, beforeItem: 9)
        }
        #expect(stderr(result).contains("Item identifier 9, passed to moveItem(_:beforeItem:), is not in the snapshot"))
    }

    @Test func markingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.reconfigureItems([3])
        }
        #expect(stderr(result).contains("Item identifier 3, passed to reconfigureItems(_:), is not in the snapshot"))
    }

    @Test func reloadingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.reloadItems([3])
        }
        #expect(stderr(result).contains("Item identifier 3, passed to reloadItems(_:), is not in the snapshot"))
    }

    @Test func appendingASectionThatIsAlreadyPresent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendSections(["B"])
        }
        #expect(stderr(result).contains(#"Section identifier "B", passed to appendSections(_:), is already in the snapshot"#))
    }

    @Test func insertingSectionsBeforeAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.insertSections(["A"], beforeSection: "Z")
        }
        #expect(stderr(result).contains(#"Section identifier "Z", passed to insertSections(_:beforeSection:), is not in the snapshot"#))
    }

    @Test func movingAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.moveSection("Z", afterSection: "A")
        }
        #expect(stderr(result).contains(#"Section identifier "Z", passed to moveSection(_:afterSection:), is not in the snapshot"#))
    }

    @Test func reloadingAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.reloadSections(["Z"])
        }
        #expect(stderr(result).contains(#"Section identifier "Z", passed to reloadSections(_:), is not in the snapshot"#))
    }

    @Test func countingTheItemsOfAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.numberOfItems(inSection: "Z")
        }
        #expect(stderr(result).contains(#"Section identifier "Z", passed to numberOfItems(inSection:), is not in the snapshot"#))
    }

    @Test func listingTheItemsOfAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.itemIdentifiers(inSection: "Z")
        }
        #expect(stderr(result).contains(#"Section identifier "Z", passed to itemIdentifiers(inSection:), is not in the snapshot"#))
    }
}
