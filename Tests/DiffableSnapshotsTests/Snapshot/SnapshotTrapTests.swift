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
        #expect(stderr(result).contains("appendItems(_:toSection:): item identifier 2 is already in the snapshot"))
    }

    @Test func appendingTheSameItemTwiceInOneLargeCall() async throws {
        // A first large append checks for repeats without an index.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems(Array(0..<500_000) + [123_456])
        }
        #expect(stderr(result).contains("item identifier 123456 appears more than once in the items passed"))
    }

    @Test func appendingTheSameStringTwiceInOneLargeCall() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["A"])
            snapshot.appendItems((0..<5_000).map { "item \($0)" } + ["item 4321"])
        }
        #expect(stderr(result).contains(#"item identifier "item 4321" appears more than once in the items passed"#))
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
        #expect(stderr(result).contains("item identifier 5 is already in the snapshot"))
    }

    @Test func appendingTheSameItemTwiceInOneCall() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["A"])
            snapshot.appendItems(["x", "y", "x"])
        }
        #expect(stderr(result).contains(#"item identifier "x" appears more than once in the items passed"#))
    }

    @Test func appendingItemsToAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1], toSection: "B")
        }
        #expect(stderr(result).contains(#"appendItems(_:toSection:): section identifier "B" is not in the snapshot"#))
    }

    @Test func appendingItemsWithoutAnySection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendItems([1])
        }
        #expect(stderr(result).contains("the snapshot has no sections"))
    }

    @Test func insertingBeforeAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.insertItems([1], beforeItem: 7)
        }
        #expect(stderr(result).contains("insertItems(_:beforeItem:): item identifier 7 is not in the snapshot"))
    }

    @Test func insertingAfterAnItemAnItemAlreadyPresent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2])
            snapshot.insertItems([2], afterItem: 1)
        }
        #expect(stderr(result).contains("insertItems(_:afterItem:): item identifier 2 is already in the snapshot"))
    }

    @Test func movingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(9, afterItem: 1)
        }
        #expect(stderr(result).contains("moveItem(_:afterItem:): item identifier 9 is not in the snapshot"))
    }

    @Test func movingBeforeAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1])
            snapshot.moveItem(1, beforeItem: 9)
        }
        #expect(stderr(result).contains("moveItem(_:beforeItem:): item identifier 9 is not in the snapshot"))
    }

    @Test func markingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.reconfigureItems([3])
        }
        #expect(stderr(result).contains("reconfigureItems(_:): item identifier 3 is not in the snapshot"))
    }

    @Test func reloadingAnUnknownItem() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.reloadItems([3])
        }
        #expect(stderr(result).contains("reloadItems(_:): item identifier 3 is not in the snapshot"))
    }

    @Test func appendingASectionThatIsAlreadyPresent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendSections(["B"])
        }
        #expect(stderr(result).contains(#"appendSections(_:): section identifier "B" is already in the snapshot"#))
    }

    @Test func insertingSectionsBeforeAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.insertSections(["A"], beforeSection: "Z")
        }
        #expect(stderr(result).contains(#"insertSections(_:beforeSection:): section identifier "Z" is not in the snapshot"#))
    }

    @Test func movingAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.moveSection("Z", afterSection: "A")
        }
        #expect(stderr(result).contains(#"moveSection(_:afterSection:): section identifier "Z" is not in the snapshot"#))
    }

    @Test func reloadingAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.reloadSections(["Z"])
        }
        #expect(stderr(result).contains(#"reloadSections(_:): section identifier "Z" is not in the snapshot"#))
    }

    @Test func countingTheItemsOfAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.numberOfItems(inSection: "Z")
        }
        #expect(stderr(result).contains(#"numberOfItems(inSection:): section identifier "Z" is not in the snapshot"#))
    }

    @Test func listingTheItemsOfAnUnknownSection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let snapshot = DiffableDataSourceSnapshot<String, Int>()
            _ = snapshot.itemIdentifiers(inSection: "Z")
        }
        #expect(stderr(result).contains(#"itemIdentifiers(inSection:): section identifier "Z" is not in the snapshot"#))
    }
}
