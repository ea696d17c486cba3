// Guards the examples of the DiffableSnapshots getting-started article:
// Sources/DiffableSnapshots/Documentation.docc/GettingStarted.md.
import DiffableStore
import Testing

@Suite struct DiffableSnapshotsGettingStartedExampleTests {
    enum Section: Hashable, Sendable {
        case live
        case upcoming(sport: String)
    }

    enum Row: Hashable, Sendable {
        case match(id: Int)
        case banner(name: String)
    }

    /// The article's snippets in order (the identifiers declared in the suite), verbatim apart
    /// from the commented expressions, checked with `#expect`, and `print`, captured.
    @Test func theArticleBuildsEditsMarksDiffsAndChecksSnapshots() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }

        var snapshot = DiffableDataSourceSnapshot<Section, Row>()
        snapshot.appendSections([.live, .upcoming(sport: "Tennis")])
        snapshot.appendItems([.banner(name: "cup"), .match(id: 1), .match(id: 2)], toSection: .live)
        snapshot.appendItems([.match(id: 3)])            // to the last section

        #expect(snapshot.numberOfItems == 4)
        #expect(snapshot.itemIdentifiers(inSection: .live) == [.banner(name: "cup"), .match(id: 1), .match(id: 2)])
        #expect(snapshot.sectionIdentifier(containingItem: .match(id: 3)) == .upcoming(sport: "Tennis"))
        #expect(snapshot.indexOfItem(.match(id: 2)) == 2)  // 2: the position across all sections

        var next = snapshot
        next.deleteItems([.banner(name: "cup")])
        next.insertItems([.match(id: 4)], beforeItem: .match(id: 1))
        next.moveItem(.match(id: 3), afterItem: .match(id: 2))   // across sections
        next.appendSections([.upcoming(sport: "Golf")])

        next.reconfigureItems([.match(id: 2)])   // refresh the row in place
        next.reloadItems([.match(id: 1)])        // replace the row with a new one

        #expect(next.reconfiguredItemIdentifiers == [.match(id: 2)])
        #expect(next.reloadedItemIdentifiers == [.match(id: 1)])

        let update = BatchUpdate(from: snapshot, to: next)
        #expect(update.itemDeletes == [ItemPath(section: 0, item: 0)])  // the banner, at its old path
        #expect(update.itemInserts == [ItemPath(section: 0, item: 0)])  // match 4, at its new path
        #expect(update.sectionInserts == [2])                           // Golf
        print(update)          // every operation, in the notation list logs use

        var wrong = update
        wrong.itemDeletes = []                   // forget the banner's delete
        do {
            try wrong.validate(from: snapshot, to: next)
        } catch {
            print(error)                         // which rule, which section, the counts before and after
        }
        #expect(!wrong.validationErrors(from: snapshot, to: next).isEmpty)   // every problem found, not just the first

        var outline = DiffableDataSourceSectionSnapshot<Row>()
        outline.append([.banner(name: "Football")])
        outline.append([.match(id: 10), .match(id: 11)], to: .banner(name: "Football"))
        outline.expand([.banner(name: "Football")])

        var sectioned = DiffableDataSourceSnapshot<Section, Row>()
        sectioned.appendSections([.live])
        sectioned.replaceItems(inSection: .live, with: outline)   // the banner, then matches 10 and 11

        #expect(sectioned.itemIdentifiers == [.banner(name: "Football"), .match(id: 10), .match(id: 11)])
        #expect(printed.all == [
            "IS(2) D(0,0) I(0,0) M(1,0→0,3) R(0,1) C(0,2)",
            "Invalid number of items in section 0: 3 before, 1 inserted, 0 deleted, 1 moved in, 0 moved out, 4 after; list every item inserted, deleted and moved.",
        ])
    }
}
